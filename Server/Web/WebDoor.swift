import Foundation
import GorillaShared
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// The web door: HTTPS pages for the people who will not install a terminal tool, on a listener of its own beside
/// the protocol's, with the same certificate, store, limits and access rules (docs/architecture.md, "The web door").
///
/// It keeps nothing in the process between requests: a browser's session lives in the store, so every instance on a
/// shared database answers every browser.
struct WebDoor: Sendable {
    /// What the protocol's connections share: the store, the configuration, the limits, the password threads.
    let context: ServerContext

    /// The routes, each answer with the security headers (``WebSecurityHeaders``).
    func router() -> Router<WebRequestContext> {
        // A HEAD is answered as its GET without the body (calendar apps check a feed so).
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: WebMetrics(metrics: context.metrics))
        router.add(middleware: WebSecurityHeaders())
        router.get("/style.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: WebStyle.css)))
        }
        router.get("/") { request, _ in
            try await session(request) == nil ? WebPages.redirect(to: "/login") : WebPages.redirect(to: "/home")
        }
        router.get("/login") { request, _ in try await signInPage(request) }
        router.post("/login") { request, context in try await signIn(request, context: context) }
        router.post("/logout") { request, context in try await signOut(request, context: context) }
        router.get("/home") { request, _ in try await home(request) }
        router.post("/appointments/:id/:answer") { request, context in try await answer(request, context: context) }
        router.get("/cal/:account/:file") { request, context in try await calendarFeed(request, context: context) }
        router.get("/join/:code") { request, context in try await joinPage(request, context: context) }
        router.get("/messages") { request, _ in try await messagesPage(request) }
        router.get("/messages/:id") { request, context in try await conversationPage(request, context: context) }
        router.post("/messages/:id") { request, context in try await sendMessage(request, context: context) }
        router.post("/join/:code") { request, context in try await join(request, context: context) }
        router.post("/appointments/request") { request, context in try await requestTime(request, context: context) }
        router.get("/sessions") { request, _ in try await sessionsPage(request) }
        router.get("/sessions/:id") { request, context in try await sessionPage(request, context: context) }
        router.get("/statistics") { request, _ in try await statisticsPage(request) }
        router.get("/measurements") { request, _ in try await measurementsPage(request) }
        router.post("/measurements") { request, context in try await addMeasurement(request, context: context) }
        router.get("/profile") { request, _ in try await profilePage(request) }
        router.post("/profile") { request, context in try await updateProfile(request, context: context) }
        router.get("/calendar") { request, _ in try await calendarPage(request) }
        router.get("/clients") { request, _ in try await clientsPage(request) }
        router.get("/clients/:id") { request, context in try await clientPage(request, context: context) }
        router.get("/codes") { request, _ in try await codesPage(request) }
        router.post("/codes/:id") { request, context in try await issueCode(request, context: context) }
        router.get("/gym") { request, _ in try await gymPage(request) }
        return router
    }

    /// The application on `address`, over `tls` (plain HTTP without it: the route tests).
    func application(
        address: ListenAddress = ListenAddress(port: 0), tls: TLSConfiguration? = nil,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let http = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(60)))
        return Application(
            router: router(),
            server: try tls.map { try .tls(http, tlsConfiguration: $0) } ?? http,
            configuration: ApplicationConfiguration(address: .hostname(address.host, port: address.port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? address.port) },
            logger: context.logger)
    }

    /// Starts listening on `address` over `tls`; returns the bound port and the task that serves (cancel it to stop).
    /// - Throws: ``StartupError`` `webListener`, naming the address, when it cannot listen there.
    func start(at address: ListenAddress, tls: TLSConfiguration) async throws -> (port: Int, task: Task<Void, Never>) {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let application = try application(address: address, tls: tls) { port in
            announce.yield(port)
            announce.finish()
        }
        let failure = ResultBox()
        let task = Task {
            defer { announce.finish() }
            do { try await application.run() } catch { failure.error = error }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            await task.value
            let cause =
                (failure.error as? IOError).map { String(cString: strerror($0.errnoCode)).lowercased() }
                ?? failure.error.map(StartupError.describe) ?? "it stopped before listening"
            throw StartupError(.webListener, "cannot listen for the web door on \(address): \(cause)")
        }
        return (port, task)
    }
}

/// The error the web door's run ended with, read once the run is over.
private final class ResultBox: @unchecked Sendable {
    // Written by the run's task before it finishes and read only after awaiting it.
    var error: (any Error)?
}
