import Foundation
import GorillaClient
import GorillaClientCore
import GorillaShared
import GorillaTesting
import Testing

/// What long work reports to the progress line (``WorkProgress``), against a real server: a push each answered batch
/// of its total, a pull each page of the total the server counted, an export the rows and bytes of its files; each
/// ends with a finished report.
@Suite(.hangLimit)
struct WorkProgressTests {
    /// The reports received, in order.
    final class Reports: @unchecked Sendable {
        /// Guards `all`.
        private let lock = NSLock()
        private var all: [WorkProgress] = []

        func add(_ report: WorkProgress) { lock.withLock { all.append(report) } }
        var list: [WorkProgress] { lock.withLock { all } }
    }

    @Test func aPushReportsEachAnsweredBatchOfItsTotalAndEnds() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let cache = try coach.cache()
            for number in 1...250 {
                _ = try cache.enqueue(
                    kind: "machine", entity: UUID.v7(), action: .create, fields: ["name": .string("Machine \(number)")])
            }
            let reports = Reports()
            let engine = SyncEngine(cache: cache, progress: reports.add)
            let pushed = try await coach.withConnection { try await engine.push(over: $0) }
            #expect(pushed == 250)
            let seen = reports.list
            #expect(seen.map(\.done) == [0, 100, 200, 250, 250], "batches of 100: \(seen)")
            #expect(seen.map(\.finished) == [false, false, false, false, true])
            #expect(seen.allSatisfy { $0.work == .push && $0.total == 250 })
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.bytes <= $1.bytes })
            #expect((seen.last?.bytes ?? 0) > 250 * 40, "the request lines sent: \(seen.last?.bytes ?? 0) bytes")
        }
    }

    @Test func aPullReportsEachPageOfTheTotalTheServerCounted() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            let laptop = try await Device.loggedIn("ada", on: server)
            let results = try await coach.push((1...250).map { Mutation.createMachine("Machine \($0)") })
            try #require(results.count == 250)
            let reports = Reports()
            var engine = SyncEngine(cache: try laptop.cache(), progress: reports.add)
            engine.pageSize = 100
            let pulled = try await laptop.withConnection { [engine] in try await engine.pull(over: $0) }
            #expect(pulled >= 250)
            let seen = reports.list
            #expect(seen.map(\.done) == [100, 200, pulled], "\(seen)")
            #expect(seen.allSatisfy { $0.work == .pull && $0.total == pulled }, "counted by the server: \(seen)")
            #expect(seen.map(\.finished) == [false, false, true])
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.bytes < $1.bytes })
        }
    }

    @Test func anExportReportsTheRowsOfAllItsFilesAndTheBytesWritten() async throws {
        try await withTestServer { server in
            let coach = try await Device.coach("ada", on: server)
            for name in ["Leg press", "Prensa", "Smith"] {
                _ = try await coach.app.addMachine(name: name, imageFile: nil)
            }
            let context = DeviceContext(home: coach.app.home, deadlines: coach.app.deadlines)
            let reports = Reports()
            context.side.reportProgress(to: reports.add)
            let folder = try TemporaryFolder("gorilla-e2e-export-progress")
            let out = folder.url.appendingPathComponent("export")
            let summary = try await context.speaking {
                try await context.command { try await ExportService(context).export(to: out.path, force: false) }
            }
            let seen = reports.list.filter { $0.work == .export }
            let rows = summary.files.reduce(0) { $0 + $1.rows }
            let bytes = try summary.files.reduce(0) { total, file in
                total + (try Data(contentsOf: out.appendingPathComponent(file.name))).count
            }
            #expect(seen.count == summary.files.count + 2, "a start, one per file, the end: \(seen)")
            #expect(seen.first?.done == 0 && seen.allSatisfy { $0.total == rows })
            #expect(seen.last?.finished == true && seen.last?.done == rows && seen.last?.bytes == bytes, "\(seen)")
            #expect(seen.dropLast().allSatisfy { !$0.finished })
        }
    }
}
