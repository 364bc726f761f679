import ReaderCore

/// The one-line reason of an error for the status line: a `ReaderError`'s own, else its description.
func reason(of error: any Error) -> String {
    (error as? ReaderError)?.reason ?? String(describing: error)
}
