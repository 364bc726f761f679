/// The link density of every scored candidate of an attempt, from one walk of the tree: the
/// links' weighted text lengths in document order, and for each candidate the run of them inside
/// it (a subtree's descendants follow each other in document order). The sum over that run is
/// the one ``WebNode/linkDensity`` makes, added in the same order: the same figure, without a
/// walk of each candidate's subtree (candidates nest, so those walks went over the page many times).
struct CandidateLinkDensities {
    /// Each link's text length, weighted (a link to a fragment of the page counts 0.3).
    private var links: [Double] = []
    /// The run of ``links`` inside each candidate.
    private var runs: [ObjectIdentifier: Range<Int>] = [:]

    /// Walks `root`; candidates are the elements with a score.
    init(of root: WebNode) {
        visit(root)
    }

    private mutating func visit(_ node: WebNode) {
        let start = links.count
        for child in node.children where child.isElement {
            if child.name == "a" {
                let weight = (child.attribute("href") ?? "").hasPrefix("#") ? 0.3 : 1
                links.append(Double(child.textLength) * weight)
            }
            visit(child)
        }
        if node.score != nil { runs[ObjectIdentifier(node)] = start..<links.count }
    }

    /// ``WebNode/linkDensity`` of a candidate (of a node met in the walk, and with a score then).
    func linkDensity(of candidate: WebNode) -> Double {
        guard let run = runs[ObjectIdentifier(candidate)] else { return candidate.linkDensity }
        let length = candidate.textLength
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for index in run { linkLength += links[index] }
        return linkLength / Double(length)
    }
}
