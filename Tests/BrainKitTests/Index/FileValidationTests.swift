import Foundation
import Testing
@testable import BrainKit

/// One file's validation is exactly what `brain validate` reports for that file.
@Suite struct FileValidationTests {
    static func agree(_ index: VaultIndex, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let all = index.diagnostics()
        for (position, record) in index.records.enumerated() {
            let expected = all.filter { $0.path == record.path }.sorted { $0.location < $1.location }
            #expect(index.validation(of: position) == expected, "\(record.path)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyFileOfTheSampleVault() {
        let (vault, _) = MemoryVault.sample()
        let index = VaultIndex.open(vault)
        Self.agree(index)
    }

    @Test func problemsThatNeedOtherFiles() {
        let (vault, _) = MemoryVault.make([
            "habits/read.md": "---\nevery: fortnightly\nevry: day\n---\n# Read\n",
            "daily/2026-11-20.md": "---\ndate: 2026-11-20\nmood: 9\n---\n## Habits\n- [x] [[read]]\n- [ ] [[raed]]\n- [x] [[read]]\n[[nowhere]] [[Read]]\n",
            "notes/day.md": "---\ndate: 2026-11-20\n---\n",
            "daily/other.md": "---\ndate: 2026-11-20\n---\n",
            "notes/Café.md": "# one\n",
            "notes/cafe\u{301}.md": "# two\n",
            "notes/twin.md": "[[read]]",
            "notes/Twin.md": "[[unknown-link]]",
        ])
        let index = VaultIndex.open(vault)
        let found = index.records.indices.flatMap { index.validation(of: $0) }
        #expect(found.contains { $0.message.hasPrefix("two files for 2026-11-20") })
        #expect(found.contains { $0.message.hasPrefix("same name as") })
        #expect(found.contains { $0.message.hasPrefix("habit line names no habit: \"raed\"; did you mean \"read\"?") })
        #expect(found.contains { $0.message.hasPrefix("broken link to \"nowhere\"") })
        Self.agree(index)
    }
}
