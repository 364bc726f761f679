import Foundation
import Hummingbird
import ReaderCore

/// `POST /users/create`'s body. A field of the wrong type reads as absent, so the route answers
/// KOReader's "Invalid request" rather than failing to decode.
struct KOSyncCreateBody: Decodable {
    var username: String?
    var password: String?

    private enum CodingKeys: String, CodingKey { case username, password }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = try? container.decodeIfPresent(String.self, forKey: .username)
        password = try? container.decodeIfPresent(String.self, forKey: .password)
    }
}

/// `PUT /syncs/progress`'s body. `percentage` may come as a number or a numeric string and
/// `progress` as a string or a page number, as KOReader's server (Lua's `tonumber`) takes them.
struct KOSyncPushBody: Decodable {
    var document: String?
    var progress: String?
    var percentage: Double?
    var device: String?
    var deviceID: String?

    private enum CodingKeys: String, CodingKey {
        case document, progress, percentage, device
        case deviceID = "device_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        document = try? container.decodeIfPresent(String.self, forKey: .document)
        progress = (try? container.decodeIfPresent(String.self, forKey: .progress))
            ?? (try? container.decodeIfPresent(Int.self, forKey: .progress)).flatMap { $0.map(String.init) }
        percentage = (try? container.decodeIfPresent(Double.self, forKey: .percentage))
            ?? (try? container.decodeIfPresent(String.self, forKey: .percentage)).flatMap { $0.flatMap(Double.init) }
        device = try? container.decodeIfPresent(String.self, forKey: .device)
        deviceID = try? container.decodeIfPresent(String.self, forKey: .deviceID)
    }

    /// The progress to record, or nil when a field KOSync needs is missing or unusable.
    func syncProgress(limit: Int = 4096) -> KOSyncProgress? {
        guard let document, let progress, let percentage, percentage.isFinite, let device,
              progress.utf8.count <= limit, device.utf8.count <= limit, (deviceID?.utf8.count ?? 0) <= limit
        else { return nil }
        return KOSyncProgress(document: document, progress: progress, percentage: percentage, device: device, deviceID: deviceID)
    }
}

extension Request {
    /// The body decoded as `T`, or nil when it is not a JSON object of that shape.
    /// - Throws: Hummingbird's 413 when the body is larger than `limit`.
    func kosyncBody<T: Decodable>(_ type: T.Type, limit: Int) async throws -> T? {
        var request = self
        let buffer = try await request.collectBody(upTo: limit)
        let bytes = buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
        return try? JSONDecoder().decode(T.self, from: Data(bytes))
    }
}
