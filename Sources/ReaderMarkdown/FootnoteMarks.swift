import ReaderCore

/// GitHub's footnotes (`text[^note]` and a `[^note]: …` paragraph), found in the text cmark-gfm
/// leaves them in.
///
/// cmark-gfm's own footnote option moves the definitions it keeps to the end of the document and
/// drops the ones nothing refers to, which would reorder and lose text; so the parse stays as it
/// was, showing footnotes as written, and this marks them: a reference to a defined label gets a
/// note-reference run linking to `fn-LABEL`, and a definition's paragraph takes that id.
struct FootnoteMarks {
    /// The labels of every definition in the source: lines starting (after up to three spaces)
    /// with `[^label]:`.
    let labels: Set<String>

    /// Finds the definitions in the decoded source.
    init(source: [UInt16]) {
        var labels: Set<String> = []
        var lineStart = 0
        while lineStart < source.count {
            var index = lineStart
            while index < source.count, index - lineStart < 3, source[index] == 0x20 { index += 1 }
            if let (label, end) = Self.label(in: source, at: index), end < source.count, source[end] == 0x3A {
                labels.insert(label)
            }
            while lineStart < source.count, source[lineStart] != 0x0A { lineStart += 1 }
            lineStart += 1
        }
        self.labels = labels
    }

    /// The element id a footnote's definition carries and its references link to.
    static func id(of label: String) -> String { "fn-" + label }

    /// The label of a definition paragraph: its text starts with `[^label]:`.
    func definitionLabel(of text: String) -> String? {
        guard !labels.isEmpty, text.hasPrefix("[^") else { return nil }
        let units = Array(text.utf16.prefix(1024))
        guard let (label, end) = Self.label(in: units, at: 0), end < units.count, units[end] == 0x3A,
              labels.contains(label) else { return nil }
        return label
    }

    /// Note-reference runs over every `[^label]` of a defined label in `text` that lies outside
    /// `excluded` ranges (code) and is not the definition's own label at the start.
    func references(in text: String, excluding excluded: [Range<Int>], definition: Bool) -> [InlineRun] {
        guard !labels.isEmpty, text.contains("[^") else { return [] }
        let units = Array(text.utf16)
        var runs: [InlineRun] = []
        var index = 0
        while index + 3 < units.count {
            guard units[index] == 0x5B, units[index + 1] == 0x5E, let (label, end) = Self.label(in: units, at: index),
                  labels.contains(label) else {
                index += 1
                continue
            }
            let range = index..<(end)
            let isOwnLabel = definition && index == 0
            if !isOwnLabel, !excluded.contains(where: { $0.overlaps(range) }) {
                runs.append(InlineRun(.noteReference(.resource(href: "", fragment: Self.id(of: label))), range: range))
            }
            index = end
        }
        return runs
    }

    /// `[^label]` at `start`: the label and the offset just past the `]`. A label is 1 to 200
    /// characters without white space or brackets.
    private static func label(in units: [UInt16], at start: Int) -> (String, Int)? {
        guard start + 3 < units.count, units[start] == 0x5B, units[start + 1] == 0x5E else { return nil }
        var index = start + 2
        while index < units.count, index - start <= 202 {
            switch units[index] {
            case 0x5D:
                guard index > start + 2 else { return nil }
                return (String(decoding: units[(start + 2)..<index], as: UTF16.self), index + 1)
            case 0x20, 0x09, 0x0A, 0x0D, 0x5B: return nil
            default: index += 1
            }
        }
        return nil
    }
}
