import ArgumentParser

/// `reader feeds …`: feeds followed into a Markdown folder.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "Follow feeds into a Markdown article folder.", subcommands: [FeedsSyncCommand.self])
}
