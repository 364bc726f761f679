import Foundation
import ReaderCore
import ReaderRendering

/// Text made fit for one screen cell grid: no control character (C0 in caret notation, C1 as
/// U+FFFD, as ``TerminalSafeText`` shows them; tabs and line breaks as spaces), plain ASCII
/// of the same width when the terminal is not UTF-8, and lines clipped to the screen's width.
public enum DisplayText {
    /// How `character` is shown.
    public static func shown(_ character: Character, unicode: Bool) -> String {
        if let ascii = character.asciiValue {
            switch ascii {
            case 0x09, 0x0A, 0x0D: return " "
            case 0x20..<0x7F: return String(character)
            default: return TerminalSafeText.visible(String(character))
            }
        }
        var text = String(character)
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            if character.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) { return " " }
            text = TerminalSafeText.visible(text)
        }
        return unicode ? text : ascii(text)
    }

    /// `text` shown on one line: each character as ``shown(_:unicode:)`` shows it.
    public static func line(_ text: String, unicode: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { result += shown(character, unicode: unicode) }
        return result
    }

    /// `line` with every character as ``shown(_:unicode:)`` shows it (text already shown so is unchanged).
    public static func safe(_ line: ScreenLine, unicode: Bool) -> ScreenLine {
        ScreenLine(runs: line.runs.map { ScreenLine.Run(Self.line($0.text, unicode: unicode), $0.attributes) })
    }

    /// Cells `text` takes.
    public static func width(_ text: String) -> Int { CellWidth.of(text) }

    /// The leading characters of `line` that fit in `columns` cells.
    public static func clipped(_ line: ScreenLine, to columns: Int) -> ScreenLine {
        var used = 0
        var result = ScreenLine()
        for run in line.runs {
            for character in run.text {
                let cells = CellWidth.of(cluster: character.unicodeScalars)
                if used + cells > columns { return result }
                used += cells
                result.append(character: character, run.attributes)
            }
        }
        return result
    }

    /// `text` cut to `columns` cells, ending in an ellipsis when it was cut.
    public static func truncated(_ text: String, to columns: Int, unicode: Bool) -> String {
        guard width(text) > columns else { return text }
        let ellipsis = unicode ? "…" : "..."
        let room = max(0, columns - width(ellipsis))
        var kept = ""
        var used = 0
        for character in text {
            let cells = CellWidth.of(cluster: character.unicodeScalars)
            if used + cells > room { break }
            used += cells
            kept.append(character)
        }
        return columns >= width(ellipsis) ? kept + ellipsis : String(ellipsis.prefix(columns))
    }

    /// Plain ASCII of the same width: typographic punctuation and box drawing as their ASCII
    /// kin, letters without their accents, anything else as `?` in every cell it took.
    static func ascii(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
                continue
            }
            if let kin = asciiKin[character] {
                result.append(kin)
                continue
            }
            let folded = String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            if folded.count == 1, let first = folded.first, first.isASCII, let value = first.asciiValue, value >= 0x20 {
                result.append(first)
            } else {
                result += String(repeating: "?", count: max(0, CellWidth.of(cluster: character.unicodeScalars)))
            }
        }
        return result
    }

    private static let asciiKin: [Character: Character] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{2032}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
        "\u{201E}": "\"", "\u{2033}": "\"", "\u{2013}": "-", "\u{2014}": "-", "\u{2015}": "-", "\u{2212}": "-",
        "\u{2010}": "-", "\u{2011}": "-", "\u{2026}": ".", "\u{2022}": "*", "\u{00B7}": ".", "\u{2502}": "|",
        "\u{2503}": "|", "\u{2500}": "-", "\u{2501}": "-", "\u{00AB}": "<", "\u{00BB}": ">", "\u{2039}": "<",
        "\u{203A}": ">", "\u{00A0}": " ", "\u{25B8}": ">", "\u{25B6}": ">", "\u{2192}": ">", "\u{2190}": "<", "\u{2191}": "^", "\u{2193}": "v",
        "\u{00D7}": "x", "\u{FFFD}": "?", "\u{2588}": "#", "\u{2591}": ".",
    ]
}
