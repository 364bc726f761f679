import Foundation
import ReaderTestSupport
import Testing

/// The command names `reader help` lists. Every command spells its name in its configuration
/// (ArgumentParser would otherwise derive it from the type's name at start, a slow runtime lookup),
/// so a renamed type cannot rename a command, and a misspelt name shows here.
extension CLITests {
    /// Each command group with the subcommands its help lists (the README's command list; `cache`
    /// alone is `cache show`).
    static let documentedCommands: [String: [String]] = [
        "": ["open", "info", "toc", "text", "search", "index", "positions", "locate", "fingerprint", "cover", "resources",
             "resource", "export", "render", "formats", "article", "cache", "library", "bookmark", "highlight", "note",
             "annotations", "backup", "opds", "serve", "read", "fetch", "feeds"],
        "cache": ["show", "clear"],
        "library": ["add", "scan", "list", "show", "remove", "tag", "collection", "status", "settings", "link", "search", "stats"],
        "library collection": ["add", "remove", "list", "delete"],
        "bookmark": ["add", "list", "remove"],
        "highlight": ["add", "list", "remove"],
        "note": ["add", "list", "remove"],
        "backup": ["export", "import", "push", "pull"],
        "feeds": ["sync"],
    ]

    /// The names under SUBCOMMANDS in a help text, without `help`.
    static func subcommandNames(inHelp help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    @Test("every command group lists the subcommands the README documents, and no other")
    func subcommandNamesAreTheDocumentedOnes() throws {
        try withCacheDirectory { cache in
            for (group, expected) in Self.documentedCommands {
                let words = group.split(separator: " ").map(String.init)
                let result = try ReaderExecutable.run(words + ["--help"], cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                #expect(Self.subcommandNames(inHelp: result.stdout) == expected, "reader \(group) --help")
                for name in expected {
                    let help = try ReaderExecutable.run(words + [name, "--help"], cacheDirectory: cache)
                    #expect(help.status == 0 && help.stdout.contains("USAGE: reader \(group.isEmpty ? "" : group + " ")\(name)"),
                            "reader \(group) \(name) --help: \(help)")
                }
            }
        }
    }

    @Test("the README names every top-level command")
    func readmeNamesEveryCommand() throws {
        let readme = try String(contentsOf: TestLocation.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for name in Self.documentedCommands[""] ?? [] {
            #expect(readme.contains("reader \(name) ") || readme.contains("`\(name) "), "the README does not name \(name)")
        }
    }
}
