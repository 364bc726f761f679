import Foundation

/// Splits the several authors some servers join in one `<name>`: at ` & `, `;`, ` and `, and at
/// commas unless the comma only inverts one name (`Doe, Jane`).
enum AuthorNames {
    static func split(_ text: String) -> [String] {
        var parts = [text]
        for separator in [" & ", ";", " and "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        parts = parts.flatMap { part -> [String] in
            let pieces = part.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count > 1 else { return [part] }
            // "Doe, Jane" (two single words) is one inverted name; "Jane Doe, John Roe" is two.
            if pieces.count == 2, pieces.allSatisfy({ !$0.contains(" ") }) { return [part] }
            return pieces
        }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
