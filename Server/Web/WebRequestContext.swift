import Hummingbird
import NIOCore

/// What a web request carries besides itself: the peer's address, whose failed sign-ins count against it.
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// A form of the web door is a few fields: anything larger is refused before it is read.
    var maxUploadSize: Int { WebForm.maximumBytes }

    /// The peer's address as the rate limits key it (`unknown` when the channel has none).
    var peerAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
