/// A second look at uchardet's answer for Western European text with few accented letters, which
/// it sometimes reads as a Central European, DOS or Mac code page (a Dutch novel as MacCentralEurope
/// or IBM852): both readings are decoded and the one that puts symbols inside words or capitals in
/// the middle of lowercase words is the wrong one.
enum WesternReadingCheck {
    /// Latin-script code pages uchardet names for windows-1252 text. Cyrillic, Greek and other
    /// scripts are left alone: their letters are all above 0x7F, so the word test below says nothing.
    private static let contested: Set<String> = [
        "IBM852", "MacCentralEurope", "macintosh", "ISO-8859-2", "windows-1250", "ISO-8859-3", "ISO-8859-4",
        "ISO-8859-10", "ISO-8859-13", "ISO-8859-16", "windows-1257",
    ]

    /// Whether `sample` reads clearly better as windows-1252 than as `reported`.
    static func prefersWindows1252(over reported: TextEncoding, sample: UnsafeRawBufferPointer) -> Bool {
        guard contested.contains(reported.name), let reportedTable = highHalf(of: reported),
              let westernTable = highHalf(of: .windows1252) else { return false }
        let western = implausibleCharacters(in: sample, table: westernTable)
        let other = implausibleCharacters(in: sample, table: reportedTable)
        return other > 2 * western
    }

    /// The characters bytes 0x80–0xFF decode to in `encoding` (nil where it defines none).
    private static func highHalf(of encoding: TextEncoding) -> [Character?]? {
        guard let converter = IconvConverter(from: encoding.iconvName) else { return nil }
        return (0x80...0xFF).map { (byte: Int) -> Character? in
            let decoded = withUnsafeBytes(of: UInt8(byte)) { converter.convert($0) }
            guard decoded.count == 1, let character = decoded.first, character != "\u{FFFD}" else { return nil }
            return character
        }
    }

    /// How many bytes above 0x7F decode to something no word holds: an undefined byte, a symbol
    /// between two ASCII letters, or a capital right after a lowercase ASCII letter.
    static func implausibleCharacters(in sample: UnsafeRawBufferPointer, table: [Character?]) -> Int {
        var count = 0
        for index in sample.indices where sample[index] >= 0x80 {
            guard let character = table[Int(sample[index]) - 0x80] else {
                count += 1
                continue
            }
            let before = index > 0 ? sample[index - 1] : 0x20
            let after = index + 1 < sample.count ? sample[index + 1] : 0x20
            let afterLowercase = (0x61...0x7A).contains(before)
            if !character.isLetter, afterLowercase || isASCIILetter(before), isASCIILetter(after) {
                count += 1
            } else if character.isUppercase, afterLowercase {
                count += 1
            }
        }
        return count
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
