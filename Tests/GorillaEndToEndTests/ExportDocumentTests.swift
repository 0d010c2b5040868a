import Foundation
import GorillaClient
import GorillaClientCore
import GorillaPresenters
import GorillaShared
import GorillaTerminal
import GorillaTesting
import Testing

/// `gorilla export` writes each row as its type reads it: the stored document, member for member, with the names the
/// export adds.
@Suite(.hangLimit)
struct ExportDocumentTests {
    @Test func exportedRowsAreTheStoredDocumentsWithTheirSetsNumbered() async throws {
        try await withTestServer { server in
            let account = try await PopulatedAccount.make(on: server)
            let folder = try TemporaryFolder("gorilla-export-documents")
            let out = folder.child("ada").path
            let run = try await PopulatedAccount.gorilla(account.coach, "export", "--out", out)
            #expect(run.status == 0, "\(run)")
            let cache = try account.coach.cache()
            func rows(_ file: String) throws -> [[String: JSONValue]] {
                let value = try WireCoding.decoder.decode(
                    JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + file)))
                return (value.arrayValue ?? []).compactMap(\.objectValue)
            }
            let added: [String: Set<String>] = [
                "sessions.json": ["clientName", "trainingName"], "events.json": ["clientName"],
                "measurements.json": ["clientName"], "machines.json": [], "exercises.json": [],
                "trainings.json": [], "messages.json": [],
            ]
            for (file, extra) in added {
                let exported = try rows(file)
                #expect(!exported.isEmpty, "\(file)")
                for row in exported {
                    let id = try #require(row["id"]?.stringValue.flatMap(UUID.init(uuidString:)), "\(file)")
                    let stored = try #require(try cache.entity(id), "\(file) \(id)")
                    let document = row.filter { $0.key != "id" && !extra.contains($0.key) }
                    #expect(JSONValue.object(document) == JSONValue.object(stored.data), "\(file) \(id)")
                }
            }
            // Every set keeps its place, from 1, as the server numbers them.
            for session in try rows("sessions.json") {
                for exercise in session["exercises"]?.arrayValue ?? [] {
                    let positions = (exercise.objectValue?["sets"]?.arrayValue ?? []).map {
                        $0.objectValue?["position"]?.intValue
                    }
                    #expect(positions == positions.indices.map { Optional($0 + 1) })
                }
            }
        }
    }
}
