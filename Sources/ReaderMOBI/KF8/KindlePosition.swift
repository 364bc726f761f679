/// A KF8 link target, `kindle:pos:fid:XXXX:off:YYYYYYYYYY`: a byte offset from a fragment's insert
/// position, both written in base 32 (`0`–`9`, `A`–`V`).
///
/// `fid` indexes the fragment (FRAG) table; the target lies `off` bytes after that fragment's
/// insert position, in the coordinates of the rebuilt part (calibre
/// `Mobi8Reader.get_id_tag_by_pos_fid`, libmobi `mobi_get_offset_by_posoff`); see
/// ``KF8PartTable/position(of:)``. NCX and guide entries carry the same pair as tag 6.
struct KindlePosition: Hashable, Sendable, Codable {
    /// The fragment's index in the fragment table (`fid`).
    let fragmentIndex: Int
    /// The byte offset from the fragment's insert position (`off`).
    let offset: Int

    /// Creates a position.
    init(fragmentIndex: Int, offset: Int) {
        self.fragmentIndex = fragmentIndex
        self.offset = offset
    }

    /// Parses `kindle:pos:fid:XXXX:off:YYYYYYYYYY` (quotes around it and a `?…` query allowed);
    /// nil when `uri` is not of that form.
    init?(uri: String) {
        guard let (body, _) = KindleURI.split(uri, prefix: "kindle:pos:fid:") else { return nil }
        let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[1].lowercased() == "off",
              let fid = KindleBase32.decode(pieces[0]), let off = KindleBase32.decode(pieces[2])
        else { return nil }
        self.init(fragmentIndex: fid, offset: off)
    }

    /// The link in its usual spelling: four `fid` digits, ten `off` digits.
    var uri: String {
        "kindle:pos:fid:\(KindleBase32.encode(fragmentIndex, width: 4)):off:\(KindleBase32.encode(offset, width: 10))"
    }
}
