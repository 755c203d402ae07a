import BrainKit

/// `brain index [--rebuild] [--json]`.
enum IndexCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "index",
        summary: "bring the index up to date and report what it holds",
        discussion: """
        Every command does this first; `brain index` shows the numbers. Only files whose size or
        modification time changed are read again. The cache lives in .brain/cache/ and can be
        deleted at any time.
        """,
        options: [
            .flag("rebuild", "ignore the cache and read every file again"),
            .flag("json", "print JSON"),
        ])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index(rebuild: arguments.flag("rebuild"))
        let report = IndexReport(index: index)
        if arguments.flag("json") { return try session.printJSON(report) }
        session.line("\(report.files) files, \(report.notes) notes, \(report.links) links, \(report.tags) tags, \(report.diagnostics) diagnostics")
        var reread = "re-read \(report.reread) file\(report.reread == 1 ? "" : "s")"
        if report.rebuilt { reread += " (full rebuild)" }
        else if report.reread + report.removed > 0 { reread += " (\(report.added) added, \(report.changed) changed, \(report.removed) removed)" }
        session.line(reread)
        return ExitCode.success
    }
}
