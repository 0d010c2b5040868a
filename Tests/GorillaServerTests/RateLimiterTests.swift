import Foundation
import GorillaServer
import Testing

@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func allowsUpToTheLimitWithinTheWindow() async {
        let limiter = RateLimiter(limit: 3, window: 60)
        for second in 0..<2 {
            await limiter.record("ada", now: start.addingTimeInterval(Double(second)))
        }
        #expect(await limiter.retryAfter("ada", now: start.addingTimeInterval(2)) == nil)
        await limiter.record("ada", now: start.addingTimeInterval(10))
        #expect(await limiter.retryAfter("ada", now: start.addingTimeInterval(11)) == 49)
        #expect(await limiter.retryAfter("bob", now: start.addingTimeInterval(11)) == nil)
    }

    @Test func oldEventsLeaveTheWindow() async {
        let limiter = RateLimiter(limit: 2, window: 60)
        await limiter.record("ada", now: start)
        await limiter.record("ada", now: start.addingTimeInterval(30))
        #expect(await limiter.retryAfter("ada", now: start.addingTimeInterval(59.5)) == 1)
        #expect(await limiter.retryAfter("ada", now: start.addingTimeInterval(60.5)) == nil)
        await limiter.record("ada", now: start.addingTimeInterval(61))
        #expect(await limiter.retryAfter("ada", now: start.addingTimeInterval(62)) == 28)
    }

    @Test func resetForgetsAKey() async {
        let limiter = RateLimiter(limit: 1, window: 60)
        await limiter.record("ada", now: start)
        await limiter.record("bob", now: start)
        #expect(await limiter.retryAfter("ada", now: start) != nil)
        await limiter.reset("ada")
        #expect(await limiter.retryAfter("ada", now: start) == nil)
        #expect(await limiter.retryAfter("bob", now: start) != nil)
    }
}
