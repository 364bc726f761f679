import ReaderCore

/// Reads the lines of a rules file (see ``ReplacementRules``).
enum RulesFile {
    /// The rules of `text`, in order.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` naming `file` and the line of the first bad rule.
    static func parse(_ text: String, file: String) throws(ReaderError) -> [ReplacementRule] {
        var rules: [ReplacementRule] = []
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            func failure(_ reason: String) -> ReaderError {
                ReaderError(.invalidArgument, file: file, reason: "line \(lineNumber): \(reason)")
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                throw failure("expected 3 tab-separated fields (literal|regex, pattern, replacement), found \(fields.count)")
            }
            do throws(ReaderError) {
                switch fields[0] {
                case "literal":
                    rules.append(try ReplacementRule(literal: try unescaped(fields[1]), replacement: try unescaped(fields[2])))
                case "regex":
                    rules.append(try ReplacementRule(regularExpression: fields[1], template: fields[2]))
                default:
                    throw ReaderError(.invalidArgument, reason: "unknown rule kind \"\(fields[0])\" (literal or regex)")
                }
            } catch {
                throw failure(error.reason)
            }
        }
        return rules
    }

    /// A literal field with `\t`, `\n` and `\\` read as a tab, a line feed and a backslash.
    private static func unescaped(_ field: String) throws(ReaderError) -> String {
        guard field.contains("\\") else { return field }
        var result = ""
        var escaping = false
        for character in field {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "\\": result.append("\\")
                default: throw ReaderError(.invalidArgument, reason: "unknown escape \\\(character) (\\t, \\n or \\\\)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        guard !escaping else { throw ReaderError(.invalidArgument, reason: "a backslash ends the field") }
        return result
    }
}
