import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct ReportCommandTests {
    @Test func writesReportHTMLInTheCurrentFolder() throws {
        let vault = try TestVault()
        let elsewhere = vault.root + "/../" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let result = vault.run(["report", "--vault", vault.root], cwd: elsewhere)
        #expect(result.status == 0, "\(result.stderr)")
        let path = VaultLocator.absolute(elsewhere + "/report.html", from: "/")
        #expect(result.stdout.hasPrefix("wrote \(path): 15 habits, 6 areas, 15 goals, 2025-11-23 to 2026-11-22, "))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<section id=\"organism\">") && html.contains("3 of 11 done"))
        // The vault's theme and appearance: forest, auto.
        #expect(html.contains("--bg:\(Theme.forest.palette(.light).background.hex);"))
        #expect(html.contains("prefers-color-scheme: dark"))
        // Nothing was written into the vault.
        #expect(!vault.exists("report.html"))
        // A relative --out is relative to the current folder too.
        let named = vault.run(["report", "--vault", vault.root, "--out", "sub/../mine.html", "--range", "month"], cwd: elsewhere)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/mine.html"))
        #expect(named.stdout.contains("2026-10-24 to 2026-11-22"))
    }

    @Test func theTitleIsTheVaultsTitleSettingElseItsFolder() throws {
        let vault = try TestVault()
        #expect(vault.run("report --out a.html").status == 0)
        let folder = String(vault.root.split(separator: "/").last!)
        #expect(try String(contentsOfFile: vault.root + "/a.html", encoding: .utf8).contains("<h1>\(folder)</h1>"))
        let config = try String(contentsOfFile: vault.root + "/.brain/config.yml", encoding: .utf8)
        try vault.write(".brain/config.yml", config + "title: Jo's <brain>\n")
        #expect(vault.run("report --out b.html").status == 0)
        let html = try String(contentsOfFile: vault.root + "/b.html", encoding: .utf8)
        #expect(html.contains("<h1>Jo&#39;s &lt;brain&gt;</h1>") && html.contains("<title>Jo&#39;s &lt;brain&gt; — 2026-11-22</title>"))
        // Not one line of text: a warning, and the folder's name.
        try vault.write(".brain/config.yml", config + "title: [a, b]\n")
        let listed = vault.run("report --out c.html")
        #expect(listed.status == 0 && listed.stderr.contains("title is one line of text"))
        #expect(try String(contentsOfFile: vault.root + "/c.html", encoding: .utf8).contains("<h1>\(folder)</h1>"))
    }

    @Test func neverReplacesAFileWithoutForce() throws {
        let vault = try TestVault()
        try vault.write("old.html", "keep me")
        let refused = vault.run("report --out old.html")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("old.html already exists; not overwriting it"))
        #expect(try vault.read("old.html") == "keep me")
        let forced = vault.run("report --out old.html --force --theme ember --dark")
        #expect(forced.status == 0)
        let html = try vault.read("old.html")
        #expect(html.contains(":root{--bg:\(Theme.ember.palette(.dark).background.hex);"))
        #expect(!html.contains("prefers-color-scheme"))
        // No temporary file is left beside it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.root).filter { $0.contains("brain-export") }
        #expect(leftovers.isEmpty)
    }

    @Test func refusesTheBrainFolder() throws {
        let vault = try TestVault()
        for out in [".brain/report.html", ".brain/cache/report.html", "daily/../.brain/r.html", ".brain"] {
            let result = vault.run(["report", "--out", out])
            #expect(result.status == 1, "\(out)")
            #expect(result.stderr.contains("is inside the vault's .brain/ folder"), "\(out): \(result.stderr)")
        }
        // Through a symbolic link to it, too.
        try FileManager.default.createSymbolicLink(atPath: vault.root + "/inner", withDestinationPath: vault.root + "/.brain")
        let linked = vault.run(["report", "--out", "inner/report.html"])
        #expect(linked.status == 1 && linked.stderr.contains("inside the vault's .brain/ folder"))
        #expect(!FileManager.default.fileExists(atPath: vault.root + "/.brain/report.html"))
        // A file merely named like it is fine.
        #expect(vault.run(["report", "--out", ".brainy.html"]).status == 0)
    }

    @Test func optionsAreChecked() throws {
        let vault = try TestVault()
        let both = vault.run("report --light --dark")
        #expect(both.status == 64 && both.stderr.contains("--light and --dark exclude each other"))
        let theme = vault.run("report --theme sunset")
        #expect(theme.status == 64 && theme.stderr.contains("--theme takes one of ember, ocean, forest, aurora, sand"))
        let range = vault.run("report --range week")
        #expect(range.status == 64 && range.stderr.contains("--range takes one of year, quarter, month"))
        #expect(!vault.exists("report.html"))
    }

    @Test func jsonSaysWhatWasWritten() throws {
        let vault = try TestVault()
        let result = vault.run("report --json --range quarter --light --date 2026-10-27")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["path"] as? String == vault.root + "/report.html")
        #expect(object["theme"] as? String == "forest" && object["appearance"] as? String == "light")
        #expect(object["range"] as? String == "quarter")
        #expect(object["from"] as? String == "2026-07-30" && object["through"] as? String == "2026-10-27")
        #expect(object["restDay"] as? Bool == true)
        let bytes = try #require(object["bytes"] as? Int)
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: vault.root + "/report.html"))).count)
    }
}
