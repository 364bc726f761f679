import ReaderCore
import ReaderHTML
import Testing

/// Runs described as `style[text]`, in block order, for short expectations.
private func described(_ block: Block) -> [String] {
    let units = Array(block.text.utf16)
    return block.runs.map { run in
        let covered = String(decoding: units[run.range], as: UTF16.self)
        return "\(name(of: run.style))[\(covered)]"
    }
}

private func name(of style: InlineStyle) -> String {
    switch style {
    case .emphasis: "em"
    case .strong: "strong"
    case .code: "code"
    case .strikethrough: "s"
    case .superscript: "sup"
    case .subscript: "sub"
    case .underline: "u"
    case .link(let target): "link(\(target))"
    case .noteReference(let target): "note(\(target))"
    case .image(let image): "img(\(image.href) \(image.width.map(String.init) ?? "-")x\(image.height.map(String.init) ?? "-"))"
    }
}

@Suite("Inline runs")
struct InlineRunTests {
    @Test("emphasis, strong, code, struck, raised, lowered and underlined text each get a run")
    func styles() throws {
        let content = try Fixture.body("""
            <p>An <em>em</em> <i>i</i> <b>bold</b> <strong>strong</strong> <code>x()</code> <del>gone</del> \
            x<sup>2</sup> H<sub>2</sub>O <u>under</u> plain.</p>
            """)
        #expect(content.blocks.map(\.text) == ["An em i bold strong x() gone x2 H2O under plain."])
        #expect(described(content.blocks[0]) == [
            "em[em]", "em[i]", "strong[bold]", "strong[strong]", "code[x()]", "s[gone]", "sup[2]", "sub[2]",
            "u[under]",
        ])
    }

    @Test("a run starts at its first character, not at the collapsed space before it")
    func runsSkipLeadingSpace() throws {
        let content = try Fixture.body("<p>one<em> two </em>three</p>")
        #expect(content.blocks[0].text == "one two three")
        #expect(described(content.blocks[0]) == ["em[two]"])
    }

    @Test("nested runs keep both, the outer first")
    func nested() throws {
        let content = try Fixture.body(#"<p><em>very <strong>much</strong> so</em>, <a href="b.xhtml#n"><b>both</b></a></p>"#)
        #expect(described(content.blocks[0]) == [
            "em[very much so]", "strong[much]", #"link(resource(href: "b.xhtml", fragment: Optional("n")))[both]"#,
            "strong[both]",
        ])
    }

    @Test("links are internal or external, and note references are told apart")
    func links() throws {
        let content = try Fixture.body("""
            <p>See <a href="https://example.org/x?y=1">the site</a>, <a href="#sec2">below</a> and \
            a note<a epub:type="noteref" href="notes.xhtml#n1">1</a>.</p>
            """)
        #expect(content.blocks[0].runs.map(\.style) == [
            .link(.external("https://example.org/x?y=1")), .link(.resource(href: "", fragment: "sec2")),
            .noteReference(.resource(href: "notes.xhtml", fragment: "n1")),
        ])
        #expect(described(content.blocks[0]).map(\.coveredText) == ["[the site]", "[below]", "[1]"])
    }

    @Test("a style around two paragraphs gives a run in each")
    func acrossBlocks() throws {
        let content = try Fixture.body("<i><p>first</p><p>second</p></i><p>third</p>")
        #expect(content.blocks.map(\.text) == ["first", "second", "third"])
        #expect(content.blocks.map { described($0) } == [["em[first]"], ["em[second]"], []])
    }

    @Test("images carry their href, alt text and declared size, inline and as blocks")
    func images() throws {
        let content = try Fixture.body("""
            <p>Look <img src="i/a.png" alt="A cat" width="120" height="80px"/> here</p>\
            <p><img src="i/b.png" alt="B"/></p><p>No alt <img src="c.png"/> here</p>
            """)
        #expect(content.blocks.map(\.text) == ["Look A cat here", "B", "No alt here"])
        #expect(described(content.blocks[0]) == ["img(i/a.png 120x80)[A cat]"])
        #expect(described(content.blocks[1]) == ["img(i/b.png -x-)[B]"])
        let empty = try #require(content.blocks[2].runs.first)
        #expect(empty.range == 6..<6)  // after "alt", where the image stood
    }

    @Test("a data table keeps its cells and header row, with runs moved onto the aligned row text")
    func tableCells() throws {
        let content = try Fixture.body("""
            <table><tr><th>Name</th><th>Age</th></tr><tr><td><em>Ann</em></td><td>31</td></tr>\
            <tr><td>Bob</td><td><b>4</b></td></tr></table>
            """)
        #expect(content.blocks.map(\.text) == ["Name | Age", "Ann  | 31", "Bob  | 4"])
        let rows = content.blocks.flatMap(\.tableRows)
        #expect(rows.map { $0.cells.map(\.text) } == [["Name", "Age"], ["Ann", "31"], ["Bob", "4"]])
        #expect(rows.map(\.isFirstRow) == [true, false, false])
        #expect(rows.map(\.isHeader) == [true, false, false])
        #expect(rows[1].cells[0].runs == [InlineRun(.emphasis, range: 0..<3)])
        #expect(described(content.blocks[1]) == ["em[Ann]"])
        #expect(described(content.blocks[2]) == ["strong[4]"])
    }

    @Test("runs never change the text or the source map")
    func textUnchanged() throws {
        let plain = try Fixture.body("<p>one two three four</p><p>five</p>")
        let styled = try Fixture.body("<p>one <em>two</em> <a href='x'>three</a> <b>four</b></p><p><i>five</i></p>")
        #expect(plain.blocks.map(\.text) == styled.blocks.map(\.text))
        #expect(styled.blocks.allSatisfy { !$0.runs.isEmpty })
    }
}

extension StringProtocol {
    /// The part from the last `[` on: the text a described run covers.
    fileprivate var coveredText: String {
        guard let bracket = lastIndex(of: "[") else { return String(self) }
        return String(self[bracket...])
    }
}
