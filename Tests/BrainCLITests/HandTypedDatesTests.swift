import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit

/// Step 17, point 6: a date that does not exist is told as such, in a file's name and in
/// `--date`, and years outside 1900–2199 are refused by `heatmap --year` as by `--date`.
@Suite struct HandTypedDatesTests {
    @Test func aDateThatDoesNotExistSaysWhy() throws {
        let vault = try TestVault()
        let november = vault.run(["today", "--date", "2026-11-31"])
        #expect(november.status == 64)
        #expect(november.stderr == "brain: --date: 2026-11-31 is not a date: November 2026 has 30 days\n")
        #expect(vault.run(["today", "--date", "2026-02-29"]).stderr == "brain: --date: 2026-02-29 is not a date: February 2026 has 28 days\n")
        #expect(vault.run(["today", "--date", "2028-02-29"]).status == 0, "2028 is a leap year")
        #expect(vault.run(["today", "--date", "1800-01-01"]).stderr.contains("is outside the days brain reads, 1900-01-01 to 2199-12-31"))
        #expect(vault.run(["heatmap", "--year", "1800"]).status == 64)
        #expect(vault.run(["heatmap", "--year", "1900"]).status == 0)
        try vault.write("daily/2026-11-31.md", "## Habits\n- [x] [[read]]\n")
        let validate = vault.run(["validate"])
        #expect(validate.stdout.contains("daily/2026-11-31.md:1:1: error: the file's name: 2026-11-31 is not a date: November 2026 has 30 days\n"),
                "\(validate.stdout)")
    }
}
