/// A position in a block's text, counted in both UTF-8 and UTF-16 code units.
struct TextOffset: Hashable, Sendable {
    /// Offset in UTF-8 code units (bytes).
    var utf8: Int
    /// Offset in UTF-16 code units (the unit of ``LayoutLine/textRange``).
    var utf16: Int

    /// The start of a text.
    static let zero = TextOffset(utf8: 0, utf16: 0)
}

/// Receives a text's grapheme clusters, in order.
protocol ClusterConsumer {
    /// One cluster at `start`, `utf8Count` and `utf16Count` code units long, `width` cells wide.
    mutating func consume(start: TextOffset, utf8Count: Int, utf16Count: Int, width: Int,
                          properties: BreakProperties)

    /// A run of one-byte clusters starting at `start`, each one cell wide and plain (see
    /// ``ScalarInfo/isPlain``); `table` is ``ScalarInfo/table``. Only the first cluster of the
    /// run may offer a break opportunity before it.
    mutating func consumePlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                  table: UnsafeBufferPointer<ScalarInfo>)

    /// A run of `count` clusters starting at `start`, each one wide letter of three UTF-8 bytes
    /// (see ``ClusterScanner/isWideLetter(at:in:)``) with the width and properties of
    /// ``ScalarInfo/wideLetter``.
    mutating func consumeWideRun(start: TextOffset, count: Int)

    /// An ASCII space at `start`, then the run of plain clusters `run` right after it, as
    /// ``consumePlainRun(start:_:table:)`` takes it: a word after the space before it, the most
    /// common pair of Latin text, in one call.
    mutating func consumeSpaceAndPlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                          table: UnsafeBufferPointer<ScalarInfo>)

    /// How many cells a stretch handed to ``consumeFittingStretch(start:_:table:)`` may take
    /// now; 0 when the consumer takes no stretch.
    var stretchRoom: Int { get }

    /// A stretch of one-byte clusters starting at `start`, each plain (see ``ScalarInfo/isPlain``)
    /// or an ASCII space, one cell each, no more of them than ``stretchRoom`` said.
    mutating func consumeFittingStretch(start: TextOffset, _ stretch: UnsafeBufferPointer<UInt8>,
                                        table: UnsafeBufferPointer<ScalarInfo>)
}

extension ClusterConsumer {
    /// Consumes the run cluster by cluster.
    mutating func consumePlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                  table: UnsafeBufferPointer<ScalarInfo>) {
        for offset in run.indices {
            consume(start: TextOffset(utf8: start.utf8 + offset, utf16: start.utf16 + offset), utf8Count: 1,
                    utf16Count: 1, width: 1, properties: table[Int(run[offset])].properties)
        }
    }

    /// Consumes the space, then the run.
    mutating func consumeSpaceAndPlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                          table: UnsafeBufferPointer<ScalarInfo>) {
        let space = table[0x20]
        consume(start: start, utf8Count: 1, utf16Count: 1, width: space.width, properties: space.properties)
        consumePlainRun(start: TextOffset(utf8: start.utf8 + 1, utf16: start.utf16 + 1), run, table: table)
    }

    /// No stretch: every cluster is taken alone.
    var stretchRoom: Int { 0 }

    /// Consumes the stretch cluster by cluster.
    mutating func consumeFittingStretch(start: TextOffset, _ stretch: UnsafeBufferPointer<UInt8>,
                                        table: UnsafeBufferPointer<ScalarInfo>) {
        for offset in stretch.indices {
            let info = table[Int(stretch[offset])]
            consume(start: TextOffset(utf8: start.utf8 + offset, utf16: start.utf16 + offset), utf8Count: 1,
                    utf16Count: 1, width: info.width, properties: info.properties)
        }
    }

    /// Consumes the run cluster by cluster.
    mutating func consumeWideRun(start: TextOffset, count: Int) {
        for offset in 0..<count {
            consume(start: TextOffset(utf8: start.utf8 + 3 * offset, utf16: start.utf16 + offset), utf8Count: 3,
                    utf16Count: 1, width: 2, properties: ScalarInfo.wideLetter.properties)
        }
    }
}

/// Splits UTF-8 text into grapheme clusters and measures them.
///
/// Pairs of ASCII bytes and pairs of common scalars that can never join (letters, CJK, kana,
/// Hangul syllables, punctuation) are split directly; everything else asks Swift's `Character`
/// segmentation (UAX #29), so clusters always match `String`'s characters.
enum ClusterScanner {
    /// Feeds every cluster of `text` (whose UTF-8 form is `bytes`) to `consumer`; returns the end.
    @inline(__always)
    static func scan<Consumer: ClusterConsumer>(_ bytes: UnsafeBufferPointer<UInt8>, of text: String,
                                                into consumer: inout Consumer) -> TextOffset {
        ScalarTables.borrow { tables in
            let ascii = tables.low
            let plainBytes = tables.plainBytes
            let count = bytes.count
            var index = 0
            var utf16 = 0
            // The non-ASCII scalar at `index` when the previous step already decoded it.
            var known: Scalar?
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
                    if next < 0x80 {
                        let start = TextOffset(utf8: index, utf16: utf16)
                        if byte == 0x0D && next == 0x0A {
                            consumer.consume(start: start, utf8Count: 2, utf16Count: 2, width: 0,
                                             properties: .forcedBreak)
                            index += 2
                            utf16 += 2
                            continue
                        }
                        // Plain bytes and spaces that fit on the line in one go, while the line has room.
                        let room = consumer.stretchRoom
                        if room >= leastStretch && (byte == 0x20 || plainBytes[Int(byte)] != 0) {
                            let end = fittingStretchEnd(from: index, limit: min(count, index + room), in: bytes,
                                                        plainBytes: plainBytes)
                            if end - index >= leastStretch {
                                consumer.consumeFittingStretch(start: start, UnsafeBufferPointer(rebasing: bytes[index..<end]),
                                                               table: ascii)
                                utf16 += end - index
                                index = end
                                continue
                            }
                        }
                        let entry = ascii[Int(byte)]
                        // A space, then a plain byte that a byte below 0x80 (or the end) follows, so
                        // that the byte starts a run of its own as the branch below takes runs.
                        if byte == 0x20, plainBytes[Int(next)] != 0, index + 2 >= count || bytes[index + 2] < 0x80 {
                            let runStart = index + 1
                            let (end, following) = plainRun(from: runStart, in: bytes, tables: tables)
                            if let following { known = following }
                            consumer.consumeSpaceAndPlainRun(start: start, UnsafeBufferPointer(rebasing: bytes[runStart..<end]),
                                                             table: ascii)
                            utf16 += end - index
                            index = end
                            continue
                        }
                        if entry.isPlain {
                            let (end, following) = plainRun(from: index, in: bytes, tables: tables)
                            if let following { known = following }
                            consumer.consumePlainRun(start: start, UnsafeBufferPointer(rebasing: bytes[index..<end]),
                                                     table: ascii)
                            utf16 += end - index
                            index = end
                            continue
                        }
                        consumer.consume(start: start, utf8Count: 1, utf16Count: 1, width: entry.width,
                                         properties: entry.properties)
                        index += 1
                        utf16 += 1
                        continue
                    }
                }
                let start = TextOffset(utf8: index, utf16: utf16)
                if isWideLetter(at: index, in: bytes) {
                    let (run, following) = wideRun(from: index, in: bytes, tables: tables)
                    if run > 0 {
                        consumer.consumeWideRun(start: start, count: run)
                        index += 3 * run
                        utf16 += run
                        known = following
                        continue
                    }
                }
                let first = known ?? Scalar(at: index, in: bytes)
                known = nil
                let info = tables.info(of: first.value)
                if info.isSimple {
                    let after = index + first.length
                    let following = after < count && bytes[after] >= 0x80 ? Scalar(at: after, in: bytes) : nil
                    if following.map({ tables.isSimple($0.value) }) ?? true {
                        let units = first.value > 0xFFFF ? 2 : 1
                        consumer.consume(start: start, utf8Count: first.length, utf16Count: units, width: info.width,
                                         properties: info.properties)
                        index = after
                        utf16 += units
                        known = following
                        continue
                    }
                }
                let cluster = measureComplexCluster(at: index, firstLength: first.length, in: bytes, of: text,
                                                    tables: tables)
                consumer.consume(start: start, utf8Count: cluster.utf8Count, utf16Count: cluster.utf16Count,
                                 width: cluster.width, properties: cluster.properties)
                index += cluster.utf8Count
                utf16 += cluster.utf16Count
            }
            return TextOffset(utf8: index, utf16: utf16)
        }
    }

    /// The end of the run of plain ASCII bytes (``ScalarTables/plainBytes``) from `start`: eight
    /// bytes at a time while eight remain, the first byte that stops the run found from the bits
    /// of the word rather than by a branch per byte.
    @inline(__always)
    static func plainRunEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>,
                            plainBytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        let count = bytes.count
        if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
            while end + 8 <= count {
                let stops = nonPlainBytes(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self)))
                if stops != 0 { return end + stops.trailingZeroBitCount >> 3 }
                end += 8
            }
        }
        while end < count && plainBytes[Int(bytes[end])] != 0 { end += 1 }
        return end
    }

    /// The shortest stretch of plain bytes and spaces worth taking in one go rather than run by run.
    static var leastStretch: Int { 8 }

    /// The end of the stretch of plain ASCII bytes and spaces from `start`, at most up to `limit`,
    /// eight bytes at a time while eight remain. A byte just before a non-ASCII byte is left out,
    /// as the scalar there may be a mark that joins it.
    @inline(__always)
    static func fittingStretchEnd(from start: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                  plainBytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        var stopped = false
        if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
            while end + 8 <= limit {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
                let stops = nonPlainBytes(word) & ~spaceBytes(word)
                if stops != 0 {
                    end += stops.trailingZeroBitCount >> 3
                    stopped = true
                    break
                }
                end += 8
            }
        }
        if !stopped {
            while end < limit && (bytes[end] == 0x20 || plainBytes[Int(bytes[end])] != 0) { end += 1 }
        }
        if end > start && end < bytes.count && bytes[end] >= 0x80 { end -= 1 }
        return end
    }

    /// The high bit of each byte of `word` that is an ASCII space (0x20), exactly.
    @inline(__always)
    static func spaceBytes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return zeroBytes((word & ~high) ^ 0x2020_2020_2020_2020) & ~word
    }

    /// The high bit of each byte of `word` that is not plain ASCII: below U+0021 (space and
    /// controls), a hyphen-minus, a solidus, DEL, or not ASCII. Plain ASCII is exactly the other
    /// bytes (``ScalarInfo/isPlain``); each byte is judged alone, with no carry between bytes.
    @inline(__always)
    static func nonPlainBytes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        // Seven-bit bytes plus 0x5F reach 0x80 exactly from 0x21 on; never past 0xFF.
        let belowExclamation = ~(low &+ 0x5F5F_5F5F_5F5F_5F5F) & high
        return word & high | belowExclamation
            | zeroBytes(low ^ 0x2D2D_2D2D_2D2D_2D2D) | zeroBytes(low ^ 0x2F2F_2F2F_2F2F_2F2F)
            | zeroBytes(low ^ 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// The high bit of each zero byte of `word`, whose bytes are all below 0x80.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return ~((word &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & high
    }

    /// A scalar decoded from the text.
    struct Scalar {
        /// The scalar value.
        var value: UInt32
        /// Its length in UTF-8 code units.
        var length: Int

        /// Decodes the scalar at byte `index` of valid UTF-8.
        @inline(__always)
        init(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            (value, length) = ClusterScanner.decodeScalar(at: index, in: bytes)
        }
    }

    /// Whether a wide letter starts at byte `index` of valid UTF-8: a CJK unified ideograph
    /// (U+4E00–U+9FFF) or a Hangul syllable (U+AC00–U+D7A3), which is simple, three UTF-8 bytes
    /// and one UTF-16 unit long, and ``ScalarInfo/wideLetter``.
    @inline(__always)
    static func isWideLetter(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let lead = bytes[index]
        // Leads 0xE4–0xED start three-byte scalars from U+4000 to U+DFFF.
        guard lead &- 0xE4 < 10 else { return false }
        let value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        return value &- 0x4E00 < 0x5200 || value &- 0xAC00 < 0x2BA4
    }

    /// The end of the run of plain bytes starting at `index`, and the scalar after it when that
    /// is a simple one, read already. A byte followed by a non-ASCII scalar may carry a combining
    /// mark: it is left out of the run to be measured fully, unless that scalar is simple and so
    /// never joins it.
    @inline(__always)
    private static func plainRun(from index: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                 tables: ScalarTables) -> (end: Int, following: Scalar?) {
        var end = plainRunEnd(from: index + 1, in: bytes, plainBytes: tables.plainBytes)
        guard end < bytes.count && bytes[end] >= 0x80 else { return (end, nil) }
        let following = Scalar(at: end, in: bytes)
        if tables.isSimple(following.value) { return (end, following) }
        if end - index > 1 { end -= 1 }
        return (end, nil)
    }

    /// How many wide letters from byte `index` (one) on are clusters of their own, and the
    /// non-ASCII scalar after them if it was decoded and starts the next cluster. The last wide
    /// letter is left out when the scalar after it is not simple, as it may join it.
    @inline(__always)
    private static func wideRun(from index: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                tables: ScalarTables) -> (Int, Scalar?) {
        var end = index + 3
        while end < bytes.count && isWideLetter(at: end, in: bytes) { end += 3 }
        let run = (end - index) / 3
        guard end < bytes.count && bytes[end] >= 0x80 else { return (run, nil) }
        let next = Scalar(at: end, in: bytes)
        return tables.isSimple(next.value) ? (run, next) : (run - 1, nil)
    }

    /// The size, width and break properties of one grapheme cluster.
    struct Cluster {
        /// Length in UTF-8 code units.
        var utf8Count: Int
        /// Length in UTF-16 code units.
        var utf16Count: Int
        /// Width in cells.
        var width: Int
        /// Break properties.
        var properties: BreakProperties
    }

    /// Measures a cluster whose extent only Swift's `Character` segmentation can tell.
    private static func measureComplexCluster(at index: Int, firstLength: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                              of text: String, tables: ScalarTables) -> Cluster {
        let first = decodeScalar(at: index, in: bytes).0
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: index)
        var length = text.utf8.distance(from: start, to: text.index(after: start))
        if length <= 0 { length = firstLength }  // never stall, whatever the index rounding did
        var width = ClusterWidth()
        var utf16Count = 0
        var position = index
        while position < index + length {
            let (value, scalarLength) = decodeScalar(at: position, in: bytes)
            width.add(Unicode.Scalar(value).unsafelyUnwrapped, width: tables.info(of: value).width)
            utf16Count += value > 0xFFFF ? 2 : 1
            position += scalarLength
        }
        var properties = tables.info(of: first).properties.subtracting(.breakAround)
        if width.width == 2 { properties.insert(.breakAround) }
        if properties.contains(.space) && length > firstLength {
            properties = .letter  // a space carrying a combining mark shows the mark (UAX #14 LB10)
        }
        return Cluster(utf8Count: length, utf16Count: utf16Count, width: width.width, properties: properties)
    }

    /// Decodes the scalar at byte `index` of valid UTF-8; returns its value and length in bytes.
    @inline(__always)
    static func decodeScalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// Whether `value` is a scalar that never joins the scalar before or after it into one
    /// grapheme cluster (its Grapheme_Cluster_Break is Other, and it is not a Hangul jamo,
    /// regional indicator, emoji joiner or prepended mark). Between two such scalars there is
    /// always a cluster boundary (UAX #29 rule GB999).
    @inline(__always)
    static func isSimple(_ value: UInt32) -> Bool {
        if value < 0x7F { return value >= 0x20 }  // ASCII printable
        if value < 0x3000 {
            return value >= 0xA0 && value <= 0x2FF  // Latin-1, Latin Extended, IPA, spacing modifiers
                || value >= 0x370 && value <= 0x482 || value >= 0x48A && value <= 0x52F  // Greek, Cyrillic
                || value >= 0x5D0 && value <= 0x5F4 || value >= 0x620 && value <= 0x64A  // Hebrew, Arabic letters
                || value >= 0x2010 && value <= 0x2027 || value >= 0x2030 && value <= 0x205E  // punctuation
                || value >= 0x20A0 && value <= 0x20C0 || value >= 0x2100 && value <= 0x214F  // currency, letterlike
        }
        if value <= 0x9FFF {
            if value >= 0x3400 { return value <= 0x4DBF || value >= 0x4E00 }  // CJK ideographs
            return value <= 0x3029 || value >= 0x3030 && value <= 0x303F  // CJK punctuation, not tone marks
                || value >= 0x3041 && value <= 0x3096 || value >= 0x309B && value <= 0x30FF  // kana, not voicing marks
        }
        return value >= 0xAC00 && value <= 0xD7A3  // Hangul syllables
            || value >= 0xF900 && value <= 0xFAFF  // CJK compatibility ideographs
            || value >= 0xFF01 && value <= 0xFF9D || value >= 0xFFE0 && value <= 0xFFE6  // full- and halfwidth forms
            || value >= 0x20000 && value <= 0x3FFFD && value & 0xFFFF <= 0xFFFD  // CJK ideograph extensions
    }
}
