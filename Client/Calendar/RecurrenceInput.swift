import Foundation
import GorillaShared

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

    /// "week", "weekly", "2 weeks", "2weeks", "day", "month" (and the Catalan and Spanish words).
    static func frequency(_ text: String) throws -> (Recurrence.Frequency, Int) {
        let folded = NameMatch.fold(text).replacingOccurrences(of: " ", with: "")
        let digits = folded.prefix(while: \.isNumber)
        let unit = String(folded.dropFirst(digits.count))
        let words: [Recurrence.Frequency: Set<String>] = [
            .daily: ["d", "day", "days", "daily", "dia", "dies", "dias", "diari", "diario"],
            .weekly: [
                "w", "week", "weeks", "weekly", "setmana", "setmanes", "semana", "semanas", "setmanal", "semanal",
            ],
            .monthly: ["m", "month", "months", "monthly", "mes", "mesos", "meses", "mensual"],
        ]
        guard let frequency = words.first(where: { $0.value.contains(unit) })?.key,
            let interval = digits.isEmpty ? 1 : Int(digits), Recurrence.intervalRange.contains(interval)
        else {
            throw ClientError(.usage, CalendarPhrases.everyInvalid.t(["text": text]))
        }
        return (frequency, interval)
    }

    /// "mon,thu", "mo,th", "monday thursday", "dl,dj", "lun,jue".
    static func weekdays(_ text: String) throws -> [Weekday] {
        let names: [Weekday: [String]] = [
            .mo: ["mo", "mon", "monday", "dl", "dilluns", "lu", "lun", "lunes"],
            .tu: ["tu", "tue", "tues", "tuesday", "dt", "dimarts", "ma", "mar", "martes"],
            .we: ["we", "wed", "wednesday", "dc", "dimecres", "mi", "mie", "miercoles", "x"],
            .th: ["th", "thu", "thur", "thurs", "thursday", "dj", "dijous", "ju", "jue", "jueves"],
            .fr: ["fr", "fri", "friday", "dv", "divendres", "vi", "vie", "viernes"],
            .sa: ["sa", "sat", "saturday", "ds", "dissabte", "sab", "sabado"],
            .su: ["su", "sun", "sunday", "dg", "diumenge", "do", "dom", "domingo"],
        ]
        let words = NameMatch.fold(text).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        var days: [Weekday] = []
        for word in words {
            guard let day = names.first(where: { $0.value.contains(word) })?.key else {
                throw ClientError(.usage, CalendarPhrases.daysInvalid.t(["word": word]))
            }
            days.append(day)
        }
        guard !days.isEmpty else { throw ClientError(.usage, CalendarPhrases.daysEmpty.t()) }
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
