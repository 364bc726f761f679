import Foundation
import ReaderCore

/// Recognises a web page (priority 50, between the binary formats and the text ones): text that
/// starts, after white space, a byte order mark and comments, with `<!DOCTYPE html`, `<html` or
/// `<?xml … <html`, or text named `.html`/`.htm`/`.xhtml` whose first 8 KiB hold an `<html`,
/// `<head` or `<body` tag.
struct WebPageSniffer: FormatSniffing {
    var priority: Int { 50 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        guard sample.isText, !sample.isEmpty else { return nil }
        let head = String(decoding: sample.bytes.prefix(1024), as: UTF8.self)
            .trimmingPrefix { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
        var start = Substring(head)
        while start.hasPrefix("<!--"), let end = start.range(of: "-->") {
            start = start[end.upperBound...].drop(while: \.isWhitespace)
        }
        if start.hasPrefix("<?xml"), let end = start.range(of: "?>") {
            start = start[end.upperBound...].drop(while: \.isWhitespace)
        }
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") {
            return FormatSniffer.Result(format: .html, evidence: .magicBytes)
        }
        if sample.formatByExtension == .html {
            let text = String(decoding: sample.bytes, as: UTF8.self).lowercased()
            if text.contains("<html") || text.contains("<head") || text.contains("<body") {
                return FormatSniffer.Result(format: .html, evidence: .fileExtension)
            }
        }
        return nil
    }
}
