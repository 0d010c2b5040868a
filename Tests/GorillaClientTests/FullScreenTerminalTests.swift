import Foundation
import GorillaClient
import GorillaClientCore
import GorillaTerminal
import GorillaTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The full-screen scope on a pseudo-terminal: keys arrive as events, the screen and the mode come back.
@Suite(.serialized, .hangLimit)
struct FullScreenTerminalTests {
    struct Boom: Error {}

    /// Types `bytes` on the terminal's keyboard side.
    static func type(_ bytes: [UInt8], on master: Int32) {
        #expect(write(master, bytes, bytes.count) == bytes.count)
    }

    /// Everything the view wrote to the terminal so far.
    static func output(of master: Int32) -> String {
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(master, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isCooked(_ terminal: Int32) -> Bool {
        var attributes = termios()
        return tcgetattr(terminal, &attributes) == 0
            && attributes.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON)
    }

    @Test func keysArriveInOrderAsEventsAndTheTerminalIsRestoredAfterwards() async throws {
        let (terminal, master) = try RawModeTests.pseudoTerminal()
        defer { close(master) }
        let device = TerminalDevice(descriptor: terminal)
        let keys = try await FullScreenTerminal.run(on: device) { screen in
            var keys: [Key] = []
            // Typed once raw mode is on: PgUp whole, then a lone Escape (a key once nothing follows), then 'é' and 'q'.
            Self.type(Array("a\u{1B}[5~".utf8), on: master)
            for await event in screen.events {
                guard case .key(let key) = event else { continue }
                keys.append(key)
                if key == .pageUp { Self.type([0x1B], on: master) }
                if key == .escape { Self.type(Array("éq".utf8), on: master) }
                if key == .character("q") { break }
            }
            return keys
        }
        #expect(keys == [.character("a"), .pageUp, .escape, .character("é"), .character("q")])
        #expect(Self.isCooked(terminal))
        let output = Self.output(of: master)
        #expect(
            output.contains("\u{1B}[?1049h") && output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"),
            "\(output.debugDescription)")
    }

    @Test func anErrorInTheViewRestoresTheTerminal() async throws {
        let (terminal, master) = try RawModeTests.pseudoTerminal()
        defer { close(master) }
        let device = TerminalDevice(descriptor: terminal)
        await #expect(throws: Boom.self) {
            try await FullScreenTerminal.run(on: device) { _ in
                #expect(!Self.isCooked(terminal))
                throw Boom()
            }
        }
        #expect(Self.isCooked(terminal))
        #expect(Self.output(of: master).hasSuffix("\u{1B}[?1049l"))
    }

    @Test func cancellingTheViewRestoresTheTerminalAndTicksComeMeanwhile() async throws {
        let (terminal, master) = try RawModeTests.pseudoTerminal()
        defer { close(master) }
        let device = TerminalDevice(descriptor: terminal)
        let (ticked, tick) = AsyncStream.makeStream(of: Void.self)
        let view = Task {
            try await FullScreenTerminal.run(on: device, tick: .milliseconds(10)) { screen in
                for await event in screen.events where event == .tick { tick.yield() }
                return "ended"
            }
        }
        var ticks = 0
        for await _ in ticked {
            ticks += 1
            if ticks == 3 { break }
        }
        #expect(!Self.isCooked(terminal))
        view.cancel()
        _ = try? await view.value
        #expect(Self.isCooked(terminal))
    }
}
