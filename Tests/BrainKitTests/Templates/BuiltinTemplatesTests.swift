import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct BuiltinTemplatesTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("templates")

    /// Every `templates/**/*.md` by name (`goals/run-5k`), read from the repository.
    static func filesOnDisk() throws -> [String: String] {
        var result: [String: String] = [:]
        let root = templatesFolder.path
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        for case let relative as String in enumerator where relative.hasSuffix(".md") {
            result[String(relative.dropLast(3))] = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        }
        return result
    }

    @Test func generatedFileMatchesTemplatesFolder() throws {
        let disk = try Self.filesOnDisk()
        #expect(!disk.isEmpty)
        #expect(Set(disk.keys) == Set(BuiltinTemplates.all.keys),
                "BuiltinTemplates.swift is out of date: run scripts/embed-templates.sh")
        for (name, text) in disk {
            #expect(BuiltinTemplates.all[name] == text,
                    "built-in template \(name) differs from templates/\(name).md: run scripts/embed-templates.sh")
        }
    }

    @Test(arguments: ["habit", "goal", "area", "note", "reflection", "insight", "link", "daily",
                      "goals/run-5k", "goals/read-24-books", "goals/emergency-fund", "goals/learn-a-language",
                      "goals/sleep-better", "goals/write-a-novel", "goals/get-fit"])
    func everyDocumentedTemplateIsBuiltInAndParses(name: String) throws {
        let text = try #require(BuiltinTemplates.all[name])
        let document = Document(text: text)
        #expect(document.hasFrontMatter)
        #expect(document.diagnostics.isEmpty)
        #expect(text.hasSuffix("\n"))
    }
}
