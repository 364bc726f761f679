/// The small default stylesheet every content document links to.
enum ExportStylesheet {
    static let css = """
        body { margin: 0 4%; line-height: 1.45; }
        h1, h2, h3, h4, h5, h6 { line-height: 1.2; page-break-after: avoid; }
        p { margin: 0.4em 0; }
        blockquote { margin: 0.6em 1.5em; }
        pre { white-space: pre-wrap; font-size: 0.9em; }
        code, pre { font-family: monospace; }
        figure { margin: 1em 0; text-align: center; }
        img { max-width: 100%; height: auto; }
        table { border-collapse: collapse; margin: 0.6em 0; }
        th, td { border: 1px solid #999; padding: 0.15em 0.4em; vertical-align: top; }
        aside { font-size: 0.9em; }
        .image-alt { font-style: italic; }

        """
}
