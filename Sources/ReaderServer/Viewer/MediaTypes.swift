import Foundation

/// Media types of the small files served as they are (favicons).
enum MediaTypes {
    /// The media type a file's extension names; `application/octet-stream` for others.
    static func forFile(_ name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "gif": "image/gif"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }
}
