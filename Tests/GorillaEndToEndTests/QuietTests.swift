import Foundation
import GorillaTesting
import Testing

/// `--quiet` keeps the chatter on standard error back (the offline note), never the result nor an error.
@Suite(.hangLimit)
struct QuietTests {
    @Test func quietKeepsTheOfflineNoteBackButNotTheResultOrAnError() async throws {
        var coach: Device?
        try await withTestServer { server in
            coach = try await Device.coach("ada", on: server)
            let added = try await runGorilla(["machines", "add", "Prensa"], home: try #require(coach).home)
            try #require(added.status == 0, "\(added)")
        }
        let home = try #require(coach).home

        // The server is gone: the local copy is shown, with a note saying so.
        let chatty = try await runGorilla(["machines", "list"], home: home)
        #expect(chatty.status == 0 && chatty.stdout.contains("Prensa"), "\(chatty)")
        #expect(chatty.stderr.contains("offline"), "\(chatty)")

        let quiet = try await runGorilla(["--quiet", "machines", "list"], home: home)
        #expect(quiet.status == 0 && quiet.stdout == chatty.stdout, "\(quiet)")
        #expect(quiet.stderr.isEmpty, "\(quiet)")
        let placed = try await runGorilla(["machines", "list", "--quiet"], home: home)
        #expect(placed.status == 0 && placed.stderr.isEmpty, "after the command too: \(placed)")

        // An error is still said.
        let failed = try await runGorilla(["--quiet", "machines", "show", "Nowhere"], home: home)
        #expect(failed.status != 0 && failed.stderr.hasPrefix("gorilla: "), "\(failed)")
    }
}
