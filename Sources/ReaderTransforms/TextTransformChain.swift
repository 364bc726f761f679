import Crypto
import Foundation
import ReaderCore

/// Text transforms applied in order, named as a user names them: OpenCC configurations (`s2t`,
/// `t2s`, `s2tw`, `tw2s`, `s2hk`, `hk2s`, `s2twp`, `tw2sp`, `t2tw`, `t2hk`, `t2jp`, `jp2t`, …),
/// `rules:FILE` for a rules file, and `rules` for the user's global rules file.
public struct TextTransformChain: Sendable {
    /// The transforms, in the order they apply.
    public let transforms: [any TextTransform]

    /// A chain of transforms made in code.
    public init(_ transforms: [any TextTransform]) {
        self.transforms = transforms
    }

    /// The chain of the transforms `names` name, in order; a name may hold several separated by
    /// commas (`s2t,rules:fix.tsv`).
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a name that is neither, or a rules
    ///   file's error (naming the file and line).
    public init(names: [String]) throws(ReaderError) {
        var transforms: [any TextTransform] = []
        for name in names.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            transforms.append(try Self.transform(named: String(name).trimmingCharacters(in: .whitespaces)))
        }
        self.init(transforms)
    }

    /// The transform one name names.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when there is none.
    public static func transform(named name: String) throws(ReaderError) -> any TextTransform {
        if name == "rules" { return try ReplacementRules(contentsOfFile: globalRulesPath) }
        if name.hasPrefix("rules:") {
            let path = String(name.dropFirst("rules:".count))
            guard !path.isEmpty else { throw ReaderError(.invalidArgument, reason: "rules: needs a file (rules:FILE)") }
            return try ReplacementRules(contentsOfFile: path)
        }
        return try ChineseConversion(configuration: name)
    }

    /// The global rules file, which the name `rules` applies: `$READER_RULES`, else
    /// `$XDG_CONFIG_HOME/reader/rules.tsv`, else `~/.config/reader/rules.tsv`.
    public static var globalRulesPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["READER_RULES"], !path.isEmpty { return path }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        return (config as NSString).appendingPathComponent("reader/rules.tsv")
    }

    /// Whether the chain changes nothing.
    public var isEmpty: Bool { transforms.isEmpty }

    /// The transforms' names, in order.
    public var names: [String] { transforms.map(\.name) }

    /// A short name for what the chain does to the text (`tr-` and 16 hex digits of a SHA-256 of
    /// the transforms' identities), for cache keys; empty for an empty chain.
    public var variant: String {
        guard !transforms.isEmpty else { return "" }
        let digest = SHA256.hash(data: Data(transforms.map(\.identity).joined(separator: "\n").utf8))
        return "tr-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// `text` through every transform in order, with the map back to `text`.
    public func apply(to text: String) -> TransformedText {
        var result = TransformedText.unchanged(text)
        for transform in transforms {
            let step = transform.apply(to: result.text)
            if step.text == result.text, step.map.isIdentity { continue }
            result = TransformedText(text: step.text, map: step.map.composed(after: result.map))
        }
        return result
    }
}
