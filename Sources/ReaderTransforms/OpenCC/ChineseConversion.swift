import ReaderCore

/// Chinese script conversion through one OpenCC configuration (`s2t`, `t2s`, `s2twp`, …).
///
/// OpenCC converts phrase by phrase and says nothing of which input made which output, so the
/// offset map is worked out here. Most conversions keep the number of characters (a character
/// for a character, a phrase for a phrase of the same length), white space and punctuation staying
/// in place: then the characters correspond in order, the map is exact and the output is OpenCC's
/// own. Otherwise (`s2twp` turns 「U盘」 into 「隨身碟」) the text is converted in pieces cut at
/// white space and punctuation, and a piece whose count changed is split, left to right, at every
/// place where converting the two halves apart gives what converting the whole did; the characters
/// between two such places that still change in count are one replacement (a gap in the map). The
/// output is then the pieces' conversions joined, which is OpenCC's own unless a phrase of its
/// dictionaries spans punctuation or white space.
public struct ChineseConversion: TextTransform {
    /// The OpenCC configuration's name.
    public let name: String
    /// The name: OpenCC's dictionaries are installed with it and do not change.
    public var identity: String { "opencc:" + name }
    private let converter: OpenCCConverter

    /// Pieces longer than this many characters (text without punctuation or spaces) are cut,
    /// which bounds the work of splitting one whose length changed.
    static let longestPiece = 128

    /// The conversion of OpenCC configuration `name` (the file `name.json` in OpenCC's data folder).
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when OpenCC has no such configuration.
    public init(configuration name: String) throws(ReaderError) {
        self.name = name
        converter = try OpenCCConfigurations.converter(named: name)
    }

    /// `text` converted, with its map.
    public func apply(to text: String) -> TransformedText {
        let converted = converter.convert(text)
        if converted == text { return .unchanged(text) }
        var builder = OffsetMapBuilder()
        if converted.unicodeScalars.count == text.unicodeScalars.count,
           !zip(text.unicodeScalars, converted.unicodeScalars).contains(where: { ($0 != $1) && (Self.isSeparator($0) || Self.isSeparator($1)) }) {
            appendCorresponding(text.unicodeScalars[...], converted.unicodeScalars[...], to: &builder)
            return TransformedText(text: converted, map: builder.map())
        }
        var output = String.UnicodeScalarView()
        for piece in Self.pieces(of: text.unicodeScalars) {
            let pieceText = String(Substring(piece))
            let pieceOutput = converter.convert(pieceText).unicodeScalars
            if pieceOutput.count == piece.count {
                appendCorresponding(piece, pieceOutput[...], to: &builder)
            } else {
                appendSplitting(piece, converted: pieceOutput, to: &builder)
            }
            output.append(contentsOf: pieceOutput)
        }
        return TransformedText(text: String(output), map: builder.map())
    }

    /// Characters converted one for one, in order.
    private func appendCorresponding(_ source: Substring.UnicodeScalarView, _ output: Substring.UnicodeScalarView,
                                     to builder: inout OffsetMapBuilder) {
        for (from, to) in zip(source, output) {
            let fromLength = UTF16.width(from), toLength = UTF16.width(to)
            if fromLength == toLength {
                builder.appendCorresponding(length: fromLength)
            } else {
                builder.appendGap(sourceLength: fromLength, outputLength: toLength)
            }
        }
    }

    /// A piece whose conversion has another number of characters, split where converting the two
    /// sides apart changes nothing.
    private func appendSplitting(_ piece: Substring.UnicodeScalarView, converted: String.UnicodeScalarView,
                                 to builder: inout OffsetMapBuilder) {
        var rest = piece
        var restOutput = converted
        while !rest.isEmpty {
            var cut: (head: String.UnicodeScalarView, tail: String.UnicodeScalarView, at: Substring.UnicodeScalarView.Index)?
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex {
                let head = converter.convert(String(Substring(rest[..<index]))).unicodeScalars
                let tail = converter.convert(String(Substring(rest[index...]))).unicodeScalars
                if head.count + tail.count == restOutput.count, String(head) + String(tail) == String(restOutput) {
                    cut = (head, tail, index)
                    break
                }
                index = rest.index(after: index)
            }
            guard let cut else {
                appendAtom(rest, converted: restOutput, to: &builder)
                return
            }
            appendAtom(rest[..<cut.at], converted: cut.head, to: &builder)
            rest = rest[cut.at...]
            restOutput = cut.tail
        }
    }

    /// Characters that convert together: one for one when the count is kept, else a replacement.
    private func appendAtom(_ source: Substring.UnicodeScalarView, converted: String.UnicodeScalarView,
                            to builder: inout OffsetMapBuilder) {
        if source.count == converted.count {
            appendCorresponding(source, converted[...], to: &builder)
        } else {
            builder.appendReplacement(source: String(Substring(source)).utf16, output: String(converted).utf16)
        }
    }

    /// The text cut before and after every white space or punctuation character, and every
    /// ``longestPiece`` characters.
    static func pieces(of scalars: String.UnicodeScalarView) -> [Substring.UnicodeScalarView] {
        var pieces: [Substring.UnicodeScalarView] = []
        var start = scalars.startIndex
        var count = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if isSeparator(scalar) {
                if start < index { pieces.append(scalars[start..<index]) }
                let next = scalars.index(after: index)
                pieces.append(scalars[index..<next])
                start = next
                count = 0
                index = next
                continue
            }
            count += 1
            index = scalars.index(after: index)
            if count == longestPiece {
                pieces.append(scalars[start..<index])
                start = index
                count = 0
            }
        }
        if start < scalars.endIndex { pieces.append(scalars[start...]) }
        return pieces
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace { return true }
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .control:
            return true
        default:
            return false
        }
    }
}
