import Foundation
import GorillaClientCore
import GorillaShared
import GorillaTerminal

/// What the chat view shows and edits, as a pure state machine: keys, news from the network and the
/// time go in; what to do (send a line, leave) and the status line come out.
///
/// The network never waits on this and this never waits on the network: a step that takes longer than
/// ``patience`` shows as "server not answering" while typing goes on.
package struct ChatState: Sendable, Equatable {
    /// What a key asks the view to do.
    package enum Action: Sendable, Equatable {
        case send(String)
        case quit
    }

    /// How long a network step (connecting, a sync) may take before the status says the server is not answering.
    package static let patience: TimeInterval = 3
    /// The longest line a message may have (the wire's limit).
    package static let longestLine = Message.maxLength
    /// The status while a network step has taken longer than ``patience`` (in the current language).
    package static var notAnswering: String { MessagePhrases.chatNotAnsweringStillTrying.t() }

    /// The line being typed.
    package private(set) var input: [Character] = []
    /// What the network said last ("connecting…", "connected", "offline — reconnecting…"), in the current language.
    package private(set) var link = MessagePhrases.chatConnecting.t()
    /// When the network step under way began; nil when the network is idle.
    package private(set) var waitingSince: Date?
    /// How many lines the thread is scrolled back from its end (PgUp, PgDn); typing a line brings it back.
    package private(set) var scrolledBack = 0
    /// Lines PgUp and PgDn move.
    package static let page = 10

    package init() {}

    /// Applies a key. PgUp and PgDn scroll the thread; keys the chat does not use (arrows, Home, function keys, Tab,
    /// control keys) do nothing.
    package mutating func handle(_ key: Key) -> Action? {
        switch key {
        case .escape, .interrupt:
            return .quit
        case .pageUp:
            scrolledBack += Self.page
        case .pageDown:
            scrolledBack = max(0, scrolledBack - Self.page)
        case .enter:
            let text = String(input).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            input.removeAll()
            scrolledBack = 0
            return .send(text)
        case .backspace:
            if !input.isEmpty { input.removeLast() }
        case .character(let character):
            if input.count < Self.longestLine { input.append(character) }
        default:
            break
        }
        return nil
    }

    /// Keeps the scroll within the `most` lines there are to scroll back over.
    package mutating func limitScroll(_ most: Int) {
        scrolledBack = min(scrolledBack, max(0, most))
    }

    /// A network step began at `date` (a step already under way keeps its start).
    package mutating func networkStarted(at date: Date) {
        if waitingSince == nil { waitingSince = date }
    }

    /// The network step ended; `link` says where things stand.
    package mutating func networkFinished(_ link: String) {
        waitingSince = nil
        self.link = link
    }

    /// A network step failed at `now`; `timedOut` when the error says a deadline passed. A step that timed out, or
    /// failed only after ``patience``, met a server that does not answer; a quick failure means it is not there.
    package mutating func networkFailed(at now: Date, timedOut: Bool) {
        let slow = waitingSince.map { now.timeIntervalSince($0) >= Self.patience } ?? false
        networkFinished(
            timedOut || slow ? Self.notAnsweringReconnecting : MessagePhrases.chatOfflineReconnecting.t())
    }

    /// The status after a step failed against a server that does not answer (in the current language).
    package static var notAnsweringReconnecting: String { MessagePhrases.chatNotAnsweringReconnecting.t() }

    /// The status line at `now`.
    package func status(at now: Date) -> String {
        if let since = waitingSince, now.timeIntervalSince(since) >= Self.patience { return Self.notAnswering }
        return link
    }
}

/// Draws the chat: a title bar with the status, the end of the thread, a rule, and the line being typed.
enum ChatScreen {
    static func render(
        with name: String, status: String, thread: [String], input: [Character],
        rows: Int, columns: Int, style: TerminalStyle, scrolledBack: Int = 0
    ) -> String {
        let columns = max(columns, 10)
        var screen = "\u{1B}[H\u{1B}[2J"
        let position = scrolledBack > 0 ? " — " + MessagePhrases.chatScrolledBack.t() : ""
        let title = (" " + MessagePhrases.chatTitle.t(["name": name, "status": status]) + position + " ")
            .prefix(cells: columns)
        screen += style(title.padded(toCells: columns), .reverse) + "\r\n"
        let lines = wrapped(thread, columns: columns)
        let room = max(1, rows - 3)
        // Scrolled back: the page that ends `scrolledBack` lines before the end (never past the first line).
        let back = min(scrolledBack, max(0, lines.count - room))
        let shown = lines.dropLast(back).suffix(room)
        screen += shown.joined(separator: "\r\n")
        // Pad the thread area to exactly `room` lines, so the editor sits on the last row without scrolling.
        screen += String(repeating: "\r\n", count: shown.isEmpty ? room : room - shown.count + 1)
        screen += String(repeating: "─", count: columns) + "\r\n"
        screen += "> " + Self.tail(String(input), cells: max(1, columns - 3))
        return screen
    }

    /// The end of `text` that takes at most `cells` terminal cells (the typed line's, as its cursor end shows).
    static func tail(_ text: String, cells limit: Int) -> String {
        var taken = 0
        var kept: [Character] = []
        for character in text.reversed() {
            guard taken + character.cells <= limit else { break }
            taken += character.cells
            kept.append(character)
        }
        return String(kept.reversed())
    }

    /// The thread as screen lines of at most `columns` terminal cells, never split in the middle of a character.
    static func wrapped(_ thread: [String], columns: Int) -> [String] {
        let columns = max(columns, 10)
        var lines: [String] = []
        for line in thread {
            for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
                var rest = Substring(part)
                repeat {
                    let piece = rest.prefix(cells: columns)
                    // A character wider than the screen still goes on a line of its own.
                    let taken = piece.isEmpty ? String(rest.prefix(1)) : piece
                    lines.append(taken)
                    rest = rest.dropFirst(taken.count)
                } while !rest.isEmpty
            }
        }
        return lines
    }
}
