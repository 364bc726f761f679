/// The language of a MOBI header's locale field, a Windows language identifier.
///
/// The low byte holds the primary language (9 English, 7 German, …) and bits 10 and up the
/// sub-language (the region); only the primary language is mapped.
enum MOBILanguage {
    /// The ISO 639-1 code (or ISO 639-2 where there is none) for `locale`'s primary language, or
    /// nil for 0 ("neutral") and identifiers not in the table.
    static func code(forLocale locale: UInt32) -> String? {
        codes[UInt8(truncatingIfNeeded: locale)]
    }

    /// Primary language identifiers of the Windows LANGID scheme that Mobipocket uses.
    private static let codes: [UInt8: String] = [
        1: "ar", 2: "bg", 3: "ca", 4: "zh", 5: "cs", 6: "da", 7: "de", 8: "el", 9: "en", 10: "es",
        11: "fi", 12: "fr", 13: "he", 14: "hu", 15: "is", 16: "it", 17: "ja", 18: "ko", 19: "nl",
        20: "no", 21: "pl", 22: "pt", 23: "rm", 24: "ro", 25: "ru", 26: "hr", 27: "sk", 28: "sq",
        29: "sv", 30: "th", 31: "tr", 32: "ur", 33: "id", 34: "uk", 35: "be", 36: "sl", 37: "et",
        38: "lv", 39: "lt", 41: "fa", 42: "vi", 43: "hy", 44: "az", 45: "eu", 46: "wen", 47: "mk",
        48: "st", 49: "ts", 50: "tn", 52: "xh", 53: "zu", 54: "af", 55: "ka", 56: "fo", 57: "hi",
        58: "mt", 59: "se", 62: "ms", 63: "kk", 65: "sw", 67: "uz", 68: "tt", 69: "bn", 70: "pa",
        71: "gu", 72: "or", 73: "ta", 74: "te", 75: "kn", 76: "ml", 77: "as", 78: "mr", 79: "sa",
        87: "kok", 97: "ne",
    ]
}
