import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaServer
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import Testing

@testable import GorillaClient

/// `gorilla sessions show ID --history` over a server whose history pages hold a revision or two: the CLI follows the
/// pages down to the first revision and shows them all, oldest first.
@Suite(.hangLimit)
struct SessionHistoryPagingTests {
    @Test func theHistoryCommandFollowsEveryPage() async throws {
        // A revision of this session is about 600 bytes in JSON: each page holds one or two of them.
        try await withTestServer(configure: { $0.pullPageBytes = 1_500 }) { server in
            let (coach, _) = try await SessionSyncTests.coachAndClient(on: server)
            _ = try await coach.app.addExercise(name: "Squat", ExerciseFields())
            let logged = try await coach.app.logSession(
                SessionLogRequest(client: "Bea", date: "2026-03-02 18:30", sets: ["Squat: 5x100kg"]))
            let id = try SessionCorrectionTests.id(logged)
            let weights = (1...8).map { 100 + 2.5 * Double($0) }
            for weight in weights {
                let edited = try await coach.app.editSession(
                    SessionEditRequest(id: String(id.suffix(8)), sets: ["Squat: 5x\(weight)kg"]))
                #expect(edited.notes.isEmpty, "\(edited.notes)")
            }
            let cli = try await runGorilla(["--json", "sessions", "show", id, "--history"], home: coach.home)
            #expect(cli.status == 0, "\(cli)")
            let history = try #require(try cli.json().arrayValue)
            #expect(history.compactMap { $0.objectValue?["revision"]?.intValue } == Array(1...9))
            #expect(
                history.map { SessionCorrectionTests.weights($0.objectValue?["exercises"], of: "Squat") }
                    == [[100]] + weights.map { [$0] })
            let versions = history.compactMap { $0.objectValue?["version"]?.intValue }
            #expect(versions == versions.sorted() && Set(versions).count == 9)
        }
    }
}
