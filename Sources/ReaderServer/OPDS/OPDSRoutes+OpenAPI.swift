import Foundation

extension OPDSRoutes {
    /// Every OPDS route: Atom and OpenSearch responses as strings of their media types, OPDS 2
    /// documents as `OPDSFeed`/`OPDSPublication` objects, files and pictures as binary strings.
    var openAPI: OpenAPIFragment {
        var paths: [String: Any] = [:]
        let page: [String: Any] = ["name": "page", "in": "query", "required": false,
                                   "description": "The page of the listing, from 1",
                                   "schema": ["type": "integer", "minimum": 1, "maximum": 1_000_000]]
        let name: [String: Any] = ["name": "name", "in": "path", "required": true,
                                   "description": "The author, tag or collection name (percent-encoded)",
                                   "schema": ["type": "string", "minLength": 1]]
        let id: [String: Any] = ["name": "id", "in": "path", "required": true,
                                 "description": "The book id: the SHA-256 hex of its file",
                                 "schema": ["type": "string", "pattern": "^[0-9a-f]{64}$"]]
        let terms: [[String: Any]] = [
            ["name": "q", "in": "query", "required": false, "description": "Words to search for (OpenSearch `searchTerms`)",
             "schema": ["type": "string", "maxLength": 200]],
            ["name": "query", "in": "query", "required": false, "description": "Words to search for (the OPDS 2 template's name)",
             "schema": ["type": "string", "maxLength": 200]],
        ]
        let error = Self.content("application/json", schema: ["$ref": "#/components/schemas/OPDSError"])
        let notFound: [String: Any] = ["description": "No such feed, page, name or book", "content": error]
        let badRequest: [String: Any] = ["description": "The page is not a positive integer", "content": error]

        for version in OPDSVersion.allCases {
            let prefix = version.prefix
            func feedResponse(_ kind: OPDSFeed.Kind) -> [String: Any] {
                switch version {
                case .atom:
                    return ["description": "An OPDS 1.2 \(kind == .navigation ? "navigation" : "acquisition") feed (Atom)",
                            "content": Self.content(OPDSMediaType.atom(kind), schema: ["type": "string"])]
                case .json:
                    return ["description": "An OPDS 2.0 feed",
                            "content": Self.content(OPDSMediaType.opds2, schema: ["$ref": "#/components/schemas/OPDSFeed"])]
                }
            }
            let label = version == .atom ? "OPDS 1.2" : "OPDS 2.0"
            let suffix = version == .atom ? "Atom" : "JSON"
            func operation(_ summary: String, _ operationID: String, _ kind: OPDSFeed.Kind, parameters: [[String: Any]],
                           paged: Bool, named: Bool) -> [String: Any] {
                var responses: [String: Any] = ["200": feedResponse(kind)]
                if paged { responses["400"] = badRequest }
                if paged || named { responses["404"] = notFound }
                return ["get": ["summary": "\(summary) (\(label))", "operationId": "opds\(operationID)\(suffix)",
                                "tags": ["OPDS"], "parameters": parameters, "responses": responses]]
            }
            paths[prefix] = operation("The catalog root: ways of browsing", "Root", .navigation, parameters: [], paged: false, named: false)
            paths["\(prefix)/recent"] = operation("Every book, newest first", "Recent", .acquisition, parameters: [page], paged: true, named: false)
            paths["\(prefix)/titles"] = operation("Every book, by title", "Titles", .acquisition, parameters: [page], paged: true, named: false)
            paths["\(prefix)/search"] = operation("Books matching words of their title, authors, tags or collections", "Search",
                                                  .acquisition, parameters: terms + [page], paged: true, named: false)
            for grouping in OPDSGrouping.allCases {
                let title = grouping.rawValue.prefix(1).uppercased() + grouping.rawValue.dropFirst()
                paths["\(prefix)/\(grouping.rawValue)"] = operation("The \(grouping.rawValue), each leading to its books",
                                                                    title, .navigation, parameters: [], paged: false, named: false)
                paths["\(prefix)/\(grouping.rawValue)/{name}"] = operation("The books of one of the \(grouping.rawValue), by title",
                                                                           "\(grouping.memberTitle)Books", .acquisition,
                                                                           parameters: [name, page], paged: true, named: true)
            }
        }
        paths["/opds/v2/books/{id}"] = ["get": [
            "summary": "One book as an OPDS 2.0 publication", "operationId": "opdsPublicationJSON", "tags": ["OPDS"],
            "parameters": [id],
            "responses": ["200": ["description": "The publication",
                                  "content": Self.content(OPDSMediaType.opds2Publication, schema: ["$ref": "#/components/schemas/OPDSPublication"])],
                          "404": notFound]]]
        paths["/opds/opensearch.xml"] = ["get": [
            "summary": "The OpenSearch description of the catalog's search", "operationId": "opdsOpenSearchDescription", "tags": ["OPDS"],
            "responses": ["200": ["description": "An OpenSearch 1.1 description document",
                                  "content": Self.content(OPDSMediaType.openSearch, schema: ["type": "string"])]]]]
        paths["/opds/placeholder-cover.png"] = ["get": [
            "summary": "The picture shown for books without a cover", "operationId": "opdsPlaceholderCover", "tags": ["OPDS"],
            "responses": ["200": ["description": "A PNG picture", "content": Self.content("image/png", schema: Self.binary)]]]]
        let range: [String: Any] = ["name": "Range", "in": "header", "required": false,
                                    "description": "One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`)", "schema": ["type": "string"]]
        func download(_ summary: String, _ operationID: String, types: [String]) -> [String: Any] {
            var content: [String: Any] = [:]
            for type in types { content[type] = ["schema": Self.binary] }
            return ["get": [
                "summary": summary, "operationId": operationID, "tags": ["OPDS"], "parameters": [id, range],
                "responses": [
                    "200": ["description": "The whole file", "content": content],
                    "206": ["description": "The range asked for", "content": content],
                    "304": ["description": "Not modified (If-None-Match matched the ETag)"],
                    "404": notFound,
                    "416": ["description": "The range lies outside the file", "content": error],
                ] as [String: Any]]]
        }
        paths["/opds/books/{id}/file"] = download("The book's file, as stored", "opdsBookFile", types: fileMediaTypes)
        var epub = download("The book as EPUB, exported from its format on first request and cached", "opdsBookEPUB",
                            types: [OPDSMediaType.epub])
        if var get = epub["get"] as? [String: Any], var responses = get["responses"] as? [String: Any] {
            responses["422"] = ["description": "The book could not be exported", "content": error]
            get["responses"] = responses
            epub["get"] = get
        }
        paths["/opds/books/{id}/epub"] = epub
        let pictures = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/svg+xml"]
        let thumbnailDetail = "The cover reduced to fit 200 × 300 pixels (aspect ratio kept, never enlarged) and written as JPEG. "
            + "A JPEG cover that fits already is served as it is; a cover that cannot be decoded is served itself, in its own type."
        for (path, summary, detail, operationID) in [("cover", "The book's cover", nil, "opdsBookCover"),
                                                     ("thumbnail", "The book's thumbnail (JPEG)", thumbnailDetail, "opdsBookThumbnail")] {
            var content: [String: Any] = [:]
            for type in pictures { content[type] = ["schema": Self.binary] }
            var operation: [String: Any] = [
                "summary": summary, "operationId": operationID, "tags": ["OPDS"], "parameters": [id],
                "responses": ["200": ["description": "The picture", "content": content],
                              "304": ["description": "Not modified (If-None-Match matched the ETag)"],
                              "404": notFound] as [String: Any]]
            if let detail { operation["description"] = detail }
            paths["/opds/books/{id}/\(path)"] = ["get": operation]
        }
        return OpenAPIFragment(paths: Self.json(paths), schemas: Self.json(Self.schemas))
    }

    private static var binary: [String: Any] { ["type": "string", "format": "binary"] }

    private static func content(_ type: String, schema: [String: Any]) -> [String: Any] {
        [type: ["schema": schema]]
    }

    private static var schemas: [String: Any] { [
        "OPDSError": ["type": "object", "required": ["error"], "properties": ["error": ["type": "string"]]],
        "OPDSLink": ["type": "object", "required": ["href"], "properties": [
            "href": ["type": "string"], "rel": ["type": "string"], "type": ["type": "string"], "title": ["type": "string"],
            "templated": ["type": "boolean"],
            "properties": ["type": "object", "properties": ["numberOfItems": ["type": "integer", "minimum": 0]]],
        ]],
        "OPDSFeed": ["type": "object", "required": ["metadata", "links"], "properties": [
            "metadata": ["type": "object", "required": ["title"], "properties": [
                "title": ["type": "string"], "identifier": ["type": "string"], "modified": ["type": "string"],
                "numberOfItems": ["type": "integer", "minimum": 0], "itemsPerPage": ["type": "integer", "minimum": 1],
                "currentPage": ["type": "integer", "minimum": 1],
            ]],
            "links": ["type": "array", "items": ["$ref": "#/components/schemas/OPDSLink"]],
            "navigation": ["type": "array", "items": ["$ref": "#/components/schemas/OPDSLink"]],
            "publications": ["type": "array", "items": ["$ref": "#/components/schemas/OPDSPublication"]],
        ]],
        "OPDSPublication": ["type": "object", "required": ["metadata", "links", "images"], "properties": [
            "metadata": ["type": "object", "required": ["title", "identifier"], "properties": [
                "@type": ["type": "string"], "identifier": ["type": "string"], "title": ["type": "string"],
                "author": ["type": "array", "items": ["type": "string"]], "language": ["type": "string"],
                "description": ["type": "string"], "modified": ["type": "string"],
                "subject": ["type": "array", "items": ["type": "string"]],
                "altIdentifier": ["type": "array", "items": ["type": "string"]],
                "belongsTo": ["type": "object", "properties": ["collection": ["type": "array", "items": ["type": "string"]]]],
            ]],
            "links": ["type": "array", "items": ["$ref": "#/components/schemas/OPDSLink"]],
            "images": ["type": "array", "minItems": 1, "items": ["$ref": "#/components/schemas/OPDSLink"]],
        ]],
    ] }

    private static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
