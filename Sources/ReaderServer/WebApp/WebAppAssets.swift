import Foundation

/// The web app's files, each embedded as a Swift string (generated from `WebApp/` by
/// `scripts/generate-webapp-assets.py`; never SwiftPM resources, so a static binary needs no
/// bundle beside it).
enum WebAppAssets {
    /// The page at `/`, with its `%VERSION%` placeholders replaced by the script's and style's
    /// versions, so their URLs change whenever their bytes do and may be cached for good.
    static let page: WebAppAsset = {
        let html = pageSource
            .replacingOccurrences(of: "%SCRIPT_VERSION%", with: script.version)
            .replacingOccurrences(of: "%STYLE_VERSION%", with: style.version)
            .replacingOccurrences(of: "%ICON_VERSION%", with: icon.version)
        return WebAppAsset(name: "index.html", contentType: "text/html; charset=utf-8", text: html)
    }()

    static let script = WebAppAsset(name: "app.js", contentType: "text/javascript; charset=utf-8", text: scriptSource)
    static let style = WebAppAsset(name: "app.css", contentType: "text/css; charset=utf-8", text: styleSource)
    static let icon = WebAppAsset(name: "icon.svg", contentType: "image/svg+xml", text: iconSource)

    /// The files under `/app/`, by name.
    static let byName: [String: WebAppAsset] = Dictionary(
        uniqueKeysWithValues: [script, style, icon].map { ($0.name, $0) })
}
