import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, "prove it": damaged copies of the sample vault's files through parse, index,
/// validate, today and stats. Nothing may trap or hang; a problem is a diagnostic.
///
/// `swift test` runs a few thousand mutations in memory. `scripts/fuzz.sh` runs 100,000 and more
/// through the `brain` executable, one process per command, with a time bound on each: it has
/// this suite write the mutated files (`BRAIN_FUZZ_WRITE`), so both use the same mutations.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    /// Each stage of one mutated file; a stage slower than `bound` seconds counts as a hang.
    enum Stage: String, CaseIterable { case edit, index, validate, today, stats }

    /// Far-off day file names a mutated daily file may be written under.
    static let farDays = ["daily/0001-01-01.md", "daily/9999-12-31.md", "daily/1900-02-28.md"]

    /// Mutates one file of the small vault with `seed` and runs every stage; returns the slowest
    /// stage's time. A trap ends the process: the seed is in `BRAIN_FUZZ_PROGRESS` when set.
    static func run(seed: UInt64, vault: Vault, fileSystem: MemoryFileSystem, light: Bool) -> (Stage, Double) {
        var mutator = Mutator(seed: seed)
        let paths = MemoryVault.smallFiles.filter { $0 != Vault.configPath }
        let path = mutator.pick(paths)
        let original = MemoryVault.sampleFiles[path]!
        let (bytes, _) = mutator.mutate(original, light: light)
        var target = path
        if path.hasPrefix("daily/"), mutator.int(10) == 0 { target = mutator.pick(farDays) }
        var slowest: (Stage, Double) = (.index, 0)
        func time(_ stage: Stage, _ body: () -> Void) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds > slowest.1 { slowest = (stage, seconds) }
        }
        time(.edit) {
            var document = Document(bytes: bytes)
            precondition(document.bytes == bytes, "a document must give back its bytes")
            document.set("pinned", to: .bool(true))
            document.append(["- [x] [[read]] 3"], underHeading: "Habits")
            _ = document.bytes.count
        }
        try! fileSystem.writeAtomically(bytes, to: MemoryVault.root + "/" + target)
        var index: VaultIndex!
        // The index parses the file.
        time(.index) { index = VaultIndex.open(vault) }
        time(.validate) { _ = ValidationReport(index: index).diagnostics.count }
        let journal = Journal(index: index)
        time(.today) { _ = try? JSONOutput.string(DayOverview(index: index, journal: journal, day: .sampleToday)) }
        time(.stats) { _ = try? JSONOutput.string(HabitStatsTable(journal: journal, today: .sampleToday, range: .all)) }
        // Back to the original file for the next seed.
        if target != path { try! fileSystem.remove(MemoryVault.root + "/" + target) }
        try! fileSystem.writeAtomically(original, to: MemoryVault.root + "/" + path)
        return slowest
    }

    /// The quick run: `BRAIN_FUZZ_COUNT` mutations (default 2,000) from `BRAIN_FUZZ_SEED` (default 1).
    @Test func mutatedFilesNeverTrapOrHang() throws {
        let count = Int(FuzzTests.environment["BRAIN_FUZZ_COUNT"] ?? "") ?? 2_000
        let first = UInt64(FuzzTests.environment["BRAIN_FUZZ_SEED"] ?? "") ?? 1
        let bound = Double(FuzzTests.environment["BRAIN_FUZZ_BOUND"] ?? "") ?? 20
        let progress = FuzzTests.environment["BRAIN_FUZZ_PROGRESS"]
        let (vault, fileSystem) = MemoryVault.small()
        _ = VaultIndex.open(vault)
        var slowest: (seed: UInt64, stage: Stage, seconds: Double) = (first, .index, 0)
        for seed in first..<(first + UInt64(count)) {
            if let progress { try? Data("\(seed)\n".utf8).write(to: URL(fileURLWithPath: progress)) }
            let (stage, seconds) = FuzzTests.run(seed: seed, vault: vault, fileSystem: fileSystem, light: progress == nil)
            if seconds > slowest.seconds { slowest = (seed, stage, seconds) }
            #expect(seconds < bound, "seed \(seed): \(stage.rawValue) took \(seconds) s (replay: BRAIN_FUZZ_SEED=\(seed) BRAIN_FUZZ_COUNT=1)")
        }
        if let progress {
            try? Data("done \(count) slowest \(slowest.seed) \(slowest.stage.rawValue) \(slowest.seconds)\n".utf8)
                .write(to: URL(fileURLWithPath: progress))
        }
    }

    /// For `scripts/fuzz.sh`: writes `BRAIN_FUZZ_BATCHES` folders under `BRAIN_FUZZ_WRITE`, each with
    /// `BRAIN_FUZZ_FILES` mutated copies of sample-vault files (by vault path) and a `seeds` list.
    @Test(.enabled(if: FuzzTests.environment["BRAIN_FUZZ_WRITE"] != nil, "only scripts/fuzz.sh runs it (BRAIN_FUZZ_WRITE)"))
    func writeBatchesForTheScript() throws {
        let out = try #require(FuzzTests.environment["BRAIN_FUZZ_WRITE"])
        let batches = Int(FuzzTests.environment["BRAIN_FUZZ_BATCHES"] ?? "") ?? 10
        let files = Int(FuzzTests.environment["BRAIN_FUZZ_FILES"] ?? "") ?? 100
        let first = UInt64(FuzzTests.environment["BRAIN_FUZZ_SEED"] ?? "") ?? 1
        let paths = MemoryVault.sampleFiles.keys.filter { $0.hasSuffix(".md") }.sorted()
        for batch in 0..<batches {
            let folder = out + "/batch-\(batch)"
            var seeds = ""
            // Each vault mutates `files` different files, in an order drawn from the batch's first seed.
            var order = SeededRandom(seed: first + UInt64(batch * files))
            let chosen = paths.shuffled(using: &order).prefix(files)
            for (file, original) in chosen.enumerated() {
                let seed = first + UInt64(batch * files + file)
                var mutator = Mutator(seed: seed)
                var path = original
                let (bytes, kinds) = mutator.mutate(MemoryVault.sampleFiles[path]!)
                if path.hasPrefix("daily/"), mutator.int(10) == 0 { path = mutator.pick(FuzzTests.farDays) }
                let url = URL(fileURLWithPath: folder + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                seeds += "\(seed) \(path) \(kinds.map(\.rawValue).joined(separator: ","))\n"
            }
            try Data(seeds.utf8).write(to: URL(fileURLWithPath: folder + "/seeds"))
        }
    }
}
