extension WebAppRoutes {
    var openAPI: OpenAPIFragment {
        OpenAPIFragment(
            paths: #"""
            {"/": {"get": {"summary": "The reading web app", "operationId": "webAppPage",
                "responses": {"200": {"description": "The app's page", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "304": {"description": "Not modified (If-None-Match named the ETag)"}}}},
             "/index.html": {"get": {"summary": "The reading web app (same as /)", "operationId": "webAppIndex",
                "responses": {"200": {"description": "The app's page", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "304": {"description": "Not modified (If-None-Match named the ETag)"}}}},
             "/app/{asset}": {"get": {"summary": "A file of the web app (script, style, icon)", "operationId": "webAppAsset",
                "parameters": [{"name": "asset", "in": "path", "required": true, "schema": {"type": "string"}},
                  {"name": "v", "in": "query", "required": false, "description": "The asset's version; when it matches, the response may be cached for a year",
                   "schema": {"type": "string"}}],
                "responses": {"200": {"description": "The file",
                    "content": {"text/javascript": {"schema": {"type": "string"}}, "text/css": {"schema": {"type": "string"}},
                      "image/svg+xml": {"schema": {"type": "string"}}}},
                  "304": {"description": "Not modified (If-None-Match named the ETag)"},
                  "404": {"description": "No such file", "content": {"text/plain": {"schema": {"type": "string"}}}}}}}}
            """#,
            schemas: "{}")
    }
}
