import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct DemoTests {
    @Test func demoWritesAVaultThatValidatesAndIndexes() throws {
        let vault = try TestVault(sample: false)
        let result = vault.run("demo out")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote 593 files to out: 12 habits, 8 goals, 200 notes, 365 days\n")
        // The test clock says 2026-11-22: that is the last daily file.
        #expect(vault.exists("out/daily/2026-11-22.md"))
        #expect(!vault.exists("out/daily/2026-11-23.md"))
        #expect(vault.exists("out/daily/2025-11-23.md"))
        #expect(try vault.read("out/.brain/.gitignore") == "cache/\njournal*\n")
        let validate = vault.run(["validate"], cwd: vault.root + "/out")
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stderr.contains("591 files checked: 0 errors"))
        let index = vault.run(["index", "--json"], cwd: vault.root + "/out")
        #expect(index.status == 0)
        #expect(index.stdout.contains("\"notes\" : 591"))
    }

    @Test func dateAndSizesShapeTheVault() throws {
        let vault = try TestVault(sample: false)
        let result = vault.run("demo small --years 2 --habits 20 --notes 5 --seed 9 --date 2026-01-31")
        #expect(result.status == 0, "\(result.stderr)")
        // 2 config files, 6 areas, 20 habits, 8 + 2 goals (one per four extra habits), 5 notes, 730 days.
        let files = 773
        #expect(result.stdout == "wrote \(files) files to small: 20 habits, 10 goals, 5 notes, 730 days\n")
        #expect(vault.exists("small/daily/2026-01-31.md"))
        #expect(!vault.exists("small/daily/2026-02-01.md"))
    }

    @Test func refusesANonEmptyFolder() throws {
        let vault = try TestVault(sample: false)
        try vault.write("full/keep.md", "mine\n")
        let result = vault.run("demo full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("full is not empty"))
        #expect(!vault.exists("full/.brain/config.yml"))
    }

    @Test(arguments: ["demo", "demo x --years many", "demo x --notes -1", "demo x --seed -2", "demo x --date someday"])
    func usageErrorsExit64(_ line: String) throws {
        let vault = try TestVault(sample: false)
        let result = vault.run(line)
        #expect(result.status == 64, "\(line): \(result.stderr)")
        #expect(!vault.exists("x"))
    }
}
