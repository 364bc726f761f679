/// A scalar's cell width and break properties (as the first scalar of a cluster), packed in 16
/// bits so the scalars that dominate real text can be looked up in tables.
struct ScalarInfo: Sendable {
    /// Properties in bits 0–12, width in bits 13–15.
    let packed: UInt16

    /// Packs a width and properties.
    init(width: Int, properties: BreakProperties) {
        packed = properties.rawValue | UInt16(width) << 13
    }

    /// Measures and classifies `scalar` from scratch (the slow path behind the tables).
    init(computing scalar: Unicode.Scalar) {
        let width = CellWidth.of(scalar)
        self.init(width: width, properties: ScalarInfo.properties(of: scalar, width: width))
    }

    /// The cells the scalar takes.
    var width: Int { Int(packed >> 13) }

    /// The break properties of a cluster that starts with the scalar.
    var properties: BreakProperties { BreakProperties(rawValue: packed & 0x1FFF) }

    /// Whether the scalar is one cell wide and a letter, digit or symbol with no say in line
    /// breaking, so that runs of such scalars can be measured in bulk.
    var isPlain: Bool {
        packed & ~(BreakProperties.letter.rawValue | BreakProperties.digit.rawValue) == 1 << 13
    }

    /// The break properties of a cluster that starts with `scalar` and is `width` cells wide.
    static func properties(of scalar: Unicode.Scalar, width: Int) -> BreakProperties {
        let properties = BreakProperties.of(scalar)
        return width == 2 ? properties.union(.breakAround) : properties
    }

    /// An ideograph or Hangul syllable: two cells, a letter, breaks around it.
    static let wideLetter = ScalarInfo(width: 2, properties: [.letter, .breakAround])

    /// Every scalar below U+3100: Latin, Greek, Cyrillic, Hebrew, Arabic, Indic and other
    /// alphabets, general punctuation, CJK symbols and punctuation, hiragana and katakana.
    static let table: [ScalarInfo] = (0..<0x3100).map { value in
        Unicode.Scalar(UInt32(value)).map(ScalarInfo.init(computing:)) ?? ScalarInfo(width: 1, properties: [])
    }
}

/// The ``ScalarInfo`` table, borrowed for the length of a scan.
struct ScalarTables {
    /// ``ScalarInfo/table``, indexed by scalar value.
    let low: UnsafeBufferPointer<ScalarInfo>

    /// Runs `body` with the tables.
    @inline(__always)
    static func borrow<Result>(_ body: (ScalarTables) -> Result) -> Result {
        ScalarInfo.table.withUnsafeBufferPointer { body(ScalarTables(low: $0)) }
    }

    /// The width and properties of the scalar `value`.
    @inline(__always)
    func info(of value: UInt32) -> ScalarInfo {
        if value < 0x3100 { return low[Int(value)] }
        if value >= 0x4E00 && value <= 0x9FFF || value >= 0xAC00 && value <= 0xD7A3 { return .wideLetter }
        return ScalarInfo(computing: Unicode.Scalar(value).unsafelyUnwrapped)
    }
}
