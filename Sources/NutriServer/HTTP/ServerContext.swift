import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the client's address, for login rate limiting and the
/// audit log.
struct ServerContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("127.0.0.1"), when known.
    var clientAddress: String? { remoteAddress?.ipAddress }
}
