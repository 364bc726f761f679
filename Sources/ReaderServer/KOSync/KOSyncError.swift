import Hummingbird

/// The errors of KOReader's sync server, with its codes, statuses and messages
/// (koreader-sync-server's `config/errors.lua`): the body is `{"code": N, "message": "…"}`.
struct KOSyncError: Error, Sendable {
    let code: Int
    let status: HTTPResponse.Status
    let message: String

    /// A store failure (KOReader's 2000).
    static let internalError = KOSyncError(code: 2000, status: .badGateway, message: "Unknown server error.")
    /// A missing or wrong `x-auth-user`/`x-auth-key`.
    static let unauthorized = KOSyncError(code: 2001, status: .unauthorized, message: "Unauthorized")
    /// `POST /users/create` for a name already taken.
    static let userExists = KOSyncError(code: 2002, status: .init(code: 402), message: "Username is already registered.")
    /// A body without the fields the route needs, or with fields of the wrong type.
    static let invalidFields = KOSyncError(code: 2003, status: .forbidden, message: "Invalid request")
    /// No `document`, or an empty one.
    static let documentMissing = KOSyncError(code: 2004, status: .forbidden, message: "Field 'document' not provided.")
    /// A `document` outside `^[A-Za-z0-9_]+$`, which KOReader's server could never read back.
    static let documentNotServable = KOSyncError(
        code: 2007, status: .forbidden, message: "Field 'document' must be letters, digits and underscores.")
}
