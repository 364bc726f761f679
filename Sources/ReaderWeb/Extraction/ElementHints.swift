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

    init(class className: String?, id: String?) {
        // Most elements have neither: no word can match, and nothing need be lower-cased.
        guard className?.isEmpty == false || id?.isEmpty == false else { return }
        let classAndID = ((className ?? "") + " " + (id ?? "")).lowercased()
        isUnlikely = Self.unlikely.matches(classAndID)
        isMaybeCandidate = Self.maybeCandidate.matches(classAndID)
        isByline = Self.byline.matches(classAndID)
        isShareWidget = ExtractionHints.isShareWidget(classAndID)
        classWeight = Self.weight(of: className) + Self.weight(of: id)
    }

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
