import BrainKit

/// `brain search TEXT`.
enum SearchCommand: BrainCommand {
    static let kinds = ["habit", "habits", "goal", "goals", "area", "areas", "daily", "note", "notes"]

    static let spec = CommandSpec(
        name: "search",
        aliases: ["grep"],
        summary: "find lines containing a phrase in every note, like grep",
        discussion: """
        TEXT is one phrase, matched as a substring: `brain search morning walk` finds lines holding
        "morning walk", not lines with both words apart. Case never matters, for any letter
        (CAFÉ finds café). Each matching line is printed once as path:line: text; the match is
        highlighted on a terminal. Exit status 0 when something matched, 1 when nothing did (no
        message), as grep does. Every Markdown file of the vault is searched (templates and
        hidden folders aside); --tag and --kind narrow it using the index.
        """,
        positionals: [.init(name: "TEXT", help: "the phrase to find", variadic: true)],
        options: [
            .value("tag", short: "t", "EXPR", "only notes whose tags match", repeatable: true, completion: .tags),
            .value("kind", "KIND", "only notes of this kind", completion: .kinds, choices: kinds),
            .value("limit", short: "n", "N", "at most N matching lines"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain search walk", "brain search 'after the flu' --kind daily", "brain search café --tag mind --json"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.isEmpty else { throw CLIError.usage("brain search needs TEXT: the phrase to find\nusage: \(spec.usage)") }
        guard !text.contains(where: \.isNewline) else { throw CLIError.usage("TEXT is one line; it cannot hold a line break") }
        let limit = try arguments.int("limit", in: 0...Int.max)
        let vault = try session.vault()
        var paths: [String]?
        let tags = arguments.all("tag")
        let kind = arguments.value("kind")
        // The plain search needs only the file list: walking the folders is cheaper than the index.
        if !tags.isEmpty || kind != nil {
            let index = try session.index()
            let expressions = try tags.map { text in
                do { return try TagExpression(text) } catch { throw CLIError.usage("--tag: \(error)") }
            }
            let singular = kind.map { $0 == "daily" ? $0 : ($0.hasSuffix("s") ? String($0.dropLast()) : $0) }
            paths = SearchResults.paths(in: index, tags: expressions, kind: singular.flatMap(NoteKind.init(rawValue:)))
        }
        let results = SearchResults(text, in: vault, paths: paths, limit: limit)
        if arguments.flag("json") {
            try session.json(results)
            return results.matches.isEmpty ? ExitCode.failure : ExitCode.success
        }
        let style = session.style
        let search = TextSearch(text)
        var lines = PlacedLines(session)
        for match in results.matches {
            lines.append(path: match.path, line: match.line, text: style.enabled ? highlight(match.text, search, style) : match.text)
        }
        lines.flush()
        return results.matches.isEmpty ? ExitCode.failure : ExitCode.success
    }

    static func highlight(_ line: String, _ search: TextSearch, _ style: Style) -> String {
        guard style.enabled else { return line }
        let bytes = Array(line.utf8)
        var result = ""
        var last = 0
        for range in search.occurrences(in: line) {
            result += String(decoding: bytes[last..<range.lowerBound], as: UTF8.self)
            result += style(String(decoding: bytes[range], as: UTF8.self), .highlight)
            last = range.upperBound
        }
        return result + String(decoding: bytes[last...], as: UTF8.self)
    }
}
