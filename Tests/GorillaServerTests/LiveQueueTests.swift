import GorillaTesting
import NIOCore
import Testing

@testable import GorillaServer

/// A subscriber's queue of live pushes: bounded in count and bytes, replaced by one `resync` push when it overflows,
/// handed to the writer in small batches.
@Suite(.hangLimit)
struct LiveQueueTests {
    static func line(_ bytes: Int) -> ByteBuffer {
        ByteBuffer(string: String(repeating: "x", count: bytes - 1) + "\n")
    }

    @Test func pushesWaitInOrderAndGoOutInBatchesOfAtMostSixteenKiB() async throws {
        let queue = LiveQueue()
        for _ in 0..<20 { queue.offer(Self.line(2000)) }
        #expect(queue.queuedBytes == 40_000)
        let first = try #require(await queue.next())
        #expect(first.lines.count == 8, "8 × 2,000 bytes fit in 16 KiB")
        #expect(!first.closes)
        #expect(queue.queuedBytes == 24_000)
        let second = try #require(await queue.next())
        let third = try #require(await queue.next())
        #expect(second.lines.count + third.lines.count == 12)
        #expect(queue.queuedBytes == 0)
    }

    @Test func aQueuePastItsBytesDropsEverythingAndTellsTheWriterToResync() async throws {
        let queue = LiveQueue()
        let fit = LiveQueue.maxBytes / 4000
        for _ in 0..<fit { queue.offer(Self.line(4000)) }
        #expect(!queue.isBehind)
        queue.offer(Self.line(4000))
        #expect(queue.isBehind)
        #expect(queue.queuedBytes == 0)
        queue.offer(Self.line(100))  // dropped too: the resync covers it
        let batch = try #require(await queue.next())
        #expect(batch.lines.count == 1)
        #expect(String(buffer: batch.lines[0]).contains(#""event":"resync""#))
        queue.offer(Self.line(100))
        #expect(try #require(await queue.next()).lines.count == 1)
    }

    @Test func aQueuePastItsCountOverflowsToo() async throws {
        let queue = LiveQueue()
        for _ in 0..<LiveQueue.maxCount { queue.offer(Self.line(10)) }
        #expect(!queue.isBehind)
        queue.offer(Self.line(10))
        #expect(queue.isBehind)
    }

    @Test func anEndingWithALastLineHandsOverThatLineAloneAndThenNothing() async throws {
        let queue = LiveQueue()
        queue.offer(Self.line(10))
        queue.end(with: ByteBuffer(string: "revoked\n"))
        queue.offer(Self.line(10))
        let last = try #require(await queue.next())
        #expect(last.closes)
        #expect(last.lines.map { String(buffer: $0) } == ["revoked\n"])
        #expect(await queue.next() == nil)
    }

    @Test func aWriterWaitingForPushesWakesForTheNextOne() async throws {
        let queue = LiveQueue()
        async let next = queue.next()
        queue.offer(Self.line(10))
        #expect(try #require(await next).lines.count == 1)
        queue.end()
        #expect(await queue.next() == nil)
    }
}
