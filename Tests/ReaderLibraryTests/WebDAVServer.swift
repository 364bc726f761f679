import Foundation
import ReaderTestSupport

/// A real WebDAV server (wsgidav on cheroot, from PyPI: `scripts/install-deps.sh`) on 127.0.0.1,
/// serving a temporary folder with a user and password. With `failingUploads`, every PUT is cut
/// off half way (the server writes half the body to the file, then fails the request), as a network that
/// fails mid-upload would.
final class WebDAVServer {
    static let user = "reader"
    static let password = "s3cret-pass"

    let root: URL
    let port: Int
    private let process: Process

    static var available: Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import wsgidav, cheroot"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    init(root: URL, failingUploads: Bool = false) throws {
        self.root = root
        let script = root.deletingLastPathComponent().appendingPathComponent("webdav-\(UUID().uuidString.prefix(8)).py")
        try Data(Self.script.utf8).write(to: script)
        let portFile = script.deletingPathExtension().appendingPathExtension("port")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path, portFile.path, failingUploads ? "fail" : "ok", Self.user, Self.password]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                port = value
                break
            }
            usleep(50_000)
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the WebDAV server did not start"])
        }
        self.port = port
    }

    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    func stop() {
        // SIGKILL: the server's worker threads keep it alive through SIGTERM.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    private static let script = #"""
    import socket, sys, threading
    from cheroot import wsgi
    from wsgidav.wsgidav_app import WsgiDAVApp

    root, port_file, mode, user, password = sys.argv[1:6]
    config = {
        "provider_mapping": {"/": root},
        "simple_dc": {"user_mapping": {"*": {user: {"password": password}}}},
        "http_authenticator": {"domain_controller": None, "accept_basic": True, "accept_digest": False,
                               "default_to_digest": False},
        "verbose": 0,
        "logging": {"enable": False},
        "lock_storage": True,
    }
    app = WsgiDAVApp(config)

    class CutUpload:
        """Writes half of a PUT's body into the resource, then fails the request."""
        def __init__(self, app):
            self.app = app
        def __call__(self, environ, start_response):
            if environ["REQUEST_METHOD"] == "PUT":
                length = int(environ.get("CONTENT_LENGTH") or 0)
                stream = environ["wsgi.input"]
                half = stream.read(length // 2)
                path = root + environ["PATH_INFO"]
                with open(path, "wb") as partial:
                    partial.write(half)
                raise RuntimeError("connection dropped mid-upload")
            return self.app(environ, start_response)

    server = wsgi.Server(("127.0.0.1", 0), CutUpload(app) if mode == "fail" else app)
    server.prepare()
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.bind_addr[1]))
    import os
    os.rename(port_file + ".tmp", port_file)
    server.serve()
    """#
}
