import Foundation
import GorillaTesting
import Testing

@testable import GorillaServer

/// Fair scheduling's accounts, on a hand-moved clock: who may run, who waits, and what each key gets of the server.
struct WorkLedgerTests {
    static let settings = WorkLedger.Settings(capacity: 2, allowance: 0.05, overhead: 0, window: 1)

    static func account(_ name: String) -> [WorkLedger.Key] { [WorkLedger.Key(kind: .account, name: name)] }

    /// Drives clients on a simulated clock in steps of a millisecond: each keeps `connections` requests going, each
    /// taking `seconds` of a core; returns each client's seconds of service, and the longest any light request waited.
    struct Simulation {
        struct Client {
            var keys: [WorkLedger.Key]
            var connections: Int
            var seconds: Double
            var pause = 0.0
        }

        var ledger = WorkLedger(settings: WorkLedgerTests.settings)
        var clients: [Client]

        mutating func run(
            for duration: Double, measuringFrom start: Double = 0
        ) -> (service: [Double], longestWait: [Double]) {
            let step = 0.001
            // Per connection: when its request started (nil: waiting since `asked`), and how much service it still needs.
            var running: [[(ticket: WorkLedger.Ticket, left: Double)?]] = clients.map {
                Array(repeating: nil, count: $0.connections)
            }
            var asked: [[Double]] = clients.map { Array(repeating: 0, count: $0.connections) }
            var service = [Double](repeating: 0, count: clients.count)
            var longestWait = [Double](repeating: 0, count: clients.count)
            var now = 0.0
            while now < duration {
                for c in clients.indices {
                    for n in 0..<clients[c].connections where running[c][n] == nil && asked[c][n] <= now {
                        if ledger.admit(clients[c].keys, now: now) == .run {
                            running[c][n] = (ledger.ticket(clients[c].keys), clients[c].seconds)
                            longestWait[c] = max(longestWait[c], now - asked[c][n])
                        }
                    }
                }
                // Processor sharing: every running request gets an equal part of the two cores.
                let count = running.joined().compactMap { $0 }.count
                let rate = count == 0 ? 0 : min(1, 2 / Double(count))
                now += step
                for c in clients.indices {
                    for n in 0..<clients[c].connections {
                        guard var request = running[c][n] else { continue }
                        request.left -= step * rate
                        if now > start { service[c] += step * rate }
                        if request.left <= 1e-9 {
                            ledger.finish(request.ticket, now: now)
                            running[c][n] = nil
                            asked[c][n] = now + clients[c].pause
                        } else {
                            running[c][n] = request
                        }
                    }
                }
            }
            return (service, longestWait)
        }
    }

    @Test func anAccountAloneIsNeverDelayed() {
        var simulation = Simulation(clients: [.init(keys: Self.account("hog"), connections: 8, seconds: 0.2)])
        let (service, longestWait) = simulation.run(for: 5)
        #expect(longestWait[0] == 0)
        #expect(service[0] > 9.9, "all of both cores: \(service[0]) s of work in 5 s")
    }

    @Test func aHeavyAccountGetsOneRequestAtATimeAndALightOneNeverWaits() {
        var simulation = Simulation(clients: [
            .init(keys: Self.account("hog"), connections: 8, seconds: 0.2),
            .init(keys: Self.account("ada"), connections: 1, seconds: 0.002, pause: 0.01),
        ])
        let (service, longestWait) = simulation.run(for: 10)
        #expect(longestWait[1] < 0.001, "the light client waited \(longestWait[1]) s")
        // One request at a time: at most one core, and not less than half of one.
        #expect(service[0] < 11 && service[0] > 5, "the heavy account had \(service[0]) s of work in 10 s")
    }

    @Test func aLightAccountsDevicesNeverWaitForEachOtherBesideAHeavyOne() {
        var simulation = Simulation(clients: [
            .init(keys: Self.account("hog"), connections: 8, seconds: 0.2),
            .init(keys: Self.account("ada"), connections: 4, seconds: 0.002, pause: 0.005),
        ])
        let (service, longestWait) = simulation.run(for: 10)
        #expect(longestWait[1] < 0.001, "the light account's devices waited \(longestWait[1]) s")
        #expect(service[0] < 11 && service[0] > 5, "the heavy account had \(service[0]) s of work in 10 s")
    }

    @Test func aKeyIsHeavyWhileItOwesBesideOthers() {
        var ledger = WorkLedger(settings: Self.settings)
        let hog = Self.account("hog"), ada = Self.account("ada")
        #expect(ledger.admit(hog, now: 0) == .run)
        ledger.finish(ledger.ticket(hog), now: 0.2)
        #expect(!ledger.isHeavy(hog, now: 0.2), "alone, nobody is heavy for its turns")
        #expect(ledger.givesWay(hog, now: 0.2), "but its reads give way already")
        #expect(ledger.admit(ada, now: 0.2) == .run)
        #expect(ledger.isHeavy(hog, now: 0.2), "owing 0.2 s beside another account")
        #expect(!ledger.isHeavy(ada, now: 0.2))
        ledger.finish(ledger.ticket(ada), now: 0.201)
        #expect(ledger.admit(ada, now: 0.9) == .run)
        #expect(ledger.owed(hog[0]) == 0)
        #expect(ledger.isHeavy(hog, now: 0.9), "repaid by then, but its request cost 0.2 s 0.7 s ago")
        ledger.finish(ledger.ticket(ada), now: 0.901)
        #expect(ledger.admit(ada, now: 1.25) == .run)
        #expect(!ledger.isHeavy(hog, now: 1.25), "a window after that request")
    }

    /// A key that takes a core in requests of tens of milliseconds owes that much after each and has repaid it before
    /// its next: it stays heavy for a window after a request of it cost more than `heavyCost` beside others, or it
    /// would pass for light between its requests (and its reads would not give way). A light key whose small requests
    /// end together owes as much for a moment, and stays light.
    @Test func aKeyWhoseRequestCostMuchBesideOthersStaysHeavyForAWindow() {
        var ledger = WorkLedger(settings: Self.settings)
        let hog = Self.account("hog"), ada = Self.account("ada")
        #expect(ledger.admit(ada, now: 0) == .run)
        ledger.finish(ledger.ticket(ada), now: 0.001)
        #expect(ledger.admit(hog, now: 0.01) == .run)
        ledger.finish(ledger.ticket(hog), now: 0.04)  // 30 ms of a core beside ada
        #expect(ledger.owed(hog[0]) > Self.settings.heavyCost)
        // Four small requests of ada's at once, 8 ms of a core each: 32 ms owed when they end.
        let tickets = (0..<4).map { _ in
            #expect(ledger.admit(ada, now: 0.1) == .run)
            return ledger.ticket(ada)
        }
        for ticket in tickets { ledger.finish(ticket, now: 0.116) }
        #expect(ledger.owed(ada[0]) > Self.settings.heavyCost)
        #expect(!ledger.isHeavy(ada, now: 0.116), "small requests owe for a moment and stay light")
        #expect(ledger.owed(hog[0]) == 0, "repaid at its share by then")
        #expect(ledger.isHeavy(hog, now: 0.116), "but a request of it cost 30 ms beside ada 76 ms ago")
        #expect(ledger.admit(ada, now: 1.5) == .run)
        #expect(!ledger.isHeavy(hog, now: 1.5), "a window later")
    }

    /// A request that spent most of its wall time waiting (for the write lock, a reader) is charged the service of
    /// the rest only: its wait, in wall time, is not taken off service counted at the cores' shared rate.
    @Test func aWaitIsTakenOffInProportionNotInWallSeconds() {
        var ledger = WorkLedger(settings: Self.settings)
        let keys = ["a", "b", "c", "d"].map(Self.account)
        for key in keys { #expect(ledger.admit(key, now: 0) == .run) }
        let tickets = keys.map { ledger.ticket($0) }
        // Four requests on two cores: a second of wall time is half a second of service each.
        ledger.finish(tickets[0], now: 1, waited: 0.8)
        let owed = ledger.owed(keys[0][0])
        #expect(owed > 0.05 && owed < 0.15, "charged \(owed) s for 0.2 s of its second served at half a core")
    }

    @Test func twoHeavyAccountsEachGetAtLeastAThirdOfTheServer() {
        var simulation = Simulation(clients: [
            .init(keys: Self.account("hog"), connections: 8, seconds: 0.2),
            .init(keys: Self.account("pig"), connections: 2, seconds: 0.05),
        ])
        // The first requests of the eight connections all start before the other account is seen: measured after.
        let (service, _) = simulation.run(for: 22, measuringFrom: 2)
        // Each runs one request at a time and repays at the same rate; the one with the longer requests is ahead for
        // longer between turns (about 64 % against 36 % here), and neither gets less than a third.
        let share = service[0] / (service[0] + service[1])
        #expect(share > 1.0 / 3 && share < 2.0 / 3, "shares \(service[0]) s and \(service[1]) s")
        #expect(service[0] + service[1] > 30, "the two cores were kept busy: \(service[0] + service[1]) s in 20 s")
    }

    @Test func aKeyThatOwesMoreThanItsAllowanceWaitsUntilItHasRepaid() {
        var ledger = WorkLedger(settings: Self.settings)
        let hog = Self.account("hog"), ada = Self.account("ada")
        #expect(ledger.admit(ada, now: 0) == .run)
        ledger.finish(ledger.ticket(ada), now: 0.001)
        #expect(ledger.admit(hog, now: 0.001) == .run)
        let ticket = ledger.ticket(hog)
        #expect(ledger.admit(ada, now: 0.002) == .run)
        ledger.finish(ledger.ticket(ada), now: 0.003)
        // 0.3 s alone on a core: it owes 0.3 s less what it repaid meanwhile at its share of 1 s a second.
        ledger.finish(ticket, now: 0.301)
        #expect(ledger.admit(ada, now: 0.302) == .run)
        guard case .wait(let seconds) = ledger.admit(hog, now: 0.302) else {
            Issue.record("the heavy account was not told to wait")
            return
        }
        #expect(seconds > 0.1 && seconds < 0.3)
        #expect(ledger.admit(hog, now: 0.302 + seconds + 0.01) == .run)
    }

    @Test func idleKeysAreForgotten() {
        var ledger = WorkLedger(settings: Self.settings)
        for n in 0..<1000 {
            let keys = Self.account("a\(n)")
            #expect(ledger.admit(keys, now: Double(n) * 0.001) == .run)
            ledger.finish(ledger.ticket(keys), now: Double(n) * 0.001)
        }
        _ = ledger.admit(Self.account("late"), now: 5)
        #expect(ledger.keyCount == 1)
    }

    /// A request that waits for the store's write lock while another transaction holds it waits for others' work: the
    /// wait is metered as waiting (and not charged by the ledger, as the password threads' turns are not), or a light
    /// account writing beside a heavy one would be made to wait its turn.
    @Test func waitingForTheWriteLockIsMeteredAsWaiting() async throws {
        let store = try ServerStore.inMemory()
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let release = DispatchSemaphore(value: 0)
        let holder = Task {
            try await store.write { _ in
                holding.yield()
                release.wait()  // holds the write lock until the other write has waited half a second
            }
        }
        var events = held.makeAsyncIterator()
        _ = await events.next()
        let meter = WorkMeter()
        let (asked, asking) = AsyncStream.makeStream(of: Void.self)
        let writer = Task {
            try await WorkMeter.$current.withValue(meter) {
                asking.yield()  // no suspension between this and the write asking for the lock
                try await store.write { _ in }
            }
        }
        var asks = asked.makeAsyncIterator()
        _ = await asks.next()
        try await Task.sleep(for: .milliseconds(600))  // the other write waits meanwhile: the time to meter
        release.signal()
        try await writer.value
        try await holder.value
        #expect(meter.waited > 0.5, "metered \(meter.waited) s of waiting")
        var ledger = WorkLedger(settings: Self.settings)
        let ada = Self.account("ada")
        #expect(ledger.admit(ada, now: 0) == .run)
        ledger.finish(ledger.ticket(ada), now: 1, waited: meter.waited)
        #expect(ledger.owed(ada[0]) < 0.5, "charged \(ledger.owed(ada[0])) s for a second mostly spent waiting")
    }

    /// The nice value of the calling thread.
    static func niceness() -> Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// A request of an account whose last request cost 200 ms is heavy: its reads run on threads that give way (nice
    /// 10), alone or beside another account, on a store on disk and in memory alike; the other account's reads, and a
    /// heavy request's writes (which hold the lock others wait for), run as every request does (GRDB's queues, nice 0
    /// or below).
    @Test func aHeavyRequestsReadsGiveWayAndNothingElseDoes() async throws {
        let folder = try TemporaryFolder("gorilla-giving-way")
        for store in [try ServerStore.open(path: folder.child("store.sqlite").path), try ServerStore.inMemory()] {
            // A window of a minute: a loaded machine may take seconds over these requests.
            let scheduler = WorkScheduler(
                settings: WorkLedger.Settings(capacity: 2, allowance: 0.05, overhead: 0, window: 60))
            let hog = UUID(), ada = UUID()
            @Sendable func niceOfEach() async throws -> (yields: Bool?, read: Int32, write: Int32) {
                (
                    WorkMeter.current?.yields, try await store.read { _ in Self.niceness() },
                    try await store.write { _ in Self.niceness() }
                )
            }
            // The hog's first request takes 200 ms of a core.
            let first = try await scheduler.serve(account: hog, address: "127.0.0.2") {
                try await Task.sleep(for: .milliseconds(200))
                return try await niceOfEach()
            }
            #expect(first.yields == false && first.read < 10, "nothing is known of the hog yet")
            let alone = try await scheduler.serve(account: hog, address: "127.0.0.2") { try await niceOfEach() }
            #expect(alone.yields == true, "its last request cost 0.2 s")
            #expect(alone.read >= 10, "alone, its read ran at nice \(alone.read) (the cores are all its own anyway)")
            let light = try await scheduler.serve(account: ada, address: "127.0.0.1") { try await niceOfEach() }
            #expect(light.yields == false)
            #expect(light.read < 10, "a light request's read ran at nice \(light.read)")
            let beside = try await scheduler.serve(account: hog, address: "127.0.0.2") { try await niceOfEach() }
            #expect(beside.yields == true)
            #expect(beside.read >= 10, "beside ada, the heavy request's read ran at nice \(beside.read)")
            #expect(beside.write < 10, "the heavy request's write ran at nice \(beside.write)")
        }
    }
}
