import ArgumentParser
import ReaderCore
import ReaderFetch

/// The options every command that fetches over HTTP shares: deadline, retry waits, per-host limit.
struct FetchArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds one request may take.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(help: ArgumentHelp("Seconds to wait before each retry after a connection error, 429 or 5xx, comma-separated.",
                               valueName: "list"))
    var retryDelays = "2,5"

    @Option(help: ArgumentHelp("Requests at once to one host.", valueName: "n"))
    var perHost = 2

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be more than 0 and at most 3600 seconds") }
        guard delays != nil else { throw ValidationError("--retry-delays must be seconds separated by commas, e.g. 2,5 (or empty)") }
        guard (1...16).contains(perHost) else { throw ValidationError("--per-host must be 1 to 16") }
    }

    private var delays: [Duration]? {
        var result: [Duration] = []
        for part in retryDelays.split(separator: ",") {
            guard let seconds = Double(part.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds <= 600 else { return nil }
            result.append(.milliseconds(Int(seconds * 1000)))
        }
        return result
    }

    /// The fetch options these arguments give.
    var options: FetchOptions {
        var options = FetchOptions(version: ReaderVersion.current)
        options.timeout = .milliseconds(Int(timeout * 1000))
        options.retryDelays = delays ?? options.retryDelays
        options.maxRequestsPerHost = perHost
        return options
    }

    /// Runs `body` with a fetcher made for this run, shut down afterwards whatever happens.
    func withFetcher<T>(_ body: (HTTPFetcher) throws(ReaderError) -> T) throws(ReaderError) -> T {
        let fetcher = HTTPFetcher(options: options)
        defer { try? BlockingTask.run { await fetcher.shutdown() } }
        return try body(fetcher)
    }
}
