import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// How clients are found by what a coach calls them, removed ones included for reading.
@Suite struct ClientDirectoryTests {
    /// A cache holding these clients as pulled from the server: (name, surname, username, removed).
    static func directory(_ clients: [(String?, String?, String?, Bool)]) throws -> (ClientDirectory, [UUID]) {
        let cache = try LocalCache.inMemory()
        var ids: [UUID] = []
        var changes: [Change] = []
        for (index, (name, surname, username, removed)) in clients.enumerated() {
            let id = UUID.v7()
            ids.append(id)
            var data: [String: JSONValue] = ["status": username == nil ? "invited" : "active"]
            if let name { data["name"] = .string(name) }
            if let surname { data["surname"] = .string(surname) }
            if let username { data["username"] = .string(username) }
            changes.append(
                Change(kind: "client", id: id, version: Int64(index + 1), deleted: removed, data: .object(data)))
        }
        try cache.applyPull(changes, cursor: Int64(clients.count))
        return (ClientDirectory(cache: cache), ids)
    }

    static let people: [(String?, String?, String?, Bool)] = [
        ("Marta", "Ruiz", "marta", false),
        ("Núria", "Castellà Puig", "nuria", false),
        ("Martí", "Vidal", "mvidal", false),
        ("Alex", "Soler", "alex", true),
        (nil, nil, nil, false),
    ]

    @Test func anyPartOfTheFullNameFindsTheClientWithCaseAndAccentsFolded() throws {
        let (directory, ids) = try Self.directory(Self.people)
        func found(_ text: String) throws -> UUID { try directory.client(text, for: .reading).id }
        #expect(try found("ruiz") == ids[0])
        #expect(try found("RUIZ") == ids[0])
        #expect(try found("castellà") == ids[1])
        #expect(try found("castella") == ids[1])
        #expect(try found("Castellà Puig") == ids[1])
        #expect(try found("nuria puig") == ids[1])
        #expect(try found("puig núria") == ids[1])
        #expect(try found("Martí") == ids[2], "the first name in full beats the beginning of Marta")
        #expect(try found("marti") == ids[2])
        #expect(try found("vidal") == ids[2])
        #expect(try found("Marta Ruiz") == ids[0])
        #expect(try found("mvidal") == ids[2])
        #expect(try found(String(ids[1].short.prefix(6))) == ids[1])
    }

    @Test func notFoundListsRealNamesAndAmbiguityListsTheCandidates() throws {
        let (directory, ids) = try Self.directory(Self.people)
        do {
            _ = try directory.client("zzzz", for: .reading)
            Issue.record("found someone")
        } catch let error as ClientError {
            #expect(error.kind == .notFound)
            #expect(error.message.contains("Marta Ruiz") && error.message.contains("Núria Castellà Puig"), "\(error)")
            #expect(error.message.contains("invited client \(ids[4].short)"), "\(error)")
            #expect(!error.message.contains("''") && !error.message.contains(", ,"), "\(error)")
            #expect(!error.message.contains(", \(ids[0].short)"), "no bare ids: \(error)")
        }
        do {
            _ = try directory.client("mart", for: .reading)
            Issue.record("'mart' is two people")
        } catch let error as ClientError {
            #expect(error.kind == .ambiguous)
            #expect(error.message.contains("Marta Ruiz (\(ids[0].short))"), "\(error)")
            #expect(error.message.contains("Martí Vidal (\(ids[2].short))"), "\(error)")
        }
    }

    @Test func aRemovedClientIsFoundForReadingAndRefusedForWriting() throws {
        let (directory, ids) = try Self.directory(Self.people)
        #expect(try directory.client("alex", for: .reading).id == ids[3])
        #expect(try directory.client("Alex Soler", for: .reading).deleted)
        #expect(try directory.client(ids[3].short, for: .reading).id == ids[3])
        #expect(try directory.client(String(ids[3].key.suffix(12)), for: .reading).id == ids[3])
        do {
            _ = try directory.client("alex", for: .writing(.logSessions))
            Issue.record("wrote for a removed client")
        } catch let error as ClientError {
            #expect(error.kind == .usage)
            #expect(error.message.contains("Alex Soler was removed"), "\(error)")
            #expect(error.message.contains("not log sessions for them"), "\(error)")
        }
        // Every action is a whole phrase in each language: messages too ("…però no enviar-li missatges").
        let refusal = Language.$current.withValue(.ca) { () -> String in
            do {
                _ = try directory.client("alex", for: .writing(.sendMessages))
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal.hasSuffix("però no enviar-li missatges"), "\(refusal)")
    }

    @Test func aLiveClientWinsOverARemovedOneOfTheSameName() throws {
        let (directory, ids) = try Self.directory([("Alex", "Soler", "alex", true), ("Alex", "Soler", "alex2", false)])
        #expect(try directory.client("Alex Soler", for: .reading).id == ids[1])
        #expect(try directory.client("alex soler", for: .writing(.train)).id == ids[1])
        #expect(try directory.client(ids[0].short, for: .reading).id == ids[0], "the removed one by its id")
    }

    @Test func wordsBeginWordsOfTheNameInAnyOrder() {
        #expect(NameMatch.wordsBegin("ruiz", in: "Marta Ruiz"))
        #expect(NameMatch.wordsBegin("castellà puig", in: "Núria Castellà Puig"))
        #expect(NameMatch.wordsBegin("puig nur", in: "Núria Castellà Puig"))
        #expect(!NameMatch.wordsBegin("uiz", in: "Marta Ruiz"))
        #expect(!NameMatch.wordsBegin("marta marta", in: "Marta Ruiz"), "each word of the name counts once")
        #expect(!NameMatch.wordsBegin("", in: "Marta Ruiz"))
    }
}
