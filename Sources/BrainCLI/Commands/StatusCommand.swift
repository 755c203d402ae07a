import BrainKit

/// `brain status [--format TEMPLATE] [--date D] [--json]`: the day in one line for a prompt.
enum StatusCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "status",
        summary: "the day in one short line for a shell prompt, tmux or a desktop bar",
        discussion: """
        Prints "3/5 done · momentum strong · read 20d" by default. --format takes a template of
        {field} names ({{ and }} for braces); the template is cut at " · " and a part whose fields
        are all empty is left out. Fields:
        \(StatusField.all.map { column("  {\($0.name)}", 22) + $0.help }.joined(separator: "\n"))
        Fast on any vault: it reads the habit files and the last weeks of daily files, not the
        index, and reads further back only while a streak needs it. Its answer is kept in
        .brain/cache/status.bin with the stamps of what it read: while none of those files and
        folders has changed (and none changed in the last 2 seconds), the next run of the same day
        prints the kept answer. Plain text, never colour.
        """,
        options: [
            .value("format", "TEMPLATE", "the line's layout (default \"\(StatusTemplate.standard)\")"),
            .value("date", "D", "the day to show (default today)", completion: .days),
            .flag("json", "print JSON: the line, every field, done, due, momentum and the streak"),
        ],
        examples: ["brain status", "brain status --format '{checkin} {done}/{due} · next {next}'",
                   "PS1='$(brain status 2>/dev/null) \\$ '"])

    /// `text` cut or padded with spaces to `width` characters, without Foundation: every run of
    /// `brain status` builds this help text.
    private static func column(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let format = arguments.value("format") ?? StatusTemplate.standard
        let template: StatusTemplate
        do {
            template = try StatusTemplate(format)
        } catch {
            throw CLIError.usage(error.description)
        }
        let vault = try session.vault()
        let summary = StatusSummary.load(vault: vault, day: try session.day(), now: try session.day("today"))
        if arguments.flag("json") { return try session.printJSON(StatusReport(summary, template: template, format: format)) }
        session.line(template.render(summary))
        return ExitCode.success
    }
}
