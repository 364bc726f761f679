extension String {
    /// The name with control characters escaped, for messages.
    var escapingControlCharacters: String {
        unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
    }
}
