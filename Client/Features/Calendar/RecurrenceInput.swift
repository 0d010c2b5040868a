import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// `--every`, `--days`, `--until` and `--count` as typed, read into a ``GorillaShared/Recurrence``.
enum RecurrenceInput {
    /// The rule `given` describes; what it leaves out comes from `current` (a series being edited).
    /// - Throws: ``ClientError`` `.usage` naming the flag and what it takes.
    static func rule(_ given: RepeatFields, current: Recurrence?) throws -> Recurrence {
        var rule = current ?? Recurrence(.weekly)
        if let every = given.every {
            (rule.frequency, rule.interval) = try frequency(every)
            if rule.frequency != .weekly { rule.days = [] }
        } else if current == nil {
            throw ClientError(.usage, CalendarPhrases.everyStartsSeries.t())
        }
        if let days = given.days {
            guard rule.frequency == .weekly else { throw ClientError(.usage, CalendarPhrases.daysNeedWeekly.t()) }
            rule.days = try weekdays(days)
        }
        if let until = given.until {
            guard let day = CalendarDate(until) else {
                throw ClientError(.usage, CalendarPhrases.untilInvalid.t(["text": until]))
            }
            (rule.until, rule.count) = (day, nil)
        }
        if let count = given.count {
            guard Recurrence.countRange.contains(count) else {
                throw ClientError(
                    .usage,
                    CalendarPhrases.countRange.t([
                        "from": Recurrence.countRange.lowerBound, "to": Recurrence.countRange.upperBound,
                    ]))
            }
            (rule.count, rule.until) = (count, nil)
        }
        if given.until != nil && given.count != nil {
            throw ClientError(.usage, CalendarPhrases.untilOrCount.t())
        }
        return rule
    }

    /// "week", "weekly", "2 weeks", "2weeks", "day", "month", or their Catalan and Spanish words
    /// (``GorillaShared/Keyword``: `setmana`, `2 semanas`).
    static func frequency(_ text: String) throws -> (Recurrence.Frequency, Int) {
        let folded = NameMatch.fold(text).replacingOccurrences(of: " ", with: "")
        let digits = folded.prefix(while: \.isNumber)
        let unit = folded.dropFirst(digits.count)
        guard let frequency = Recurrence.Frequency.allCases.first(where: { $0.keyword.matches(unit) }),
            let interval = digits.isEmpty ? 1 : Int(digits), Recurrence.intervalRange.contains(interval)
        else {
            let units = Recurrence.Frequency.allCases.map { $0.keyword.spelled() }
            throw ClientError(
                .usage,
                CalendarPhrases.everyInvalid.t(["text": text, "day": units[0], "week": units[1], "month": units[2]]))
        }
        return (frequency, interval)
    }

    /// "mon,thu", "mo,th", "monday thursday", "dl,dj", "lun,jue" (``GorillaShared/Keyword``).
    static func weekdays(_ text: String) throws -> [Weekday] {
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " })
        let spelled = Weekday.spelled()
        var days: [Weekday] = []
        for word in words {
            guard let day = Weekday.allCases.first(where: { $0.keyword.matches(word) }) else {
                throw ClientError(.usage, CalendarPhrases.daysInvalid.t(["word": String(word), "days": spelled]))
            }
            days.append(day)
        }
        guard !days.isEmpty else { throw ClientError(.usage, CalendarPhrases.daysEmpty.t(["days": spelled])) }
        return Array(Set(days)).sorted()
    }

    /// Why `rule` cannot start on `first` (``GorillaShared/Recurrence/reason(startingOn:)`` decides), in the current
    /// language; nil when it can.
    static func problem(_ rule: Recurrence, startingOn first: CalendarDate) -> String? {
        let ranges = (Recurrence.intervalRange, Recurrence.countRange)
        switch rule.reason(startingOn: first) {
        case nil:
            return nil
        case .interval:
            return CalendarPhrases.problemInterval.t(["from": ranges.0.lowerBound, "to": ranges.0.upperBound])
        case .count:
            return CalendarPhrases.problemCount.t(["from": ranges.1.lowerBound, "to": ranges.1.upperBound])
        case .untilAndCount:
            return CalendarPhrases.problemUntilAndCount.t()
        case .untilBeforeFirst(let until, let first):
            return CalendarPhrases.problemUntilBeforeFirst.t(["until": until.description, "first": first.description])
        case .daysNotWeekly:
            return CalendarPhrases.problemDaysNotWeekly.t()
        case .firstDayNotInDays(let first, let weekday):
            // English names the weekday by its code ("a th"), as the rule does; the other languages by its name.
            let name = Language.current == .en ? weekday.rawValue : CalendarWords.of(.current).weekdays[weekday.index]
            return CalendarPhrases.problemFirstDayNotInDays.t(["first": first.description, "weekday": name])
        }
    }

    /// The first occurrence of a series asked to start at `start`: that time on the first of the rule's weekdays on or
    /// after `start`'s day (RFC 5545 counts the start as the first occurrence, so it must be one).
    static func firstOccurrence(of rule: Recurrence, from start: Date, zone: TimeZone) -> Date {
        guard rule.frequency == .weekly, !rule.days.isEmpty else { return start }
        var day = CalendarDate(start, in: zone)
        while !rule.days.contains(Weekday(of: day)) { day = day.adding(days: 1) }
        return WallClock(start, in: zone).instant(on: day, in: zone)
    }
}
