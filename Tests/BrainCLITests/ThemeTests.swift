import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The terminal in each theme: transcripts with colour forced on (`BRAIN_COLOR`), true colour and
/// 256 colours, light and dark, and `NO_COLOR` turning it off.
@Suite struct ThemeTests {
    /// Runs `commands` with `.brain/config.yml` set to `theme` and `appearance` and `environment`,
    /// headed by a comment line saying so.
    static func transcript(_ vault: TestVault, theme: String, appearance: String, environment: [String: String],
                           _ commands: [String]) throws -> String {
        var config = try vault.read(".brain/config.yml")
        config = config.replacingOccurrences(of: "theme: forest", with: "theme: \(theme)")
            .replacingOccurrences(of: "appearance: auto", with: "appearance: \(appearance)")
        try vault.write(".brain/config.yml", config)
        vault.environment = environment
        let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        var text = "# config theme: \(theme), appearance: \(appearance); environment \(settings)\n"
        for command in commands {
            let words = TestVault.words(command)
            text += vault.run(words).transcript(words)
        }
        try vault.write(".brain/config.yml", try String(contentsOfFile: TestVault.packageRoot + "/sample-vault/.brain/config.yml", encoding: .utf8))
        return text
    }

    @Test(arguments: Theme.allCases)
    func eachThemeInTrueColourAnd256Colours(_ theme: Theme) throws {
        let vault = try TestVault()
        var text = try Self.transcript(vault, theme: theme.rawValue, appearance: "dark", environment: ["BRAIN_COLOR": "truecolor"],
                                       ["today", "heatmap read", "stats nosuch"])
        text += try Self.transcript(vault, theme: theme.rawValue, appearance: "light", environment: ["BRAIN_COLOR": "256"],
                                    ["today", "heatmap read", "stats nosuch"])
        // Each colour of the palette that these views use appears as an escape, in each variant
        // (bad: the `brain:` of the error on standard error).
        for (variant, mode) in [(Palette.Variant.dark, ColorMode.trueColor), (.light, .ansi256)] {
            let palette = theme.palette(variant)
            let signals = mode.signals(of: palette)
            for code in [signals.good, signals.warn, signals.bad] + ([palette.muted] + palette.levels).map(mode.foreground) {
                #expect(text.contains("\u{1B}[\(code)m"), "\(theme) \(variant): no \(code)")
            }
        }
        try Golden.compare("theme-\(theme.rawValue)", text)
    }

    @Test func noColorTurnsEveryColourOff() throws {
        let vault = try TestVault()
        var text = try Self.transcript(vault, theme: "ember", appearance: "dark",
                                       environment: ["BRAIN_COLOR": "truecolor", "NO_COLOR": "1"], ["areas", "heatmap read"])
        text += try Self.transcript(vault, theme: "ember", appearance: "dark", environment: ["BRAIN_COLOR": "truecolor"],
                                    ["areas --no-color"])
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("·") && text.contains("█"))
        try Golden.compare("theme-no-color", text)
        // A terminal without COLORTERM gets 256 colours when TERM names them, else the 16 system
        // colours; a pipe none.
        vault.environment = ["TERM": "xterm-256color"]
        #expect(vault.run(["areas"], terminal: true).stdout.contains("\u{1B}[38;5;"))
        vault.environment = ["TERM": "xterm"]
        let sixteen = vault.run(["areas"], terminal: true).stdout
        #expect(sixteen.contains("\u{1B}[\(ColorMode.ansi16.foreground(Theme.forest.palette(.dark).good))m"), "\(sixteen)")
        #expect(!sixteen.contains("38;5;") && !sixteen.contains("38;2;"))
        vault.environment = ["COLORTERM": "truecolor"]
        #expect(vault.run(["areas"], terminal: true).stdout.contains("\u{1B}[38;2;"))
        #expect(!vault.run(["areas"]).stdout.contains("\u{1B}"))
    }

    /// `--theme` overrides `theme:` for one run, before or after the command name, on standard
    /// output and standard error alike.
    @Test func theThemeOptionOverridesTheConfigForOneRun() throws {
        let vault = try TestVault()
        vault.environment = ["BRAIN_COLOR": "truecolor", "COLORFGBG": "0;15"]
        let ocean = Theme.ocean.palette(.light), forest = Theme.forest.palette(.light)
        for words in [["--theme", "ocean", "heatmap", "read"], ["heatmap", "read", "--theme", "ocean"]] {
            let run = vault.run(words)
            #expect(run.status == 0)
            #expect(ocean.levels.allSatisfy { run.stdout.contains(ColorMode.trueColor.foreground($0)) }, "\(words)")
            #expect(!forest.levels.contains { run.stdout.contains(ColorMode.trueColor.foreground($0)) }, "\(words)")
        }
        let error = vault.run(["--theme", "ember", "stats", "nosuch"])
        #expect(error.stderr.contains(ColorMode.trueColor.foreground(Theme.ember.palette(.light).bad)))
        let wrong = vault.run(["today", "--theme", "sunset"])
        #expect(wrong.status == 64 && wrong.stderr.contains("--theme takes one of ember, ocean, forest, aurora, sand"))
    }

    @Test func oldThemeNamesKeepWorkingWithAWarning() throws {
        let vault = try TestVault()
        let text = try Self.transcript(vault, theme: "sunset", appearance: "dark", environment: ["BRAIN_COLOR": "truecolor"],
                                       ["areas"])
        #expect(text.contains(".brain/config.yml:19:1: warning: theme sunset is now called ember; it still works, but write theme: ember"))
        // The colours are Ember's.
        #expect(text.contains(ColorMode.trueColor.foreground(Theme.ember.palette(.dark).good)))
        try Golden.compare("theme-renamed", text)
    }
}
