import Crypto
import _CryptoExtras
import ReaderCore
import ReaderLibrary

/// The slow salted hash a KOSync account's key is kept as: PBKDF2-HMAC-SHA256 with a random
/// 16-byte salt per account and, by default, 210,000 iterations (OWASP's figure for
/// PBKDF2-HMAC-SHA512), 32 bytes out. The key itself (the MD5 of the password KOReader
/// sends) is never stored.
enum KOSyncKeyHash {
    /// A new account for `username` whose key is `key`, hashed with `iterations` rounds (stored with
    /// the account, so raising the count later keeps old accounts valid).
    static func account(username: String, key: String, iterations: Int, at time: Timestamp = .now()) throws -> KOSyncUser {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return KOSyncUser(username: username, keyHash: try derive(key: key, salt: salt, iterations: iterations), salt: salt,
                          iterations: iterations, createdAt: time)
    }

    /// Whether `key` is the account's key, compared in constant time.
    static func matches(_ key: String, _ user: KOSyncUser) -> Bool {
        guard user.iterations > 0, let derived = try? derive(key: key, salt: user.salt, iterations: user.iterations),
              derived.count == user.keyHash.count
        else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(derived, user.keyHash) { difference |= left ^ right }
        return difference == 0
    }

    private static func derive(key: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        let derived = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(key.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: iterations)
        return derived.withUnsafeBytes { Array($0) }
    }
}
