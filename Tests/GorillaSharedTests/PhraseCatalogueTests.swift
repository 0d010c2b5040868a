import Foundation
import GorillaShared
import Testing

/// The catalogues of Catalan, Spanish and English: every text in every language, with the same placeholders.
struct PhraseCatalogueTests {
    @Test func everyTextExistsInEveryLanguageWithTheSamePlaceholdersAndPluralForms() {
        for set in PhraseSets.all {
            for row in set.cases {
                let name = "\(set.name).\(row.key)"
                let texts = [("ca", row.ca), ("es", row.es), ("en", row.en)]
                for (language, text) in texts {
                    #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(name) is empty in \(language)")
                    #expect(
                        Set(PhraseTemplate.placeholders(text)) == Set(PhraseTemplate.placeholders(row.en)),
                        "\(name): the \(language) text has placeholders \(PhraseTemplate.placeholders(text)), English \(PhraseTemplate.placeholders(row.en))"
                    )
                    for form in PhraseTemplate.pluralForms(text) {
                        #expect(
                            form.split(separator: "|", omittingEmptySubsequences: false).count == 3,
                            "\(name) in \(language): a plural is {count|one|other}, not {\(form)}")
                    }
                    #expect(
                        Set(PhraseTemplate.pluralForms(text).map { $0.prefix(while: { $0 != "|" }) })
                            == Set(PhraseTemplate.pluralForms(row.en).map { $0.prefix(while: { $0 != "|" }) }),
                        "\(name): \(language) and English make different words plural")
                }
            }
        }
    }

    /// A limit is named by its placeholder, never written into a text: every limit a set declares is used by one of
    /// its texts, and no text of the set writes the limit's digits as a number of its own.
    @Test func textsNameTheTypesLimitsByPlaceholderInsteadOfWritingThem() {
        for (name, limits) in PhraseSets.limits {
            let set = PhraseSets.all.first { $0.name == name }!
            let templates = set.cases.flatMap { [$0.ca, $0.es, $0.en] }
            for (placeholder, value) in limits {
                #expect(
                    templates.contains { PhraseTemplate.placeholders($0).contains(placeholder) },
                    "\(name) declares {\(placeholder)} but no text names it")
                let written = Language.en.write(value)
                guard written.count >= 2 else { continue }  // a single digit is no sign of a limit
                let number = try! NSRegularExpression(
                    pattern: "(?<![0-9.,])" + NSRegularExpression.escapedPattern(for: written) + "(?![0-9]|[.,][0-9])")
                for row in set.cases {
                    for text in [row.ca, row.es, row.en] {
                        let range = NSRange(text.startIndex..., in: text)
                        #expect(
                            number.firstMatch(in: text, range: range) == nil,
                            "\(name).\(row.key) writes \(written), the value of {\(placeholder)}: \(text)")
                    }
                }
            }
        }
    }

    @Test func catalanAndSpanishTextsAreNotEnglishLeftUntranslated() {
        var untranslated: [String] = []
        for set in PhraseSets.all {
            for row in set.cases {
                // A plain placeholder is no word: "{hours} h {minutes} min" is the same everywhere.
                let text = row.en.replacingOccurrences(of: #"\{[^}|]*\}"#, with: " ", options: .regularExpression)
                let words = text.split(whereSeparator: { !$0.isLetter }).filter { $0.count > 1 }
                guard words.count >= 3 else { continue }  // a unit, a symbol, a name: the same everywhere
                if row.ca == row.en { untranslated.append("\(set.name).\(row.key) (ca)") }
                if row.es == row.en { untranslated.append("\(set.name).\(row.key) (es)") }
            }
        }
        #expect(untranslated.isEmpty, "written in English in another language: \(untranslated)")
    }

    @Test func noTextEndsOnAWordLeftHanging() {
        // Articles, prepositions and conjunctions that never end a whole sentence: a text that ends on one was cut
        // ("…però no enviar missatges a").
        let hanging: [Language: Set<String>] = [
            .ca: ["a", "al", "als", "amb", "de", "del", "dels", "el", "els", "en", "i", "la", "les", "o", "per", "que", "un", "una"],
            .es: ["a", "al", "con", "de", "del", "el", "en", "la", "las", "los", "o", "para", "por", "que", "un", "una", "y"],
            .en: ["a", "an", "and", "at", "for", "from", "of", "or", "the", "to", "with"],
        ]
        // Texts whose last word is right where it is: English that ends on its particle ("to look for"), Catalan's
        // "d'un en un", labels a value follows ("des de: 2026-11-28"), the actions a refusal completes ("…but not log
        // sessions for them"), and the argument parser's pieces, which its own words follow.
        let whole: Set<String> = [
            "AccountPhrases.noAddressToConnectTo", "CataloguePhrases.helpClientsEdit", "TrainingPhrases.noticeTypeAName",
            "AccountPhrases.syncOptionsOneAtATime", "AccountPhrases.profileSince", "AccountPhrases.fieldFrom",
            "AccountPhrases.fieldTo", "AccountPhrases.fieldUntil", "AccountPhrases.fieldRecordedBy",
        ]
        var cut: [String] = []
        for set in PhraseSets.all where set.name != "HelpPhrases" {
            for row in set.cases where !whole.contains("\(set.name).\(row.key)") {
                if set.name == "CataloguePhrases", row.key.hasPrefix("removedClient"), row.key != "removedClientRefused" {
                    continue
                }
                for (language, text) in [(Language.ca, row.ca), (.es, row.es), (.en, row.en)] {
                    let values = Dictionary(
                        PhraseTemplate.placeholders(text).map { ($0, 2 as any Sendable) }, uniquingKeysWith: { a, _ in a })
                    let filled = PhraseTemplate.fill(text, values, language: language)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    // The text's last word as written, without a full stop: a value put in its place, a quote or a
                    // bracket after it, or a colon that introduces a value, is no hanging end.
                    let last = filled.split(whereSeparator: \.isWhitespace).last.map { String($0) } ?? ""
                    let word = last.hasSuffix(".") ? String(last.dropLast()) : last
                    // Case counts: a header (`WEEK OF`) or a name (`group A`) is no hanging word.
                    if hanging[language]?.contains(word) == true {
                        cut.append("\(set.name).\(row.key) (\(language.rawValue)): \(filled)")
                    }
                }
            }
        }
        #expect(cut.isEmpty, "texts that end on a word left hanging: \(cut)")
    }

    @Test func placeholdersAreFilledAndNumbersWrittenAsEachLanguageWritesThem() {
        let template = "{name} did {count|session|sessions} and lifted {kg} kg"
        #expect(
            PhraseTemplate.fill(template, ["name": "Núria", "count": 1, "kg": 62.5], language: .en)
                == "Núria did 1 session and lifted 62.5 kg")
        #expect(
            PhraseTemplate.fill("{count|sessió|sessions}, {kg} kg", ["count": 2, "kg": 62.5], language: .ca)
                == "2 sessions, 62,5 kg")
        #expect(PhraseTemplate.fill("{missing} stays", [:], language: .es) == "{missing} stays")
        #expect(PhraseTemplate.placeholders(template) == ["name", "count", "kg"])
        #expect(Language.es.number(1234.25) == "1234,25")
        #expect(Language.en.number(80) == "80")
        #expect(Language.ca.number(0.333333, decimals: 1) == "0,3")
        #expect(Language.parseNumber("62,5") == 62.5 && Language.parseNumber("62.5") == 62.5)
        #expect(Language.parseNumber("6,2,5") == nil)
    }

    @Test func theLanguageComesFromGorillaLanguageThenTheLocaleThenEnglish() {
        #expect(Language.fromEnvironment(["GORILLA_LANGUAGE": "ca", "LANG": "es_ES.UTF-8"]) == .ca)
        #expect(Language.fromEnvironment(["LANG": "es_ES.UTF-8"]) == .es)
        #expect(Language.fromEnvironment(["LC_ALL": "ca_ES.UTF-8", "LANG": "en_GB.UTF-8"]) == .ca)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == .en)
        #expect(Language.fromEnvironment([:]) == .en)
    }

    @Test func daysAreWrittenTheWayEachLanguageWritesThem() {
        let day = CalendarDate("2026-12-07")!
        #expect(CalendarWords.of(.ca).shortDay(day) == "dl. 7 de des.")
        #expect(CalendarWords.of(.es).shortDay(day) == "lun. 7 de dic.")
        #expect(CalendarWords.of(.en).shortDay(day) == "Mon 7 Dec")
        #expect(CalendarWords.of(.ca).shortDay(CalendarDate("2026-04-07")!) == "dt. 7 d’abr.")
        #expect(CalendarWords.of(.ca).monthTitle(year: 2026, month: 12) == "desembre de 2026")
        #expect(CalendarWords.of(.en).monthTitle(year: 2026, month: 12) == "December 2026")
    }
}
