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

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        // The report lists the settings' problems with the files'.
        session.configProblemsTold = true
        let index = try session.index()
        let report = ValidationReport(index: index, errorsOnly: arguments.flag("errors"))
        if arguments.flag("json") {
            try session.json(report)
        } else {
            let style = session.style
            for diagnostic in report.diagnostics {
                let place = "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column):"
                let severity = diagnostic.severity == .error ? style("error:", .bad) : style("warning:", .warn)
                session.line("\(style(place, .strong)) \(severity) \(diagnostic.message)")
            }
            let (errors, warnings) = (report.errors, report.warnings)
            let summary = "\(index.records.count) files checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            session.context.stderr.write(summary + "\n")
        }
        return report.errors > 0 ? ExitCode.invalid : ExitCode.success
    }
}
