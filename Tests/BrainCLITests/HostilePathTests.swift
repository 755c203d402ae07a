import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Issue 15, fixes 8 and 11, and "paths" of its proof: names that try to leave the vault, symbolic
/// links at and inside `.brain`, FIFOs and devices. Nothing may be read, indexed or written
/// outside the vault, and nothing may hang.
@Suite(.serialized) struct HostilePathTests {
    /// A folder holding the vault (a copy of the sample) and, beside it, `outside/` with one file.
    final class Sandbox {
        let base: TestVault
        var vault: String { base.root + "/vault" }
        var outside: String { base.root + "/outside" }

        init() throws {
            base = try TestVault(sample: false)
            try FileManager.default.copyItem(atPath: TestVault.packageRoot + "/sample-vault", toPath: base.root + "/vault")
            try? FileManager.default.removeItem(atPath: base.root + "/vault/.brain/cache")
            try FileManager.default.createDirectory(atPath: base.root + "/outside", withIntermediateDirectories: true)
            try Data("secret\n".utf8).write(to: URL(fileURLWithPath: base.root + "/outside/secret.md"))
        }

        @discardableResult
        func run(_ arguments: [String]) -> RunResult { base.run(["--vault", vault] + arguments) }

        /// Every file beside the vault, with its bytes.
        func outsideFiles() throws -> [String: Data] {
            var result: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: base.root) where name != "vault" {
                let path = base.root + "/" + name
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    for inner in try FileManager.default.subpathsOfDirectory(atPath: path) {
                        result[name + "/" + inner] = FileManager.default.contents(atPath: path + "/" + inner) ?? Data()
                    }
                } else {
                    result[name] = FileManager.default.contents(atPath: path) ?? Data()
                }
            }
            return result
        }
    }

    @Test func cacheFolderLinkedOutsideIsNeverWritten() throws {
        let box = try Sandbox()
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/.brain/cache", withDestinationPath: box.outside)
        let before = try box.outsideFiles()
        let index = box.run(["index"])
        #expect(index.status == 0)
        #expect(index.stderr.contains(".brain/cache is a symbolic link"))
        let done = box.run(["done", "read"])
        #expect(done.status != 0)
        #expect(done.stderr.contains(".brain/cache is a symbolic link"), "\(done.stderr)")
        #expect(try box.outsideFiles() == before)
    }

    @Test func brainFolderLinkedOutsideIsNeverReadOrWritten() throws {
        let box = try Sandbox()
        try FileManager.default.moveItem(atPath: box.vault + "/.brain/config.yml", toPath: box.outside + "/config.yml")
        try FileManager.default.removeItem(atPath: box.vault + "/.brain")
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/.brain", withDestinationPath: box.outside)
        let before = try box.outsideFiles()
        let today = box.run(["today"])
        #expect(today.status == 0)
        #expect(today.stderr.contains(".brain/config.yml:1:1: warning: not read: .brain is a symbolic link"), "\(today.stderr)")
        #expect(box.run(["done", "read"]).status != 0)
        #expect(box.run(["delete", "notes/atomic-habits.md"]).status != 0)
        #expect(try box.outsideFiles() == before)
    }

    @Test func lockLinkedOutsideCreatesNothing() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.vault + "/.brain/cache", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/.brain/cache/lock", withDestinationPath: box.outside + "/made-by-brain")
        let done = box.run(["done", "read"])
        #expect(done.status != 0)
        #expect(!FileManager.default.fileExists(atPath: box.outside + "/made-by-brain"))
    }

    /// `index.bin` pointing at `/dev/zero` was read until memory ran out.
    @Test func cacheFileLinkedToADeviceIsReplacedNotRead() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.vault + "/.brain/cache", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/.brain/cache/index.bin", withDestinationPath: "/dev/zero")
        let result = box.run(["index"])
        #expect(result.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: box.vault + "/.brain/cache/index.bin")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    /// `mkfifo daily/2026-11-20.md`, then `done` held the lock and waited for a writer forever.
    @Test func aFIFOIsRefusedWithADiagnostic() throws {
        let box = try Sandbox()
        let path = box.vault + "/daily/2026-11-20.md"
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        let done = box.run(["done", "read", "--date", "2026-11-20"])
        #expect(done.status == 1)
        #expect(done.stderr == "brain: daily/2026-11-20.md: not a regular file\n")
        let validate = box.run(["validate"])
        #expect(validate.stdout.contains("daily/2026-11-20.md:1:1: error: cannot read: not a regular file"), "\(validate.stdout)")
        #expect(box.run(["today"]).status == 0)
        #expect(box.run(["done", "read"]).status == 0)
    }

    /// Names that try to leave the vault, in every command that takes one.
    @Test func namesNeverLeadOutOfTheVault() throws {
        let box = try Sandbox()
        let before = try box.outsideFiles()
        let long = String(repeating: "x", count: 300)
        let commands: [[String]] = [
            ["show", "../outside/secret"], ["show", box.outside + "/secret.md"], ["show", "../outside/secret.md"],
            ["links", "../outside/secret"], ["backlinks", "/etc/passwd"], ["pin", "../outside/secret"],
            ["edit", "../outside/secret.md", "--set", "title=x"], ["rename", "atomic-habits", "../../outside/evil"],
            ["rename", "atomic-habits", "/tmp/evil"], ["delete", "../outside/secret.md"], ["restore", "../../outside/secret.md"],
            ["new", "note", "../../outside/evil"], ["new", "note", "/etc/evil"], ["new", "note", long],
            ["new", "note", "a\u{0}b"], ["show", "a\u{0}b"], ["rename", "atomic-habits", String(repeating: "é", count: 200)],
            ["done", "../outside/secret"], ["goal", "progress", "../outside/secret", "3"],
            ["search", "secret"], ["validate"], ["index"],
        ]
        for arguments in commands {
            let result = box.run(arguments)
            #expect(!result.stdout.contains("secret\n") || arguments.first == "search", "\(arguments): \(result.stdout)")
            // `search` finds nothing (exit 1, as grep), `validate` may find problems (exit 2).
            #expect(result.status == 0 || result.stderr.hasPrefix("brain: ") || ["search", "validate"].contains(arguments[0]),
                    "\(arguments): \(result.stderr)")
        }
        #expect(!box.run(["search", "secret"]).stdout.contains("outside"))
        #expect(try box.outsideFiles() == before)
        // A 300-byte title makes a file name the file system accepts.
        for name in try FileManager.default.contentsOfDirectory(atPath: box.vault + "/notes") {
            #expect(name.utf8.count <= 255, "\(name.utf8.count) bytes")
        }
    }

    /// A link out of the vault and a symbolic link inside it pointing out: neither is followed.
    @Test func linksAndSymbolicLinksOutAreNotFollowed() throws {
        let box = try Sandbox()
        try box.base.write("vault/notes/escape.md", "[[../../outside/secret]] and [s](../../outside/secret.md)\n")
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/notes/linked.md", withDestinationPath: box.outside + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: box.vault + "/notes/folder", withDestinationPath: box.outside)
        let list = box.run(["list", "--json"])
        #expect(!list.stdout.contains("linked.md") && !list.stdout.contains("folder/"))
        let links = box.run(["links", "escape"])
        #expect(links.stdout == "notes/escape.md:1: ../../outside/secret → missing\nnotes/escape.md:1: ../../outside/secret.md → missing\n")
        #expect(box.run(["show", "linked"]).status != 0)
        #expect(box.run(["pin", "notes/linked.md"]).status != 0)
        #expect(box.run(["edit", "notes/folder/secret.md", "--set", "title=x"]).status != 0)
        #expect(try String(contentsOfFile: box.outside + "/secret.md", encoding: .utf8) == "secret\n")
    }
}
