internal import COpenCCOnDemand
import Foundation
import ReaderCore
import Synchronization

/// One OpenCC converter (`opencc_t`), opened from a configuration and closed in `deinit`.
///
/// OpenCC promises nothing about one handle on two threads, so every conversion holds a lock.
final class OpenCCConverter: Sendable {
    /// The configuration's name (`s2t`).
    let configuration: String
    /// The handle, used only under `lock`.
    private let handle: Mutex<HandleBox>

    /// Opens the configuration `name`.json from OpenCC's data folder (`opencc_open`).
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when OpenCC has no such configuration.
    init(configuration name: String) throws(ReaderError) {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) else {
            throw OpenCCConfigurations.unknown(name)
        }
        // OpenCC is loaded on the first converter, not at start (COpenCCOnDemand).
        guard rocc_load() == 0 else {
            let reason = rocc_load_error().map { String(cString: $0) } ?? "OpenCC cannot be loaded"
            throw ReaderError(.unsupportedOperation, reason: "OpenCC transforms are missing: \(reason)")
        }
        guard let opened = rocc_opencc_open(name + ".json"), rocc_is_valid(opened) != 0 else { throw OpenCCConfigurations.unknown(name) }
        configuration = name
        handle = Mutex(HandleBox(opened))
    }

    /// `text` converted (`opencc_convert_utf8`); the text itself should OpenCC fail. NUL
    /// characters, which would end OpenCC's C string, stay as they are between converted pieces.
    func convert(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        guard !text.utf8.contains(0) else {
            return text.split(separator: "\u{0}", omittingEmptySubsequences: false).map { convert(String($0)) }
                .joined(separator: "\u{0}")
        }
        return handle.withLock { box in
            var text = text
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress,
                      let converted = base.withMemoryRebound(to: CChar.self, capacity: bytes.count, {
                          rocc_opencc_convert_utf8(box.pointer, $0, bytes.count)
                      }) else { return String(decoding: bytes, as: UTF8.self) }
                defer { rocc_opencc_convert_utf8_free(converted) }
                return String(cString: converted)
            }
        }
    }
}

/// The `opencc_t` of one converter, closed when the converter goes.
private final class HandleBox {
    let pointer: UnsafeMutableRawPointer

    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }

    deinit { rocc_opencc_close(pointer) }
}
