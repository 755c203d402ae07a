import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer

/// What the server bounds (docs/EDITORS.md#limits).
@Suite struct LanguageServerLimitsTests {
    /// Key completion in a front-matter of a long list looks for each line's key once, not once
    /// per line above it.
    @Test func keyCompletionAfterALongListIsQuick() throws {
        let client = TestClient()
        let text = "---\ntitle: Many tags\ntags:\n" + String(repeating: "  - some-tag\n", count: 200_000) + "ev\n---\n# Many\n"
        _ = client.open("habits/many.md", text: text)
        let start = Date()
        let keys = client.result("textDocument/completion", TestClient.at("habits/many.md", 200_003, 2))
        #expect((keys["items"].array ?? []).compactMap { $0["label"].string } == ["every"])
        #expect(Date().timeIntervalSince(start) < 20, "\(Date().timeIntervalSince(start)) s")
    }
}
