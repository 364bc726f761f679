internal import CLibXML2

/// HTML's named character references (`&eacute;`, `&nbsp;`, …), from libxml2's table.
public enum HTMLNamedEntity {
    /// The character an HTML entity name stands for, or nil when HTML has no such entity.
    /// Wraps `htmlEntityLookup`.
    public static func character(named name: String) -> Unicode.Scalar? {
        guard let entity = htmlEntityLookup(name) else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }
}
