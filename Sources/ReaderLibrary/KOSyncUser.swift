/// An account of the KOReader sync server (`reader serve`'s KOSync routes). The key KOReader sends
/// (the MD5 of the password) is never kept: only a slow salted hash of it.
public struct KOSyncUser: Hashable, Sendable {
    /// The account name, as the device sends it in `x-auth-user`.
    public var username: String
    /// The derived hash of the key (PBKDF2-HMAC-SHA256).
    public var keyHash: [UInt8]
    /// The random salt the hash was derived with.
    public var salt: [UInt8]
    /// The number of PBKDF2 iterations.
    public var iterations: Int
    /// When the account was made.
    public var createdAt: Timestamp

    /// Creates an account entry.
    public init(username: String, keyHash: [UInt8], salt: [UInt8], iterations: Int, createdAt: Timestamp) {
        self.username = username
        self.keyHash = keyHash
        self.salt = salt
        self.iterations = iterations
        self.createdAt = createdAt
    }
}
