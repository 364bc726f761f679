import Foundation

/// What one Unicode scalar becomes under a ``TextFolding``.
enum FoldedScalar: Equatable {
    /// Nothing: a default-ignorable character, or a mark that diacritic folding drops.
    case dropped
    /// Whitespace; `isLineBreak` for line and paragraph separators.
    case whitespace(isLineBreak: Bool)
    /// These UTF-16 units.
    case units([UInt16])
}

/// Folds scalars one at a time, remembering every answer: the slow path (decomposition and case
/// mappings through Foundation and the standard library) runs once per distinct scalar.
///
/// Not thread-safe: each search or index build owns one.
final class ScalarFolder {
    let folding: TextFolding

    /// Basic Multilingual Plane answers by scalar value. 0 means not computed yet; see `encode`.
    private var bmp: [UInt32]
    private var astral: [UInt32: UInt32] = [:]
    private var expansions: [[UInt16]] = []

    private static let droppedCode: UInt32 = 1
    private static let spaceCode: UInt32 = 2
    private static let lineBreakCode: UInt32 = 3
    private static let singleFlag: UInt32 = 1 << 30
    private static let expansionFlag: UInt32 = 1 << 31

    init(_ folding: TextFolding) {
        self.folding = folding
        bmp = Array(repeating: 0, count: 0x1_0000)
        // ASCII is folded inline by the callers; filling it here keeps the table complete.
        for value in 0..<0x80 { bmp[value] = encode(Self.slowFold(Unicode.Scalar(UInt8(value)), folding)) }
    }

    /// The folded form of a scalar as a small code, read with the accessors below.
    @inline(__always)
    func code(_ scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        if value < 0x1_0000 {
            let cached = bmp[Int(value)]
            if cached != 0 { return cached }
            let computed = encode(Self.slowFold(scalar, folding))
            bmp[Int(value)] = computed
            return computed
        }
        if let cached = astral[value] { return cached }
        let computed = encode(Self.slowFold(scalar, folding))
        astral[value] = computed
        return computed
    }

    @inline(__always)
    func isDropped(_ code: UInt32) -> Bool { code == Self.droppedCode }
    @inline(__always)
    func isWhitespace(_ code: UInt32) -> Bool { code == Self.spaceCode || code == Self.lineBreakCode }
    @inline(__always)
    func isLineBreak(_ code: UInt32) -> Bool { code == Self.lineBreakCode }
    /// The unit of a one-unit result, nil for other codes.
    @inline(__always)
    func singleUnit(_ code: UInt32) -> UInt16? {
        code & Self.singleFlag != 0 ? UInt16(truncatingIfNeeded: code) : nil
    }
    /// The units of a result of several units (a code that is none of the others).
    @inline(__always)
    func expansion(_ code: UInt32) -> [UInt16] {
        expansions[Int(code & ~Self.expansionFlag)]
    }

    /// The folded form of a scalar as a value (for code that is not on the hot path).
    func fold(_ scalar: Unicode.Scalar) -> FoldedScalar {
        let code = code(scalar)
        if isDropped(code) { return .dropped }
        if isWhitespace(code) { return .whitespace(isLineBreak: isLineBreak(code)) }
        if let unit = singleUnit(code) { return .units([unit]) }
        return .units(expansion(code))
    }

    private func encode(_ folded: FoldedScalar) -> UInt32 {
        switch folded {
        case .dropped: return Self.droppedCode
        case .whitespace(let isLineBreak): return isLineBreak ? Self.lineBreakCode : Self.spaceCode
        case .units(let units):
            if units.count == 1 { return Self.singleFlag | UInt32(units[0]) }
            expansions.append(units)
            return Self.expansionFlag | UInt32(expansions.count - 1)
        }
    }

    static func slowFold(_ scalar: Unicode.Scalar, _ folding: TextFolding) -> FoldedScalar {
        let properties = scalar.properties
        if properties.isWhitespace {
            return .whitespace(isLineBreak: isLineBreak(scalar))
        }
        if properties.isDefaultIgnorableCodePoint { return .dropped }  // bidi controls among them
        if isUntypedVowelSign(scalar) { return .dropped }
        var scalars = isPresentationForm(scalar) ? compatibilityDecomposed(scalar)
            : folding.decomposes ? decomposed(scalar) : [scalar]
        if folding.foldsCase {
            scalars = scalars.flatMap { piece in
                piece.properties.uppercaseMapping.unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
            }
            if folding.decomposes { scalars = scalars.flatMap(decomposed) }
        }
        if folding.foldsDiacritics {
            scalars.removeAll { isMark($0) }
        }
        if scalars.isEmpty { return .dropped }
        return .units(scalars.flatMap { Array(String($0).utf16) })
    }

    /// Arabic presentation forms (A and B): the contextual glyph shapes some PDFs and old files
    /// store instead of letters, searched as the letters a person types.
    static func isPresentationForm(_ scalar: Unicode.Scalar) -> Bool {
        (0xFB50...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFE).contains(scalar.value)
    }

    /// Arabic short-vowel marks (tashkeel), the superscript alef, Quranic annotation signs and the
    /// tatweel that stretches a word, and Hebrew points (niqqud and cantillation): what printed
    /// text often carries and a person searching almost never types, so a word typed without them
    /// finds the word printed with them (and a query typed with them still finds it bare).
    static func isUntypedVowelSign(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7,
             0x0610...0x061A, 0x0640, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8,
             0x06EA...0x06ED:
            true
        default:
            false
        }
    }

    /// The compatibility decomposition of one scalar (`ﻻ` → `لا`), canonically decomposed too.
    static func compatibilityDecomposed(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        Array(String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars)
    }

    /// Line feed, vertical tab, form feed, carriage return, next line, line and paragraph separators.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Nonspacing and enclosing marks: what diacritic folding drops, and what a match may not end before.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The canonical decomposition of one scalar; Hangul syllables are left whole, so a query can
    /// never match part of a syllable.
    static func decomposed(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.value < 0xC0 || (0xAC00...0xD7A3).contains(scalar.value) { return [scalar] }
        return Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
    }
}
