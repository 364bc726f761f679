/// The KOSync routes' part of `/openapi.json`.
enum KOSyncOpenAPI {
    static let fragment = OpenAPIFragment(paths: paths, schemas: schemas)

    private static let json = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/SCHEMA"}}, "application/vnd.koreader.v1+json": {"schema": {"$ref": "#/components/schemas/SCHEMA"}}}"##

    private static func content(_ schema: String) -> String {
        json.replacingOccurrences(of: "SCHEMA", with: schema)
    }

    private static func error(_ description: String) -> String {
        #"{"description": "\#(description)", "content": \#(content("KOSyncError"))}"#
    }

    private static let authHeaders = #"""
        {"name": "x-auth-user", "in": "header", "required": false, "schema": {"type": "string"}, "description": "The account name"},
        {"name": "x-auth-key", "in": "header", "required": false, "schema": {"type": "string"}, "description": "The MD5 of the password, lowercase hex"}
        """#

    private static var paths: String {
        #"""
        {"/healthcheck": {"get": {"summary": "KOSync health check", "operationId": "kosyncHealthcheck", "tags": ["KOSync"],
            "responses": {"200": {"description": "The server is up", "content": \#(content("KOSyncHealth"))}}}},
         "/users/create": {"post": {"summary": "Create a KOSync account", "operationId": "kosyncCreateUser", "tags": ["KOSync"],
            "requestBody": {"required": true, "content": \#(content("KOSyncNewUser"))},
            "responses": {"201": {"description": "The account was made", "content": \#(content("KOSyncUsername"))},
              "402": \#(error("The name is taken (code 2002)")),
              "403": \#(error("The username or password is missing or unusable (code 2003)")),
              "413": {"description": "The body is too large"},
              "502": \#(error("The store failed (code 2000)"))}}},
         "/users/auth": {"get": {"summary": "Check a KOSync account's key", "operationId": "kosyncAuthorize", "tags": ["KOSync"],
            "parameters": [\#(authHeaders)],
            "responses": {"200": {"description": "The key is right", "content": \#(content("KOSyncAuthorized"))},
              "401": \#(error("The name or key is missing or wrong (code 2001)")),
              "502": \#(error("The store failed (code 2000)"))}}},
         "/syncs/progress": {"put": {"summary": "Push a document's reading progress", "operationId": "kosyncPushProgress", "tags": ["KOSync"],
            "description": "When the document is a book of the library (its KOReader partial MD5), or a former edition of one, the book's reading position follows.",
            "parameters": [\#(authHeaders)],
            "requestBody": {"required": true, "content": \#(content("KOSyncProgressPush"))},
            "responses": {"200": {"description": "Recorded", "content": \#(content("KOSyncPushed"))},
              "401": \#(error("The name or key is missing or wrong (code 2001)")),
              "403": \#(error("A field is missing or unusable (2003), no document (2004), or a document outside ^[A-Za-z0-9_]+$ (2007)")),
              "413": {"description": "The body is too large"},
              "502": \#(error("The store failed (code 2000)"))}}},
         "/syncs/progress/{document}": {"get": {"summary": "A document's last reading progress", "operationId": "kosyncGetProgress", "tags": ["KOSync"],
            "description": "The last progress pushed for the document, or {} when none. When a newer progress was pushed for another edition of the same library book, it is converted to this edition and marked with converted_from.",
            "parameters": [\#(authHeaders),
              {"name": "document", "in": "path", "required": true, "schema": {"type": "string"}, "description": "KOReader's document key (partial MD5)"}],
            "responses": {"200": {"description": "The progress, or {}", "content": \#(content("KOSyncProgress"))},
              "401": \#(error("The name or key is missing or wrong (code 2001)")),
              "403": \#(error("The document is outside ^[A-Za-z0-9_]+$ (code 2007)")),
              "502": \#(error("The store failed (code 2000)"))}}}}
        """#
    }

    private static let schemas = #"""
        {"KOSyncHealth": {"type": "object", "required": ["state"], "additionalProperties": false,
           "properties": {"state": {"type": "string", "const": "OK"}}},
         "KOSyncError": {"type": "object", "required": ["code", "message"], "additionalProperties": false,
           "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}},
         "KOSyncNewUser": {"type": "object", "required": ["username", "password"],
           "properties": {"username": {"type": "string", "description": "Not empty, no colon"},
             "password": {"type": "string", "description": "The MD5 of the password, as KOReader sends it"}}},
         "KOSyncUsername": {"type": "object", "required": ["username"], "additionalProperties": false,
           "properties": {"username": {"type": "string"}}},
         "KOSyncAuthorized": {"type": "object", "required": ["authorized"], "additionalProperties": false,
           "properties": {"authorized": {"type": "string", "const": "OK"}}},
         "KOSyncProgressPush": {"type": "object", "required": ["document", "progress", "percentage", "device"],
           "properties": {"document": {"type": "string", "pattern": "^[A-Za-z0-9_]+$"},
             "progress": {"type": "string", "description": "An XPointer, or a page number for paged documents"},
             "percentage": {"type": "number"}, "device": {"type": "string"}, "device_id": {"type": "string"}}},
         "KOSyncPushed": {"type": "object", "required": ["document", "timestamp"], "additionalProperties": false,
           "properties": {"document": {"type": "string"}, "timestamp": {"type": "integer", "description": "Seconds since the epoch"}}},
         "KOSyncProgress": {"type": "object", "additionalProperties": false,
           "properties": {"document": {"type": "string"}, "progress": {"type": "string"}, "percentage": {"type": "number"},
             "device": {"type": "string"}, "device_id": {"type": "string"},
             "timestamp": {"type": "integer", "description": "Seconds since the epoch"},
             "converted_from": {"type": "string", "description": "The document key of the edition this progress was converted from"}}}}
        """#
}
