import GorillaTransport
import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing

extension LineFrame: Equatable {
    package static func == (lhs: LineFrame, rhs: LineFrame) -> Bool {
        switch (lhs, rhs) {
        case (.line(let a), .line(let b)): a == b
        case (.tooLong, .tooLong): true
        default: false
        }
    }
}

@Suite struct LineFrameDecoderTests {
    private func line(_ text: String) -> LineFrame { .line(ByteBuffer(string: text)) }

    private func channel(limit: Int) -> EmbeddedChannel {
        EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: limit)))
    }

    /// Everything the decoder has produced so far.
    private func frames(_ channel: EmbeddedChannel) throws -> [LineFrame] {
        var frames: [LineFrame] = []
        while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
        return frames
    }

    @Test func wellFormedLinesDecodeHoweverTheBytesArrive() throws {
        // The verifier feeds each input whole, byte by byte and all at once, through one decoder.
        try ByteToMessageDecoderVerifier.verifyDecoder(
            stringInputOutputPairs: [
                ("hello\n", [line("hello")]),
                ("one\ntwo\n", [line("one"), line("two")]),
                ("crlf\r\n", [line("crlf")]),
                ("\n", [line("")]),
                ("\r\n", [line("")]),
                ("1234567890\n", [line("1234567890")]),
                ("0123456789abcdef0123456789ABCDEF\n", [line("0123456789abcdef0123456789ABCDEF")]),
                (#"{"id":1,"op":"hello"}"# + "\r\n", [line(#"{"id":1,"op":"hello"}"#)]),
            ],
            decoderFactory: { LineFrameDecoder(maximumLength: 32) }
        )
    }

    @Test func severalLinesInOneBufferComeOutInOrder() throws {
        let channel = channel(limit: 64)
        try channel.writeInbound(ByteBuffer(string: "first\nsecond\r\nthird\npartial"))
        #expect(try frames(channel) == [line("first"), line("second"), line("third")])
        try channel.writeInbound(ByteBuffer(string: " line\n"))
        #expect(try frames(channel) == [line("partial line")])
        #expect(try channel.finish().isClean)
    }

    @Test func oneLineSplitAcrossBuffersIsReassembled() throws {
        let channel = channel(limit: 64)
        try channel.writeInbound(ByteBuffer(string: #"{"id":1,"#))
        #expect(try frames(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: #""op":"hello"}"#))
        #expect(try frames(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: "\r"))
        #expect(try frames(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: "\nnext\n"))
        #expect(try frames(channel) == [line(#"{"id":1,"op":"hello"}"#), line("next")])
        #expect(try channel.finish().isClean)
    }

    @Test func carriageReturnOnlyBeforeNewlineIsDropped() throws {
        let channel = channel(limit: 64)
        try channel.writeInbound(ByteBuffer(string: "a\rb\r\n\r\rc\n"))
        #expect(try frames(channel) == [line("a\rb"), line("\r\rc")])
    }

    @Test func lineExactlyAtTheLimitPasses() throws {
        let channel = channel(limit: 8)
        try channel.writeInbound(ByteBuffer(string: "12345678"))
        #expect(try frames(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: "\nabcdefgh\n"))
        #expect(try frames(channel) == [line("12345678"), line("abcdefgh")])
        #expect(try channel.finish().isClean)
    }

    @Test func lineOneByteOverTheLimitIsReportedOnceAndTheRestDiscarded() throws {
        let channel = channel(limit: 8)
        try channel.writeInbound(ByteBuffer(string: "ok\n123456789\nafter\n"))
        #expect(try frames(channel) == [line("ok"), .tooLong])
        try channel.writeInbound(ByteBuffer(string: "more\n"))
        try channel.writeInbound(ByteBuffer(string: "and more\n"))
        #expect(try frames(channel).isEmpty)
        #expect(try channel.finish().isClean)
    }

    @Test func longLineWithoutNewlineIsReportedOnceItPassesTheLimit() throws {
        let channel = channel(limit: 8)
        try channel.writeInbound(ByteBuffer(string: "12345"))
        #expect(try frames(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: "6789"))
        #expect(try frames(channel) == [.tooLong])
        try channel.writeInbound(ByteBuffer(string: "0\nshort\n"))
        #expect(try frames(channel).isEmpty)
        #expect(try channel.finish().isClean)
    }

    @Test func unterminatedLastLineIsDroppedAtEndOfStream() throws {
        let channel = channel(limit: 64)
        try channel.writeInbound(ByteBuffer(string: "whole\nhalf"))
        #expect(try frames(channel) == [line("whole")])
        #expect(try channel.finish().isClean)
    }

    @Test func nextFrameWorksOnAPlainBuffer() {
        var decoder = LineFrameDecoder(maximumLength: 16)
        var buffer = ByteBuffer(string: "alpha\nbeta")
        #expect(decoder.nextFrame(&buffer) == line("alpha"))
        #expect(decoder.nextFrame(&buffer) == nil)
        buffer.writeString("\n")
        #expect(decoder.nextFrame(&buffer) == line("beta"))
        #expect(buffer.readableBytes == 0)
    }

    @Test func defaultLimitIsOneMebibyte() {
        #expect(LineFrameDecoder().maximumLength == 1024 * 1024)
        #expect(LineFrameDecoder.defaultMaximumLength == 1_048_576)
    }
}
