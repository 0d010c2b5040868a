import NIOCore

/// One inbound frame: a complete line, or the news that a line exceeded the limit.
package enum LineFrame: Sendable {
    case line(ByteBuffer)
    case tooLong
}

/// Splits a byte stream into `\n`-terminated lines (an optional `\r` before it is dropped).
///
/// A line longer than `maximumLength` bytes produces one ``LineFrame/tooLong`` and everything after it
/// is discarded: the peer has broken the protocol and the connection is about to close.
package struct LineFrameDecoder: ByteToMessageDecoder {
    package typealias InboundOut = LineFrame

    /// The default maximum line length, 1 MiB.
    package static let defaultMaximumLength = 1024 * 1024

    package let maximumLength: Int
    private var scannedBytes = 0
    private var overflowed = false

    package init(maximumLength: Int = LineFrameDecoder.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    package mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = nextFrame(&buffer) else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    package mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while let frame = nextFrame(&buffer) {
            context.fireChannelRead(Self.wrapInboundOut(frame))
        }
        // A final line without its newline is incomplete; drop it.
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }

    /// Takes the next frame out of `buffer`, if one is complete.
    package mutating func nextFrame(_ buffer: inout ByteBuffer) -> LineFrame? {
        if overflowed {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            return nil
        }
        let view = buffer.readableBytesView
        let searchStart = view.startIndex + scannedBytes
        if let newline = view[searchStart...].firstIndex(of: UInt8(ascii: "\n")) {
            var length = newline - view.startIndex
            scannedBytes = 0
            if length > maximumLength {
                overflowed = true
                buffer.moveReaderIndex(to: buffer.writerIndex)
                return .tooLong
            }
            let hasCarriageReturn = length > 0 && view[newline - 1] == UInt8(ascii: "\r")
            if hasCarriageReturn { length -= 1 }
            let line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: hasCarriageReturn ? 2 : 1)
            return .line(line)
        }
        scannedBytes = view.count
        if view.count > maximumLength {
            overflowed = true
            buffer.moveReaderIndex(to: buffer.writerIndex)
            return .tooLong
        }
        return nil
    }
}
