import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderTransforms
import Testing

/// OpenCC's own test cases (`../shared/corpus-web/opencc/NAME.in` → `NAME.ans`), converted line by
/// line through ``ChineseConversion``.
@Suite(.enabled(if: OpenCCTestCases.available, "the OpenCC test cases are not at ../shared/corpus-web/opencc"))
struct OpenCCTestCaseTests {
    @Test("every line of every configuration's test case converts to OpenCC's answer, with a sound map",
          arguments: OpenCCTestCases.configurations)
    func testCase(configuration: String) throws {
        let (inputs, answers) = try OpenCCTestCases.lines(of: configuration)
        #expect(inputs.count == answers.count)
        #expect(!inputs.isEmpty)
        let conversion = try ChineseConversion(configuration: configuration)
        var passed = 0
        for (input, answer) in zip(inputs, answers) {
            let converted = conversion.apply(to: input)
            #expect(converted.text == answer, "\(configuration): \(input)")
            if converted.text == answer { passed += 1 }
            try OffsetMapChecks.check(converted, source: input)
        }
        print("OpenCC test case \(configuration): \(passed) of \(inputs.count) lines as OpenCC answers")
        #expect(passed == inputs.count)
    }

    @Test("the test case's lines converted as one text give the answer's lines")
    func wholeFile() throws {
        for configuration in OpenCCTestCases.configurations {
            let (inputs, answers) = try OpenCCTestCases.lines(of: configuration)
            let converted = try ChineseConversion(configuration: configuration).apply(to: inputs.joined(separator: "\n"))
            #expect(converted.text == answers.joined(separator: "\n"), "\(configuration)")
        }
    }
}

/// Where the OpenCC test cases are and what they hold.
enum OpenCCTestCases {
    static let directory = TestLocation.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus-web/opencc")

    static var available: Bool { !configurations.isEmpty }

    /// The configurations with an `.in` and an `.ans` file, sorted.
    static let configurations: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".in") }.map { String($0.dropLast(3)) }
            .filter { files.contains($0 + ".ans") }.sorted()
    }()

    /// The input and answer lines of one configuration (the files may lack a final line feed).
    static func lines(of configuration: String) throws -> (inputs: [String], answers: [String]) {
        func read(_ name: String) throws -> [String] {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        return (try read(configuration + ".in"), try read(configuration + ".ans"))
    }
}
