import Foundation
import Testing
@testable import BrainFormat
@testable import BrainStore
@testable import BrainInterchange

/// Issue 44 (Step 25), points 0 and 1, fuzzed: damaged exports and damaged change journals. An
/// export is either refused with a message or, when taken, names vault paths only; a journal is
/// acted on only when whole, signed here and naming vault files. Nothing traps. Deterministic
/// (the seed is in every message); `BRAIN_FUZZ_COUNT` raises the count.
@Suite struct CraftedInputFuzzTests {
    static let count = Int(ProcessInfo.processInfo.environment["BRAIN_FUZZ_COUNT"] ?? "") ?? 120

    /// Paths an attacker reaches for, spliced into records.
    static let hostile = [".git/config", ".git/HEAD", "../x.md", "..\\x.md", "C:\\x.md", "C:/x.md", "/etc/x.md", "notes/a\nb.md",
                          ".brain/config.yml", ".brain/journal", "notes/.obsidian/x.md", "notes/./x.md", "notes//x.md", "x.sh",
                          "notes/\u{2028}.md", "notes/x.md\u{0}", "habits/../../x.md", "daily/.x.md", "templates/../.git/x.md"]

    @Test func damagedExportsAreRefusedOrNameVaultPathsOnly() throws {
        let (vault, _) = MemoryVault.sample()
        let export = Array(try VaultExportTests.json(vault).utf8)
        var mutator = Mutator(seed: 44)
        var taken = 0, refused = 0
        for trial in 0..<Self.count {
            var bytes: [UInt8]
            if trial % 2 == 0 {
                bytes = mutator.mutate(export, light: true).bytes
            } else {
                // A record's path replaced by a hostile one, JSON-escaped.
                let path = mutator.pick(Self.hostile)
                let escaped = String(decoding: try JSONSerialization.data(withJSONObject: [path], options: [.withoutEscapingSlashes]), as: UTF8.self)
                let text = String(decoding: export, as: UTF8.self)
                let places = text.ranges(of: "\"path\":\"")
                guard !places.isEmpty else { Issue.record("no path in the export"); return }
                let place = places[mutator.int(places.count)]
                let end = text[place.upperBound...].firstIndex(of: "\"")!
                bytes = Array((text[..<place.lowerBound] + "\"path\":" + escaped.dropFirst().dropLast() + text[text.index(after: end)...]).utf8)
            }
            do {
                let action = try ImportVaultJSON(json: bytes, source: "e.json")
                taken += 1
                for file in action.files {
                    #expect(VaultPaths.vaultFileProblem(file.path) == nil, "seed 44 trial \(trial): took \(file.path.debugDescription)")
                }
            } catch {
                refused += 1
                #expect(error.message.hasPrefix("e.json"), "seed 44 trial \(trial): \(error.message)")
                #expect(!error.message.contains("\n- [x]"), "seed 44 trial \(trial): a path added a habit line to the message")
            }
        }
        #expect(taken > 0 && refused > Self.count / 2, "taken \(taken), refused \(refused)")
    }

    @Test func damagedJournalsAreNeverReplayedWhenNotWhole() {
        let journal = ChangeJournal(action: "rename", direction: .forward,
                                    entries: [.init(path: "notes/one.md", before: Array("a\n".utf8), after: Array("b\n".utf8)),
                                              .init(path: "notes/two.md", before: nil, after: Array("c\n".utf8))])
        let bytes = journal.encoded()
        var mutator = Mutator(seed: 45)
        var replayable = 0
        for trial in 0..<(Self.count * 4) {
            var damaged = bytes
            switch trial % 3 {
            case 0: damaged[mutator.int(damaged.count)] ^= UInt8(1 << mutator.int(8))
            case 1: damaged = Array(damaged.prefix(mutator.int(damaged.count)))
            default: damaged = mutator.mutate(bytes, light: true).bytes
            }
            if case .journal(let decoded) = ChangeJournal.decode(damaged) {
                replayable += 1
                #expect(decoded == journal, "trial \(trial): a damaged journal decoded to something else")
            }
        }
        // Only an undamaged copy decodes (a flip, a cut or a mutation that changed nothing).
        #expect(replayable < Self.count, "\(replayable) of \(Self.count * 4)")
    }
}
