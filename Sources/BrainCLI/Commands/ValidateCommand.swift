import BrainKit

/// `brain validate` (alias `lint`).
enum ValidateCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "validate",
        aliases: ["lint"],
        summary: "check every file: front-matter, keys, links, habit lines, frequencies, days",
        discussion: """
        Prints path:line:column: error|warning: message, as compilers do, so editors can jump to
        each problem. Exit status 2 when errors were found, 0 otherwise (warnings alone pass).
        """,
        options: [
            .flag("json", "print JSON"),
            .flag("errors", "only errors, no warnings"),
        ])

    struct Output: Encodable {
        var schemaVersion = 1
        var errors: Int
        var warnings: Int
        var diagnostics: [Entry]

        struct Entry: Encodable {
            var path: String
            var line: Int
            var column: Int
            var severity: String
            var message: String
        }
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let index = try session.index()
        var diagnostics = index.diagnostics() + (try session.vault()).configDiagnostics
        if arguments.flag("errors") { diagnostics = diagnostics.filter { $0.severity == .error } }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if arguments.flag("json") {
            try session.json(Output(errors: errors, warnings: warnings, diagnostics: diagnostics.map {
                Output.Entry(path: $0.path ?? "", line: $0.location.line, column: $0.location.column,
                             severity: $0.severity.rawValue, message: $0.message)
            }))
        } else {
            let style = session.style
            for diagnostic in diagnostics {
                let place = "\(diagnostic.path ?? ""):\(diagnostic.location.line):\(diagnostic.location.column):"
                let severity = diagnostic.severity == .error ? style("error:", .bad) : style("warning:", .warn)
                session.line("\(style(place, .strong)) \(severity) \(diagnostic.message)")
            }
            let files = index.records.count
            let summary = "\(files) files checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            session.context.stderr.write(summary + "\n")
        }
        return errors > 0 ? ExitCode.invalid : ExitCode.success
    }
}
