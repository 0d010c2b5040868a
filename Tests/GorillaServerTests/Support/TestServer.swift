import Foundation
import GorillaServer
import Logging

/// A server that never announced its port.
struct TestServerDidNotStart: Error {}

/// Starts the real TLS server on an ephemeral port with a fresh data folder, runs `body` with the
/// port and the folder, then stops the server and removes the folder.
///
/// The server makes its self-signed certificate in the folder on start and hashes passwords cheaply.
func withTestServer(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (_ port: Int, _ dataDirectory: URL) async throws -> Void
) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("gorilla-server-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    var configuration = ServerConfiguration(dataDirectory: directory)
    configuration.port = 0
    configuration.passwordHasher = .testing
    configuration.onListening = { port in
        announce.yield(port)
        announce.finish()
    }
    configure(&configuration)
    var logger = Logger(label: "gorilla-server-tests")
    logger.logLevel = .error
    let server = GorillaServer(configuration: configuration, logger: logger)

    let running = Task {
        defer { announce.finish() }
        try await server.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        try await running.value
        throw TestServerDidNotStart()
    }

    let outcome: Result<Void, any Error>
    do {
        try await body(port, directory)
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    running.cancel()
    let stopped = await running.result
    try outcome.get()
    try stopped.get()
}

/// The `server.json` the server writes into its data folder.
func serverInfo(in dataDirectory: URL) throws -> ServerInfo {
    let data = try Data(contentsOf: dataDirectory.appendingPathComponent("server.json"))
    return try JSONDecoder().decode(ServerInfo.self, from: data)
}
