/// Turns the bytes a terminal sends into keys: UTF-8 characters, control keys, CSI and SS3
/// escape sequences (arrows, Page Up/Down, Home/End, Delete), and SGR mouse reports (`ESC [ < b ; x ; y M`)
/// of which the wheel counts.
///
/// A sequence cut between two reads is kept until the rest arrives. An Escape alone cannot be
/// told from the start of a sequence until no more bytes come: the caller waits a moment and
/// then calls ``flush()``. Unknown sequences are dropped whole, and a sequence that runs past
/// ``longestSequence`` bytes is dropped, so nothing grows without bound.
public struct KeyDecoder: Sendable {
    /// The longest escape sequence kept while waiting for its end.
    public static let longestSequence = 64

    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes wait for the rest of a sequence (an Escape alone, so far).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            switch decode(at: index) {
            case .key(let key, let length):
                keys.append(key)
                index += length
            case .skip(let length):
                index += length
            case .incomplete:
                if pending.count - index > Self.longestSequence {
                    pending.removeAll(keepingCapacity: true)
                    return keys
                }
                pending.removeFirst(index)
                return keys
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    /// The keys of what is pending once no more bytes came: an Escape alone is Escape, the
    /// start of a sequence is dropped.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            var rest = KeyDecoder()
            var keys: [Key] = [.escape]
            if pending.count > 1 {
                keys += rest.feed(pending.dropFirst())
                keys += rest.flush()
            }
            return keys
        }
        return []
    }

    private enum Step {
        case key(Key, length: Int)
        case skip(length: Int)
        case incomplete
    }

    private func decode(at index: Int) -> Step {
        let byte = pending[index]
        switch byte {
        case 0x1B: return escape(at: index)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F: return .skip(length: 1)
        case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return utf8(at: index)
        }
    }

    /// A multi-byte UTF-8 character; an invalid byte is dropped.
    private func utf8(at index: Int) -> Step {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)
        }
        guard pending.count - index >= length else {
            for offset in 1..<(pending.count - index) where pending[index + offset] & 0xC0 != 0x80 { return .skip(length: 1) }
            return .incomplete
        }
        let bytes = pending[index..<(index + length)]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first,
              scalar.properties.generalCategory != .control else {
            return .skip(length: 1)
        }
        return .key(.character(Character(scalar)), length: length)
    }

    private func escape(at index: Int) -> Step {
        guard index + 1 < pending.count else { return .incomplete }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["): return controlSequence(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return .incomplete }
            let key: Key? = switch pending[index + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            default: nil
            }
            return key.map { .key($0, length: 3) } ?? .skip(length: 3)
        case 0x1B:
            return .key(.escape, length: 1)
        default:
            // Alt with a key: read as Escape, then the key.
            return .key(.escape, length: 1)
        }
    }

    /// `ESC [` parameters, intermediates, a final byte.
    private func controlSequence(at index: Int) -> Step {
        var end = index + 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return .incomplete }
        let final = pending[end]
        let length = end - index + 1
        guard (0x40...0x7E).contains(final) else { return .skip(length: length - 1) }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return mouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M"), length: length)
        }
        let key: Key?
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first.map(String.init) ?? "" {
            case "1", "7": key = .home
            case "4", "8": key = .end
            case "3": key = .delete
            case "5": key = .pageUp
            case "6": key = .pageDown
            default: key = nil
            }
        default: key = nil
        }
        return key.map { .key($0, length: length) } ?? .skip(length: length)
    }

    /// An SGR mouse report: button 64 is the wheel up, 65 down (modifier bits 4, 8, 16 ignored).
    private func mouse(_ parameters: Substring, pressed: Bool, length: Int) -> Step {
        guard pressed, let button = parameters.split(separator: ";").first.flatMap({ Int($0) }) else {
            return .skip(length: length)
        }
        switch button & ~(4 | 8 | 16) {
        case 64: return .key(.wheelUp, length: length)
        case 65: return .key(.wheelDown, length: length)
        default: return .skip(length: length)
        }
    }
}
