import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import GorillaTesting
import NIOCore
import Synchronization
import Testing

@testable import GorillaClient

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The words the CLI says when something is refused or asked: confirmations, new passwords, set syntax, lost
/// connections.
@Suite(.hangLimit)
struct SmallWordsTests {
    // MARK: Confirmation

    @Test func withoutYesAndWithoutATerminalADeleteIsRefusedBeforeAnything() {
        do {
            _ = try Confirmation(yes: false, command: "gorilla clients rm", terminal: false) { _ in true }
            Issue.record("no terminal, no --yes, and no refusal")
        } catch let error as ClientError {
            #expect(error.exitCode == 64)
            #expect(error.message.contains("add --yes"), "\(error)")
            #expect(error.message.contains("gorilla clients rm"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        // The same refusal from a confirmation built without a terminal (the service asks later).
        if !Terminal.canAsk {
            #expect(throws: ClientError.self) {
                try Confirmation.terminal(yes: false, command: "gorilla measurements rm").require("Delete?")
            }
        }
    }

    @Test func aTerminalIsAskedAndNoDeletesNothing() throws {
        let asked = Mutex<[String]>([])
        let no = try Confirmation(yes: false, command: "gorilla machines rm", terminal: true) { question in
            asked.withLock { $0.append(question) }
            return false
        }
        #expect(no.asks)
        do {
            try no.require("Delete machine 'Rower'?")
            Issue.record("a no went on")
        } catch let error as ClientError {
            #expect(error.kind == .cancelled)
            #expect(error.exitCode == 1)
        }
        #expect(asked.withLock { $0 } == ["Delete machine 'Rower'?"])
        let yes = try Confirmation(yes: false, command: "gorilla machines rm", terminal: true) { _ in true }
        try yes.require("Delete machine 'Rower'?")
        // --yes asks nothing, with or without a terminal.
        let given = try Confirmation(yes: true, command: "gorilla machines rm", terminal: false) { _ in
            Issue.record("--yes asked")
            return false
        }
        #expect(!given.asks)
        try given.require("Delete machine 'Rower'?")
        try Confirmation.yes.require("anything")
    }

    // MARK: New passwords

    /// A prompt fed `typed`, one line per read; returns the password (or error) and what it said.
    static func prompt(
        _ typed: [String?]
    ) -> (password: String?, error: ClientError?, prompts: [String], said: [String]) {
        var lines = typed
        var prompts: [String] = []
        var said: [String] = []
        let prompt = NewPasswordPrompt(
            read: { text in
                prompts.append(text)
                return lines.isEmpty ? nil : lines.removeFirst()
            }, say: { said.append($0) })
        do {
            return (try prompt.ask(), nil, prompts, said)
        } catch {
            return (nil, error as? ClientError ?? ClientError(.local, "\(error)"), prompts, said)
        }
    }

    @Test func aNewPasswordIsTypedTwiceAndAMismatchAsksAgain() throws {
        let matched = Self.prompt(["correct-horse", "correct-horse"])
        #expect(matched.password == "correct-horse")
        #expect(matched.prompts == ["New password (8+ characters): ", "Type it again: "])
        #expect(matched.said.isEmpty)

        let mismatch = Self.prompt(["correct-horse", "correct-hose", "battery-staple", "battery-staple"])
        #expect(mismatch.password == "battery-staple")
        #expect(mismatch.prompts.count == 4)
        #expect(mismatch.said == ["The two passwords differ. Type the new one again, twice."])
    }

    @Test func aTooShortPasswordAsksAgainAndThreeFailuresGiveUp() throws {
        let short = Self.prompt(["short", "long-enough", "long-enough"])
        #expect(short.password == "long-enough")
        #expect(short.said == ["Too short: a password has at least 8 characters. Try again."])
        #expect(short.prompts.first == short.prompts[1], "asked for the new password again, not to repeat it")

        let hopeless = Self.prompt(["short", "other-one", "other-two", "x", "y"])
        let error = try #require(hopeless.error, "accepted \(String(describing: hopeless.password))")
        #expect(error.exitCode == 64)
        #expect(error.message.contains("no new password after 3 tries"), "\(error)")
        #expect(Self.prompt([nil]).error?.message == "no password was typed")
    }

    @Test func aPseudoTerminalTypesTheNewPasswordTwiceAndIsToldWhenTheyDiffer() throws {
        let (terminal, master) = try RawModeTests.pseudoTerminal()
        defer { close(master) }
        var attributes = termios()
        try #require(tcgetattr(terminal, &attributes) == 0)
        attributes.c_lflag &= ~tcflag_t(ICANON | ISIG)
        try #require(tcsetattr(terminal, TCSANOW, &attributes) == 0)
        let typed = Array("one-password\rtwo-password\rsame-password\rsame-password\r".utf8)
        #expect(write(master, typed, typed.count) == typed.count)
        let tty = TerminalDevice(descriptor: terminal)
        let prompt = NewPasswordPrompt(
            read: { Terminal.readSecret(on: tty, prompt: $0).secret }, say: { tty.write($0 + "\n") })
        #expect(try prompt.ask() == "same-password")
        // Everything the prompt wrote is in the master's buffer by now; read it all, however it comes in pieces.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var shown: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var count = read(master, &chunk, chunk.count)
        while count > 0 {
            shown += chunk.prefix(count)
            count = read(master, &chunk, chunk.count)
        }
        let screen = String(decoding: shown, as: UTF8.self)
        // (What the kernel echoed of the bytes typed before the secret mode was on is not checked: RawModeTests.)
        #expect(screen.contains("The two passwords differ."), "\(screen.debugDescription)")
        #expect(screen.contains("Type it again: "), "\(screen.debugDescription)")
    }

    // MARK: Set syntax

    @Test func aSetWrittenWithSpacesSaysToWriteItWithout() {
        for text in ["Squat: 10 x 50 kg", "Squat: 10x50 kg", "Squat: 10 x50kg", "Squat: 10x 50kg"] {
            do {
                _ = try SetParser.parse(text)
                Issue.record("parsed \(text)")
            } catch {
                #expect(error.message.contains("write a set without spaces, e.g. 10x50kg"), "\(text): \(error)")
                #expect(!error.message.contains("unknown set type"), "\(text): \(error)")
            }
        }
        // A real type after one space still reads, and a misspelt one is named as such.
        #expect((try? SetParser.parse("Squat: 10x50kg warmup"))?.sets.first?.type == .warmup)
        do {
            _ = try SetParser.parse("Squat: 10x50kg warmpu")
            Issue.record("parsed a misspelt type")
        } catch {
            #expect(error.message.contains("unknown set type 'warmpu'"), "\(error)")
        }
    }

    // MARK: Lost connections

    @Test func aLostConnectionIsSaidInPlainWords() throws {
        let reset = try #require(
            ClientError.lostConnection(IOError(errnoCode: ECONNRESET, reason: "read(descriptor:pointer:size:)")))
        #expect(reset.message == "the connection to the server was lost (the server closed the connection)")
        #expect(reset.kind == .unreachable && reset.exitCode == 69)
        let other = try #require(ClientError.lostConnection(IOError(errnoCode: EIO, reason: "write(descriptor:)")))
        #expect(other.message.hasPrefix("the connection to the server was lost ("), "\(other)")
        for error in [reset, other] {
            #expect(!error.message.contains("descriptor") && !error.message.contains("errno"), "\(error)")
        }
        let closed = try #require(ClientError.lostConnection(ChannelError.ioOnClosedChannel))
        #expect(closed.message == "the connection to the server was lost (the server closed the connection)")
        #expect(ClientError.lostConnection(CancellationError()) == nil)
    }
}
