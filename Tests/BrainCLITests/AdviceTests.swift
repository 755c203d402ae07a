import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainStore
@testable import BrainGit
@testable import BrainInterchange

/// Issue 34 (Step 15), point 5: library errors carry data (a code, the file, a suggestion) and no
/// command names; the command line words the advice, with the same lines as before (the
/// transcripts `archive`, `delete` and `log-done` hold them too).
@Suite struct AdviceTests {
    @Test func anArchivedHabitSuggestsUnarchivingAsData() throws {
        let vault = try TestVault()
        #expect(vault.run(["archive", "read"]).status == 0)
        let library = #expect(throws: ActionError.self) {
            try Vault(root: vault.root).perform(LogHabit(habit: "read", change: .done(value: nil, add: false, note: nil),
                                                        day: Day("2026-11-22")!, today: Day("2026-11-22")!))
        }
        #expect(library?.suggestion == .unarchive(habit: "read", path: "habits/read.md"))
        #expect(library?.message.contains("brain ") == false, "\(library?.message ?? "")")
        let told = vault.run(["done", "read"])
        #expect(told.stderr == "brain: habit \"read\" is archived since 2026-11-22 and takes no check-offs; run brain unarchive read "
            + "(or set status: active in habits/read.md) to log it again\n")
    }

    @Test func noVaultIsToldWithWhatToRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-novault-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(VaultError.notFound(searchedFrom: folder).description == "no vault found from \(folder)")
        let vault = try TestVault(sample: false)
        let result = vault.run(["today"], cwd: folder)
        #expect(result.stderr == "brain: no vault found from \(folder): run `brain init` to create one here, or pass --vault PATH or set BRAIN_VAULT\n")
    }

    /// A JSON file that is no export is refused by the library as such; the command line says how
    /// to make one.
    @Test func aFileThatIsNoExportIsToldHowToMakeOne() throws {
        let failure = #expect(throws: ImportVaultJSON.Failure.self) { try ImportVaultJSON(json: Array("{}".utf8), source: "x.json") }
        #expect(failure?.isNotAnExport == true)
        #expect(failure?.message == "x.json: not a brain export (no schemaVersion)")
        let vault = try TestVault()
        try vault.write("x.json", "{\"notes\": []}")
        let told = vault.run(["import", "json", vault.root + "/x.json", vault.root + "/restored"])
        #expect(told.stderr == "brain: \(vault.root)/x.json: not a brain export (no schemaVersion); make one with brain export json\n")
        #expect(told.status == 1)
    }

    /// Git's errors say what git needs; the brain command that goes on is the command line's.
    @Test func gitErrorsNameNoBrainCommand() {
        let errors: [GitError] = [.notARepository("/v"), .noIdentity, .mergeInProgress, .pushFailed(remote: "origin", branch: "main", message: "x"),
                                  .remoteUnreachable(remote: "origin", url: nil, message: "x", committed: true)]
        for error in errors {
            #expect(!error.description.contains("brain "), "\(error.description)")
            #expect(Advice.text(error).hasPrefix(error.description) && Advice.text(error).contains("brain "), "\(Advice.text(error))")
        }
    }

    /// Every suggestion a library error can carry is worded by the command line without a trace of
    /// another client's wording, and the library's messages name no command.
    @Test func everySuggestionIsWorded() {
        let suggestions: [ActionError.Suggestion] = [.unarchive(habit: "read", path: "habits/read.md"), .archiveInstead(id: "read"),
                                                     .removeLinksFirst, .deleteInstead, .createHabit, .importIntoEmptyFolder(source: "e.json")]
        for suggestion in suggestions {
            let text = Advice.text(ActionError(.refused, "fact", suggestion: suggestion))
            #expect(text.hasPrefix("fact") && text.count > "fact".count + 10, "\(suggestion)")
        }
    }
}
