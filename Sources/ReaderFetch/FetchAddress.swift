import Foundation
import ReaderCore

/// The addresses a fetch accepts: absolute `http` and `https` URLs with a host.
public enum FetchAddress {
    /// The URL of an address, and the key its host is limited by (`host:port`).
    /// - Throws: ``ReaderCore/ReaderError`` `invalidArgument` for anything but an http(s) URL.
    public static func validate(_ address: String) throws(ReaderError) -> (url: URL, hostKey: String) {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw ReaderError(.invalidArgument, file: address, reason: FetchFailure.unsupportedAddress.description,
                              cause: FetchFailure.unsupportedAddress)
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return (url, "\(host.lowercased()):\(port)")
    }

    /// Whether an address is an http(s) URL (not a path or another scheme).
    public static func isHTTP(_ address: String) -> Bool {
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
