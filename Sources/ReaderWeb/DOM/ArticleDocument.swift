/// The HTML document an article is read from: language and direction on `<html>`, the title in
/// `<head>` and, for an extracted article, as a first-level heading before the content.
enum ArticleDocument {
    static func html(article: WebNode, metadata: PageMetadata, addsTitle: Bool) -> String {
        let root = WebNode(element: "html")
        if let language = metadata.language { root.setAttribute("lang", language) }
        if let direction = metadata.direction { root.setAttribute("dir", direction) }
        let head = WebNode(element: "head")
        head.append(WebNode(element: "meta", attributes: [("charset", "utf-8")]))
        let body = WebNode(element: "body")
        root.append(head)
        root.append(body)
        if let title = metadata.title {
            let element = WebNode(element: "title")
            element.append(WebNode(text: title))
            head.append(element)
            let firstHeading = article.descendants(named: ["h1", "h2"]).first?.innerText
            if addsTitle, firstHeading != title {
                let heading = WebNode(element: "h1")
                heading.append(WebNode(text: title))
                body.append(heading)
            }
        }
        let wrapper = WebNode(element: "article")
        for child in article.children { wrapper.append(child) }
        body.append(wrapper)
        let html = "<!DOCTYPE html>\n" + ArticleHTMLWriter.html(of: root, includingSelf: true)
        for child in wrapper.takeChildren() { article.append(child) }
        return html
    }
}
