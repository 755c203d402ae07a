import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// `brain sync` on a vault the size of a life: 200,000 notes. A first sync once failed with
/// `Argument list too long` (every title in a `-m` argument) and took minutes reading every file
/// for its message; a sync of one change must cost about what `git status` costs.
///
/// It runs with the rest of `swift test` (in CI as well): about 12 seconds on 2 cores. The vault is
/// made in `/dev/shm` (memory): on a disk mounted with `discard`, removing 200,000 files and their
/// git objects took 13 minutes. Every note holds the same line, so git stores it once (about
/// 800 MB of memory for the files' pages); their names are all different. Where `/dev/shm` cannot
/// be written the vault is made in the temporary folder with 20,000 notes (still a message of
/// 200 kB, were the titles named). `BRAIN_SCALE_FILES=N` runs it on N notes (more than 1,000:
/// fewer are named in the message, not counted).
@Suite(.serialized, .enabled(if: GitSandbox.gitInstalled, GitSandbox.skipMessage))
struct SyncAtScaleTests {
    static let inMemory = access("/dev/shm", W_OK) == 0
    static let parent = inMemory ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    static let count = Int(ProcessInfo.processInfo.environment["BRAIN_SCALE_FILES"] ?? "") ?? (inMemory ? 200_000 : 20_000)
    static let perFolder = 500

    /// `notes/NNN/nNNN-MMM.md`, `count` of them, each one line.
    static func writeNotes(in root: String) throws {
        func padded(_ number: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        }
        let line = Array("A one-line note.\n".utf8)
        for folder in 0..<(count + perFolder - 1) / perFolder {
            let name = padded(folder)
            let directory = root + "/notes/" + name
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for file in 0..<min(perFolder, count - folder * perFolder) {
                let stem = name + "-" + padded(file)
                let descriptor = open(directory + "/n" + stem + ".md", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                #expect(descriptor >= 0)
                #expect(line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == line.count)
                close(descriptor)
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test(.timeLimit(.minutes(10)))
    func twoHundredThousandNotesSyncAndOneChangeCostsAboutAGitStatus() throws {
        let sandbox = try GitSandbox()
        let machine = try sandbox.machine()
        let root = Self.parent + "/brain-scale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func brain(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> RunResult {
            let result = machine.run(arguments, cwd: root)
            #expect(result.status == 0, "brain \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
                    sourceLocation: sourceLocation)
            return result
        }
        #expect(brain(["init", "--git"]).status == 0)
        // git's housekeeping (packing loose objects after a commit) is not what is measured.
        try sandbox.git(["config", "gc.auto", "0"], in: root)
        try sandbox.git(["config", "maintenance.auto", "false"], in: root)
        let clock = ContinuousClock()
        let start = clock.now
        try Self.writeNotes(in: root)
        let written = clock.now

        // The first sync commits every note; the message counts them.
        let first = brain(["sync"])
        let firstSynced = clock.now
        let total = Self.count + 9
        #expect(first.stdout.hasPrefix("committed \(total) files: 6 new areas; \(Self.count) new notes; settings; git set-up\n"),
                "\(first.stdout)")
        #expect(try sandbox.git(["log", "-1", "--format=%B"], in: root)
            == "6 new areas; \(Self.count) new notes; settings; git set-up\n\n")
        #expect(try sandbox.git(["ls-files"], in: root).split(separator: "\n").count == total)
        #expect(try sandbox.git(["status", "--porcelain"], in: root) == "")

        // One change: git status sees it, and a sync commits it in about the same time.
        let changed = Self.count >= 124 * Self.perFolder ? "123-456" : "000-000"
        let path = "notes/\(changed.prefix(3))/n\(changed).md"
        try "A one-line note.\nAnd a second line.\n".write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        let statusStart = clock.now
        #expect(try sandbox.git(["status", "--porcelain"], in: root) == " M \(path)\n")
        let status = clock.now - statusStart
        let syncStart = clock.now
        let second = brain(["sync"])
        let sync = clock.now - syncStart
        #expect(second.stdout.hasPrefix("committed 1 file: note n\(changed)\n"), "\(second.stdout)")
        #expect(try sandbox.git(["show", "--name-only", "--format=%s", "HEAD"], in: root) == "note n\(changed)\n\n\(path)\n")
        #expect(try sandbox.git(["status", "--porcelain"], in: root) == "")
        // About a git status: a few of them, never anything per file.
        #expect(Self.seconds(sync) < 6 * Self.seconds(status) + 3,
                "one change took \(sync) to sync; git status took \(status)")
        let removing = clock.now
        try FileManager.default.removeItem(atPath: root)
        print("""
            SyncAtScaleTests: \(Self.count) notes written in \(Self.parent) in \(written - start); first brain sync \(firstSynced - written); \
            one change: git status \(status), brain sync \(sync); removed in \(clock.now - removing); whole test \(clock.now - start)
            """)
    }
}
