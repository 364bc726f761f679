extension String {
    /// The characters of UTF-8 bytes `range` of the string, which must start and end between
    /// characters (a line cut at its line breaks, say).
    func slice(utf8 range: Range<Int>) -> Substring {
        self[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
}
