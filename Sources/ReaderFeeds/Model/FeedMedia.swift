/// A Media RSS `media:content` (or a `media:group` member): a file with its facts.
public struct MediaContent: Hashable, Sendable, Codable {
    /// The file's address.
    public var url: String?
    /// Its media type.
    public var type: String?
    /// `image`, `audio`, `video`, `document` or `executable`.
    public var medium: String?
    /// Its size in bytes as written.
    public var fileSize: String?
    /// Its duration in seconds as written.
    public var duration: String?
    /// Width and height in pixels as written.
    public var width: String?
    /// Height in pixels as written.
    public var height: String?

    /// Creates a media content.
    public init(url: String? = nil, type: String? = nil, medium: String? = nil, fileSize: String? = nil,
                duration: String? = nil, width: String? = nil, height: String? = nil) {
        self.url = url
        self.type = type
        self.medium = medium
        self.fileSize = fileSize
        self.duration = duration
        self.width = width
        self.height = height
    }
}

/// A Media RSS `media:thumbnail`.
public struct MediaThumbnail: Hashable, Sendable, Codable {
    /// The picture's address.
    public var url: String
    /// Width in pixels as written.
    public var width: String?
    /// Height in pixels as written.
    public var height: String?
    /// The time offset in the media it shows, as written.
    public var time: String?

    /// Creates a thumbnail.
    public init(url: String, width: String? = nil, height: String? = nil, time: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.time = time
    }
}
