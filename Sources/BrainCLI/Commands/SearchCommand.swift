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

    struct Output: Encodable {
        struct Match: Encodable {
            var path: String
            var line: Int
            var column: Int
            var text: String
        }
        var schemaVersion = 1
        var matches: [Match]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.isEmpty else { throw CLIError.usage("brain search needs TEXT: the phrase to find\nusage: \(spec.usage)") }
        guard !text.contains(where: \.isNewline) else { throw CLIError.usage("TEXT is one line; it cannot hold a line break") }
        let limit = try arguments.int("limit", in: 0...Int.max)
        let vault = try session.vault()
        var paths: [String]
        let tags = arguments.all("tag")
        let kind = arguments.value("kind")
        if tags.isEmpty && kind == nil {
            // The plain search needs only the file list: walking the folders is cheaper than the index.
            paths = vault.notePaths()
        } else {
            let index = try session.index()
            var selected = Array(index.records.indices)
            for text in tags {
                let expression: TagExpression
                do { expression = try TagExpression(text) } catch { throw CLIError.usage("--tag: \(error)") }
                selected = selected.filter { expression.matches(index.records[$0].tags) }
            }
            if let kind {
                let singular = kind == "daily" ? kind : (kind.hasSuffix("s") ? String(kind.dropLast()) : kind)
                let noteKind = NoteKind(rawValue: singular)
                selected = selected.filter { index.records[$0].kind == noteKind }
            }
            paths = selected.map { index.records[$0].path }
        }
        let search = TextSearch(text)
        let found = search.search(files: paths.map { VaultPaths.join(vault.root, $0) }, in: vault.fileSystem)
        var remaining = limit ?? Int.max
        if arguments.flag("json") {
            var matches: [Output.Match] = []
            outer: for (position, fileMatches) in found.enumerated() {
                for match in fileMatches {
                    if remaining <= 0 { break outer }
                    remaining -= 1
                    matches.append(Output.Match(path: paths[position], line: match.line, column: match.column, text: match.text))
                }
            }
            try session.json(Output(matches: matches))
            return matches.isEmpty ? ExitCode.failure : ExitCode.success
        }
        let style = session.style
        var out = ""
        var printed = 0
        outer: for (position, fileMatches) in found.enumerated() {
            for match in fileMatches {
                if remaining <= 0 { break outer }
                remaining -= 1
                printed += 1
                if style.enabled {
                    out += style("\(paths[position]):\(match.line):", .accent) + " " + highlight(match.text, search, style) + "\n"
                } else {
                    out += paths[position]
                    out += ":\(match.line): "
                    out += match.text
                    out += "\n"
                }
            }
            // Long outputs go out in pieces rather than one huge string.
            if out.utf8.count > 1 << 16 {
                session.out(out)
                out = ""
            }
        }
        session.out(out)
        return printed == 0 ? ExitCode.failure : ExitCode.success
    }

    /// The line with every occurrence highlighted (unchanged without colour).
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
