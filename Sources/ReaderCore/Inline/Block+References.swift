extension Block {
    /// Rewrites the targets of the block's links and note references and the hrefs of its images
    /// (in its runs and its table cells), for instance to resolve them against the resource the
    /// block comes from.
    public mutating func resolveReferences(links: (LinkTarget) -> LinkTarget, images: (String) -> String) {
        guard !runs.isEmpty || !tableRows.isEmpty else { return }
        runs = runs.map { $0.resolvingReferences(links: links, images: images) }
        for row in tableRows.indices {
            for cell in tableRows[row].cells.indices {
                tableRows[row].cells[cell].runs = tableRows[row].cells[cell].runs.map {
                    $0.resolvingReferences(links: links, images: images)
                }
            }
        }
    }
}

extension InlineRun {
    /// The run with its link target or image href rewritten; other runs unchanged.
    public func resolvingReferences(links: (LinkTarget) -> LinkTarget, images: (String) -> String) -> InlineRun {
        var copy = self
        switch style {
        case .link(let target): copy.style = .link(links(target))
        case .noteReference(let target): copy.style = .noteReference(links(target))
        case .image(var reference):
            reference.href = images(reference.href)
            copy.style = .image(reference)
        default: break
        }
        return copy
    }
}
