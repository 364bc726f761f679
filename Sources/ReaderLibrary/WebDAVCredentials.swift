import Foundation

/// A WebDAV user and password, taken from the environment (`READER_WEBDAV_USER`,
/// `READER_WEBDAV_PASSWORD`) or a netrc file (`$NETRC`, else `~/.netrc`), never from the
/// command line.
public struct WebDAVCredentials: Hashable, Sendable {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The credentials for `host`: the environment's, else the netrc entry for the host (or its
    /// `default` entry), else nil.
    public static func find(host: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> WebDAVCredentials? {
        if let user = environment["READER_WEBDAV_USER"], !user.isEmpty {
            return WebDAVCredentials(user: user, password: environment["READER_WEBDAV_PASSWORD"] ?? "")
        }
        let netrc = environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.netrc")
        guard let data = FileManager.default.contents(atPath: netrc), data.count < 1 << 20 else { return nil }
        return fromNetrc(String(decoding: data, as: UTF8.self), host: host)
    }

    /// The entry for `host` in netrc text (`machine HOST login USER password PASS`, or `default …`).
    static func fromNetrc(_ text: String, host: String) -> WebDAVCredentials? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        var entries: [(machine: String?, login: String?, password: String?)] = []
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case "machine" where index + 1 < tokens.count:
                entries.append((tokens[index + 1], nil, nil))
                index += 2
            case "default":
                entries.append((nil, nil, nil))
                index += 1
            case "login" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].login = tokens[index + 1]
                index += 2
            case "password" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].password = tokens[index + 1]
                index += 2
            default:
                index += 1
            }
        }
        let entry = entries.first { $0.machine == host } ?? entries.first { $0.machine == nil }
        guard let entry, let login = entry.login else { return nil }
        return WebDAVCredentials(user: login, password: entry.password ?? "")
    }
}
