import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct TemplateLibraryTests {
    /// A temporary vault folder with the given files.
    static func vault(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brain-templates-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func vaultTemplateOverridesBuiltIn() throws {
        let root = try Self.vault(["my-templates/habit.md": "---\ntitle: \"{{title}}\"\nmine: true\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = TemplateLibrary(root: root, folder: "my-templates")
        let habit = try #require(try library.template(named: "habit"))
        #expect(habit.origin == .vault("my-templates/habit.md"))
        #expect(habit.text.contains("mine: true"))
        // Without an override the built-in one is used.
        let goal = try #require(try library.template(named: "goal"))
        #expect(goal.origin == .builtin)
        #expect(goal.text == BuiltinTemplates.all["goal"])
        // The default folder name is not looked at when the config names another one.
        #expect(try TemplateLibrary(root: root).template(named: "habit")?.origin == .builtin)
    }

    @Test func vaultGoalTemplatesAreListedWithBuiltInOnes() throws {
        let root = try Self.vault(["templates/goals/marathon.md": "---\ntitle: x\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = TemplateLibrary(root: root)
        let names = library.goalTemplateNames()
        #expect(names.contains("marathon"))
        #expect(names.contains("run-5k"))
        #expect(names == names.sorted())
        #expect(try library.template(named: "goals/marathon")?.origin == .vault("templates/goals/marathon.md"))
    }

    @Test(arguments: ["../habit", "goals/../../x", "/etc/passwd", ".hidden", "", "goals//run-5k"])
    func unsafeNamesFindNothing(name: String) throws {
        #expect(try TemplateLibrary(root: nil).template(named: name) == nil)
    }
}
