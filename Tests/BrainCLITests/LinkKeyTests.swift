import Foundation
import Testing
@testable import BrainCLI
@testable import BrainFormat
@testable import BrainStore

/// `area: health` and `goal: finish-the-essay`, bare ids as `brain new --area` and the templates
/// write them, are links in every view: links, backlinks, graph, orphans and delete agree.
@Suite struct LinkKeyTests {
    static func json(_ vault: TestVault, _ line: String) throws -> [String: Any] {
        let result = vault.run(line)
        #expect(result.status == 0, "\(line): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func bareIdsInLinkKeysCountInEveryView() throws {
        let vault = try TestVault()
        // The files that name the area in front-matter, found by reading them.
        let habits = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/habits").filter { name in
            try vault.read("habits/" + name).contains("\narea: health\n")
        }.map { "habits/" + $0 }.sorted()
        #expect(habits.count >= 5)

        let backlinks = try Self.json(vault, "backlinks health --json")["backlinks"] as? [[String: Any]] ?? []
        let sources = Set(backlinks.compactMap { $0["path"] as? String })
        for path in habits { #expect(sources.contains(path), "backlinks health leaves out \(path)") }

        let links = try Self.json(vault, "links coffee --json")["links"] as? [[String: Any]] ?? []
        #expect(links.contains { $0["target"] as? String == "health" && $0["path"] as? String == "areas/health.md"
            && $0["kind"] as? String == "reference" && $0["label"] as? String == "area" }, "\(links)")

        let edges = try Self.json(vault, "graph --json")["edges"] as? [[String: Any]] ?? []
        for path in habits {
            #expect(edges.contains { $0["source"] as? String == path && $0["target"] as? String == "areas/health.md" }, "\(path)")
        }

        // delete counts the same notes backlinks lists.
        let delete = vault.run("delete health")
        #expect(delete.status != 0)
        #expect(delete.stderr.contains("\(sources.subtracting(["areas/health.md"]).count) notes link to areas/health.md"), "\(delete.stderr)")
    }

    @Test func aBareIdThatNamesNothingIsAWarningExceptAStacksAnchor() throws {
        let vault = try TestVault()
        try vault.write("habits/stretch.md", "---\ntitle: Stretch\nevery: day\narea: fitnes\nafter: wake-up\n---\n")
        let result = vault.run("validate")
        #expect(result.stdout.contains("habits/stretch.md:4:7: warning: area: \"fitnes\" names no note"), "\(result.stdout)")
        #expect(!result.stdout.contains("wake-up"))
        // The anchor is text: not among the habit's links.
        let links = try Self.json(vault, "links stretch --json")["links"] as? [[String: Any]] ?? []
        #expect(!links.contains { $0["target"] as? String == "wake-up" })
        #expect(links.contains { $0["target"] as? String == "fitnes" && $0["status"] as? String == "missing" })
    }

    @Test func renameRewritesABareIdOnceAndKeepsItBare() throws {
        let vault = try TestVault()
        #expect(vault.run("rename health Fitness and health").status == 0)
        let coffee = try vault.read("habits/coffee.md")
        #expect(coffee.contains("\narea: fitness-and-health\n"), "\(coffee)")
        #expect(!coffee.contains("[[fitness-and-health]]"))
    }
}
