import Foundation
import ReaderFeeds
import ReaderXML

/// Metadata some servers (calibre's content server among them) put only in an entry's XHTML
/// content, one `LABEL: value` line each (`AUTHORS:`, `TAGS:`, `SERIES:`, `RATING:`,
/// `PUBLISHED:`, `PUBLISHER:`, `LANGUAGES:`, `ISBN:`), followed by the description. Fields the entry
/// already gives are kept; the rest are taken from the content.
enum ContentMetadata {
    static func innerXHTML(_ div: MarkupElement) -> String {
        var output = ""
        for child in div.children {
            switch child {
            case .text(let text): output += escape(text)
            case .element(let element):
                if element.name == "br" { output += "<br/>"; continue }
                output += "<\(element.name)>" + innerXHTML(element) + "</\(element.name)>"
            }
        }
        return output
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    static func fill(_ publication: inout OPDSPublication, fromHTML html: String) {
        let lines = html.replacingOccurrences(of: "<br />", with: "\n").replacingOccurrences(of: "<br/>", with: "\n")
            .replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "</p>", with: "\n")
            .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .components(separatedBy: "\n")
        var description: [String] = []
        for rawLine in lines {
            let line = decode(rawLine).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            guard let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }),
                  line.distance(from: line.startIndex, to: colon) >= 3 else {
                description.append(line)
                continue
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon] {
            case "AUTHORS", "AUTHOR": if publication.authors.isEmpty { publication.authors = AuthorNames.split(value) }
            case "TAGS": if publication.subjects.isEmpty { publication.subjects = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            case "SERIES":
                if publication.series == nil {
                    if let open = value.lastIndex(of: "["), value.hasSuffix("]") {
                        publication.series = value[..<open].trimmingCharacters(in: .whitespaces)
                        publication.seriesPosition = String(value[value.index(after: open)..<value.index(before: value.endIndex)])
                    } else {
                        publication.series = value
                    }
                }
            case "RATING": publication.rating = value
            case "PUBLISHED": if publication.issued == nil { publication.issued = value }
            case "PUBLISHER": if publication.publisher == nil { publication.publisher = value }
            case "LANGUAGES", "LANGUAGE": if publication.language == nil { publication.language = value }
            case "ISBN": publication.identifiers.append("urn:isbn:" + value)
            default: description.append(line)
            }
        }
        if publication.summary == nil, !description.isEmpty { publication.summary = description.joined(separator: "\n") }
    }

    private static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
