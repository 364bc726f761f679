import Foundation

/// The engine API's part of `/openapi.json`: every route of ``BookRoutes`` with its parameters
/// (and their ranges, which the handlers enforce), bodies, statuses and schemas (`Book…`).
enum BookOpenAPI {
    /// The fragment, built once.
    static let fragment: OpenAPIFragment = OpenAPIFragment(paths: text(paths), schemas: text(schemas))

    // MARK: Paths

    static var paths: [String: Any] {
        var paths: [String: Any] = [:]
        paths["/api/books"] = ["get": operation(
            "listBooks", "The books of the folder or library, filtered, sorted and paged",
            parameters: [
                query("offset", integer(minimum: 0, maximum: Int(Int32.max)), "The first item to return (0-based)"),
                query("limit", integer(minimum: 1, maximum: 500), "The most items to return (default 50)"),
                query("sort", choice(BookListOrder.sorts), "The order (default title)"),
                query("order", choice(["asc", "desc"]), "asc or desc (default: A to Z for title and author, newest first for added and recent)"),
                query("q", string(maxLength: 200), "Words that must start words of the title or authors; also tag:, status:, author:, format: terms"),
                query("format", string(maxLength: 32), "Only books of this format (epub, pdf, mobi, azw3, txt, markdown, …)"),
            ],
            responses: ["200": json("BookList", "One page of the books"), "400": error("A parameter is out of range")])]
        paths["/api/books/{id}"] = ["get": bookOperation("bookInfo", "A book's metadata", ok: json("BookInfo", "The book's metadata"))]
        paths["/api/books/{id}/toc"] = ["get": bookOperation(
            "bookTOC", "The table of contents, nested, each entry with its Locator",
            ok: jsonArray("BookTOCEntry", "The top-level entries"))]
        paths["/api/books/{id}/page"] = ["get": bookOperation(
            "bookPage", "One reflowed text page at a viewport, with its Locators",
            parameters: viewport + [
                query("page", integer(minimum: 1, maximum: BookRoutes.pageLimit), "The 1-based page (default 1)"),
                query("locator", string(maxLength: BookRoutes.locatorLimit),
                      "A Locator as JSON: the page holding it (instead of page); one stamped with another edition's fingerprint is found by its text"),
            ],
            ok: json("BookPage", "The page"), refusals: ["400": error("A parameter is out of range, the page does not exist or the Locator does not resolve")])]
        paths["/api/books/{id}/sections"] = ["get": bookOperation(
            "bookSections", "The sections of the reading order", ok: jsonArray("BookSection", "The sections"))]
        paths["/api/books/{id}/sections/{index}"] = ["get": bookOperation(
            "bookSection", "A section's content as sanitized HTML (one <section>) or Markdown",
            parameters: [
                path("index", integer(minimum: 0, maximum: Int(Int32.max)), "The 0-based section index"),
                query("format", choice(["html", "markdown"]), "html (default) or markdown"),
            ],
            ok: ["description": "The section's content",
                 "headers": ["X-Reader-Section-Count": ["description": "How many sections the book has", "required": true,
                                                        "schema": ["type": "string", "pattern": "^[0-9]+$"]]],
                 "content": ["text/html": ["schema": ["type": "string"]], "text/markdown": ["schema": ["type": "string"]]]],
            refusals: ["400": error("A parameter is malformed")])]
        paths["/api/books/{id}/resources"] = ["get": bookOperation(
            "bookResources", "The book's resources (images, stylesheets, fonts, rendered PDF pages)",
            ok: jsonArray("BookResource", "The resources"))]
        paths["/api/books/{id}/resources/{href}"] = ["get": bookOperation(
            "bookResource", "One resource's bytes, by its href (slashes kept)",
            parameters: [path("href", ["type": "string", "minLength": 1, "maxLength": 1024], "The resource's href, percent-encoded")],
            ok: bytes("The resource"), refusals: byteRefusals)]
        paths["/api/books/{id}/cover"] = ["get": bookOperation(
            "bookCover", "The cover picture, as stored", ok: bytes("The cover picture"), refusals: byteRefusals)]
        paths["/api/books/{id}/positions"] = ["get": bookOperation(
            "bookPositions", "The positions list (viewport-independent), one Locator per position",
            parameters: [query("counting", choice(["content", "readium"]), "content (default) or readium counting")],
            ok: json("BookPositions", "The positions"), refusals: ["400": error("A parameter is malformed")])]
        paths["/api/books/{id}/locate"] = ["get": bookOperation(
            "bookLocate", "A place as a canonical Locator, with the page holding it; give exactly one of progression, position, page and locator",
            parameters: viewport + [
                query("progression", ["type": "number", "minimum": 0, "maximum": 1], "Progression through the whole book"),
                query("position", integer(minimum: 1, maximum: Int(Int32.max)), "A position of the positions list"),
                query("page", integer(minimum: 1, maximum: BookRoutes.pageLimit), "A page at the viewport"),
                query("locator", string(maxLength: BookRoutes.locatorLimit), "A Locator as JSON"),
            ],
            ok: json("BookLocated", "The Locator and its page"),
            refusals: ["400": error("None or several places given, a parameter out of range, or a Locator that does not resolve")])]
        paths["/api/books/{id}/search"] = ["get": bookOperation(
            "bookSearch", "Hits of a text, in reading order, streamed as NDJSON (one BookSearchHit a line) as they are found",
            parameters: [
                ["name": "q", "in": "query", "required": true, "description": "The text to find",
                 "schema": ["type": "string", "minLength": 1, "maxLength": 200]],
                query("limit", integer(minimum: 1, maximum: 10_000), "The most hits (default 1000)"),
                query("caseSensitive", ["type": "boolean"], "Match case exactly"),
                query("wholeWord", ["type": "boolean"], "Only matches at word boundaries"),
                query("ignoreDiacritics", ["type": "boolean"], "é matches e"),
            ] + viewport,
            ok: ["description": "One JSON object a line: BookSearchHit, or a last {\"error\": …} when the book fails mid-way",
                 "content": ["application/x-ndjson": ["schema": ["type": "string"]]]],
            refusals: ["400": error("q is missing or empty, or a parameter is malformed")])]
        paths["/api/books/{id}/position"] = [
            "get": bookOperation("bookPosition", "Where the book was last read (library only)",
                                 ok: json("BookPosition", "The position"),
                                 notFound: "No such book, no position recorded, or serving a folder"),
            "put": bookOperation("saveBookPosition", "Records where the book is being read (library, --writable)",
                                 body: "BookPositionUpdate", ok: json("BookPosition", "The position recorded"),
                                 refusals: writeRefusals, notFound: "No such book, or serving a folder"),
        ]
        for kind in ["bookmark", "highlight", "note"] {
            let plural = kind + "s"
            let title = kind.prefix(1).uppercased() + plural.dropFirst()
            paths["/api/books/{id}/\(plural)"] = [
                "get": bookOperation("book\(title)", "The book's \(plural), oldest first (library only)",
                                     ok: jsonArray("BookItem", "The \(plural)"), notFound: "No such book, or serving a folder"),
                "post": bookOperation("add\(title.dropLast())", "Adds a \(kind) (library, --writable)",
                                      body: "BookItemRequest", ok: json("BookItem", "The \(kind) added"), okStatus: "201",
                                      refusals: writeRefusals, notFound: "No such book, or serving a folder"),
            ]
            paths["/api/books/{id}/\(plural)/{item}"] = [
                "delete": bookOperation("remove\(title.dropLast())", "Removes a \(kind) (library, --writable)",
                                        parameters: [path("item", ["type": "string", "maxLength": 64], "The item's UUID")],
                                        ok: ["description": "Removed"], okStatus: "204",
                                        refusals: ["405": error("The server is read-only")],
                                        notFound: "No such book or item, or serving a folder"),
            ]
        }
        return paths
    }

    /// `width` and `height` of a viewport.
    static var viewport: [[String: Any]] { [
        query("width", integer(minimum: BookQuery.viewportColumns.lowerBound, maximum: BookQuery.viewportColumns.upperBound),
              "Columns per line (default 80)"),
        query("height", integer(minimum: BookQuery.viewportRows.lowerBound, maximum: BookQuery.viewportRows.upperBound),
              "Lines of text per page (default 24; `reader open --height` counts one more, its status line)"),
    ] }

    static var byteRefusals: [String: Any] { [
        "206": ["description": "The byte range asked for",
                "headers": ["Content-Range": ["required": true, "schema": ["type": "string"]]],
                "content": ["*/*": ["schema": ["type": "string", "format": "binary"]]]],
        "304": ["description": "Not modified (If-None-Match)"],
        "400": error("The path is malformed"),
        "416": error("No byte of the range exists"),
    ] }

    static var writeRefusals: [String: Any] { [
        "400": error("The body is not the JSON expected, or the place does not resolve"),
        "405": error("The server is read-only (started without --writable)"),
        "413": error("The body is too large"),
    ] }

    /// An operation on one book: the `id` parameter, the 404 and 422 every such route can give.
    static func bookOperation(
        _ id: String, _ summary: String, parameters: [[String: Any]] = [], body: String? = nil, ok: [String: Any],
        okStatus: String = "200", refusals: [String: Any] = [:], notFound: String = "No such book (or part of it)"
    ) -> [String: Any] {
        var responses: [String: Any] = [okStatus: ok, "404": error(notFound),
                                        "422": error("The book cannot be read (damaged, encrypted, DRM)")]
        for (status, response) in refusals { responses[status] = response }
        let bookID = path("id", ["type": "string", "pattern": "^[0-9a-f]{64}$"], "The book's id: its fingerprint's SHA-256")
        var described = operation(id, summary, parameters: [bookID] + parameters, responses: responses)
        if let body {
            described["requestBody"] = ["required": true, "content": ["application/json": ["schema": ref(body)]]]
        }
        return described
    }

    static func operation(_ id: String, _ summary: String, parameters: [[String: Any]], responses: [String: Any]) -> [String: Any] {
        ["operationId": id, "summary": summary, "tags": ["books"], "parameters": parameters, "responses": responses]
    }

    static func query(_ name: String, _ schema: [String: Any], _ description: String) -> [String: Any] {
        ["name": name, "in": "query", "required": false, "description": description, "schema": schema]
    }

    static func path(_ name: String, _ schema: [String: Any], _ description: String) -> [String: Any] {
        ["name": name, "in": "path", "required": true, "description": description, "schema": schema]
    }

    static func integer(minimum: Int, maximum: Int) -> [String: Any] {
        ["type": "integer", "minimum": minimum, "maximum": maximum]
    }

    static func string(maxLength: Int) -> [String: Any] { ["type": "string", "maxLength": maxLength] }

    static func choice(_ values: [String]) -> [String: Any] { ["type": "string", "enum": values] }

    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }

    static func json(_ schema: String, _ description: String) -> [String: Any] {
        ["description": description, "content": ["application/json": ["schema": ref(schema)]]]
    }

    static func jsonArray(_ schema: String, _ description: String) -> [String: Any] {
        ["description": description, "content": ["application/json": ["schema": ["type": "array", "items": ref(schema)]]]]
    }

    static func error(_ description: String) -> [String: Any] { json("BookError", description) }

    static func bytes(_ description: String) -> [String: Any] {
        ["description": description + ", with ETag and Accept-Ranges",
         "headers": ["ETag": ["required": true, "schema": ["type": "string"]]],
         "content": ["*/*": ["schema": ["type": "string", "format": "binary"]]]]
    }

    // MARK: Schemas

    static var schemas: [String: Any] {
        let nullableString: [String: Any] = ["type": ["string", "null"]]
        let stringArray: [String: Any] = ["type": "array", "items": ["type": "string"]]
        let locator = ref("BookLocator")
        var schemas: [String: Any] = [:]
        schemas["BookError"] = object(["error": ["type": "string"]])
        schemas["BookLocator"] = [
            "type": "object", "required": ["href", "type", "locations"],
            "description": "The engine's Locator (Readium's model): href, type, title, locations, text; unknown keys are kept",
            "properties": [
                "href": ["type": "string"], "type": ["type": "string"], "title": ["type": "string"],
                "locations": ["type": "object"], "text": ["type": "object"],
            ],
        ] as [String: Any]
        schemas["BookLocatorRange"] = [
            "type": "object", "required": ["start", "end"],
            "properties": ["start": locator, "end": locator, "text": ["type": "string"]],
        ] as [String: Any]
        schemas["BookList"] = object([
            "total": ["type": "integer", "minimum": 0], "offset": ["type": "integer", "minimum": 0],
            "limit": ["type": "integer", "minimum": 1], "items": ["type": "array", "items": ref("BookListItem")],
        ])
        schemas["BookListItem"] = object([
            "id": ["type": "string"], "title": ["type": "string"], "authors": stringArray, "format": ["type": "string"],
            "language": nullableString, "cover": nullableString, "pageCountEstimate": ["type": ["integer", "null"]],
            "progression": ["type": ["number", "null"]],
            "status": ["type": "string", "enum": ["unread", "reading", "finished"]], "error": nullableString,
        ])
        schemas["BookInfo"] = object([
            "id": ["type": "string"], "fingerprint": ["type": "string"], "format": ["type": "string"],
            "title": nullableString, "authors": stringArray, "language": nullableString, "publisher": nullableString,
            "date": nullableString, "description": nullableString, "identifiers": stringArray, "subjects": stringArray,
            "series": nullableString, "seriesPosition": nullableString, "sectionCount": ["type": "integer", "minimum": 0],
            "capabilities": stringArray, "cover": nullableString, "fileName": ["type": "string"],
        ])
        schemas["BookTOCEntry"] = object([
            "title": ["type": "string"], "locator": locator, "level": ["type": "integer", "minimum": 1],
            "children": ["type": "array", "items": ref("BookTOCEntry")],
        ])
        schemas["BookPage"] = object([
            "page": ["type": "integer", "minimum": 1], "pageCount": ["type": "integer", "minimum": 1],
            "pageCountIsEstimate": ["type": "boolean"], "width": ["type": "integer"], "height": ["type": "integer"],
            "lines": stringArray, "start": locator, "end": ["oneOf": [locator, ["type": "null"]]],
            "chapter": nullableString, "progression": ["type": ["number", "null"]],
            "anchoring": ["oneOf": [ref("BookPageAnchoring"), ["type": "null"]]],
        ])
        schemas["BookPageAnchoring"] = object([
            "confidence": ["type": "number", "minimum": 0, "maximum": 1],
            "method": ["type": "string", "enum": ["exactContext", "fuzzyContext", "progression"]],
        ])
        schemas["BookSection"] = object([
            "index": ["type": "integer", "minimum": 0], "href": ["type": "string"], "title": nullableString,
            "mediaType": ["type": "string"], "isLinear": ["type": "boolean"],
        ])
        schemas["BookResource"] = object([
            "href": ["type": "string"], "mediaType": ["type": "string"], "byteCount": ["type": ["integer", "null"]],
            "url": ["type": "string"],
        ])
        schemas["BookPositions"] = object([
            "counting": ["type": "string", "enum": ["content", "readium"]], "total": ["type": "integer", "minimum": 0],
            "positions": ["type": "array", "items": locator],
        ])
        schemas["BookLocated"] = object([
            "locator": locator, "page": ["type": "integer", "minimum": 1], "pageCount": ["type": "integer", "minimum": 1],
            "pageCountIsEstimate": ["type": "boolean"], "width": ["type": "integer"], "height": ["type": "integer"],
        ])
        schemas["BookSearchHit"] = object([
            "locator": locator, "before": ["type": "string"], "match": ["type": "string"], "after": ["type": "string"],
            "section": ["type": "integer", "minimum": 0], "chapter": nullableString, "page": ["type": ["integer", "null"]],
        ])
        schemas["BookPosition"] = object([
            "locator": locator, "progression": ["type": ["number", "null"]], "updated": ["type": "string"],
        ])
        schemas["BookPositionUpdate"] = [
            "type": "object", "required": ["locator"],
            "properties": ["locator": locator, "progression": ["type": "number", "minimum": 0, "maximum": 1],
                           "finished": ["type": "boolean"]],
        ] as [String: Any]
        schemas["BookItem"] = object([
            "id": ["type": "string"], "kind": ["type": "string", "enum": ["bookmark", "highlight", "note"]],
            "locator": locator, "range": ["oneOf": [ref("BookLocatorRange"), ["type": "null"]]],
            "note": nullableString, "color": nullableString, "quote": nullableString,
            "created": ["type": "string"], "modified": ["type": "string"], "orphaned": ["type": "boolean"],
        ])
        schemas["BookItemRequest"] = [
            "type": "object",
            "description": "Exactly one of locator, range and page (with width and height); a highlight needs a range, a note its note",
            "properties": [
                "locator": locator, "range": ref("BookLocatorRange"),
                "page": ["type": "integer", "minimum": 1],
                "width": ["type": "integer", "minimum": BookQuery.viewportColumns.lowerBound, "maximum": BookQuery.viewportColumns.upperBound],
                "height": ["type": "integer", "minimum": BookQuery.viewportRows.lowerBound, "maximum": BookQuery.viewportRows.upperBound],
                "note": ["type": "string", "maxLength": 65_536], "color": ["type": "string", "maxLength": 32],
            ],
        ] as [String: Any]
        return schemas
    }

    /// An object schema whose every property is required and no other is allowed.
    static func object(_ properties: [String: Any]) -> [String: Any] {
        ["type": "object", "required": properties.keys.sorted(), "additionalProperties": false, "properties": properties]
    }

    /// JSON text of `value` (sorted keys).
    static func text(_ value: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
