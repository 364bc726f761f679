/// The base-32 numbers of KF8 links: digits `0`–`9` then `A`–`V` (lower case accepted), most
/// significant first, as in `kindle:pos:fid:000A:off:000000001I` (calibre `to_base`, libmobi
/// `mobi_base32_decode`).
enum KindleBase32 {
    /// The most digits read; ten base-32 digits hold 50 bits.
    static let maxDigits = 10

    /// The value of `text`, or nil when it is empty, longer than ``maxDigits`` or holds a
    /// character that is not a base-32 digit.
    static func decode<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
        var value = 0
        for byte in text.utf8 {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "V"): digit = Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "v"): digit = Int(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            value = value * 32 + digit
        }
        return value
    }

    /// `value` in base 32, upper case, padded with zeros to `width` digits.
    static func encode(_ value: Int, width: Int = 1) -> String {
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV")
        var remaining = max(0, value)
        var result: [Character] = []
        repeat {
            result.append(digits[remaining % 32])
            remaining /= 32
        } while remaining > 0
        while result.count < width { result.append("0") }
        return String(result.reversed())
    }
}
