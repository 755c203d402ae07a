import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Every command that takes a habit reads the name the same way: id, then title or alias, then a
/// unique prefix, with the same did-you-mean when nothing fits.
@Suite struct HabitResolverTests {
    static let commands = ["done", "stats", "log", "heatmap", "skip", "undo"]

    @Test(arguments: commands)
    func aUniquePrefixAndATitleWorkEverywhere(command: String) throws {
        let vault = try TestVault()
        for name in ["medit", "Read 20 pages", "habits/meditate.md", "MEDITATE", "habits/read"] {
            let result = vault.run([command, name])
            #expect(result.status == 0, "brain \(command) \(name): \(result.stderr)")
        }
    }

    @Test(arguments: commands)
    func anUnknownHabitGetsTheSameDidYouMean(command: String) throws {
        let vault = try TestVault()
        let result = vault.run([command, "reed"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("brain: no habit named \"reed\"; did you mean \"read\"?\nhabits: "), "\(result.stderr)")
        let ambiguous = vault.run([command, "r"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.hasPrefix("brain: \"r\" could be several habits:"), "\(ambiguous.stderr)")
    }
}
