import Synchronization

/// The number of the search that should run: each new search (and leaving the reader) moves it
/// on, and a search on another thread stops when its number is no longer the current one.
final class SearchGeneration: Sendable {
    private let value = Atomic<Int>(0)

    /// Moves on to a new search and returns its number.
    @discardableResult
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }

    /// Whether search `id` is still the current one.
    func isCurrent(_ id: Int) -> Bool { value.load(ordering: .relaxed) == id }
}
