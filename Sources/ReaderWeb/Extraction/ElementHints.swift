/// What an element's class and id say, by ``ExtractionHints``' word lists. Only the `class` and
/// `id` attributes count, and extraction never changes them: ``WebNode`` keeps the hints once
/// asked for, and every extraction step and cleaning rule asks again.
struct ElementHints {
    /// `class id` names a part that is almost never the article.
    var isUnlikely = false
    /// `class id` holds a word that saves an unlikely-looking part.
    var isMaybeCandidate = false
    /// `class id` names a byline.
    var isByline = false
    /// `class id` names a share widget.
    var isShareWidget = false
    /// The class weight (±25 for the class, ±25 for the id; see ``ClassWeight``).
    var classWeight = 0

    private init() {}

    init(class className: String?, id: String?) {
        self.init()
        // Most elements have neither: no word can match, and nothing need be lower-cased.
        guard className?.isEmpty == false || id?.isEmpty == false else { return }
        if let ascii = Self.asciiLowercased(className ?? "", id ?? "") {
            self = ElementHints(asciiClassAndID: ascii.bytes, classLength: ascii.classLength)
            return
        }
        let classAndID = ((className ?? "") + " " + (id ?? "")).lowercased()
        isUnlikely = Self.unlikely.matches(classAndID)
        isMaybeCandidate = Self.maybeCandidate.matches(classAndID)
        isByline = Self.byline.matches(classAndID)
        isShareWidget = ExtractionHints.isShareWidget(classAndID)
        classWeight = Self.weight(of: className) + Self.weight(of: id)
    }

    /// The same from `class id` in ASCII, lower-cased (what `lowercased()` makes of ASCII), as bytes.
    private init(asciiClassAndID bytes: [UInt8], classLength: Int) {
        self.init()
        let lists = bytes.withUnsafeBufferPointer { all in
            classWeight = Self.weight(ofASCII: UnsafeBufferPointer(rebasing: all[..<classLength]))
                + Self.weight(ofASCII: UnsafeBufferPointer(rebasing: all[(classLength + 1)...]))
            return Self.classAndIDWords.matchedLists(in: all)
        }
        isUnlikely = lists & 1 != 0
        isMaybeCandidate = lists & 2 != 0
        isByline = lists & 4 != 0
        // Most names hold no `share`: only those are made into a string to be split into words.
        if lists & 8 != 0 {
            isShareWidget = ExtractionHints.isShareWidget(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `class id` lower-cased as bytes, and the length of the class part; nil unless both are ASCII.
    private static func asciiLowercased(_ className: String, _ id: String) -> (bytes: [UInt8], classLength: Int)? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(className.utf8.count + 1 + id.utf8.count)
        for byte in className.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        let classLength = bytes.count
        bytes.append(0x20)
        for byte in id.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return (bytes, classLength)
    }

    /// ``weight(of:)`` of lower-cased ASCII.
    private static func weight(ofASCII value: UnsafeBufferPointer<UInt8>) -> Int {
        guard !value.isEmpty else { return 0 }
        let lists = weightWords.matchedLists(in: value)
        var weight = 0
        if lists & 1 != 0 || hasHidToken(value) { weight -= 25 }
        if lists & 2 != 0 { weight += 25 }
        return weight
    }

    /// ``ExtractionHints/hasHidToken(_:)`` on ASCII bytes: `hid` between spaces or the ends.
    private static func hasHidToken(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.split(separator: 0x20).contains { $0.elementsEqual("hid".utf8) }
    }

    /// Bits 1, 2, 4, 8: unlikely, maybe a candidate, byline, `share`.
    private static let classAndIDWords = WordMatcher(ExtractionHints.unlikely, ExtractionHints.maybeCandidate,
                                                     ExtractionHints.byline, ["share"])
    /// Bits 1, 2: negative, positive.
    private static let weightWords = WordMatcher(ExtractionHints.negative, ExtractionHints.positive)
    private static let unlikely = WordMatcher(ExtractionHints.unlikely)
    private static let maybeCandidate = WordMatcher(ExtractionHints.maybeCandidate)
    private static let byline = WordMatcher(ExtractionHints.byline)
    private static let negative = WordMatcher(ExtractionHints.negative)
    private static let positive = WordMatcher(ExtractionHints.positive)

    /// −25 for a negative word (or the `hid` token), +25 for a positive one (both can apply).
    private static func weight(of value: String?) -> Int {
        guard let value = value?.lowercased(), !value.isEmpty else { return 0 }
        var weight = 0
        if negative.matches(value) || ExtractionHints.hasHidToken(value) { weight -= 25 }
        if positive.matches(value) { weight += 25 }
        return weight
    }
}
