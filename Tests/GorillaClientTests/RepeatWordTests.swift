import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import Testing

/// `train --repeat`'s value, read by the project in any language (never by the argument parser in English only).
@Suite struct RepeatWordTests {
    @Test(arguments: ["últim", "ultim", "ÚLTIMA", "última", "último", "Ultimo", "last", "LAST", " last "])
    func lastReadsInEveryLanguageWhateverTheUsers(text: String) throws {
        for language in Language.allCases {
            let value = try Language.$current.withValue(language) {
                try TrainRequest.Repeat(typed: text.trimmingCharacters(in: .whitespaces))
            }
            #expect(value == .last, "\(text) in \(language)")
        }
    }

    @Test func aWrongValueNamesTheUsersWordAndTheEnglishOne() {
        let expected: [(Language, String)] = [
            (.ca, "--repeat accepta últim/last, no 'xyz'"), (.es, "--repeat admite último/last, no 'xyz'"),
            (.en, "--repeat takes last, not 'xyz'"),
        ]
        for (language, message) in expected {
            #expect {
                try Language.$current.withValue(language) { _ = try TrainRequest.Repeat(typed: "xyz") }
            } throws: { error in
                (error as? ClientError).map { $0.kind == .usage && $0.message == message } ?? false
            }
        }
    }
}
