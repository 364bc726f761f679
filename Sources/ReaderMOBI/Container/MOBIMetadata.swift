import ReaderCore

/// Builds a book's ``DocumentMetadata`` from its record 0 header, EXTH records and PDB name.
///
/// EXTH records used: 100 author (one per record), 101 publisher, 103 description, 104 ISBN,
/// 105 subject, 106 date, 108 contributor (the producer, for calibre), 109 rights, 112 source,
/// 113 ASIN, 201 and 202 cover and thumbnail offsets, 503 title, 524 language.
enum MOBIMetadata {
    /// The metadata of a book whose record 0 parsed as `header`, in a PDB file named `pdbName`.
    ///
    /// The title is EXTH 503, else the full name of record 0, else the PDB name; the language is
    /// EXTH 524, else the locale's. Fields: `mobi-version`, `text-encoding`, `compression`,
    /// `contributor`, `rights`, `source`, and `cover-record`/`thumbnail-record` (record numbers
    /// counted from the header's own record 0).
    static func make(header: MOBIHeader, pdbName: String) -> DocumentMetadata {
        var metadata = DocumentMetadata()
        let exth = header.exth ?? EXTHRecords(records: [])
        let encoding = header.textEncoding
        func strings(_ type: UInt32) -> [String] {
            exth.strings(type, encoding: encoding).map(clean).filter { !$0.isEmpty }
        }

        metadata.title = strings(503).first ?? header.fullName.map(clean).flatMap(nonEmpty) ?? nonEmpty(clean(pdbName))
        metadata.authors = strings(100)
        metadata.contributors = metadata.authors.map { Contributor(name: $0, roles: ["aut"]) }
        metadata.publisher = strings(101).first
        metadata.description = strings(103).first.map(plainText).flatMap(nonEmpty)
        metadata.identifiers = strings(104).map { "isbn:\($0)" } + strings(113).map { "mobi-asin:\($0)" }
        var subjects: [String] = []
        for subject in strings(105).flatMap({ $0.split(separator: ";") }).map({ clean(String($0)) })
        where !subject.isEmpty && !subjects.contains(subject) {
            subjects.append(subject)
        }
        metadata.subjects = subjects
        metadata.date = strings(106).first
        metadata.language = strings(524).first ?? header.languageCode

        var fields: [String: String] = [:]
        fields["contributor"] = nonEmpty(strings(108).joined(separator: "; "))
        fields["rights"] = nonEmpty(strings(109).joined(separator: "; "))
        fields["source"] = strings(112).first
        fields["mobi-version"] = header.fileVersion.map(String.init) ?? "palmdoc"
        fields["text-encoding"] = encoding.name
        fields["compression"] = header.compression.name
        if let first = header.firstImageRecord {
            for (type, name) in [(UInt32(201), "cover-record"), (202, "thumbnail-record")] {
                if let offset = exth.uint32(type), offset != 0xFFFF_FFFF {
                    fields[name] = String(first + Int(offset))
                }
            }
        }
        metadata.fields = fields
        if !exth.isComplete {
            metadata.warnings.append("the EXTH metadata block is cut short; records after the break are lost")
        }
        return metadata
    }

    /// `text` without surrounding white space and NUL bytes.
    static func clean(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace || $0 == "\0" }
        guard let start = text.firstIndex(where: { !isBlank($0) }),
              let end = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[start...end])
    }

    /// HTML reduced to its text: tags removed, the common entities replaced, white space collapsed.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false; text.append(" ") }
            } else if character == "<" {
                inTag = true
            } else {
                text.append(character)
            }
        }
        text = replacingEntities(text)
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func replacingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let replacement = entity(name) {
                result.append(replacement)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    private static func entity(_ name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
