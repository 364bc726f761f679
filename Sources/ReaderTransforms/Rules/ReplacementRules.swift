import Crypto
import Foundation
import ReaderCore

/// Ordered replacement rules, applied one after the other to each block's text (a rule never
/// matches across blocks): the transform of a rules file (`rules:FILE`).
///
/// The file has one rule a line, its fields separated by a tab:
///
/// ```
/// # a comment; blank lines are skipped
/// literal	colour	color
/// regex	(\d+)\s*km	$1 kilometres
/// ```
///
/// `literal` fields may spell a tab `\t`, a line feed `\n` and a backslash `\\`; `regex` patterns
/// are ICU regular expressions, and their templates name groups `$1`, `${name}` (`\$` is a dollar).
/// The third field may be empty (the text is deleted), but must be there.
public struct ReplacementRules: TextTransform {
    /// `rules:` and the file's path, or the name given for rules made in code.
    public let name: String
    /// The name and a SHA-256 of the rules, so an edited file names cached indexes apart.
    public let identity: String
    /// The rules, in the order they apply.
    public let rules: [ReplacementRule]

    /// Rules made in code, applied in order.
    public init(name: String, rules: [ReplacementRule], digestOf source: String) {
        self.name = name
        self.rules = rules
        let digest = SHA256.hash(data: Data(source.utf8)).map { String(format: "%02x", $0) }.joined()
        identity = name + "@" + digest
    }

    /// The rules of the file at `path`.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` naming the file, and the line of a bad
    ///   rule, or saying that it cannot be read.
    public init(contentsOfFile path: String) throws(ReaderError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReaderError(.invalidArgument, file: path, reason: "no such rules file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReaderError(.invalidArgument, file: path, reason: "cannot read the rules file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReaderError(.invalidArgument, file: path, reason: "the rules file is not UTF-8")
        }
        let rules = try RulesFile.parse(text, file: path)
        self.init(name: "rules:" + path, rules: rules, digestOf: text)
    }

    /// `text` with every rule applied in order, and the map back to `text`.
    public func apply(to text: String) -> TransformedText {
        var result = TransformedText.unchanged(text)
        for rule in rules {
            let step = rule.apply(to: result.text)
            guard !step.map.isIdentity || step.text != result.text else { continue }
            result = TransformedText(text: step.text, map: step.map.composed(after: result.map))
        }
        return result
    }
}
