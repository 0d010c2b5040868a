import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
@testable import GorillaTerminal
import GorillaTesting
import Synchronization
import Testing

@testable import GorillaClient

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw-mode scope: raw inside, the saved attributes back on every way out.
@Suite(.hangLimit)
struct RawModeTests {
    /// Attributes kept in memory; records every set.
    final class RecordingAttributes: TerminalAttributes {
        let current: Mutex<termios>
        let sets = Mutex<[termios]>([])

        init(_ initial: termios) { current = Mutex(initial) }

        func attributes(of descriptor: Int32) throws(TerminalAttributesError) -> termios { current.withLock { $0 } }

        func setAttributes(_ attributes: termios, of descriptor: Int32) throws(TerminalAttributesError) {
            current.withLock { $0 = attributes }
            sets.withLock { $0.append(attributes) }
        }

        var isRaw: Bool { current.withLock { $0.c_lflag & tcflag_t(ECHO | ICANON) == 0 } }
    }

    static var cooked: termios {
        var attributes = termios()
        attributes.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        attributes.c_iflag = tcflag_t(ICRNL | IXON)
        attributes.c_oflag = tcflag_t(OPOST)
        return attributes
    }

    static func same(_ a: termios, _ b: termios) -> Bool {
        withUnsafeBytes(of: a) { left in withUnsafeBytes(of: b) { right in left.elementsEqual(right) } }
    }

    struct Boom: Error {}

    @Test func theTerminalIsRawInsideAndRestoredAfterANormalReturn() async throws {
        let attributes = RecordingAttributes(Self.cooked)
        let wasRaw = try await RawMode.with(0, attributes: attributes) { attributes.isRaw }
        #expect(wasRaw)
        #expect(Self.same(attributes.current.withLock { $0 }, Self.cooked))
        #expect(attributes.sets.withLock { $0.count } == 2)
    }

    @Test func theTerminalIsRestoredWhenTheBodyThrows() async {
        let attributes = RecordingAttributes(Self.cooked)
        await #expect(throws: Boom.self) {
            try await RawMode.with(0, attributes: attributes) {
                #expect(attributes.isRaw)
                throw Boom()
            }
        }
        #expect(Self.same(attributes.current.withLock { $0 }, Self.cooked))
    }

    @Test func theTerminalIsRestoredWhenTheTaskIsCancelled() async throws {
        let attributes = RecordingAttributes(Self.cooked)
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            try await RawMode.with(0, attributes: attributes) {
                enter.yield()
                try await Task.sleep(for: .seconds(3600))
            }
        }
        for await _ in entered { break }
        #expect(attributes.isRaw)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(Self.same(attributes.current.withLock { $0 }, Self.cooked))
    }

    @Test func nothingRunsWhenTheAttributesCannotBeRead() async {
        let descriptor = open("/dev/null", O_RDWR)
        defer { close(descriptor) }
        let ran = Mutex(false)
        await #expect(throws: TerminalAttributesError.self) {
            try await RawMode.with(descriptor) { ran.withLock { $0 = true } }
        }
        #expect(!ran.withLock { $0 })
    }

    /// A C function of the C library, looked up by name (the pseudo-terminal calls are not in the Glibc module).
    static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), name), "\(name) is not in the C library")
        return unsafeBitCast(symbol, to: type)
    }

    /// Opens a pseudo-terminal and returns the descriptor of its terminal side and of its master.
    static func pseudoTerminal() throws -> (terminal: Int32, master: Int32) {
        let openMaster = try libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grant = try libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlock = try libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let name = try libc("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        let master = openMaster(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        try #require(grant(master) == 0 && unlock(master) == 0)
        let path = try #require(name(master).map { String(cString: $0) })
        let terminal = open(path, O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        return (terminal, master)
    }

    @Test func aRealPseudoTerminalIsRawInsideAndCookedAgainAfterAnError() async throws {
        let (terminal, master) = try Self.pseudoTerminal()
        defer { close(terminal); close(master) }
        var before = termios()
        try #require(tcgetattr(terminal, &before) == 0)
        try #require(before.c_lflag & tcflag_t(ECHO) != 0)
        await #expect(throws: Boom.self) {
            try await RawMode.with(terminal) {
                var inside = termios()
                #expect(tcgetattr(terminal, &inside) == 0)
                #expect(inside.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
                #expect(inside.c_oflag & tcflag_t(OPOST) == 0)
                throw Boom()
            }
        }
        var after = termios()
        try #require(tcgetattr(terminal, &after) == 0)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_oflag == before.c_oflag)
    }

    @Test func theSynchronousScopeRestoresWhenTheBodyThrows() {
        let attributes = RecordingAttributes(Self.cooked)
        #expect(throws: Boom.self) {
            try RawMode.changing(0, attributes: attributes, to: RawMode.secret(from:)) {
                #expect(attributes.isRaw)
                throw Boom()
            }
        }
        #expect(Self.same(attributes.current.withLock { $0 }, Self.cooked))
    }

    /// Types `input` on the pseudo-terminal, reads a secret from it, and returns what was read and the attributes after.
    static func readSecret(typing input: [UInt8]) throws -> (secret: String?, interrupted: Bool, echo: Bool) {
        let (terminal, master) = try pseudoTerminal()
        defer { close(master) }
        // The kernel handles typed bytes when it gets to them, maybe before the secret mode is on: with line editing
        // and signals already off, it passes Backspace and Ctrl-C through whenever that is. Echo stays on, to be restored.
        var before = termios()
        try #require(tcgetattr(terminal, &before) == 0)
        before.c_lflag &= ~tcflag_t(ICANON | ISIG)
        try #require(tcsetattr(terminal, TCSANOW, &before) == 0)
        #expect(write(master, input, input.count) == input.count)
        let tty = TerminalDevice(descriptor: terminal)
        let (secret, interrupted) = Terminal.readSecret(on: tty, prompt: "Password: ")
        var after = termios()
        #expect(tcgetattr(terminal, &after) == 0)
        return (secret, interrupted, after.c_lflag == before.c_lflag && after.c_lflag & tcflag_t(ECHO) != 0)
    }

    @Test func aSecretIsReadWithBackspaceAndTheTerminalEchoesAgainAfterwards() throws {
        let read = try Self.readSecret(typing: Array("pässx\u{7F}word\r".utf8))
        #expect(read.secret == "pässword")
        #expect(!read.interrupted)
        #expect(read.echo)
        let erased = try Self.readSecret(typing: Array("é\u{7F}ok\r".utf8))
        #expect(erased.secret == "ok")
    }

    @Test func ctrlCWhileReadingASecretRestoresTheTerminalAndSaysSo() throws {
        let read = try Self.readSecret(typing: Array("sec\u{3}ret\r".utf8))
        #expect(read.secret == nil)
        #expect(read.interrupted)
        #expect(read.echo)
    }
}
