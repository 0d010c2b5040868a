import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
import Testing

@testable import GorillaClient
@testable import GorillaTerminal

/// `--every` and `--days` read in Catalan, Spanish and English whatever the language, and refused naming the user's
/// words beside the English ones.
@Suite struct RecurrenceInputTests {
    @Test(arguments: [
        ("day", Recurrence.Frequency.daily, 1), ("d", .daily, 1), ("daily", .daily, 1), ("3 days", .daily, 3),
        ("dia", .daily, 1), ("2 dies", .daily, 2), ("diari", .daily, 1), ("día", .daily, 1), ("4 Días", .daily, 4),
        ("diario", .daily, 1), ("week", .weekly, 1), ("w", .weekly, 1), ("2 weeks", .weekly, 2),
        ("2weeks", .weekly, 2), ("weekly", .weekly, 1), ("setmana", .weekly, 1), ("3 setmanes", .weekly, 3),
        ("setmanal", .weekly, 1), ("SEMANA", .weekly, 1), ("2 semanas", .weekly, 2), ("semanal", .weekly, 1),
        ("month", .monthly, 1), ("m", .monthly, 1), ("6 months", .monthly, 6), ("monthly", .monthly, 1),
        ("mes", .monthly, 1), ("2 mesos", .monthly, 2), ("3 meses", .monthly, 3), ("mensual", .monthly, 1),
    ])
    func everyReadsInEveryLanguage(text: String, frequency: Recurrence.Frequency, interval: Int) throws {
        for language in Language.allCases {
            let read = try Language.$current.withValue(language) { try RecurrenceInput.frequency(text) }
            #expect(read.0 == frequency && read.1 == interval, "\(text) in \(language)")
        }
    }

    @Test(arguments: [
        ("mon,thu", [Weekday.mo, .th]), ("mo,th", [.mo, .th]), ("monday thursday", [.mo, .th]),
        ("tue,tues,wed,thur,thurs", [.tu, .we, .th]), ("fri,sat,sun", [.fr, .sa, .su]), ("sa,su", [.sa, .su]),
        ("dl,dj", [.mo, .th]), ("DL, DJ", [.mo, .th]), ("dilluns,dimecres,divendres", [.mo, .we, .fr]),
        ("dt,dc,dv,ds,dg", [.tu, .we, .fr, .sa, .su]), ("dimarts dijous dissabte diumenge", [.tu, .th, .sa, .su]),
        ("lun,jue", [.mo, .th]), ("lu,ju", [.mo, .th]), ("lunes,miércoles,viernes", [.mo, .we, .fr]),
        ("ma,mi,x,mie,mié", [.tu, .we]), ("martes,jueves,sábado,domingo", [.tu, .th, .sa, .su]),
        ("vi,vie,sab,sáb,do,dom", [.fr, .sa, .su]), ("dl,thu,vie", [.mo, .th, .fr]),
    ])
    func daysReadInEveryLanguage(text: String, days: [Weekday]) throws {
        for language in Language.allCases {
            let read = try Language.$current.withValue(language) { try RecurrenceInput.weekdays(text) }
            #expect(read == days, "\(text) in \(language)")
        }
    }

    /// The message of the usage error `body` throws.
    static func refusal(_ language: Language, _ body: () throws -> Void) -> String {
        do {
            try Language.$current.withValue(language, operation: body)
            return "(no error)"
        } catch let error as ClientError {
            return error.kind == .usage ? error.message : "not a usage error: \(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aWrongEveryNamesTheUsersWordsAndTheEnglishOnes() {
        let said = Language.allCases.map { language in
            Self.refusal(language) { _ = try RecurrenceInput.frequency("sovint") }
        }
        #expect(said[0].hasPrefix("--every accepta dia/day, setmana/week o mes/month,"), "\(said)")
        #expect(said[1].hasPrefix("--every admite día/day, semana/week o mes/month,"), "\(said)")
        #expect(said[2].hasPrefix("--every takes day, week or month,"), "\(said)")
        #expect(said.allSatisfy { $0.hasSuffix("'sovint'") }, "\(said)")
    }

    @Test func aWrongDayNamesEveryWeekdayInTheUsersWordAndTheEnglishOne() {
        let said = Language.allCases.map { language in
            Self.refusal(language) { _ = try RecurrenceInput.weekdays("dl,dimecre") }
        }
        #expect(said[0].contains("dl/mon, dt/tue, dc/wed, dj/thu, dv/fri, ds/sat, dg/sun"), "\(said)")
        #expect(said[0].hasSuffix("'dimecre' no ho és"), "\(said)")
        #expect(said[1].contains("lun/mon, mar/tue, mié/wed, jue/thu, vie/fri, sáb/sat, dom/sun"), "\(said)")
        #expect(said[2].contains("(mon, tue, wed, thu, fri, sat, sun); 'dimecre' is not one"), "\(said)")
        let empty = Self.refusal(.ca) { _ = try RecurrenceInput.weekdays(" , ") }
        #expect(empty.hasPrefix("--days accepta dies de la setmana com dl,dj (dl/mon,"), "\(empty)")
    }
}
