import BrainKit

/// `brain __complete KIND`: words for shell completion (hidden; used by the completion scripts).
enum CompleteCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "__complete",
        summary: "words for shell completion",
        positionals: [.init(name: "KIND", help: "notes, habits, areas, goals, tags, kinds or days",
                            choices: CompletionCandidates.Kind.allCases.map(\.rawValue))],
        options: [.flag("json", "print JSON: the kind and its candidates")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let kind = arguments.positional(0).flatMap(CompletionCandidates.Kind.init(rawValue:)) ?? .notes
        // The list kinds are fixed words: no vault is needed for them.
        let candidates = CompletionCandidates(kind: kind, index: kind.isFixed ? nil : try session.index())
        if arguments.flag("json") { return try session.printJSON(candidates) }
        for word in candidates.candidates { session.line(word) }
        return ExitCode.success
    }
}
