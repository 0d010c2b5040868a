import Foundation
import GRDB
import GorillaShared
import GorillaTransport
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import ServiceLifecycle

/// The GorillaCoach server: a TLS listener speaking JSON Lines over the store in the data folder.
///
/// Run it in a `ServiceGroup` after its ``checkpointer``, `[server.checkpointer, server]`; it stops accepting and
/// closes its connections on graceful shutdown, and the checkpointer stops after it.
package struct GorillaServer: Service {
    package let configuration: ServerConfiguration
    package let logger: Logger
    /// Copies the database's write-ahead log into the database file while the server serves (its commits leave that
    /// to it). A service of the same group, listed before the server so that graceful shutdown stops it last; it waits
    /// for the server to have prepared the database.
    package let checkpointer: Checkpointer

    package init(configuration: ServerConfiguration, logger: Logger = Logger(label: "gorilla-server")) {
        self.configuration = configuration
        self.logger = logger
        checkpointer = Checkpointer(path: configuration.databasePath, logger: logger)
    }

    /// Prepares the data folder: creates it, the certificate (unless given) and the database, and checks them.
    ///
    /// After an unclean stop (the ``runningMarker`` of the last start is still there) the database gets a quick
    /// integrity check first, bounded by ``ServerConfiguration/integrityCheckTimeout``; a damaged file is never served.
    /// - Throws: ``StartupError``, naming the file and the cause in plain words.
    package func prepare() async throws -> (ServerStore, ServerCertificate) {
        let directory = configuration.dataDirectory
        try StartupError.wrap(.dataFolder, "cannot create the data folder \(directory.path)") {
            try SecureFiles.makeDirectory(directory)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw StartupError(.dataFolder, "the data folder \(directory.path) is a file, not a folder")
        }
        let marker = runningMarker
        let uncleanStop = FileManager.default.fileExists(atPath: marker.path)
        // Written first: it also finds a folder that cannot be written before anything else is tried.
        try StartupError.wrap(
            .dataFolder, "the data folder \(directory.path) is not writable (cannot write \(marker.lastPathComponent))"
        ) {
            try SecureFiles.write(Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8), to: marker, mode: 0o600)
        }
        do {
            return try await prepareFiles(uncleanStop: uncleanStop)
        } catch {
            // A start that failed before serving leaves things as it found them: the marker stays only to have the
            // next start check the database again.
            if !uncleanStop, (error as? StartupError)?.code != .damagedDatabase {
                try? FileManager.default.removeItem(at: marker)
            }
            throw error
        }
    }

    /// The certificate and the database, checked (see ``prepare()``).
    private func prepareFiles(uncleanStop: Bool) async throws -> (ServerStore, ServerCertificate) {
        let certificate = try loadCertificate()
        if let location = configuration.database {
            // PostgreSQL checks its own pages after a crash; the store checks that its invariant rows are there.
            let store: ServerStore
            do {
                store = try await ServerStore.open(
                    postgres: location, connections: configuration.databaseConnections, logger: logger)
            } catch {
                throw StartupError(
                    .database, "cannot use the database \(location.description): \(StartupError.describe(error))")
            }
            if let missing = try await store.missingInvariant() {
                await store.close()
                throw Self.damaged(location.description, missing)
            }
            return (store, certificate)
        }
        let path = configuration.databasePath
        let store: ServerStore
        do {
            store = try ServerStore.open(path: path, checkpointsInBackground: true)
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
        {
            throw Self.damaged(path, StartupError.describe(error))
        } catch {
            throw StartupError(.database, "cannot open the database \(path): \(StartupError.describe(error))")
        }
        if uncleanStop {
            logger.warning("the last run did not stop cleanly: checking the database \(path)")
            switch try await store.quickCheck(timeout: configuration.integrityCheckTimeout) {
            case .intact: break
            case .damaged(let problems): throw Self.damaged(path, problems.prefix(3).joined(separator: "; "))
            case .unfinished:
                logger.warning(
                    "the integrity check of \(path) did not finish in \(Int(configuration.integrityCheckTimeout)) s; serving it unchecked"
                )
            }
        }
        if let missing = try await store.missingInvariant() {
            throw Self.damaged(path, missing)
        }
        return (store, certificate)
    }

    /// Present while a server runs on the data folder; left behind by a crash or a kill (see ``prepare()``).
    package var runningMarker: URL { configuration.dataDirectory.appendingPathComponent("gorilla-server.running") }

    /// The message for a database the server refuses to serve.
    static func damaged(_ path: String, _ problem: String) -> StartupError {
        StartupError(
            .damagedDatabase,
            """
            the database \(path) is damaged (\(problem)); the server will not serve it. Restore it from a backup into \
            an empty folder (gorilla-server restore FILE --data NEW-DIR) and start the server on that folder \
            (docs/operations.md, "Backups")
            """)
    }

    /// The certificate and key given, or the self-signed pair in the data folder; checked to belong together.
    private func loadCertificate() throws -> ServerCertificate {
        let certificate: ServerCertificate
        if let certificatePath = configuration.certificatePath, let keyPath = configuration.keyPath {
            certificate = try StartupError.wrap(.certificate, "cannot read the certificate \(certificatePath)") {
                try ServerCertificate(certificatePath: certificatePath, keyPath: keyPath)
            }
        } else {
            certificate = try StartupError.wrap(
                .certificate, "cannot make or read the certificate in \(configuration.dataDirectory.path)"
            ) {
                try ServerCertificate.selfSigned(in: configuration.dataDirectory, host: configuration.host)
            }
        }
        try CertificateCheck.keyMatches(certificatePath: certificate.certificatePath, keyPath: certificate.keyPath)
        return certificate
    }

    /// The scheduled backups of `store` (`--backup-every`), when asked for and the store is SQLite.
    func backupSchedule(_ store: ServerStore) -> BackupSchedule? {
        guard let interval = configuration.backupInterval, let sqlite = store.sqlite else { return nil }
        return BackupSchedule(
            source: sqlite, dataDirectory: configuration.dataDirectory, folder: configuration.backupFolder,
            interval: interval, kept: configuration.backupsKept, clock: configuration.clock, logger: logger)
    }

    package func run() async throws {
        let (store, certificate) = try await prepare()
        // Removed on every orderly end of the run: only a crash or a kill leaves it behind.
        defer { try? FileManager.default.removeItem(at: runningMarker) }
        if store.sqlite != nil { checkpointer.databaseIsReady() }
        let sslContext = try StartupError.wrap(
            .certificate,
            "cannot use the certificate \(certificate.certificatePath) with the key \(certificate.keyPath)"
        ) {
            try TLSConfigurations.server(
                certificatePEMFile: certificate.certificatePath, keyPEMFile: certificate.keyPath)
        }
        let passwordPool = NIOThreadPool(numberOfThreads: configuration.passwordThreads)
        passwordPool.start()
        defer { passwordPool.shutdownGracefully { _ in } }
        let metrics = ServerMetrics()
        let context = ServerContext(
            store: store, configuration: configuration, logger: logger, passwordPool: passwordPool, metrics: metrics)
        let handler = ConnectionHandler(router: RequestRouter(context: context), context: context)
        await context.feed.start()
        // The writes of other instances sharing the database: epochs move, and live pushes follow.
        let follower = Task {
            await store.followChanges { change in
                if change.data { await context.feed.catchUp() }
            }
        }
        defer { follower.cancel() }
        // Subscribers whose token is revoked (here or on another instance) are told and closed at once.
        let tokenWatch = Task { await context.live.watchTokens() }
        defer { tokenWatch.cancel() }
        // What closed connections held goes back to the system, not only to the allocator.
        let memory = MemoryRelease()
        let trimming = Task { await memory.run() }
        defer { trimming.cancel() }
        // Backups of the SQLite store every `--backup-every`.
        let backups = Task { await backupSchedule(store)?.run() }
        defer { backups.cancel() }
        let configuration = self.configuration
        let openConnections = NIOLockedValueBox(OpenConnections())
        // Polls the event loop answers alone are requests too.
        let onPollAnswered: @Sendable () -> Void = {
            metrics.requestAnswered(op: Operation.syncUpdated.rawValue, result: 0, duration: nil)
            configuration.onPollAnsweredOnLoop?()
        }

        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 512)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(NIOSSLServerHandler(context: sslContext))
                    let deadline = HelloDeadline()
                    try sync.addHandler(
                        HelloTimeoutHandler(
                            timeout: .milliseconds(Int64(configuration.handshakeTimeout * 1000)),
                            deadline: deadline))
                    try sync.addHandler(
                        IdleStateHandler(readTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000))))
                    let work = RequestInProgress()
                    try sync.addHandler(IdleCloseHandler(work: work))
                    try sync.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: configuration.maxLineLength)))
                    let shortcut = PollShortcut(
                        requestsPerSecond: configuration.requestsPerSecond, clock: configuration.clock)
                    try sync.addHandler(
                        PollResponder(
                            shortcut: shortcut, epochs: store.epochs, onAnswer: onPollAnswered))
                    let backlog = ReplyBacklog()
                    try sync.addHandler(ReplyBacklogHandler(backlog: backlog))
                    let wrapped = try NIOAsyncChannel<LineFrame, ByteBuffer>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(isOutboundHalfClosureEnabled: false)
                    )
                    return AcceptedConnection(
                        channel: wrapped, shortcut: shortcut, helloDeadline: deadline, backlog: backlog, work: work)
                }
            }

        let port = listener.channel.localAddress?.port ?? configuration.port
        let serverFile = configuration.dataDirectory.appendingPathComponent("server.json")
        var metricsListener: MetricsListener?
        var web: (port: Int, task: Task<Void, Never>)?
        do {
            metricsListener = try await bindMetrics()
            web = try await startWebDoor(context: context, certificate: certificate)
            try StartupError.wrap(.serverFile, "cannot write \(serverFile.path)") {
                try writeServerFile(
                    port: port, fingerprint: certificate.fingerprint, metricsPort: metricsListener?.port,
                    webPort: web?.port)
            }
        } catch {
            web?.task.cancel()
            await web?.task.value
            try? await metricsListener?.channel.executeThenClose { _ in }
            try? await listener.executeThenClose { _ in }
            follower.cancel()
            await store.close()
            throw error
        }
        logger.info("listening on \(configuration.host):\(port) (TLS), certificate SHA-256 \(certificate.fingerprint)")
        let endpoints = OperatorEndpoints(metrics: metrics, store: store, live: context.live)
        let operatorDoor = Task { [metricsListener] in await metricsListener?.serve(endpoints, logger: logger) }
        defer { operatorDoor.cancel() }
        if let metricsListener, let address = configuration.metricsAddress {
            logger.info("metrics on http://\(ListenAddress(host: address.host, port: metricsListener.port ?? 0))/metrics")
        }
        configuration.onListening?(port)

        do {
            try await serve(
                listener: listener, handler: handler, openConnections: openConnections, memory: memory,
                metrics: metrics)
        } catch is CancellationError {
            // Graceful shutdown: the listener and every connection were closed.
        }
        operatorDoor.cancel()
        await operatorDoor.value
        web?.task.cancel()
        await web?.task.value
        follower.cancel()
        _ = await follower.value
        tokenWatch.cancel()
        _ = await tokenWatch.value
        await store.close()
        logger.info("server stopped")
    }

    private func serve(
        listener: NIOAsyncChannel<AcceptedConnection, Never>,
        handler: ConnectionHandler,
        openConnections: NIOLockedValueBox<OpenConnections>,
        memory: MemoryRelease,
        metrics: ServerMetrics
    ) async throws {
        let configuration = self.configuration
        try await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                try await listener.executeThenClose { inbound in
                    for try await connection in inbound {
                        let address = connection.channel.remoteAddress?.ipAddress ?? "unknown"
                        let admitted = openConnections.withLockedValue {
                            $0.admit(
                                address, limit: configuration.maxConnections,
                                perAddress: configuration.maxConnectionsPerAddress)
                        }
                        guard admitted else {
                            metrics.connectionRefused()
                            group.addTask { try? await connection.executeThenClose { _, _ in } }
                            continue
                        }
                        metrics.connectionOpened()
                        group.addTask {
                            defer {
                                openConnections.withLockedValue { $0.release(address) }
                                metrics.connectionClosed()
                                memory.connectionClosed()
                            }
                            await handler.run(connection, address: address)
                        }
                    }
                }
            }
        }
    }

    /// The metrics listener on ``ServerConfiguration/metricsAddress``, bound; nil when none is asked for.
    private func bindMetrics() async throws -> MetricsListener? {
        guard let address = configuration.metricsAddress else { return nil }
        do {
            return try await MetricsListener.bind(address)
        } catch let error as IOError {
            // "address already in use", not the system call's name and number.
            throw StartupError(
                .metricsListener,
                "cannot listen for metrics on \(address): \(String(cString: strerror(error.errnoCode)).lowercased())")
        } catch {
            throw StartupError(
                .metricsListener, "cannot listen for metrics on \(address): \(StartupError.describe(error))")
        }
    }

    /// The web door on ``ServerConfiguration/webAddress``, listening, with its address published for `hello`; nil
    /// when there is none (`--no-web`).
    private func startWebDoor(
        context: ServerContext, certificate: ServerCertificate
    ) async throws -> (port: Int, task: Task<Void, Never>)? {
        guard let address = configuration.webAddress else { return nil }
        let tls = try StartupError.wrap(.certificate, "cannot use the certificate \(certificate.certificatePath)") {
            try TLSConfigurations.serverConfiguration(
                certificatePEMFile: certificate.certificatePath, keyPEMFile: certificate.keyPath)
        }
        let web = try await WebDoor(context: context).start(at: address, tls: tls)
        let url = configuration.webURL ?? "https://\(ListenAddress(host: address.host, port: web.port))"
        context.webAddress.publish(url)
        logger.info("web door on \(url)")
        return web
    }

    /// Writes `server.json` so that tools and tests can find the server (its metrics listener and web door).
    private func writeServerFile(port: Int, fingerprint: String, metricsPort: Int?, webPort: Int?) throws {
        let info = ServerInfo(
            host: configuration.host, port: port, fingerprint: fingerprint, metricsPort: metricsPort,
            webPort: webPort)
        try SecureFiles.write(
            WireCoding.encoder.encode(info),
            to: configuration.dataDirectory.appendingPathComponent("server.json"), mode: 0o644)
    }
}

/// The connections being served, in all and per peer address.
struct OpenConnections {
    private(set) var total = 0
    private var byAddress: [String: Int] = [:]

    /// Counts a connection from `address` in, unless that would pass `limit` in all or `perAddress` for the address.
    mutating func admit(_ address: String, limit: Int, perAddress: Int) -> Bool {
        let fromAddress = byAddress[address] ?? 0
        guard total < limit, fromAddress < perAddress else { return false }
        total += 1
        byAddress[address] = fromAddress + 1
        return true
    }

    /// Counts a connection from `address` out.
    mutating func release(_ address: String) {
        total -= 1
        let left = (byAddress[address] ?? 1) - 1
        byAddress[address] = left > 0 ? left : nil
    }
}

/// The contents of `DIR/server.json`.
package struct ServerInfo: Codable, Sendable {
    package var host: String
    package var port: Int
    package var fingerprint: String
    /// The port of the metrics listener (`--metrics`), when there is one.
    package var metricsPort: Int?
    /// The port of the web door (`--web`), when there is one.
    package var webPort: Int?
}
