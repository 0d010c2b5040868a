import Foundation
import GorillaShared
import Testing

/// How `--json` is written: one line of wire JSON, with no `null` anywhere.
@Suite struct WireTextTests {
    struct Inner: Encodable {
        let kept: Int
        let absent: String?
        let explicitNull: JSONValue
    }

    struct Outer: Encodable {
        let name: String
        let note: String?
        let inner: Inner
        let list: [JSONValue]
        let at: Date
    }

    @Test func absentValuesAreLeftOutAtEveryDepthAndTheRestIsTheWireForm() throws {
        let value = Outer(
            name: "Rack", note: nil, inner: Inner(kept: 3, absent: nil, explicitNull: .null),
            list: [.null, .number(1), .object(["x": .null, "y": .bool(true)])],
            at: ISOTime.parse("2026-03-02T18:30:00.000Z")!)
        let text = try WireCoding.textWithoutNulls(value)
        #expect(!text.contains("null") && !text.contains("\n"), "\(text)")
        #expect(
            text == #"{"at":"2026-03-02T18:30:00.000Z","inner":{"kept":3},"list":[1,{"y":true}],"name":"Rack"}"#,
            "\(text)")
    }
}
