extension ViewerRoutes {
    var openAPI: OpenAPIFragment {
        OpenAPIFragment(paths: Self.openAPIPaths, schemas: Self.openAPISchemas)
    }

    private static let openAPIPaths = #"""
    {
      "/api/files": {"get": {"summary": "Every article and book of the folder, newest first", "operationId": "viewerFiles",
        "parameters": [{"name": "summaries", "in": "query", "required": false, "schema": {"type": "string", "enum": ["0", "1", "true", "false"]},
          "description": "1 adds each entry's summary (its first 500 characters)"}],
        "responses": {"200": {"description": "The listing", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/ViewerFile"}}}}}}}},
      "/api/file": {"get": {"summary": "An article's Markdown, or a book as front matter and sanitized HTML", "operationId": "viewerFile",
        "parameters": [{"name": "name", "in": "query", "required": true, "schema": {"type": "string"}, "description": "A file name from /api/files"}],
        "responses": {
          "200": {"description": "The text", "content": {"text/plain": {"schema": {"type": "string"}}}},
          "404": {"description": "No such file in the folder", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}},
          "422": {"description": "A book that cannot be read", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}},
      "/api/files-changed": {"get": {"summary": "When an article or book last changed", "operationId": "viewerFilesChanged",
        "responses": {"200": {"description": "Milliseconds since the epoch; only ever grows", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerChanged"}}}}}}},
      "/api/config": {"get": {"summary": "The viewer's configuration (always configured, no feeds)", "operationId": "viewerConfig",
        "responses": {"200": {"description": "Configuration", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerConfig"}}}}}}},
      "/api/tts-settings": {"get": {"summary": "Text-to-speech settings (the browser's voice)", "operationId": "viewerTTSSettings",
        "responses": {"200": {"description": "Settings", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerTTSSettings"}}}}}}},
      "/api/sync-status": {"get": {"summary": "Feed sync status (manual: this server fetches no feeds)", "operationId": "viewerSyncStatus",
        "responses": {"200": {"description": "Status", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerSyncStatus"}}}}}}},
      "/api/settings": {"get": {"summary": "Viewer settings (none)", "operationId": "viewerSettings",
        "responses": {"200": {"description": "An empty object", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerEmpty"}}}}}}},
      "/api/notebooks": {"get": {"summary": "Notebooks (none)", "operationId": "viewerNotebooks",
        "responses": {"200": {"description": "An empty object", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerEmpty"}}}}}}},
      "/api/highlights": {
        "get": {"summary": "Highlights: of one article (an array), or of all by name", "operationId": "viewerHighlights",
          "parameters": [{"name": "name", "in": "query", "required": false, "schema": {"type": "string"}}],
          "responses": {"200": {"description": "With name, the article's highlights; without, every article's by name",
            "content": {"application/json": {"schema": {"oneOf": [{"type": "array"}, {"type": "object"}]}}}}}},
        "post": {"summary": "Saves an article's highlights (with --writable)", "operationId": "viewerSaveHighlights",
          "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerHighlightsBody"}}}},
          "responses": {
            "200": {"description": "Saved", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerSaved"}}}},
            "400": {"description": "Not a JSON object with a name", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}},
            "404": {"description": "No such article", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}},
            "405": {"description": "Read-only viewer (without --writable)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}},
      "/api/notes": {
        "get": {"summary": "Notes: of one article, or of all by name", "operationId": "viewerNotes",
          "parameters": [{"name": "name", "in": "query", "required": false, "schema": {"type": "string"}}],
          "responses": {"200": {"description": "With name, the article's notes; without, every article's by name",
            "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/ViewerNotes"}, {"type": "object"}]}}}}}},
        "post": {"summary": "Saves an article's notes (with --writable)", "operationId": "viewerSaveNotes",
          "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerNotesBody"}}}},
          "responses": {
            "200": {"description": "Saved", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerSaved"}}}},
            "400": {"description": "Not a JSON object with a name", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}},
            "404": {"description": "No such article", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}},
            "405": {"description": "Read-only viewer (without --writable)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}},
      "/favicons/{name}": {"get": {"summary": "A file of the folder's favicons/ subfolder", "operationId": "viewerFavicon",
        "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
        "responses": {
          "200": {"description": "The icon as stored", "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
          "404": {"description": "No such icon", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}},
      "/api/covers/{name}": {"get": {"summary": "A listed book's cover picture", "operationId": "viewerCover",
        "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The book's file name"}],
        "responses": {
          "200": {"description": "The picture as stored (a PDF's: its first page as PNG)", "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}}},
          "404": {"description": "No such book, or no cover", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}},
      "/api/book-resources/{name}/{href}": {"get": {"summary": "A picture or other resource inside a listed book (href may hold slashes)", "operationId": "viewerBookResource",
        "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
                       {"name": "href", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The resource's href in the book"}],
        "responses": {
          "200": {"description": "The resource as stored", "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}},
          "404": {"description": "No such book or resource", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewerError"}}}}}}}
    }
    """#

    private static let openAPISchemas = #"""
    {
      "ViewerFile": {"type": "object", "additionalProperties": false,
        "required": ["filename", "title", "url", "domain", "bookmarked", "feed", "author", "mtime", "hasSummary", "summaryProvider",
          "summaryModel", "excerpt", "image", "favicon", "enclosureUrl", "enclosureType", "enclosureDuration", "videoEnclosureUrl",
          "videoEnclosureType", "commentsUrl", "commentCount", "categories"],
        "properties": {
          "filename": {"type": "string"}, "title": {"type": "string"}, "url": {"type": "string"},
          "domain": {"type": "string", "description": "The site; for a book, its format (epub, pdf, …)"},
          "bookmarked": {"type": "string"}, "feed": {"type": "string", "description": "books for a book"},
          "author": {"type": "string"}, "mtime": {"type": "string", "format": "date-time"}, "hasSummary": {"type": "boolean"},
          "summaryProvider": {"type": "string"}, "summaryModel": {"type": "string"}, "excerpt": {"type": "string"},
          "image": {"type": "string"}, "favicon": {"type": "string"}, "enclosureUrl": {"type": "string"},
          "enclosureType": {"type": "string"}, "enclosureDuration": {"type": "string"}, "videoEnclosureUrl": {"type": "string"},
          "videoEnclosureType": {"type": "string"}, "commentsUrl": {"type": "string"}, "commentCount": {"type": "integer"},
          "categories": {"type": "array", "items": {"type": "string"}},
          "summary": {"type": "string", "description": "Only with ?summaries=1"}}},
      "ViewerError": {"type": "object", "required": ["error"], "additionalProperties": false, "properties": {"error": {"type": "string"}}},
      "ViewerChanged": {"type": "object", "required": ["changedAt"], "additionalProperties": false,
        "properties": {"changedAt": {"type": "integer", "minimum": 0}}},
      "ViewerConfig": {"type": "object", "required": ["feeds", "configured"], "additionalProperties": false,
        "properties": {"feeds": {"type": "object"}, "configured": {"type": "boolean", "const": true}}},
      "ViewerTTSSettings": {"type": "object", "required": ["provider"], "additionalProperties": false,
        "properties": {"provider": {"type": "string"}}},
      "ViewerSyncStatus": {"type": "object", "required": ["syncInterval"], "additionalProperties": false,
        "properties": {"syncInterval": {"type": "string"}}},
      "ViewerEmpty": {"type": "object", "maxProperties": 0},
      "ViewerNotes": {"type": "object", "required": ["articleNote", "annotations", "tags", "isFavorite"],
        "properties": {"articleNote": {"type": "string"}, "annotations": {"type": "array"}, "tags": {"type": "array"},
          "isFavorite": {"type": "boolean"}}},
      "ViewerHighlightsBody": {"type": "object", "required": ["name", "highlights"],
        "properties": {"name": {"type": "string"}, "highlights": {"type": "array"}}},
      "ViewerNotesBody": {"type": "object", "required": ["name"],
        "properties": {"name": {"type": "string"}, "articleNote": {"type": "string"}, "annotations": {"type": "array"},
          "tags": {"type": "array"}, "isFavorite": {"type": "boolean"}}},
      "ViewerSaved": {"type": "object", "required": ["ok"], "additionalProperties": false, "properties": {"ok": {"type": "boolean"}}}
    }
    """#
}
