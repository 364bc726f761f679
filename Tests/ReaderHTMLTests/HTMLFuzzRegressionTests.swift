import ReaderHTML
import Testing

/// Inputs that made the `epub-markup` fuzz target (Fuzz/) crash, kept so the fixes stay fixed.
@Suite("ReaderHTML: fuzzer regressions")
struct HTMLFuzzRegressionTests {
    /// `start` and `value` at the ends of Int used to trap ("arithmetic overflow" in
    /// `ListCounter.marker`) when the next item was counted; they are held to the 32-bit range.
    @Test("list numbers at the ends of Int are clamped instead of overflowing")
    func extremeListNumbers() throws {
        let content = try Fixture.body("""
            <ol start="9223372036854775807"><li>a</li><li>b</li></ol>\
            <ol reversed="reversed" start="-9223372036854775808"><li>c</li><li>d</li></ol>\
            <ol><li value="9223372036854775807">e</li><li>f</li></ol>
            """)
        #expect(content.summary == [
            "li 2147483647. a", "li 2147483648. b",
            "li -2147483648. c", "li -2147483649. d",
            "li 2147483647. e", "li 2147483648. f",
        ])
    }
}
