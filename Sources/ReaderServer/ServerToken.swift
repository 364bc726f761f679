import Foundation

/// Access tokens for a server bound off loopback.
public enum ServerToken {
    /// A new random token: 32 lowercase hex digits from the system's random source.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
