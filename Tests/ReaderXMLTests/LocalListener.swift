import Glibc

/// A TCP socket listening on 127.0.0.1 that nobody should ever connect to: a test points a
/// document's DTD or entity at it and then checks that no connection arrived.
final class LocalListener {
    private let descriptor: Int32
    /// The port it listens on.
    let port: UInt16

    init() throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw ListenerError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketDescriptor, generic, length) == 0 && listen(socketDescriptor, 8) == 0
                    && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(socketDescriptor)
            throw ListenerError.socket
        }
        descriptor = socketDescriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// `http://127.0.0.1:PORT/` followed by `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Whether a client has connected (a connection waits to be accepted).
    var wasContacted: Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0 && request.revents & Int16(POLLIN) != 0
    }

    enum ListenerError: Error {
        case socket
    }
}
