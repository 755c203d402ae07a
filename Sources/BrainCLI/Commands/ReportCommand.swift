import BrainKit

/// `brain report [--out FILE] [--date D] [--range year|quarter|month] [--theme T] [--light|--dark]`:
/// the vault as one HTML page.
enum ReportCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "report",
        summary: "write the vault as one HTML page: today, habit grids, the organism, areas, goals, mood",
        discussion: """
        One self-contained file (inline CSS and SVG, no script, nothing fetched), to open from
        file:// or print: the day at a glance with momentum; a contribution grid for all habits and
        for each habit over the range, with streaks, rate, strength history and momentum; the
        organism, a plant with a limb per life area and a leaf per habit drawn from area vitality
        (thriving long and upright, fading dimmer, dormant short and curled, calm on a rest day);
        area vitality and the identity score; goals with their pace; mood and energy over the range
        and the habits linked to good days; pinned notes and tags.
        Colours follow the vault's theme: and appearance:, or --theme (a global option) and
        --light/--dark (auto lets the browser choose light or dark; printing always uses light). --out is relative to the current folder (default
        report.html); an existing file is never replaced without --force, and nothing is written
        inside the vault's .brain/ folder.
        """,
        options: [
            .value("out", short: "o", "FILE", "the HTML file to write (default report.html)", completion: .files),
            .value("date", "D", "the report's day (default today)", completion: .days),
            .value("range", "RANGE", "how far back the grids and charts reach: the last 365, 90 or 30 days (default year)",
                   choices: VaultReport.Range.allCases.map(\.rawValue)),
            .flag("light", "light colours only"),
            .flag("dark", "dark colours only"),
            .flag("force", "replace an existing file"),
            .flag("json", "print what was written as JSON"),
        ],
        examples: ["brain report", "brain report --out ~/brain.html --range quarter --theme ocean --dark",
                   "brain report --date 2026-06-30 --out june.html --force"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        if arguments.flag("light") && arguments.flag("dark") { throw CLIError.usage("--light and --dark exclude each other") }
        let vault = try session.vault()
        let out = VaultLocator.absolute(arguments.value("out") ?? "report.html", from: session.context.currentDirectory)
        try ReportFile.check(out, vault: vault)
        let range = arguments.value("range").flatMap(VaultReport.Range.init) ?? .year
        let theme = session.colorConfig.theme
        let appearance: Appearance = arguments.flag("light") ? .light : arguments.flag("dark") ? .dark : vault.config.appearance
        let index = try session.index()
        let date = try session.day()
        let file = try ExportFile(path: out, replace: arguments.flag("force"))
        // The vault's `title:` setting, else its folder's name.
        let title = vault.config.title ?? vault.root.split(separator: "/").last.map(String.init) ?? ""
        let report = VaultReport(index: index, journal: session.journal(index), date: date, range: range,
                                 title: title.isEmpty ? "Brain" : title)
        let page = ReportPage(report: report, theme: theme, appearance: appearance, generator: "brain \(BrainCLI.version)")
        let html = page.render()
        try file.write(html)
        try file.commit()
        let summary = ReportSummary(path: out, bytes: html.utf8.count, page: page)
        if arguments.flag("json") { return try session.printJSON(summary) }
        session.line("wrote \(out): \(Quantity.count(summary.habits, "habit")), \(Quantity.count(summary.areas, "area")), "
                     + "\(Quantity.count(summary.goals, "goal")), \(summary.from) to \(summary.through), \(size(summary.bytes))")
        return ExitCode.success
    }

    /// 1.2 MB, 340 kB, 900 bytes.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return Quantity.tenths(Double(bytes) / 1_000_000) + " MB" }
        if bytes >= 1_000 { return "\(Int((Double(bytes) / 1_000).rounded())) kB" }
        return Quantity.count(bytes, "byte")
    }
}
