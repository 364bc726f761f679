import Foundation
import ReaderCore
import Synchronization

/// OpenCC's configurations by name, each opened once per process and shared.
enum OpenCCConfigurations {
    /// Where Debian's `opencc` data package puts the configurations (`s2t.json`, …).
    static let dataDirectory = "/usr/share/opencc"

    private static let opened = Mutex<[String: OpenCCConverter]>([:])

    /// The converter of configuration `name`, opened on first use.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when OpenCC has no such configuration.
    static func converter(named name: String) throws(ReaderError) -> OpenCCConverter {
        if let kept = opened.withLock({ $0[name] }) { return kept }
        let made = try OpenCCConverter(configuration: name)
        return opened.withLock { table in
            if let kept = table[name] { return kept }
            table[name] = made
            return made
        }
    }

    /// The configurations installed, by name, sorted.
    static var installed: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The error for a name that is neither a transform nor an OpenCC configuration.
    static func unknown(_ name: String) -> ReaderError {
        let known = installed
        let list = known.isEmpty ? "none is installed (Debian package opencc)" : known.joined(separator: ", ")
        return ReaderError(.invalidArgument,
                           reason: "unknown transform \"\(name)\": give an OpenCC configuration (\(list)) or rules:FILE")
    }
}
