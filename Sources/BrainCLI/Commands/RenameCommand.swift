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
        A habit keeps its old id among its `aliases:`, so a check-off written under the old name
        on a machine not yet synced (`- [x] [[read]]`) still names it, and so does `brain done read`.
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

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let dryRun = arguments.flag("dry-run")
        let action = RenameNote(note: arguments.positional(0)!, newTitle: arguments.positionals.dropFirst().joined(separator: " "),
                                preview: dryRun)
        let result = try session.perform(action, dryRun: dryRun)
        if arguments.flag("json") { return try session.printJSON(result) }
        let outcome = result.outcome
        let style = session.style
        var out = ""
        if dryRun {
            for edit in outcome.edits {
                out += style("\(edit.path):\(edit.line):", .accent) + " \(edit.old) → \(edit.new)\n"
            }
            out += "would rename \(outcome.from) → \(outcome.to); would update \(count(outcome.links, "link")) in \(count(outcome.files, "file"))\n"
        } else {
            out += "renamed \(outcome.from) → \(outcome.to); updated \(count(outcome.links, "link")) in \(count(outcome.files, "file"))\n"
        }
        session.out(out)
        return ExitCode.success
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
