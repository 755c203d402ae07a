import Foundation
import Testing
import BrainTestSupport
@testable import BrainLanguageServer
@testable import BrainFormat

/// Issue 34 (Step 15), point 3: the language server keeps no vault rule of its own. Its front-matter
/// boundary is the index's, its tag rule the scanner's, its edits the library's line matching, and
/// its key lists the schema's; these tests fail where one of them disagrees or comes back.
@Suite struct LibraryRulesTests {
    /// The server once took `  ---` (leading spaces) as front-matter while the index did not.
    @Test func theFrontMatterIsWhereTheIndexFindsIt() {
        let texts = ["---\na: 1\n---\nbody\n", "  ---\na: 1\n---\nbody\n", "\u{FEFF}---\r\na: 1\r\n...\r\nbody", "---\na: 1\n",
                     "--- \na: 1\n---   \n", "---\n---\n", "\t---\na: 1\n---\n", "---x\na: 1\n---\n"]
        for text in texts {
            let bytes = Array(text.utf8)
            let document = TextDocument(uri: "file:///x.md", version: 1, bytes: bytes)
            let shape = bytes.withUnsafeBufferPointer { FrontMatterSplitter.shape($0) }
            let lines = FrontMatterLines.of(document)
            if case .closed(let yaml, _, _) = shape {
                let yamlText = String(decoding: bytes[yaml], as: UTF8.self)
                let served = lines.map { (0..<document.lineCount).filter($0.contains).map(document.line) } ?? []
                // The YAML's lines, split on bytes (a CRLF is one Character) and without their endings.
                let expected = yamlText.utf8.split(separator: 10, omittingEmptySubsequences: false).dropLast().map {
                    String(decoding: $0.last == 13 ? $0.dropLast() : $0, as: UTF8.self)
                }
                #expect(served == expected, "\(text.debugDescription): \(yamlText.debugDescription)")
            } else {
                #expect(lines == nil, "\(text.debugDescription)")
            }
        }
    }

    /// Hover and completion find a tag's name as the scanner does, letters of every script included.
    @Test func aTagIsWhatTheScannerCallsOne() {
        for (written, expected) in [("books/fiction, then", "books/fiction"), ("café", "café"), ("cafe\u{301}!", "cafe\u{301}"),
                                    ("123", nil), ("2026-plan", "2026-plan"), ("a//", "a"), ("日本語 x", "日本語"), ("-", "-")] {
            let name = Tag.name(after: written[...]).map(String.init)
            #expect(name == expected, "\(written)")
            let scanned = MarkdownScanner.scan(Array("#\(written)\n".utf8)).tags.first?.name
            #expect(scanned == expected, "the scanner reads #\(written) as \(scanned ?? "no tag")")
        }
    }

    /// The sources of the language server hold none of the rules the library owns.
    @Test func theServerHasNoRuleOfItsOwn() throws {
        let folder = Repository.root + "/Sources/BrainLanguageServer"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            // A key list: two known keys quoted side by side.
            #expect(text.range(of: #""(area|goal|habits|parent|after|habit)", "(area|goal|habits|parent|after|habit)""#,
                               options: .regularExpression) == nil, "\(name) lists front-matter keys")
            #expect(!text.contains("== \"_\" || $0 == \"-\" || $0 == \"/\""), "\(name) has a tag-character rule")
            #expect(!text.contains("table[i][j]") && !text.contains("difference(from:"), "\(name) diffs lines itself")
            #expect(!text.contains("== \"---\""), "\(name) finds the front-matter itself")
        }
    }
}
