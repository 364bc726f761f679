internal import CLibXML2

/// Reads bytes in memory with libxml2 as `xmlCtxtReadMemory` and `htmlCtxtReadMemory` do, step
/// for step, but, where libxml2 will never convert the bytes, tells it that no more input can come.
///
/// libxml2 2.9 asks its input for more bytes whenever fewer than 250 are left unread, which for a
/// buffer in memory means a chain of calls that always finds nothing, made for nearly every
/// character of a small document (most of a feed's items and every HTML fragment): a tenth of
/// reading them. Without a read callback it stops asking. Only an encoding conversion needs that
/// chain (it converts the rest as it is asked for), so the short way is taken only when no
/// converter can be installed: no encoding given and nothing in the bytes that would choose one
/// (XML), or UTF-8 given for bytes that are valid UTF-8 (HTML, whose parser then never switches).
/// The document is the same either way; the document's address (`URL`) is not set, as nothing
/// reads it.
enum MemoryReading {
    /// Documents past libxml2's lookup limit (`XML_MAX_LOOKUP_LIMIT`) take the usual way, whose
    /// checks near that limit depend on the read callback.
    private static let largestShortRead = 10_000_000

    static func readXML(_ context: xmlParserCtxtPtr, _ bytes: UnsafePointer<CChar>, count: Int32, encoding: String?,
                        options: Int32) -> xmlDocPtr? {
        guard encoding == nil, neverConvertsXML(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: Int(count)) else {
            return xmlCtxtReadMemory(context, bytes, count, nil, encoding, options)
        }
        xmlCtxtReset(context)
        guard pushInput(context, bytes, count: count) else { return nil }
        _ = xmlCtxtUseOptions(context, options)
        _ = xmlParseDocument(context)
        let document = context.pointee.myDoc
        context.pointee.myDoc = nil
        if context.pointee.wellFormed != 0 || context.pointee.recovery != 0 { return document }
        if let document { xmlFreeDoc(document) }
        return nil
    }

    static func readHTML(_ context: htmlParserCtxtPtr, _ bytes: UnsafePointer<CChar>, count: Int32, encoding: String?,
                         options: Int32) -> htmlDocPtr? {
        let unsigned = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: Int(count))
        guard encoding == "UTF-8", count < largestShortRead, String(validating: unsigned, as: UTF8.self) != nil else {
            return htmlCtxtReadMemory(context, bytes, count, nil, encoding, options)
        }
        // As htmlDoRead does with an encoding, but without the UTF-8 converter (a copy): bytes
        // that are valid UTF-8 read the same, and the input's encoding, set, still keeps
        // `<meta charset>` from switching.
        htmlCtxtReset(context)
        guard pushInput(context, bytes, count: count) else { return nil }
        _ = htmlCtxtUseOptions(context, options)
        context.pointee.html = 1
        // What switching to the converter leaves besides it: the parse is in UTF-8, and says so.
        context.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        context.pointee.input.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
        _ = htmlParseDocument(context)
        let document = context.pointee.myDoc
        context.pointee.myDoc = nil
        return document
    }

    /// A memory input without a read callback on the context, as the `…CtxtReadMemory` functions push one with.
    private static func pushInput(_ context: xmlParserCtxtPtr, _ bytes: UnsafePointer<CChar>, count: Int32) -> Bool {
        guard let buffer = xmlParserInputBufferCreateMem(bytes, count, XML_CHAR_ENCODING_NONE) else { return false }
        buffer.pointee.readcallback = nil
        guard let stream = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else {
            xmlFreeParserInputBuffer(buffer)
            return false
        }
        _ = inputPush(context, stream)
        return true
    }

    /// Whether the XML parser will read these bytes as they are: the first four name no encoding
    /// but UTF-8 (`xmlDetectCharEncoding`), and an XML declaration, when there is one, declares
    /// UTF-8 or no encoding. Anything unclear counts as a conversion.
    static func neverConvertsXML(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 4, count < largestShortRead else { return false }
        let detected = xmlDetectCharEncoding(bytes, 4)
        guard detected == XML_CHAR_ENCODING_NONE || detected == XML_CHAR_ENCODING_UTF8 else { return false }
        let buffer = UnsafeBufferPointer(start: bytes, count: count)
        let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard buffer[start...].starts(with: "<?xml".utf8) else { return true }
        // The declaration ends at the first "?>"; one that runs long is left to the usual way.
        let end = min(count, start + 1024)
        var close = start + 5
        while close + 1 < end, !(buffer[close] == UInt8(ascii: "?") && buffer[close + 1] == UInt8(ascii: ">")) { close += 1 }
        guard close + 1 < end else { return false }
        var index = start + 5
        while let found = firstCaseInsensitive("encoding", in: buffer, from: index, to: close) {
            guard declaresUTF8(buffer, after: found + 8, to: close) else { return false }
            index = found + 8
        }
        return true
    }

    /// Whether `= "utf-8"` (or `utf8`, any case, either quote, blanks around `=`) follows.
    private static func declaresUTF8(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int, to end: Int) -> Bool {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = start
        while index < end, isBlank(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return false }
        index += 1
        while index < end, isBlank(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return false }
        let quote = bytes[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
        guard valueEnd < end else { return false }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self).lowercased()
        return value == "utf-8" || value == "utf8"
    }

    private static func firstCaseInsensitive(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let count = word.utf8CodeUnitCount
        guard end - start >= count else { return nil }
        for index in start...(end - count) {
            var matched = 0
            while matched < count, bytes[index + matched] | 0x20 == word.utf8Start[matched] { matched += 1 }
            if matched == count { return index }
        }
        return nil
    }
}
