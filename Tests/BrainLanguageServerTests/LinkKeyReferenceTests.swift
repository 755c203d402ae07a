import Foundation
import Testing
@testable import BrainFormat
@testable import BrainStore
@testable import BrainLanguageServer

/// A bare id in a front-matter key that holds links (`area: health`) is a link for the language
/// server as for the command line: its references are the index's backlinks, bare ids included.
@Suite struct LinkKeyReferenceTests {
    @Test func referencesOfAnAreaCountItsHabitsBareAreaKeys() throws {
        let client = TestClient()
        let index = client.server.workspace.index
        let health = try #require(index.index(ofPath: "areas/health.md"))
        let backlinks = index.backlinks(of: health)
        // Every habit of the sample vault written `area: health` links to the area.
        let habits = index.records.filter { $0.kind == .habit && $0.frontMatter["area"]?.string == "health" }.map(\.path)
        #expect(habits.count >= 5)
        for path in habits {
            #expect(backlinks.contains { index.records[$0.source].path == path && $0.link.kind == .reference }, "\(path)")
        }
        // References from the area's own title line: the same list.
        _ = client.open("areas/health.md")
        let references = client.result("textDocument/references",
                                       TestClient.at("areas/health.md", 0, 0).merging(["context": ["includeDeclaration": false]]))
        let uris = Set((references.array ?? []).compactMap { $0["uri"].string })
        for path in habits { #expect(uris.contains("file:///vault/" + path), "\(path)") }
        #expect(references.array?.count == backlinks.count)
    }
}
