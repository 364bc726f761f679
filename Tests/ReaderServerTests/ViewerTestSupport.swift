import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderLibrary
import ReaderServer

/// Servers over a fixture folder, and JSON reading for the viewer's tests.
enum ViewerTesting {
    /// A server over `root` with the given switches and limits, keeping what it saves in `library`.
    static func server(root: String, token: String? = nil, writable: Bool = false, limits: ServerLimits = ServerLimits(),
                       library: Library? = nil) -> ReaderServer {
        var configuration = ServerConfiguration(source: .folder(path: root), port: 0, token: token, writable: writable,
                                                limits: limits)
        configuration.syncLibrary = library
        return ReaderServer(configuration: configuration)
    }

    /// The body parsed as JSON.
    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body), options: [.fragmentsAllowed])
    }

    /// The body parsed as a JSON array of objects.
    static func entries(_ response: TestResponse) throws -> [[String: Any]] {
        try json(response) as? [[String: Any]] ?? []
    }
}
