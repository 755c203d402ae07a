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

    struct Output: Encodable {
        var schemaVersion = 1
        var files: Int
        var notes: Int
        var links: Int
        var tags: Int
        var diagnostics: Int
        var reread: Int
        var added: Int
        var changed: Int
        var removed: Int
        var rebuilt: Bool
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index(rebuild: arguments.flag("rebuild"))
        let report = index.report
        let links = index.resolutions.reduce(0) { $0 + $1.count }
        let diagnostics = index.diagnostics(suggest: false).count
        let output = Output(files: report.files, notes: index.records.count, links: links, tags: index.tagCounts().count,
                            diagnostics: diagnostics, reread: report.reread, added: report.added, changed: report.changed,
                            removed: report.removed, rebuilt: report.rebuilt)
        if arguments.flag("json") {
            try session.json(output)
            return ExitCode.success
        }
        session.line("\(output.files) files, \(output.notes) notes, \(output.links) links, \(output.tags) tags, \(output.diagnostics) diagnostics")
        var reread = "re-read \(output.reread) file\(output.reread == 1 ? "" : "s")"
        if report.rebuilt { reread += " (full rebuild)" }
        else if output.reread + output.removed > 0 { reread += " (\(output.added) added, \(output.changed) changed, \(output.removed) removed)" }
        session.line(reread)
        return ExitCode.success
    }
}
