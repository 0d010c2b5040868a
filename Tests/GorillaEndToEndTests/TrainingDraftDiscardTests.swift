import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

extension TrainingDraftTests {
    /// A session taken over by the tablet and discarded there: the phone's `gorilla train --resume` says it was
    /// discarded, not finished (the real binary, in Catalan; the same words in Spanish and English).
    @Test func resumeOnTheDeviceThatLostTheSessionSaysItWasDiscardedThere() async throws {
        try await withTestServer { server in
            let (phone, tablet) = try await Self.coachWithTwoDevices(on: server)
            let (left, time) = try await Self.leftOnThePhone(phone)
            // What the other device did, pulled first: the command's own sync is bounded to seconds, which a loaded
            // machine may take without finishing (the command then works on the copy it has, as designed).
            try await tablet.sync()
            var taken = try #require(try await tablet.app.resumeTrainingAnywhere().recorder)
            taken.handle(.escape, at: time)
            taken.handle(.character("y"), at: time)
            let discarded = try await tablet.app.finishTraining(taken)
            #expect(discarded.json.objectValue?["discarded"] == true, "\(discarded.json)")

            let run = try await runGorilla(["train", "--resume", "--language", "ca"], home: phone.home)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("'\(Self.tabletName)'") && run.stdout.contains("s'hi va descartar"), "\(run)")
            #expect(!run.stdout.contains("s'hi va acabar"), "\(run)")
            #expect(throws: ClientError.self) { try phone.app.resumeTraining() }

            let elsewhere = ContinuedElsewhere(
                id: left.id, device: Self.tabletName, since: nil, finished: true, discarded: true)
            let words: [(Language, String, String)] = [
                (.en, "was discarded there, unsaved", "was finished there"),
                (.es, "se descartó allí", "se terminó allí"),
            ]
            for (language, said, notSaid) in words {
                let text = Language.$current.withValue(language) {
                    TrainingEnd.continuedElsewhere(elsewhere).text(for: Viewer())
                }
                #expect(text.contains(said) && !text.contains(notSaid), "\(text)")
            }
            let json = try TrainingEnd.continuedElsewhere(elsewhere).json
            #expect(json.objectValue?["discarded"] == true && json.objectValue?["finished"] == true, "\(json)")
        }
    }
}
