import Foundation
import ReaderCore
import ReaderFeeds

/// How the client gets bytes for an address. The file transport reads local paths and `file:`
/// URLs; an HTTP transport (AsyncHTTPClient) is the next to add behind this protocol.
public protocol OPDSTransport: Sendable {
    /// The bytes at an address, with the media type the transport knows and the address they
    /// finally came from (after redirects), which relative hrefs resolve against.
    /// - Throws: ``ReaderCore/ReaderError`` when the address cannot be read; `fileNotFound` for an
    ///   absent resource (some servers answer 404 where an empty feed was meant).
    func fetch(_ address: String) throws(ReaderError) -> OPDSResponse
}

/// What a transport returns.
public struct OPDSResponse: Sendable {
    /// The body.
    public var bytes: [UInt8]
    /// The media type, when known.
    public var contentType: String?
    /// The address the bytes finally came from.
    public var address: String

    /// Creates a response.
    public init(bytes: [UInt8], contentType: String?, address: String) {
        self.bytes = bytes
        self.contentType = contentType
        self.address = address
    }
}

/// Reads catalogs from the file system: a path, or a `file:` URL.
public struct FileTransport: OPDSTransport {
    /// The largest file read: 64 MiB.
    public static let maxBytes = 64 << 20

    /// Creates the transport.
    public init() {}

    /// Reads the file an address names.
    public func fetch(_ address: String) throws(ReaderError) -> OPDSResponse {
        var path = address
        if address.hasPrefix("file://") { path = String(address.dropFirst("file://".count)).removingPercentEncoding ?? path }
        else if URLResolver.scheme(of: address) != nil, !address.hasPrefix("/") {
            throw ReaderError(.unsupportedOperation, file: address,
                              reason: "this build reads catalogs from files only; fetching \(URLResolver.scheme(of: address)!): addresses is not available yet")
        }
        let file = try ReadOnlyFile(path: path)
        let bytes = try file.readPrefix(Self.maxBytes + 1)
        guard bytes.count <= Self.maxBytes else {
            throw ReaderError(.malformed, file: path, reason: "larger than the \(Self.maxBytes)-byte limit for a catalog page")
        }
        return OPDSResponse(bytes: bytes, contentType: nil, address: path)
    }
}
