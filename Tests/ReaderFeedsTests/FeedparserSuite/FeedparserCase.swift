import Foundation
import ReaderFeeds

/// One file of feedparser's suite: the feed, and the comment at its top saying what a parser must
/// find (`Description:`, `Expect:`, optional `Header:` lines standing for HTTP headers).
struct FeedparserCase {
    let path: String
    let bytes: [UInt8]
    let description: String
    let expectation: String
    let headers: [String: String]

    /// Reads a case; nil when the file has no `Expect:` comment.
    init?(url: URL) throws {
        path = url.path
        bytes = Array(try Data(contentsOf: url))
        let text = Self.decoded(bytes)
        guard let describe = text.range(of: "Description:"), let expect = text.range(of: "Expect:", range: describe.upperBound..<text.endIndex),
              let close = text.range(of: "-->", range: expect.upperBound..<text.endIndex) else { return nil }
        description = text[describe.upperBound..<expect.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        expectation = text[expect.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        var headers: [String: String] = [:]
        for line in text[..<close.lowerBound].split(separator: "\n") where line.hasPrefix("Header:") {
            let parts = line.dropFirst("Header:".count).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            headers[parts[0].trimmingCharacters(in: .whitespaces).lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
    }

    /// The origin feedparser's harness gives: the file served from its test server, with the headers.
    var origin: FeedOrigin {
        let relative = path.components(separatedBy: "/feedparser/").last ?? path
        return FeedOrigin(url: "http://127.0.0.1:8097/tests/" + relative, contentType: headers["content-type"],
                          contentLanguage: headers["content-language"], contentLocation: headers["content-location"])
    }

    /// The text the comment is read from: UTF-16 and UTF-32 by their marks or shapes, else UTF-8.
    private static func decoded(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0x3C, 0, 0, 0]) {
            return String(data: Data(bytes), encoding: .utf32LittleEndian) ?? ""
        }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) || bytes.starts(with: [0, 0, 0, 0x3C]) {
            return String(data: Data(bytes), encoding: .utf32BigEndian) ?? ""
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0]) {
            return String(data: Data(bytes.starts(with: [0xFF, 0xFE]) ? Array(bytes.dropFirst(2)) : bytes), encoding: .utf16LittleEndian) ?? ""
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0, 0x3C]) {
            return String(data: Data(bytes.starts(with: [0xFE, 0xFF]) ? Array(bytes.dropFirst(2)) : bytes), encoding: .utf16BigEndian) ?? ""
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What evaluating the expectation against our parse gives.
    enum Outcome: Equatable {
        case passed
        case failed(String)
        case unsupported(String)
    }

    func run() -> Outcome {
        let expression: PythonExpression
        do {
            expression = try PythonExpression.parse(expectation)
        } catch {
            return .unsupported("expression: \(error.description)")
        }
        let names: [String: PythonValue]
        do {
            names = FeedparserView.names(for: try FeedParser.parse(bytes, name: path, origin: origin))
        } catch {
            // feedparser never raises: a document it cannot read is an empty result with bozo set.
            names = ["bozo": .bool(true), "feed": .dict([]), "entries": .list([]), "encoding": .string(""),
                     "version": .string(""), "bozo_exception": .unsupported("bozo_exception")]
        }
        do {
            let value = try PythonEvaluator(names: names).evaluate(expression)
            return value.isTruthy ? .passed : .failed("false")
        } catch {
            return error.isUnsupported ? .unsupported(error.description) : .failed(error.description)
        }
    }
}
