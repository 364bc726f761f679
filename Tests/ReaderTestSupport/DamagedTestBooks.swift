import Foundation

/// The damaged copies of the TestBooks that `TestBooks/make-damaged.py` makes: generated once per
/// test process into a temporary folder (folders of earlier runs older than an hour are removed),
/// never committed.
public enum DamagedTestBooks {
    /// The python3 the script runs with, when there is one.
    public static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile)

    /// The folder holding the damaged books and their `MANIFEST.tsv`, or nil when python3 is missing
    /// or the script failed.
    public static let folder: URL? = {
        guard let python else { return nil }
        let temporary = FileManager.default.temporaryDirectory
        removeStaleFolders(in: temporary)
        let folder = temporary.appendingPathComponent("reader-damaged-books-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestLocation.testBooks.appendingPathComponent("make-damaged.py").path, folder.path]
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? folder : nil
    }()

    /// The path of one damaged book.
    public static func path(_ name: String) -> String? {
        folder?.appendingPathComponent(name).path
    }

    /// Every damaged book's name and the TestBooks path of its original, from the manifest.
    public static var manifest: [(file: String, original: String)] {
        guard let folder, let text = try? String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t")
            return fields.count >= 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }

    private static func removeStaleFolders(in temporary: URL) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("reader-damaged-books-") {
            let url = temporary.appendingPathComponent(name)
            let modified = (try? fileManager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? fileManager.removeItem(at: url) }
        }
    }
}
