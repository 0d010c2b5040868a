import Foundation
import GorillaServer
import GorillaShared
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

/// Wrong registration codes back off per address: free at first, then a wait that doubles, with a ceiling.
@Suite struct CodeBackoffTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let backoff = RateLimiter.Backoff(free: 5, first: 10, longest: 15 * 60, memory: 24 * 60 * 60)

    @Test func fiveWrongCodesCostNothingThenEachMoreDoublesTheWaitUpToFifteenMinutes() async {
        let limiter = RateLimiter(backoff: backoff)
        var now = start
        for _ in 0..<4 {
            await limiter.record("code:gym", now: now)
            #expect(await limiter.retryAfter("code:gym", now: now) == nil)
            now += 1
        }
        // Each wrong code is made once the wait before it is over, as a client that waits would make it.
        var waits: [Int] = []
        for _ in 0..<10 {
            await limiter.record("code:gym", now: now)
            let wait = await limiter.retryAfter("code:gym", now: now) ?? 0
            waits.append(wait)
            #expect(await limiter.retryAfter("code:gym", now: now + Double(wait) - 0.5) == 1)
            now += Double(wait)
            #expect(await limiter.retryAfter("code:gym", now: now) == nil)
        }
        #expect(waits == [10, 20, 40, 80, 160, 320, 640, 900, 900, 900])
        #expect(await limiter.retryAfter("code:elsewhere", now: now) == nil)
    }

    @Test func aRightCodeClearsTheWrongOnesAndOldOnesAreForgotten() async {
        let limiter = RateLimiter(backoff: backoff)
        for second in 0..<6 { await limiter.record("code:gym", now: start + Double(second)) }
        #expect(await limiter.retryAfter("code:gym", now: start + 6) == 19)
        await limiter.reset("code:gym")
        #expect(await limiter.retryAfter("code:gym", now: start + 6) == nil)
        await limiter.record("code:gym", now: start + 7)
        #expect(await limiter.retryAfter("code:gym", now: start + 7) == nil)
        for second in 0..<5 { await limiter.record("code:old", now: start + Double(second)) }
        #expect(await limiter.retryAfter("code:old", now: start + 5) != nil)
        // A day later the five are forgotten: the next wrong code is a first one again.
        await limiter.record("code:old", now: start + 86_410)
        #expect(await limiter.retryAfter("code:old", now: start + 86_410) == nil)
    }

    @Test func theWaitIsSaidInMinutesAndSecondsInTheUsersLanguage() {
        let error = ServerError(.rateLimited, retryAfter: 160)
        #expect(error.wire(in: .ca).message.hasSuffix("(torneu-ho a provar d'aquí a 2 min 40 s)"))
        #expect(error.wire(in: .es).message.hasSuffix("(vuelva a intentarlo en 2 min 40 s)"))
        #expect(error.wire(in: .en).message.hasSuffix("(try again in 2 min 40 s)"))
        #expect(error.wire(in: .en).retryAfter == 160)
        #expect(RetryWait(seconds: 900).duration == "15 min")
        #expect(RetryWait(seconds: 10).duration == "10 s")
        #expect(RetryWait(seconds: 3596).duration == "59 min 56 s")
    }
}
