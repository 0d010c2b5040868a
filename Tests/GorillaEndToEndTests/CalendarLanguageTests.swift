import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// Appointments, the calendar, the agenda and the watch in Catalan and Spanish: results, states, grids, errors and
/// `--help`, with no English words but names, units and the command lines they quote; `--json` keeps its machine
/// values in every language.
@Suite(.hangLimit)
struct CalendarLanguageTests {
    /// Words of these commands' English output that Catalan and Spanish do not write.
    /// (Not "a", "no", "on", "client", "agenda", "nota": Catalan or Spanish words too.)
    static let englishWords: Set<String> = [
        "scheduled", "series", "events", "event", "appointment", "appointments", "updated", "deleted", "the", "with",
        "training", "request", "requested", "confirmed", "declined", "coach", "your", "nothing", "today", "tomorrow",
        "next", "last", "session", "sessions", "unread", "messages", "message", "warning", "overlaps", "when",
        "length", "status", "repeats", "every", "week", "weeks", "times", "wrote", "cancelled", "missed", "trained",
        "month", "give", "is", "not", "ahead", "yet", "by", "occurrence", "occurrences", "change", "must", "day",
        "days", "of", "and", "or", "from", "in", "starting", "started", "ago", "watching", "reminders", "before",
        "connected", "offline", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "march", "wednesday", "thursday",
        "show", "options", "time", "takes", "minutes", "start", "goes", "gym", "exercises", "schedule",
    ]

    /// `text` without what is not language (``LeftInEnglish/prose(_:extra:)``).
    static func prose(_ text: String) -> String { LeftInEnglish.prose(text, extra: []) }

    /// The words of `englishWords` in the prose of `text`, leaving out `names` (the test's own data).
    static func english(in text: String, names: [String] = ["Ana Serra", "Ada Tester", "Central"]) -> [String] {
        LeftInEnglish.words(englishWords, in: text, names: names, extra: [])
    }

    /// The message of the ``ClientError`` `body` throws.
    static func failure(_ body: () async throws -> CommandOutput) async -> String {
        await LeftInEnglish.failure(body)
    }

    /// `text` ("YYYY-MM-DD HH:MM") in this process's time zone, as the commands read it.
    static func local(_ text: String) throws -> Date { try #require(EventFormatting.parseLocal(text)) }

    /// The id of the event a change printed.
    static func id(_ output: CommandOutput) throws -> String {
        try #require(output.json.objectValue?["id"]?.stringValue, "\(output.text) \(output.notes)")
    }

    /// A coach (ada) and their client Ana, registered on her own device, with a single appointment on Wednesday
    /// 10 March 2027 at 18:00 at Central, and a weekly series on Mondays and Thursdays at 09:00, four times, from
    /// 1 March; the appointments are made in `language`. Returns the coach, Ana, the outputs and the two ids.
    static func scheduled(
        _ language: Language, on server: some RunningServer
    ) async throws -> (coach: Device, client: Device, said: [CommandOutput], single: String, series: String) {
        let coach = try await Device.coach("ada_\(language.rawValue)", on: server)
        let (_, code) = try await coach.invite(name: "Ana", surname: "Serra")
        let client = try await Device.registered("ana_\(language.rawValue)", code: code, on: server)
        var commands = coach.app
        commands.language = language
        let single = try await commands.addEvent(
            client: "Ana", EventFields(at: "2027-03-10 18:00", gym: "Central"))
        let weekly = language == .ca ? "setmana" : "semana"
        let days = language == .ca ? "dl,dj" : "lu,ju"
        let series = try await commands.addEvent(
            client: "Ana",
            EventFields(at: "2027-03-01 09:00", repeating: RepeatFields(every: weekly, days: days, count: 4)))
        let overlapping = try await commands.addEvent(client: "Ana", EventFields(at: "2027-03-10 18:30"))
        return (coach, client, [single, series, overlapping], try id(single), try id(series))
    }

    @Test func theCoachSchedulesListsShowsAndExportsInCatalan() async throws {
        try await withTestServer { server in
            let (coach, _, said, single, series) = try await Self.scheduled(.ca, on: server)
            var catalan = coach.app
            catalan.language = .ca
            var texts = said.map(\.text) + said.flatMap(\.notes)

            #expect(said[0].text == "S'ha programat una cita amb Ana Serra el 2027-03-10 18:00 (60 min).")
            #expect(
                said[1].text
                    == "S'ha programat una cita periòdica amb Ana Serra cada setmana (dl, dj), 4 vegades, des del "
                    + "2027-03-01 09:00 (60 min): \(series.suffix(8)).", "\(said[1].text)")
            #expect(
                said[2].notes.contains { $0.hasPrefix("avís: se solapa amb 2027-03-10 18:00  60 min") }, "\(said[2])")

            let listed = try await catalan.listEvents(from: "2027-03-01", to: "2027-03-31", client: nil).text
            #expect(listed.contains("QUAN") && listed.contains("DURADA") && listed.contains("ESTAT"), "\(listed)")
            #expect(listed.contains("programada") && listed.contains("\(series.suffix(8))@2027-03-04"), "\(listed)")
            let shown = try await catalan.showEvent(series).text
            #expect(shown.hasPrefix("cita \(series)\nclient:       Ana Serra\nquan:"), "\(shown)")
            #expect(shown.contains("\nes repeteix:  cada setmana (dl, dj), 4 vegades\n"), "\(shown)")
            #expect(shown.contains("\nestat:        programada"), "\(shown)")
            let occurrence = try await catalan.showEvent("\(series)@2027-03-08").text
            #expect(
                occurrence.contains("\nperiòdica:    \(series.suffix(8))@2027-03-08 (la cita del 2027-03-08)\n"),
                "\(occurrence)")
            let cancelled = try await catalan.cancelEvent(single).text
            #expect(cancelled == "Estat de la cita \(single.suffix(8)): cancel·lada.", "\(cancelled)")
            texts += [listed, shown, occurrence, cancelled]

            let month = try await catalan.calendar(month: "2027-03", now: try Self.local("2027-03-10 08:00")).text
            let lines = month.components(separatedBy: "\n")
            #expect(lines.prefix(2) == ["       març de 2027", " dl  dt  dc  dj  dv  ds  dg"], "\(month)")
            #expect(month.contains("* cites  + entrenat  ! perduda  > avui"), "\(month)")
            #expect(month.contains("(cancel·lada)"), "\(month)")
            let week = try await catalan.run { try await CalendarService($0).week("2027-03-10") }.text
            #expect(week.hasPrefix("2027-W10  dl. 8 de març – dg. 14 de març de 2027\n"), "\(week)")
            #expect(week.contains("dl. 8 de març") && week.contains("x cancel·lada  ? sol·licitada"), "\(week)")
            texts += [month, week]

            let file = coach.home.appendingPathComponent("cites.ics").path
            let exported = try await catalan.exportEvents(icsFile: file, from: nil, to: nil).text
            #expect(exported == "3 cites escrites a \(file) (1 periòdica).", "\(exported)")
            let ics = try String(contentsOfFile: file, encoding: .utf8)
            #expect(ics.contains("SUMMARY:Entrenament: Ana Serra") && !ics.contains("Training"), "\(ics)")
            texts.append(exported.replacingOccurrences(of: file, with: " "))

            let errors = [
                await Self.failure { try await catalan.editEvent(single, EventFields()) },
                await Self.failure {
                    try await catalan.addEvent(
                        client: "Ana", EventFields(at: "2027-03-01 09:00", repeating: RepeatFields(every: "sovint")))
                },
                await Self.failure { try await catalan.addEvent(client: "Ana", EventFields(at: "2027-02-30 10:00")) },
                await Self.failure { try await catalan.showEvent("\(series)@2027-03-09") },
                await Self.failure { try await catalan.removeEvent("\(series)@2027-03-08") },
            ]
            #expect(errors[0] == "no hi ha res a canviar: indica --at, --duration, --gym o --note", "\(errors)")
            #expect(errors[1].hasPrefix("--every accepta dia/day, setmana/week o mes/month"), "\(errors)")
            #expect(errors[2] == "--at: 2027-02-30 no és una data: febrer de 2027 té 28 dies", "\(errors)")
            #expect(errors[3] == "la cita periòdica \(series.suffix(8)) no té cap cita el 2027-03-09", "\(errors)")
            #expect(errors[4].hasPrefix("una cita d'una cita periòdica es cancel·la, no s'elimina"), "\(errors)")
            texts += errors

            let all = texts.joined(separator: "\n")
            #expect(Self.english(in: all).isEmpty, "\(Self.english(in: all)) in\n\(all)")
        }
    }

    @Test func answersTheAgendaAndStatesInSpanishWhileJSONKeepsItsValues() async throws {
        try await withTestServer { server in
            let (coach, client, said, single, series) = try await Self.scheduled(.es, on: server)
            var spanish = coach.app
            spanish.language = .es
            var ana = client.app
            ana.language = .es
            #expect(said[0].text == "Se ha programado una cita con Ana Serra el 2027-03-10 18:00 (60 min).")
            #expect(said[1].text.contains("cada semana (lu, ju), 4 veces, desde el 2027-03-01 09:00"), "\(said[1])")

            let confirmed = try await ana.confirmEvent(series, all: true).text
            #expect(confirmed == "Has confirmado 4 ocurrencias de la serie \(series.suffix(8)).", "\(confirmed)")
            let declined = try await ana.declineEvent(single, reason: "viaje").text
            #expect(
                declined == "Has rechazado la cita del 2027-03-10 18:00 (\(single.suffix(8))); tu entrenador lo verá.",
                "\(declined)")
            let refused = await Self.failure {
                try await ana.addEvent(client: "Ana", EventFields(at: "2027-03-20 10:00"))
            }
            #expect(
                refused.contains("programar citas (pide una a tu entrenador: gorilla events request)"), "\(refused)")

            let listed = try await spanish.listEvents(from: "2027-03-01", to: "2027-03-31", client: nil)
            #expect(listed.text.contains("CUÁNDO") && listed.text.contains("DURACIÓN"), "\(listed.text)")
            #expect(listed.text.contains("rechazada por el cliente"), "\(listed.text)")
            #expect(listed.text.contains("confirmada"), "\(listed.text)")
            let rows = listed.json.arrayValue?.compactMap(\.objectValue) ?? []
            let row = try #require(rows.first { $0["id"]?.stringValue == single }, "\(rows)")
            #expect(row["status"] == "scheduled" && row["answer"] == "declined", "\(row)")

            let today = try await spanish.run {
                try await AgendaService($0).agenda(days: 2, now: try Self.local("2027-03-10 08:00"))
            }.text
            #expect(
                today.hasPrefix(
                    "Agenda de 2 días, del miércoles 10 de marzo de 2027 al jueves 11 de marzo de 2027\n"),
                "\(today)")
            #expect(today.contains("miércoles 10 de marzo de 2027 (hoy)"), "\(today)")
            #expect(today.contains("Ana Serra  rechazada por el cliente  @ Central  (viaje)"), "\(today)")
            #expect(today.contains("todavía ninguna sesión"), "\(today)")
            let later = try await spanish.addEvent(client: "Ana", EventFields(at: "2027-03-15 10:00"))
            let quiet = try await spanish.run {
                try await AgendaService($0).agenda(now: try Self.local("2027-03-12 08:00"))
            }.text
            #expect(quiet.hasPrefix("Agenda de hoy, viernes 12 de marzo de 2027\n"), "\(quiet)")
            #expect(quiet.contains("Hoy no hay nada programado."), "\(quiet)")
            #expect(quiet.contains("Próxima: 2027-03-15 10:00, Ana Serra (dentro de 3 días"), "\(quiet)")
            #expect(quiet.contains(try Self.id(later).suffix(8)), "\(quiet)")
            let agendaJSON = try await spanish.agenda(days: 2, now: try Self.local("2027-03-10 08:00")).json
            let first = agendaJSON.objectValue?["appointments"]?.arrayValue?.first?.objectValue
            #expect(first?["status"] == "scheduled", "\(agendaJSON)")

            let month = try await spanish.calendar(month: "2027-03", now: try Self.local("2027-03-10 08:00")).text
            #expect(month.hasPrefix("       marzo de 2027\n lu  ma  mi  ju  vi  sá  do\n"), "\(month)")
            let error = await Self.failure { try await spanish.calendar(month: "2027-03-10") }
            #expect(
                error == "el mes se escribe YYYY-MM, no '2027-03-10'; para la semana de un día: "
                    + "gorilla calendar --week 2027-03-10", "\(error)")

            for text in [
                said[0].text, said[1].text, confirmed, declined, refused, listed.text, today, quiet, month, error,
            ] {
                #expect(Self.english(in: text).isEmpty, "\(Self.english(in: text)) in\n\(text)")
            }
        }
    }

    @Test func theWatchAndDaylightSavingProblemsSpeakTheLanguage() throws {
        let start = try Self.local("2027-03-10 18:00")
        let appointment = WatchAppointment(
            id: UUID(), start: start, gym: "Central", with: "Ana Serra",
            recurrence: Recurrence(.weekly, days: [.mo, .th]))
        let summary = WatchSummary(
            username: "ada", role: .coach, next: appointment, requests: 2, unanswered: 0, unread: 1, lead: 90)
        let at = start.addingTimeInterval(-30 * 60)
        let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
        let lines = { () -> [String] in
            [
                WatchNotice(at: at, .watching(summary)).line(),
                WatchNotice(at: at, .reminder(appointment, minutes: 30)).line(),
                WatchNotice(at: at, .offline(retry: 4)).line(),
                WatchNotice(at: at, .moreMessages(3)).line(),
                EventFormatting.dateProblem("2027-03-28 02:30", zone: madrid) ?? "",
            ]
        }
        let catalan = Language.$current.withValue(.ca, operation: lines)
        #expect(
            catalan[0]
                == "vigilant com a ada — propera: 2027-03-10 18:00 entrenament amb Ana Serra (Central), cada setmana "
                + "(dl, dj) — 2 sol·licituds per respondre — 1 missatge no llegit — "
                + "recordatoris 1 h 30 min abans",
            "\(catalan)")
        #expect(catalan[1] == "d'aquí a 30 min: 18:00 entrenament amb Ana Serra (Central)", "\(catalan)")
        #expect(catalan[2] == "sense connexió — es tornarà a provar d'aquí a 4 s", "\(catalan)")
        #expect(
            catalan[4]
                == "2027-03-28 02:30 no existeix a Europe/Madrid (els rellotges passen de 02:00 a 03:00): "
                + "fes servir 01:30 o 03:30", "\(catalan)")
        let spanish = Language.$current.withValue(.es, operation: lines)
        #expect(spanish[1] == "dentro de 30 min: 18:00 entrenamiento con Ana Serra (Central)", "\(spanish)")
        #expect(spanish[3] == "y 3 mensajes más: gorilla messages", "\(spanish)")
        for text in catalan + spanish {
            #expect(Self.english(in: text).isEmpty, "\(Self.english(in: text)) in \(text)")
        }
        let english = Language.$current.withValue(.en, operation: lines)
        #expect(english[1] == "in 30 min: 18:00 training with Ana Serra (Central)", "\(english)")
        #expect(!Self.english(in: english.joined(separator: "\n")).isEmpty, "the check can fail")
    }

    @Test func theRealBinaryShowsHelpAndErrorsInTheLanguage() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            _ = try await coach.invite(name: "Ana", surname: "Serra")

            let help = try await runGorilla(["events", "add", "--help", "--language", "ca"], home: coach.home)
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.contains("Programa un entrenament amb un client"), "\(help)")
            #expect(help.stdout.contains("T'avisa si se solapa amb altres cites."), "\(help)")
            #expect(help.stdout.contains("--every setmana --days"), "\(help)")
            #expect(help.stdout.contains("CITA PERIÒDICA:") && help.stdout.contains("Data i hora locals"), "\(help)")
            let editHelp = try await runGorilla(["events", "edit", "--help", "--language", "es"], home: coach.home)
            #expect(
                editHelp.stdout.contains("CITAS CONCRETAS:") && editHelp.stdout.contains("CITA PERIÓDICA:"),
                "\(editHelp)")
            let watchHelp = try await runGorilla(["watch", "--help", "--language", "es"], home: coach.home)
            #expect(watchHelp.stdout.contains("Sin notificaciones de escritorio."), "\(watchHelp)")

            let missing = try await runGorilla(
                ["events", "add", "--client", "Ana", "--language", "es"], home: coach.home)
            #expect(missing.status == 64 && missing.stderr.contains("falta --at"), "\(missing)")
            let days = try await runGorilla(["agenda", "--days", "40", "--language", "ca"], home: coach.home)
            #expect(days.status == 64 && days.stderr.contains("--days va de 1 a 31"), "\(days)")
            let before = try await runGorilla(["watch", "--before", "aviat", "--language", "ca"], home: coach.home)
            #expect(before.status == 64 && before.stderr.contains("--before accepta 30m, 1h"), "\(before)")
            let every = try await runGorilla(
                [
                    "events", "add", "--client", "Ana", "--at", "2027-03-01 09:00", "--every", "setmana", "--days",
                    "dl,dj", "--until", "2027-03-31", "--language", "ca",
                ], home: coach.home)
            #expect(every.status == 0, "\(every)")
            #expect(every.stdout.contains("cada setmana (dl, dj) fins al 2027-03-31"), "\(every)")

            let listed = try await runGorilla(["events", "list", "--language", "ca"], home: coach.home)
            #expect(listed.stdout.contains("programada"), "\(listed)")
            let json = try await runGorilla(["--json", "events", "list", "--language", "ca"], home: coach.home)
            let statuses = try json.json().arrayValue?.compactMap { $0.objectValue?["status"]?.stringValue } ?? []
            #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == "scheduled" }, "\(json)")

            for run in [help, editHelp, watchHelp, missing, days, before, every, listed] {
                let found = Self.english(in: run.stdout + run.stderr)
                #expect(found.isEmpty, "\(found) in \(run)")
            }
        }
    }
}
