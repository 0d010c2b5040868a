import Foundation
@testable import GorillaClientCore
@testable import GorillaPresenters
import GorillaShared
@testable import GorillaTerminal
import Testing

@testable import GorillaClient

/// The catalogue, clients and messages are read and written as their types: what the cache holds (queued rows
/// included) reads back as the type, and the types write documents as the store keeps them.
@Suite struct TypedDocumentsTests {
    /// An exercise writes its machine's id as stored documents hold ids (lower case), and reads back equal.
    @Test func anExerciseWritesItsMachineLowerCaseAndReadsBackEqual() throws {
        let machine = try #require(UUID(uuidString: "0193A0B1-C2D3-7E4F-8A9B-0C1D2E3F4A5B"))
        let exercise = Exercise(
            name: "Press", description: "flat", machine: machine, muscles: ["chest"], count: .time)
        let text = String(decoding: try WireCoding.encoder.encode(exercise), as: UTF8.self)
        #expect(text.contains("\"machine\":\"0193a0b1-c2d3-7e4f-8a9b-0c1d2e3f4a5b\""))
        #expect(try WireCoding.decoder.decode(Exercise.self, from: Data(text.utf8)) == exercise)
        let plain = Exercise(name: "Plank")
        #expect(plain.document["machine"] == nil)
        #expect(try Exercise(document: plain.document) == plain)
    }

    /// A client's document that names no status yet (an invitation still queued on the coach's device) reads as
    /// invited, so the client shows in lists and is found by name before the server has it.
    @Test func aQueuedInvitationReadsAsAnInvitedClient() async throws {
        let cache = try LocalCache.inMemory()
        let id = UUID.v7()
        try cache.create(Invitation(name: "Ona", surname: "Puig"), id: id)
        let client = try #require(try cache.one(Client.self, id))
        #expect(client.status == .invited)
        #expect(client.fullName == "Ona Puig")
        #expect(try ClientDirectory(cache: cache).client("ona", for: .reading).id == id)
        #expect(ClientDirectory.displayName(client) == "Ona Puig")
    }

    /// A message queued on this device (no server time or conversation yet) reads as a ``DeviceMessage`` beside the
    /// synced ones, ordered after them, and its notes (sender, queued time) are its own members.
    @Test func aQueuedMessageReadsBesideSyncedOnesAndSortsLast() throws {
        let cache = try LocalCache.inMemory()
        let me = UUID.v7()
        let coach = UUID.v7()
        let synced = UUID.v7()
        let sent = try #require(ISOTime.parse("2026-03-02T10:00:00.000Z"))
        let server = Message(from: coach, to: me, text: "hola", sent: sent, client: me)
        try cache.applyPull(
            [Change(kind: "message", id: synced, version: 1, deleted: false, data: .object(server.document))],
            cursor: 1)
        let queued = UUID.v7()
        try cache.create(DeviceMessage(to: coach, text: "bon dia"), id: queued)
        try MessageService.noteQueued(queued, from: me, in: cache)
        // The server's type cannot read the queued one (no `sent`, no `client`): the device's type reads both.
        #expect(try cache.all(Message.self).map(\.id) == [synced])
        let all = try cache.all(DeviceMessage.self)
        let thread = MessageService.messages(all, between: me, and: coach)
        #expect(thread.map(\.id) == [synced, queued])
        #expect(thread[0].sent == sent && thread[0].value.isUnread(by: me))
        #expect(thread[1].sent == nil && thread[1].from == me && thread[1].queued != nil)
        // Marking the synced one read changes only `read`.
        var read = thread[0].value
        read.read = Date()
        let mutation = try #require(try cache.update(synced, to: read))
        #expect(mutation.fields.map { Set($0.keys) } == ["read"])
    }

    /// A device message writes its ids lower case and only the members it has, and reads back equal.
    @Test func aDeviceMessageRoundTrips() throws {
        let message = DeviceMessage(
            from: UUID.v7(), to: UUID.v7(), text: "hi", sent: Date(timeIntervalSince1970: 1_772_000_000),
            client: UUID.v7(), session: UUID.v7())
        let text = String(decoding: try WireCoding.encoder.encode(message), as: UTF8.self)
        for id in [message.from, message.to, message.client, message.session].compactMap({ $0 }) {
            #expect(text.contains("\"\(id.key)\"") && !text.contains(id.uuidString))
        }
        #expect(!text.contains("queued") && !text.contains("read"))
        #expect(try WireCoding.decoder.decode(DeviceMessage.self, from: Data(text.utf8)) == message)
    }
}
