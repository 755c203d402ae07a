import BrainKit

/// `brain rename NOTE NEW-TITLE`.
enum RenameCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "rename",
        aliases: ["mv"],
        summary: "rename a note and update every link to it",
        discussion: """
        The file becomes the slug of NEW-TITLE in the same folder (Read 30 pages → read-30-pages.md);
        an existing file is never replaced. The title changes where it is written: `title:` in the
        front-matter, and the first `# Heading` when it shows the old title; a title that came from
        the file name only needs the move.
        Every link that resolves to the note is rewritten in place, touching only the link's target:
        `[[read]]` → `[[read-30-pages]]`, keeping `|label`, `#heading`, `#^block`, the `!` of embeds
        and folders as written (`[[habits/read]]`, `[t](../habits/read.md)`). Links in front-matter
        (`goal: "[[read]]"`), bare ids in area, goal, parent, habits, habit and after
        (`area: learning`) and daily habit lines (`- [x] [[read]]`) are rewritten too. A link written
        as the old title gets the new file name; a link written as an alias stays (aliases do not
        change). When another note already has the new file name, bare links get the folder
        (`[[habits/read-30-pages]]`) so they stay unique. Daily check-ins keep their date names.
        --dry-run lists the changes (path:line: old → new) and writes nothing.
        """,
        positionals: [
            .init(name: "NOTE", help: "path, file name, title or alias", completion: .notes),
            .init(name: "NEW-TITLE", help: "the new title; the file name is its slug", variadic: true),
        ],
        options: [
            .flag("dry-run", short: "n", "list the changes without writing anything"),
            .flag("json", "print JSON"),
        ],
        examples: ["brain rename read \"Read 30 pages\" --dry-run", "brain rename goals/run-5k \"Run a 10k\""])

    struct Output: Encodable {
        var schemaVersion = 1
        var dryRun: Bool
        var from: String
        var to: String
        var oldTitle: String
        var newTitle: String
        var links: Int
        var files: Int
        var edits: [RenameEdit]
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let name = arguments.positional(0)!
        let newTitle = arguments.positionals.dropFirst().joined(separator: " ")
        let index = try session.index()
        let vault = try session.vault()
        let note = try session.note(name, in: index)
        let plan: RenamePlan
        do {
            plan = try RenamePlan.make(index: index, note: note, newTitle: newTitle)
        } catch {
            if case .emptyTitle = error { throw CLIError.usage("NEW-TITLE is empty") }
            throw CLIError.failure(error.description)
        }
        let dryRun = arguments.flag("dry-run")
        var edits: [RenameEdit] = []
        // Files in path order; the renamed note is edited after the move, under its new name.
        var files = plan.files
        if !files.contains(plan.source) { files.append(plan.source) }
        files.sort()
        if dryRun {
            for path in files {
                var document = Document(bytes: try FileSystem.read(try vault.absolute(path)))
                edits += plan.apply(to: &document, path: path, reportAs: path, index: index)
            }
        } else {
            try VaultLock.withLock(root: vault.root) {
                try FileSystem.move(try vault.absolute(plan.source), to: try vault.absolute(plan.destination))
            }
            for path in files {
                let current = path == plan.source ? plan.destination : path
                try vault.edit(current) { document in
                    edits += plan.apply(to: &document, path: path, reportAs: current, index: index)
                }
            }
            session.invalidateIndex()
        }
        let linkEdits = edits.filter { $0.kind != .title }.count
        let linkFiles = Set(edits.filter { $0.kind != .title }.map(\.path)).count
        if arguments.flag("json") {
            try session.json(Output(dryRun: dryRun, from: plan.source, to: plan.destination, oldTitle: plan.oldTitle,
                                    newTitle: plan.newTitle, links: linkEdits, files: linkFiles, edits: edits))
            return ExitCode.success
        }
        let style = session.style
        var out = ""
        if dryRun {
            for edit in edits {
                out += style("\(edit.path):\(edit.line):", .accent) + " \(edit.old) → \(edit.new)\n"
            }
            out += "would rename \(plan.source) → \(plan.destination); would update \(count(linkEdits, "link")) in \(count(linkFiles, "file"))\n"
        } else {
            out += "renamed \(plan.source) → \(plan.destination); updated \(count(linkEdits, "link")) in \(count(linkFiles, "file"))\n"
        }
        session.out(out)
        return ExitCode.success
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
