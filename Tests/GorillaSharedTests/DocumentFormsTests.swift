import Foundation
import GorillaShared
import Testing

/// Each document type declares its ids and counts; one rule lower-cases the ones and checks the others.
@Suite struct DocumentFormsTests {
    @Test func idsAreLowerCasedAtEveryDepthAndOtherTextIsLeftAlone() throws {
        let client = UUID(), exercise = UUID()
        var session: [String: JSONValue] = [
            "client": .string(client.uuidString), "notes": "ABCDEF",
            "exercises": [["exercise": .string(exercise.uuidString), "name": "Press", "sets": [["reps": 10]]]],
        ]
        try EntityKind.session.forms.normalise(&session)
        #expect(session["client"]?.stringValue == client.key)
        #expect(session["notes"] == "ABCDEF")
        #expect(session["exercises"]?.arrayValue?.first?.objectValue?["exercise"]?.stringValue == exercise.key)
        // What is no id is left for the kind's rules to name.
        var event: [String: JSONValue] = ["client": "not-an-id", "training": 5]
        try EntityKind.event.forms.normalise(&event)
        #expect(event == ["client": "not-an-id", "training": 5])
    }

    @Test func aCountWithAFractionIsRefusedByItsPath() {
        let cases: [(EntityKind, [String: JSONValue], String)] = [
            (.session, ["exercises": [["name": "Press", "sets": [["reps": 10], ["reps": 8.5]]]]], "exercises[0].sets[1].reps"),
            (.training, ["exercises": [["sets": 2.5]]], "exercises[0].sets"),
            (.training, ["exercises": [["reps": [10, 9.5]]]], "exercises[0].reps[1]"),
            (.event, ["duration": 45.5], "duration"),
            (.event, ["recurrence": ["frequency": "weekly", "interval": 1.5]], "recurrence.interval"),
            (.client, ["perWeek": 2.5], "perWeek"),
        ]
        for (kind, document, field) in cases {
            var document = document
            #expect(throws: DocumentForms.Problem(field: field), "\(kind) \(field)") {
                try kind.forms.normalise(&document)
            }
        }
        var whole: [String: JSONValue] = ["duration": 45, "recurrence": ["interval": 2, "count": 10]]
        #expect(throws: Never.self) { try EntityKind.event.forms.normalise(&whole) }
        var fraction: [String: JSONValue] = ["duration": 45.5]
        #expect(throws: Never.self) { try EntityKind.event.forms.normalise(&fraction, checkingCounts: false) }
    }

    @Test func aDocumentsTextIsRewrittenOnlyWhenAnIdInItHoldsAnUpperCaseDigit() {
        let id = UUID()
        let lower = #"{"client":"\#(id.key)","note":"DEADBEEF and ABC-DEF"}"#
        #expect(EntityKind.event.forms.lowerCasingIDs(inText: lower) == lower)
        let upper = #"{"client":"\#(id.uuidString)","note":"x"}"#
        #expect(EntityKind.event.forms.lowerCasingIDs(inText: upper) == #"{"client":"\#(id.key)","note":"x"}"#)
        #expect(EntityKind.machine.forms.lowerCasingIDs(inText: upper) == upper)
    }
}
