import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import Testing

/// `--set "EXERCISE: REPSxWEIGHT[kg|lb][@DURATION] [TYPE], ..."`.
@Suite struct SetParserTests {
    @Test func readsRepsWeightUnitAndDuration() throws {
        let (name, sets) = try SetParser.parse("Prensa: 12x80kg@40s, 10x85kg@38s")
        #expect(name == "Prensa")
        #expect(
            sets == [
                PerformedSet(reps: 12, weight: 80, unit: .kg, duration: 40),
                PerformedSet(reps: 10, weight: 85, unit: .kg, duration: 38),
            ])
    }

    @Test func keepsPoundsAndDecimalsAndTypes() throws {
        let (name, sets) = try SetParser.parse("Curl martell: 8x22.5lb@1m05s warmup, 6x30lb(drop), 5x30lb@1:30 f, 12")
        #expect(name == "Curl martell")
        #expect(sets.map(\.type) == [.warmup, .drop, .failure, .normal])
        #expect(sets.map(\.unit) == [.lb, .lb, .lb, .kg])
        #expect(sets.map(\.weight) == [22.5, 30, 30, 0])
        #expect(sets.map(\.duration) == [65, nil, 90, nil])
        #expect(sets.map(\.reps) == [8, 6, 5, 12])
    }

    /// The effort reached comes after a space (`@8`, `@rpe 7,5`, `rir 2`); a time stays a time.
    @Test func readsTheEffortReachedAfterASpace() throws {
        let sets = try SetParser.parse("Squat: 8x100kg @8, 8x100kg @rpe 7,5 warmup, 6x100kg rir 1, 5x100kg@40s").sets
        #expect(sets.map(\.rpe) == [8, 7.5, 9, nil])
        #expect(sets.map(\.weight) == [100, 100, 100, 100] && sets[1].type == .warmup && sets[3].duration == 40)
        #expect(SetParser.text(of: sets[1]) == "8x100kg @7.5 warmup")
        #expect(try SetParser.parse("Squat: " + SetParser.text(of: sets[1])).sets == [sets[1]])
        for text in ["Squat: 8x100kg @11", "Squat: 8x100kg @8.2", "Squat: 8x100kg rpe", "Squat: 8x100kg @0"] {
            #expect(throws: SetParser.ParseError.self, "\(text)") { try SetParser.parse(text) }
        }
    }

    /// A distance exercise's sets hold metres (and a time), not reps and weight.
    @Test func readsDistanceSetsInMetresOrKilometres() throws {
        let (name, sets) = try SetParser.parse("Rower: 2000m@7:30, 2km, 500m warmup, 1.5km@6m")
        #expect(name == "Rower")
        #expect(sets.map(\.distance) == [2000, 2000, 500, 1500])
        #expect(sets.map(\.duration) == [450, nil, nil, 360])
        #expect(sets.map(\.type) == [.normal, .normal, .warmup, .normal])
        #expect(sets.allSatisfy { $0.reps == 0 && $0.weight == 0 })
        let limit = PerformedSet.distanceRange.upperBound
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Rower: \(Int(limit) + 1)m") }
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Rower: farm") }
        // Written back as --set takes it.
        #expect(sets.map(SetParser.text(of:)) == ["2000m@7:30", "2000m", "500m warmup", "1500m@6:00"])
        let lifted = try SetParser.parse("Curl: 8x22.5lb@1m05s warmup, 12, 1@45s").sets
        #expect(lifted.map(SetParser.text(of:)) == ["8x22.5lb@1:05 warmup", "12", "1@45s"])
        for text in lifted.map(SetParser.text(of:)) + sets.map(SetParser.text(of:)) {
            #expect(try SetParser.parse("X: \(text)").sets.map(SetParser.text(of:)) == [text])
        }
    }

    /// The parser's limits and set types are the domain's (the server checks the same ones).
    @Test func acceptsWhatTheDomainAllowsAndNothingMore() throws {
        let reps = Int(PerformedSet.repsRange.upperBound), weight = Int(PerformedSet.weightRange.upperBound)
        let hours = Int(TrainingSession.secondsRange.upperBound) / 3600
        #expect(try SetParser.parse("Press: \(reps)x\(weight)kg@\(hours * 60)m").sets.first?.reps == reps)
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Press: \(reps + 1)x10kg") }
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Press: 10x\(weight + 1)kg") }
        #expect(throws: SetParser.ParseError.self) { try SetParser.parse("Press: 10x10kg@\(hours * 60 + 1)m") }
        for type in SetType.allCases {
            #expect(try SetParser.parse("Press: 10x10kg \(type.rawValue)").sets.first?.type == type)
            #expect(try SetParser.parse("Press: 10x10kg (\(type.rawValue.prefix(1)))").sets.first?.type == type)
        }
    }

    @Test func bodyweightSetsHaveZeroWeight() throws {
        #expect(try SetParser.parse("Crunch: 20x0kg").sets == [PerformedSet(reps: 20, weight: 0, unit: .kg)])
    }

    @Test func aBadSetIsNamedAndPointedAt() {
        let text = "Prensa: 12x80kg, 10y85kg, 8x90kg"
        #expect {
            try SetParser.parse(text)
        } throws: { error in
            guard let error = error as? SetParser.ParseError else { return false }
            let caret = error.description.split(separator: "\n").last.map(String.init) ?? ""
            return error.part == "10y85kg" && error.message.contains("set 2 of 'Prensa'")
                && caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } == 2
                    + text.distance(from: text.startIndex, to: text.range(of: "10y")!.lowerBound)
        }
    }

    @Test(arguments: [
        ("Prensa 12x80kg", "no ':'"),
        (": 12x80kg", "name is missing"),
        ("Prensa:", "no sets"),
        ("Prensa: 12x80kg,,10x80kg", "empty set"),
        ("Prensa: 12x80stone", "weight"),
        ("Prensa: 12x3000kg", "weight"),
        ("Prensa: 12x80kg@forever", "duration"),
        ("Prensa: 12x80kg@25h", "duration"),
        ("Prensa: 12x80kg hard", "unknown set type 'hard'"),
        ("Prensa: -3x80kg", "REPS"),
        ("Prensa: 1001x80kg", "REPS"),
    ])
    func badSyntaxIsRefusedWithAReason(text: String, reason: String) {
        #expect {
            try SetParser.parse(text)
        } throws: { error in
            (error as? SetParser.ParseError)?.description.contains(reason) == true
        }
    }

    /// Set types are typed in Catalan, Spanish or English whatever the language, accents and case aside.
    @Test func setTypesReadInEveryLanguage() throws {
        let catalan = try SetParser.parse("Sentadilla: 10x20kg escalfament, 8x40kg (Descendent), 6x50kg fallada").sets
        #expect(catalan.map(\.type) == [.warmup, .drop, .failure])
        let spanish = try SetParser.parse("Sentadilla: 10x20kg calentamiento, 8x40kg descendente, 6x50kg FALLO").sets
        #expect(spanish.map(\.type) == [.warmup, .drop, .failure])
        let english = try Language.$current.withValue(.ca) {
            try SetParser.parse("Sentadilla: 10x20kg warmup, 8x40kg drop, 6x50kg failure, 5x50kg normal").sets
        }
        #expect(english.map(\.type) == [.warmup, .drop, .failure, .normal])
    }

    /// An unknown type is refused with the user's words and the English ones.
    @Test func anUnknownSetTypeListsTheUsersWordsAndTheEnglishOnes() {
        for (language, words) in [
            (Language.ca, ["escalfament/warmup", "descendent/drop", "fallada/failure"]),
            (.es, ["calentamiento/warmup", "descendente/drop", "fallo/failure"]),
            (.en, ["warmup, drop or failure"]),
        ] {
            #expect {
                try Language.$current.withValue(language) { try SetParser.parse("Prensa: 10x20kg pesada") }
            } throws: { error in
                let text = (error as? SetParser.ParseError)?.description ?? ""
                return words.allSatisfy { text.contains($0) }
            }
        }
    }
}

/// `exercises add|edit --count` takes the mode's word in any language.
@Suite struct CountModeWordTests {
    @Test func countModesReadInEveryLanguage() {
        #expect(["repeticions", "Repeticiones", "reps"].map(CountMode.init(typed:)) == [.reps, .reps, .reps])
        #expect(["temps", "TIEMPO", "time"].map(CountMode.init(typed:)) == [.time, .time, .time])
        #expect(["distància", "distancia", "distance"].map(CountMode.init(typed:)) == [.distance, .distance, .distance])
        #expect(CountMode(typed: "pes") == nil)
    }
}
