import ReaderCore

/// The last progress one KOSync account pushed for one document.
public struct KOSyncRecord: Hashable, Sendable {
    /// The account.
    public var username: String
    /// The progress as the device sent it (document key, progress, percentage, device).
    public var progress: KOSyncProgress
    /// When the server received it, in seconds since the epoch (KOSync's `timestamp`).
    public var timestamp: Int64

    /// Creates a record.
    public init(username: String, progress: KOSyncProgress, timestamp: Int64) {
        self.username = username
        self.progress = progress
        self.timestamp = timestamp
    }
}
