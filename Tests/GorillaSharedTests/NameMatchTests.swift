import GorillaShared
import Testing

struct NameMatchTests {
    @Test func foldingRemovesCaseAccentsAndExtraSpaces() {
        #expect(NameMatch.fold("  Núria ") == "nuria")
        #expect(NameMatch.fold("Quàdriceps") == "quadriceps")
        #expect(NameMatch.fold("Press   de BANCA") == "press de banca")
        #expect(NameMatch.fold("Paral·leles") == "paralleles", "Catalan's middle dot")
        #expect(NameMatch.fold("Ñandú") == "nandu")
        #expect(NameMatch.fold("Castellà") == "castella")
    }

    @Test func qualitiesRankExactBeforePrefixBeforeWordBeforeInsideBeforeTypo() {
        #expect(NameMatch.quality(of: "press de banca", for: "Press de banca") == .exact)
        #expect(NameMatch.quality(of: "sent", for: "Sentadilla") == .prefix)
        #expect(NameMatch.quality(of: "quad", for: "Extensió de quàdriceps") == .word)
        #expect(NameMatch.quality(of: "ruiz", for: "Marta Ruiz") == .word)
        #expect(NameMatch.quality(of: "driceps", for: "Quàdriceps") == .inside)
        #expect(NameMatch.quality(of: "Pres de banca", for: "Press de banca") == .typo)
        #expect(NameMatch.quality(of: "Sentadila", for: "Sentadilla") == .typo)
        #expect(NameMatch.quality(of: "rem", for: "Premsa") == .inside)
        #expect(NameMatch.quality(of: "xyz", for: "Premsa") == nil)
        #expect(NameMatch.quality(of: "", for: "Premsa") == nil)
    }

    @Test func shortNamesForgiveNoTypo() {
        #expect(NameMatch.quality(of: "Rom", for: "Rem") == nil)
        #expect(NameMatch.typoAllowance(length: 3) == 0)
        #expect(NameMatch.typoAllowance(length: 5) == 1)
        #expect(NameMatch.typoAllowance(length: 12) == 2)
    }

    @Test func theBestQualityWinsAndTiesAreKept() throws {
        let names = ["Sentadilla", "Sentadilla búlgara", "Press de banca", "Rem"]
        let exact = try #require(NameMatch.best("sentadilla", in: names) { $0 })
        #expect(exact.quality == .exact && exact.items == ["Sentadilla"])
        let prefix = try #require(NameMatch.best("sent", in: names) { $0 })
        #expect(prefix.quality == .prefix && prefix.items == ["Sentadilla", "Sentadilla búlgara"])
        #expect(NameMatch.best("jump", in: names) { $0 } == nil)
    }

    @Test func distanceCountsEditsAndSwapsUpToItsLimit() {
        #expect(NameMatch.distance("banca", "banca", limit: 2) == 0)
        #expect(NameMatch.distance("banca", "bnaca", limit: 2) == 1)
        #expect(NameMatch.distance("banca", "banc", limit: 2) == 1)
        #expect(NameMatch.distance("banca", "panza", limit: 2) == 2)
        #expect(NameMatch.distance("banca", "xxxxxxxx", limit: 2) == 3)
        #expect(NameMatch.distance("", "abc", limit: 5) == 3)
    }

    @Test func suggestionsAreTheNearestNames() {
        let names = ["Press de banca", "Press militar", "Sentadilla", "Peso muerto"]
        #expect(NameMatch.suggestions(for: "pres banca", among: names).first == "Press de banca")
        #expect(NameMatch.suggestions(for: "sentadila", among: names) == ["Sentadilla"])
        #expect(NameMatch.suggestions(for: "sentadila bulgara", among: names) == ["Sentadilla"])
        #expect(NameMatch.suggestions(for: "zzzzzzzz", among: names).isEmpty)
        #expect(NameMatch.suggestions(for: "x", among: ["Rower", "Smith", "Leg press"]).isEmpty)
    }

    @Test func namesSortOneWayWithCaseAndAccentsFoldedAndTiesByID() {
        let names = [("Òscar", "2"), ("alba", "9"), ("Àlex", "5"), ("Bernat", "1"), ("ALBA", "3")]
        let sorted = names.sortedByFoldedName(\.0, tie: \.1)
        #expect(sorted.map(\.0) == ["ALBA", "alba", "Àlex", "Bernat", "Òscar"])
    }
}

