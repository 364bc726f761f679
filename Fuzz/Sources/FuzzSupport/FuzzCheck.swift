import Glibc

/// `precondition`, whose message a release build would drop: printed to stderr before the trap,
/// so that libFuzzer's report says which invariant broke.
@inline(__always)
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fuzzFail(message()) }
}

/// `preconditionFailure`, with its message printed to stderr first.
public func fuzzFail(_ message: String) -> Never {
    fputs("invariant broken: \(message)\n", stderr)
    fflush(stderr)
    preconditionFailure(message)
}
