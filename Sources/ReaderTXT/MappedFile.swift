import Foundation
import ReaderCore

/// A read-only memory map of a whole file; the pages are loaded by the kernel only when touched.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only; `base` changes only in ``unmap()``, which its owner
    // calls when no thread reads the bytes any more.
    /// The file's path.
    let path: String
    /// The file's size in bytes.
    let count: Int
    private var base: UnsafeMutableRawPointer?

    /// Maps `path` with `mmap`; the descriptor is closed before returning.
    init(path: String, format: DocumentFormat) throws(ReaderError) {
        self.path = path
        let file = try ReadOnlyFile(path: path, format: format)
        count = file.size
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, file.descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw ReaderError(.unreadable, file: path, format: format, reason: "cannot map: \(String(cString: strerror(errno)))")
        }
        base = mapped
    }

    deinit {
        unmap()
    }

    /// Unmaps the file now (`munmap`); the bytes are empty from then on. The caller makes sure no
    /// thread is reading them.
    func unmap() {
        if let base { munmap(base, count) }
        base = nil
    }

    /// The file's bytes (empty once unmapped). Valid while `self` is alive and mapped.
    var bytes: UnsafeRawBufferPointer {
        guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base, count: count)
    }

    /// A sub-range of the bytes, clamped to the file.
    func bytes(in range: Range<Int>) -> UnsafeRawBufferPointer {
        let clamped = range.clamped(to: 0..<count)
        return UnsafeRawBufferPointer(rebasing: bytes[clamped])
    }
}

extension MappedFile {
    /// The span the kernel maps at once around a page fault on a file (`fault_around_bytes`,
    /// 64 KiB by default): touching one byte makes up to that much resident.
    static let faultAroundBytes = 64 << 10

    /// Tells the kernel the pages of `range`, widened to whole fault-around spans, are not needed
    /// any more (`madvise(MADV_DONTNEED)`), so a pass over a large file does not keep it resident.
    /// The pages come back from the page cache if they are read again.
    func release(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let span = Self.faultAroundBytes
        let start = (range.lowerBound / span) * span
        let end = min(count, ((range.upperBound + span - 1) / span) * span)
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    /// Maps the pages of `range` in one call (`madvise(MADV_POPULATE_READ)`) before they are read
    /// through: less work for the kernel than a page fault every 64 KiB. Kernels before 5.14 refuse
    /// the call, and the pages then fault in as they are read.
    func load(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) / page) * page
        let end = min(count, range.upperBound)
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_POPULATE_READ)
    }
}
