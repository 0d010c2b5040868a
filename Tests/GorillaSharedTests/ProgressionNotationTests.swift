import Foundation
import GorillaShared
import Testing

/// A progression reads as a coach writes it, in each language; what does not read names the accepted forms.
@Suite struct ProgressionNotationTests {
    @Test(arguments: [
        ("Sentadilla: +2.5kg/week", "Sentadilla", Progression.step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1)),
        ("Squat: +2,5kg/setmana", "Squat", .step(by: .load(amount: 2.5, unit: .kg), everyWeeks: 1)),
        ("Squat: +5lb", "Squat", .step(by: .load(amount: 5, unit: .lb), everyWeeks: 1)),
        ("Rem: +5%/week", "Rem", .step(by: .percent(amount: 5), everyWeeks: 1)),
        ("Dominades: +1 rep/week", "Dominades", .step(by: .reps(amount: 1), everyWeeks: 1)),
        ("Fons: +1 set/2 weeks", "Fons", .step(by: .sets(amount: 1), everyWeeks: 2)),
        ("Fons: +1 sèrie/2 setmanes", "Fons", .step(by: .sets(amount: 1), everyWeeks: 2)),
        ("Fondos: +1 serie/3 semanas", "Fondos", .step(by: .sets(amount: 1), everyWeeks: 3)),
        (
            "Press banca: 3x8-12, +2.5kg when all sets reach 12", "Press banca",
            .double(sets: 3, low: 8, high: 12, by: .load(amount: 2.5, unit: .kg))
        ),
        (
            "Press banca: 3x8-12, +2,5kg quan totes les sèries arribin a 12", "Press banca",
            .double(sets: 3, low: 8, high: 12, by: .load(amount: 2.5, unit: .kg))
        ),
        (
            "Press banca: 4x6-10, +5lb cuando todas las series lleguen a 10", "Press banca",
            .double(sets: 4, low: 6, high: 10, by: .load(amount: 5, unit: .lb))
        ),
        ("Pes mort: 70%,75%,80%,85% of e1RM", "Pes mort", .wave(shares: [0.7, 0.75, 0.8, 0.85])),
        ("Pes mort: 70%, 72,5%, 80% de l'e1RM", "Pes mort", .wave(shares: [0.7, 0.725, 0.8])),
        ("Peso muerto: 65%,75% del e1RM", "Peso muerto", .wave(shares: [0.65, 0.75])),
    ])
    func readsAsWritten(text: String, name: String, expected: Progression) throws {
        let (read, progression) = try ProgressionNotation.parse(text)
        #expect(read == name)
        #expect(progression == expected)
    }

    @Test(arguments: [
        ("Squat +2.5kg/week", ProgramPhrases.progressionNoColon),
        ("Squat:", .progressionMissing),
        ("Squat: more please", .progressionForm),
        ("Squat: +2.5 stones/week", .progressionIncrement),
        ("Squat: +80%/week", .progressionIncrement),
        ("Squat: +2.5kg/fortnight", .progressionPeriod),
        ("Squat: +2.5kg/99 weeks", .progressionPeriod),
        ("Bench: 3x12-8, +2.5kg", .progressionRange),
        ("Bench: 3x8-12, +2.5kg when all sets reach 10", .progressionTop),
        ("Deadlift: 70%,75%,300% of e1RM", .progressionWave),
        ("Deadlift: 70%,75% of my cousin", .progressionWave),
    ])
    func refusalsNameTheAcceptedForms(text: String, phrase: ProgramPhrases) {
        Language.$current.withValue(.en) {
            #expect {
                try ProgressionNotation.parse(text)
            } throws: { error in
                guard let problem = error as? ProgressionNotation.Problem else { return false }
                // The phrase's template up to its first placeholder is in the reason.
                let fixed = phrase.template(in: .en).prefix { $0 != "{" }.prefix(30)
                return problem.reason.contains(fixed)
            }
        }
    }

    @Test func refusalsAreInTheUsersLanguage() {
        Language.$current.withValue(.ca) {
            let error = #expect(throws: ProgressionNotation.Problem.self) { try ProgressionNotation.parse("Squat: molt") }
            #expect(error?.reason.contains("una progressió és +2,5kg/setmana") == true)
        }
    }

    @Test func deloadsReadWithTheirShareOrTheDefault() throws {
        #expect(try ProgressionNotation.deload("4") == Deload(every: 4, share: 0.6))
        #expect(try ProgressionNotation.deload("5:70%") == Deload(every: 5, share: 0.7))
        #expect(try ProgressionNotation.deload("3:0,5") == Deload(every: 3, share: 0.5))
        for bad in ["1", "4:100%", "four", "4:", "4:5%"] {
            #expect(throws: ProgressionNotation.Problem.self, "\(bad)") { try ProgressionNotation.deload(bad) }
        }
    }
}
