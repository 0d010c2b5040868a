import Foundation
import GorillaShared
import GorillaTransport
import NIOCore
import NIOEmbedded
import Testing

@testable import GorillaServer

/// The event loop answers a repeated `sync.updated` alone only while the task's answer stands, and never ahead of a
/// response the task still owes.
@Suite struct PollResponderTests {
    private static let value = Array(#"{"sections":{},"version":42}"#.utf8)

    /// A channel with the responder, and an answer for `since` 42 that stands for a minute.
    private static func channel(requestsPerSecond: Double = 100) throws -> (EmbeddedChannel, PollShortcut, StoreEpochs)
    {
        let shortcut = PollShortcut(requestsPerSecond: requestsPerSecond)
        let epochs = StoreEpochs()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(PollResponder(shortcut: shortcut, epochs: epochs))
        shortcut.keep(answer(epochs))
        return (channel, shortcut, epochs)
    }

    private static func answer(
        _ epochs: StoreEpochs, since: Int64 = 42, until: Date = Date().addingTimeInterval(60)
    ) -> PollShortcut.Answer {
        PollShortcut.Answer(
            since: since, dataEpoch: epochs.data, accountsEpoch: epochs.accounts, until: until, value: value)
    }

    private static func poll(_ id: Int, since: Int = 42) -> LineFrame {
        .line(ByteBuffer(string: #"{"id":\#(id),"op":"sync.updated","body":{"since":\#(since)}}"#))
    }

    private static func other(_ id: Int) -> LineFrame {
        .line(ByteBuffer(string: #"{"id":\#(id),"op":"sync.push","body":{"mutations":[]}}"#))
    }

    /// The responses written so far, parsed.
    private static func written(_ channel: EmbeddedChannel) throws -> [[String: Any]] {
        var lines: [[String: Any]] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            let text = String(buffer: buffer)
            #expect(text.hasSuffix("}\n"))
            lines.append(try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
        }
        return lines
    }

    /// The ids of the lines passed on to the task.
    private static func passedOn(_ channel: EmbeddedChannel) throws -> [Int] {
        var ids: [Int] = []
        while let frame = try channel.readInbound(as: LineFrame.self) {
            guard case .line(let buffer) = frame else { continue }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any])
            ids.append(try #require(object["id"] as? Int))
        }
        return ids
    }

    @Test func aRepeatedPollIsAnsweredOnTheLoopWithTheTasksValue() throws {
        let (channel, _, _) = try Self.channel()
        try channel.writeInbound(Self.poll(7))
        #expect(try Self.passedOn(channel).isEmpty)
        let responses = try Self.written(channel)
        #expect(responses.count == 1)
        #expect(responses.first?["id"] as? Int == 7)
        #expect(responses.first?["result"] as? Int == 0)
        #expect((responses.first?["value"] as? [String: Any])?["version"] as? Int == 42)
        #expect(ISOTime.parse(responses.first?["time"] as? String ?? "") != nil)
    }

    @Test func noAnswerOvertakesAResponseTheTaskStillOwes() throws {
        let (channel, _, _) = try Self.channel()
        // Two lines arrive together: the push goes to the task, and so does the poll behind it.
        try channel.writeInbound(Self.other(1))
        try channel.writeInbound(Self.poll(2))
        #expect(try Self.passedOn(channel) == [1, 2])
        #expect(try Self.written(channel).isEmpty)
        // The task answers the push; the poll is still its own to answer.
        try channel.writeOutbound(ByteBuffer(string: #"{"id":1,"result":0}\#n"#))
        try channel.writeInbound(Self.poll(3))
        #expect(try Self.passedOn(channel) == [3])
        // Once it has answered everything it was given, the loop answers again.
        try channel.writeOutbound(ByteBuffer(string: #"{"id":2,"result":0}\#n"#))
        try channel.writeOutbound(ByteBuffer(string: #"{"id":3,"result":0}\#n"#))
        #expect(try Self.written(channel).map { $0["id"] as? Int } == [1, 2, 3])
        try channel.writeInbound(Self.poll(4))
        #expect(try Self.passedOn(channel).isEmpty)
        #expect(try Self.written(channel).map { $0["id"] as? Int } == [4])
    }

    @Test func aPollGoesToTheTaskOnceItsAnswerNoLongerStands() throws {
        // Another cursor.
        var (channel, shortcut, epochs) = try Self.channel()
        try channel.writeInbound(Self.poll(1, since: 41))
        #expect(try Self.passedOn(channel) == [1])

        // Data was written.
        (channel, shortcut, epochs) = try Self.channel()
        epochs.advance(accounts: false, data: true)
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])

        // An account or token changed (a logout elsewhere, a new password): the task checks the token again.
        (channel, shortcut, epochs) = try Self.channel()
        epochs.advance(accounts: true, data: false)
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])

        // The answer's time is up (the reuse interval, the token's next check or its expiry).
        (channel, shortcut, epochs) = try Self.channel()
        shortcut.keep(Self.answer(epochs, until: Date().addingTimeInterval(-1)))
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])

        // The task forgot it (any other request), or the connection subscribed to live pushes.
        (channel, shortcut, epochs) = try Self.channel()
        shortcut.forget()
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])
        (channel, shortcut, epochs) = try Self.channel()
        shortcut.disable()
        shortcut.keep(Self.answer(epochs))
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])

        // A long line is not read on the loop at all, even a poll padded with spaces.
        (channel, shortcut, epochs) = try Self.channel()
        let padded =
            #"{"id":1,"op":"sync.updated","body":{"since":42}}"#
            + String(repeating: " ", count: PollResponder.longestPoll)
        #expect(PollResponder.poll(ByteBuffer(string: padded))?.since == 42)
        try channel.writeInbound(LineFrame.line(ByteBuffer(string: padded)))
        #expect(try Self.passedOn(channel) == [1])

        // The peer is not reading: the task answers, under the channel's back-pressure.
        (channel, shortcut, epochs) = try Self.channel()
        channel.isWritable = false
        try channel.writeInbound(Self.poll(1))
        #expect(try Self.passedOn(channel) == [1])
        #expect(try Self.written(channel).isEmpty)
    }

    @Test func loopAnswersDrawOnTheConnectionsRequestRate() throws {
        // 1 request a second, 2 saved up: two polls are answered on the loop, the third goes to the task, which
        // finds the bucket empty too and answers "rate limited".
        let (channel, shortcut, _) = try Self.channel(requestsPerSecond: 1)
        for id in 1...3 {
            try channel.writeInbound(Self.poll(id))
        }
        #expect(try Self.written(channel).map { $0["id"] as? Int } == [1, 2])
        #expect(try Self.passedOn(channel) == [3])
        #expect(!shortcut.takeToken())
    }

    @Test func blankLinesAndOverlongLinesGoToTheTask() throws {
        let (channel, _, _) = try Self.channel()
        try channel.writeInbound(LineFrame.line(ByteBuffer(string: " \t ")))
        try channel.writeInbound(LineFrame.tooLong)
        var frames: [LineFrame] = []
        while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
        #expect(frames.count == 2)
        // A blank line gets no response, so it does not count as owed: the next poll is answered on the loop after the
        // overlong line's response.
        try channel.writeOutbound(ByteBuffer(string: #"{"id":null,"result":105}\#n"#))
        _ = try Self.written(channel)
        try channel.writeInbound(Self.poll(9))
        #expect(try Self.written(channel).map { $0["id"] as? Int } == [9])
    }

    @Test func onlyAPlainPollIsRecognized() {
        let recognized: [(String, Int, Int64)] = [
            (#"{"id":1,"op":"sync.updated","body":{"since":0}}"#, 1, 0),
            (#" { "body" : { "since" : 17 } , "op" : "sync.updated" , "id" : 5 } "#, 5, 17),
            (#"{"op":"sync.\u0075pdated","id":-3,"body":{"since":-8}}"#, -3, -8),
            (#"{"id":2,"op":"sync.updated","body":{"since":9223372036854775807}}"#, 2, .max),
        ]
        for (line, id, since) in recognized {
            let poll = PollResponder.poll(ByteBuffer(string: line))
            #expect(poll?.id == id && poll?.since == since, "\(line)")
        }
        let refused = [
            #"{"id":1,"op":"sync.pull","body":{"since":0}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":0},"extra":1}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":0,"limit":5}}"#,
            #"{"id":1,"op":"sync.updated","body":{}}"#,
            #"{"id":1,"op":"sync.updated"}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":"0"}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":1.5}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":1e2}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":1180591620717411303424}}"#,
            #"{"id":"1","op":"sync.updated","body":{"since":0}}"#,
            #"{"id":1.0,"op":"sync.updated","body":{"since":0}}"#,
            #"{"id":1,"id":2,"op":"sync.updated","body":{"since":0}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":0,"since":1}}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":0}} {}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":0}"#,
            #"{"id":1,"op":"sync.updated","body":[0]}"#,
            #"{"id":1,"op":"sync.updated","body":{"since":{"deep":[[[[1]]]]}}}"#,
            #"[1,"sync.updated",{"since":0}]"#,
            "",
        ]
        for line in refused {
            #expect(PollResponder.poll(ByteBuffer(string: line)) == nil, "\(line)")
        }
    }
}
