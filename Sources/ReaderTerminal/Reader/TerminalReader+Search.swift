import Dispatch
import ReaderCore
import ReaderSearch

extension TerminalReader {
    /// Searches the whole book on another thread; hits come in as they are found, and the reader
    /// goes to the first one at or after the page.
    func startSearch(_ query: String) {
        let id = searchID.next()
        search = SearchState(query: query, id: id)
        let document = book.document, inbox = self.inbox, current = searchID
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                let engine = try DocumentSearch(document: document, query: SearchQuery(query))
                var scanned = 0, total = document.readingOrder.count
                var batch: [SearchMatch] = []
                var found = 0
                var lastPost = DispatchTime.now().uptimeNanoseconds
                engine.progress = { done, of in
                    scanned = done
                    total = of
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now - lastPost > 50_000_000 {
                        inbox.post(.search(id: id, matches: batch, scanned: scanned, total: total, finished: false, error: nil))
                        batch.removeAll()
                        lastPost = now
                    }
                    return current.isCurrent(id)
                }
                while found < SearchState.matchLimit, current.isCurrent(id), let match = try engine.nextMatch() {
                    batch.append(match)
                    found += 1
                    if found == 1 || batch.count >= 4096 {
                        inbox.post(.search(id: id, matches: batch, scanned: scanned, total: total, finished: false, error: nil))
                        batch.removeAll()
                        lastPost = DispatchTime.now().uptimeNanoseconds
                    }
                }
                inbox.post(.search(id: id, matches: batch, scanned: total, total: total, finished: true, error: nil))
            } catch {
                inbox.post(.search(id: id, matches: [], scanned: 0, total: 0, finished: true, error: reason(of: error)))
            }
        }
    }

    func applySearch(id: Int, matches: [SearchMatch], scanned: Int, total: Int, finished: Bool, error: String?) {
        guard var state = search, state.id == id else { return }
        state.matches += matches
        state.scanned = scanned
        state.total = total
        state.finished = finished
        state.error = error
        search = state
        guard state.current == nil, !state.matches.isEmpty else { return }
        if let index = state.matches.firstIndex(where: { $0.start >= page.start }) {
            go(toHit: index)
        } else if finished {
            go(toHit: 0)
            say("\(state.summary) (from the start)")
        }
    }

    /// Goes to hit `index` of the search.
    func go(toHit index: Int) {
        guard let state = search, state.matches.indices.contains(index) else { return }
        search?.current = index
        let match = state.matches[index]
        if !page.contains(match.start) { show(position: match.start) }
    }

    /// `n` and `N`: the next or previous hit, wrapping around the book once it is searched.
    func nextHit(forward: Bool) {
        guard let state = search else { return say("no search yet (/ searches)") }
        guard !state.matches.isEmpty else { return say(state.summary) }
        let count = state.matches.count
        var index: Int
        if let current = state.current {
            index = forward ? current + 1 : current - 1
        } else {
            index = forward ? (state.matches.firstIndex { $0.start >= page.start } ?? count) : -1
        }
        if index >= count {
            guard state.finished else { return say("\(state.summary): no more hits found yet") }
            index = 0
            say("search wrapped to the first hit")
        } else if index < 0 {
            guard state.finished else { return say("\(state.summary): searching on") }
            index = count - 1
            say("search wrapped to the last hit")
        }
        go(toHit: index)
    }
}
