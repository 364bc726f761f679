/// A scalar's cell width and break properties (as the first scalar of a cluster), and whether it
/// is simple (``ClusterScanner/isSimple(_:)``), packed in 16 bits so the scalars that dominate
/// real text can be looked up in tables.
struct ScalarInfo: Sendable {
    /// Properties in bits 0–11, the simple flag in bit 12, width in bits 13–15.
    let packed: UInt16

    /// Packs a width, properties and the simple flag.
    init(width: Int, properties: BreakProperties, isSimple: Bool) {
        packed = properties.rawValue | (isSimple ? Self.simpleFlag : 0) | UInt16(width) << 13
    }

    /// Measures and classifies `scalar` from scratch (the slow path behind the tables).
    init(computing scalar: Unicode.Scalar) {
        let width = CellWidth.of(scalar)
        self.init(width: width, properties: ScalarInfo.properties(of: scalar, width: width),
                  isSimple: ClusterScanner.isSimple(scalar.value))
    }

    private static let simpleFlag: UInt16 = 1 << 12

    /// The cells the scalar takes.
    var width: Int { Int(packed >> 13) }

    /// The break properties of a cluster that starts with the scalar.
    var properties: BreakProperties { BreakProperties(rawValue: packed & 0xFFF) }

    /// Whether the scalar never joins its neighbours in a grapheme cluster (see ``ClusterScanner/isSimple(_:)``).
    var isSimple: Bool { packed & Self.simpleFlag != 0 }

    /// Whether the scalar is one cell wide and a letter, digit, symbol or punctuation that offers
    /// no break opportunity after it and takes none before it when it follows another plain
    /// scalar (closing punctuation forbids a break before it, opening forbids one after it, and
    /// between two plain scalars there is none to forbid), so that runs of such scalars can be
    /// measured in bulk: only the first of a run and the last one's properties count.
    var isPlain: Bool {
        packed & ~Self.plainBits == 1 << 13
    }

    /// The bits a plain scalar may have besides its width of one cell.
    private static let plainBits = BreakProperties.letter.rawValue | BreakProperties.digit.rawValue
        | BreakProperties.noBreakBefore.rawValue | BreakProperties.noBreakAfter.rawValue | simpleFlag

    /// The break properties of a cluster that starts with `scalar` and is `width` cells wide.
    static func properties(of scalar: Unicode.Scalar, width: Int) -> BreakProperties {
        let properties = BreakProperties.of(scalar)
        return width == 2 ? properties.union(.breakAround) : properties
    }

    /// An ideograph or Hangul syllable: two cells, a letter, breaks around it, simple.
    static var wideLetter: ScalarInfo {
        @inline(__always) get { ScalarInfo(width: 2, properties: BreakProperties.letter.union(.breakAround), isSimple: true) }
    }

    /// Every scalar below U+3100: Latin, Greek, Cyrillic, Hebrew, Arabic, Indic and other
    /// alphabets, general punctuation, CJK symbols and punctuation, hiragana and katakana.
    static let table: [ScalarInfo] = (0..<0x3100).map { value in
        Unicode.Scalar(UInt32(value)).map(ScalarInfo.init(computing:)) ?? ScalarInfo(width: 1, properties: [], isSimple: false)
    }

    /// The halfwidth and fullwidth forms, U+FF00–U+FFFF: the comma, full stop and other
    /// punctuation of Chinese text.
    static let fullwidthTable: [ScalarInfo] = (0xFF00...0xFFFF).map { value in
        ScalarInfo(computing: Unicode.Scalar(UInt32(value))!)
    }
}

/// The ``ScalarInfo`` tables, copied once into memory that lives as long as the process, so that
/// a scan (one per block laid out) reaches them without reference counting.
struct ScalarTables: @unchecked Sendable {
    /// ``ScalarInfo/table``, indexed by scalar value.
    let low: UnsafeBufferPointer<ScalarInfo>
    /// ``ScalarInfo/fullwidthTable``, indexed by scalar value minus 0xFF00.
    let fullwidth: UnsafeBufferPointer<ScalarInfo>

    /// For each byte value, 1 when it is an ASCII scalar that is ``ScalarInfo/isPlain``, else 0:
    /// one load a byte while a run of plain ASCII is measured.
    let plainBytes: UnsafeBufferPointer<UInt8>

    /// The tables (never freed, and never written after they are built).
    static let shared = ScalarTables(low: permanentCopy(of: ScalarInfo.table),
                                     fullwidth: permanentCopy(of: ScalarInfo.fullwidthTable),
                                     plainBytes: permanentCopy(of: (0..<256).map { $0 < 0x80 && ScalarInfo.table[$0].isPlain ? 1 : 0 }))

    private static func permanentCopy<Element>(of values: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return UnsafeBufferPointer(buffer)
    }

    /// Runs `body` with the tables.
    @inline(__always)
    static func borrow<Result>(_ body: (ScalarTables) -> Result) -> Result {
        body(shared)
    }

    /// The width and properties of the scalar `value`.
    @inline(__always)
    func info(of value: UInt32) -> ScalarInfo {
        if value < 0x3100 { return low[Int(value)] }
        if value >= 0x4E00 && value <= 0x9FFF || value >= 0xAC00 && value <= 0xD7A3 { return .wideLetter }
        if value >= 0xFF00 && value <= 0xFFFF { return fullwidth[Int(value - 0xFF00)] }
        return ScalarInfo(computing: Unicode.Scalar(value).unsafelyUnwrapped)
    }

    /// ``ClusterScanner/isSimple(_:)`` for `value`, from the tables where they hold it.
    @inline(__always)
    func isSimple(_ value: UInt32) -> Bool {
        if value < 0x3100 { return low[Int(value)].isSimple }
        if value >= 0xFF00 && value <= 0xFFFF { return fullwidth[Int(value - 0xFF00)].isSimple }
        return ClusterScanner.isSimple(value)
    }
}
