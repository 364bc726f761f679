import ReaderRendering

/// The start and end every XHTML document of the export shares.
enum XHTMLFrame {
    static func start(title: String, language: String, stylesheet: String) -> String {
        let lang = HTMLEscaping.attribute(language)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" lang=\"\(lang)\" xml:lang=\"\(lang)\">\n"
            + "<head>\n<meta charset=\"utf-8\"/>\n<title>\(HTMLEscaping.text(title))</title>\n"
            + "<link rel=\"stylesheet\" type=\"text/css\" href=\"\(HTMLEscaping.attribute(stylesheet))\"/>\n</head>\n<body>\n"
    }

    static let end = "</body>\n</html>\n"
}
