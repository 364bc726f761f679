import Foundation

/// The picture OPDS 2 entries show for a book without a cover (OPDS 2 requires an image): a plain
/// 120×180 slate PNG, made once by hand and kept as bytes.
enum OPDSPlaceholderCover {
    static let png: [UInt8] = Array(Data(base64Encoded: """
        iVBORw0KGgoAAAANSUhEUgAAAHgAAAC0CAIAAADQLH9KAAAA/UlEQVR42u3QQQ0AAAgEoOtpBCNY3hb6YSMBqR4ORIFo0YgWLdqCaNGIFi3agmjRiBYtGtGiES1aNKJFI1q0aESLRrRo0YgWjWjRohEtGtGiRSNaNKJFi0a0aESLFo1o0YgWLRrRohEtWjSiRSNatGhEi0a0aNGIFo1o0aIRLRrRokUjWjSiRYtGtGhEixaNaNGIFi0a0aIRLVo0okUjWrRoRItGtGjRiBaNaNGiES0a0aJFI1o0okWLRrRoRIsWjWjRiBYtGtGiES1aNKJFI1q0aESLRrRo0YgWjWjRohEtGtGiRSNaNKJFi0a0aESLFo1o0YgWLRrRohH9YwFwj9KIWaGs1wAAAABJRU5ErkJggg==
        """, options: .ignoreUnknownCharacters) ?? Data())
}
