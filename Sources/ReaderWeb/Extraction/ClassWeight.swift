/// The class weight of an element: +25 for a positive word in its class, −25 for a negative
/// one, and the same again for its id (see ``ExtractionHints``).
enum ClassWeight {
    static func of(_ node: WebNode, enabled: Bool = true) -> Int {
        guard enabled else { return 0 }
        var weight = 0
        for value in [node.attribute("class"), node.attribute("id")] {
            guard let value = value?.lowercased(), !value.isEmpty else { continue }
            if ExtractionHints.matches(value, ExtractionHints.negative) || ExtractionHints.hasHidToken(value) { weight -= 25 }
            if ExtractionHints.matches(value, ExtractionHints.positive) { weight += 25 }
        }
        return weight
    }
}
