/// Finds a page's article the way a reading mode does (after Mozilla Readability's algorithm;
/// `docs/extraction.md` describes it and where we differ):
/// 1. Parts that are never the article go: hidden elements, dialogs, and (first attempt) parts
///    whose class or id says menu, comment, footer, sidebar, ad, … unless it also says article,
///    content, main, …; the byline is taken out and remembered; a heading repeating the title goes.
/// 2. A `div` holding only phrasing content becomes a paragraph; loose text in a `div` is wrapped.
/// 3. Every paragraph-like element with 25 characters or more scores 1, plus one per comma, plus
///    one per 100 characters (at most 3), and gives the score to five levels of ancestors (all of
///    it to the parent, half to the grandparent, a third of the level to the others). An ancestor
///    starts from its element's weight (`div` +5, lists −3, headings −5) and its class weight
///    (±25 for positive or negative words in its class, and in its id).
/// 4. Each candidate's score is scaled by one minus its link density; the best wins, moved up to
///    a common ancestor of the near-best, or to a parent scoring better.
/// 5. The winner's siblings join it when they score a fifth of it (more when they share its class),
///    or are paragraphs of real prose with few links.
/// 6. The article is cleaned: forms, lists, tables and `div`s that look like navigation, link
///    lists, ads or share widgets go; headings with negative class weight go; empty paragraphs go.
/// When the result holds fewer than 500 characters, extraction runs again with fewer rules
/// (without step 1's class rule, then without class weights, then without conditional cleaning)
/// and keeps the longest result.
struct ArticleExtractor {
    /// Which rules apply in one attempt.
    struct Rules {
        var stripsUnlikely = true
        var weighsClasses = true
        var cleansConditionally = true
    }

    /// What one attempt found.
    struct Result {
        /// The article: a `div` whose children are the joined parts.
        var article: WebNode
        /// The byline found in the page (an element with `rel="author"`, `itemprop="author"`, a byline class).
        var byline: String?
        /// The length of the article's text.
        var textLength: Int
    }

    /// The article's title, to drop a heading that repeats it.
    var title: String?
    /// The smallest article accepted without retrying with fewer rules.
    var characterThreshold = 500
    /// How many top candidates are compared.
    var topCandidateCount = 5

    /// Extracts from a fresh tree made by `makeTree` (called once per attempt, since attempts
    /// change the tree). Returns nil when no attempt found any text.
    func extract(makeTree: () -> WebNode) -> Result? {
        var rules = Rules()
        var attempts: [Result] = []
        while true {
            let body = makeTree()
            var attempt = Attempt(rules: rules, title: title, topCandidateCount: topCandidateCount)
            let result = attempt.run(body: body)
            if result.textLength >= characterThreshold { return result }
            attempts.append(result)
            if rules.stripsUnlikely { rules.stripsUnlikely = false }
            else if rules.weighsClasses { rules.weighsClasses = false }
            else if rules.cleansConditionally { rules.cleansConditionally = false }
            else { break }
        }
        // Ties go to the first attempt, made with the most rules.
        let best = attempts.enumerated().max { lhs, rhs in
            lhs.element.textLength != rhs.element.textLength ? lhs.element.textLength < rhs.element.textLength : lhs.offset > rhs.offset
        }?.element
        guard let best, best.textLength > 0 else { return nil }
        return best
    }
}
