import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// Issue 42: `brain mcp` in a session with the Model Context Protocol's own Python client (PyPI:
/// mcp, Support/mcp-session.py): the handshake, the tools, every read tool's answer equal to its
/// command's --json, `done` with dryRun (nothing written) then without (what `brain done` writes),
/// a resource, and malformed lines answered with JSON-RPC errors while the server keeps going.
@Suite struct McpTests {
    static let now = "2026-11-22T09:00:00Z"

    /// The session's findings, as the script prints them.
    static func session(_ vault: TestVault) throws -> [String: Any] {
        let brain = try ConcurrencyTests.executable()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MCPPython.path!)
        process.arguments = [TestVault.packageRoot + "/Tests/BrainCLITests/Support/mcp-session.py", brain.path, vault.root]
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = now
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("brain-mcp-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let errors = Pipe()
        process.standardOutput = handle
        process.standardError = errors
        try process.run()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try handle.close()
        #expect(process.terminationStatus == 0, "the mcp client failed: \(problems.suffix(3000))")
        let data = try Data(contentsOf: output)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not JSON: \(String(decoding: data.prefix(500), as: UTF8.self))")
    }

    static func parse(_ text: String) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }

    /// The command line each read of the session stands for.
    static let commands: [String: [String]] = [
        "today {}": ["today", "--json"],
        "stats {}": ["stats", "--json"],
        "stats {\"habit\":\"read\"}": ["stats", "read", "--json"],
        "history {\"habit\":\"read\",\"since\":\"-7\"}": ["log", "read", "--since", "-7", "--json"],
        "goals {}": ["goals", "--json"],
        "search {\"query\":\"pages\"}": ["search", "pages", "--json"],
        "show {\"note\":\"read\"}": ["show", "read", "--json"],
    ]

    @Test(.enabled(if: MCPPython.path != nil, "\(MCPPython.found.problem)"))
    func aSessionWithTheRealClientAnswersWhatTheCommandsAnswer() throws {
        let vault = try TestVault(now: Self.now)
        let dailyBefore = try vault.read("daily/2026-11-22.md")
        let found = try Self.session(vault)

        #expect(found["protocolVersion"] as? String == "2025-11-25")
        #expect(found["serverName"] as? String == "brain")
        let tools = Set(found["tools"] as? [String] ?? [])
        #expect(tools.isSuperset(of: ["today", "stats", "history", "goals", "search", "done", "skip", "undo", "checkin", "goal_progress"]))

        // Each read tool's answer is its command's --json: the same value, and the same text (in a
        // copy of the vault as it was: the session checks a habit off after its reads).
        let before = try TestVault(now: Self.now)
        let reads = try #require(found["reads"] as? [[String: Any]])
        #expect(reads.count == Self.commands.count)
        for read in reads {
            let arguments = try JSONSerialization.data(withJSONObject: read["arguments"] ?? [:], options: [.sortedKeys])
            let key = "\(read["tool"] as? String ?? "") \(String(decoding: arguments, as: UTF8.self))"
            let words = try #require(Self.commands[key], "no command for \(key)")
            let cli = before.run(words)
            #expect(cli.status == 0)
            #expect(read["isError"] as? Bool == false, "\(key): \(read["text"] ?? "")")
            let text = read["text"] as? String ?? ""
            #expect(text == cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(key) answers other text than brain \(words.joined(separator: " "))")
            let structured = read["structured"] as? NSDictionary
            #expect(structured != nil && structured == Self.parse(cli.stdout), "\(key): structuredContent differs from the command's JSON")
        }

        // done with dryRun: the change is answered and nothing is written; then without, the file
        // is what `brain done read 12` writes in a twin vault, and the answer is its --json.
        let dryRun = try #require(found["dryRun"] as? [String: Any])
        let planned = try #require(dryRun["structured"] as? [String: Any])
        #expect(planned["dryRun"] as? Bool == true)
        #expect(found["afterDryRun"] as? String == dailyBefore, "the dry run wrote the daily file")
        let done = try #require(found["done"] as? [String: Any])
        let twin = try TestVault(now: Self.now)
        let cli = twin.run(["done", "read", "12", "--json"])
        #expect(cli.status == 0)
        #expect(try vault.read("daily/2026-11-22.md") == twin.read("daily/2026-11-22.md"))
        #expect(try vault.read("daily/2026-11-22.md") != dailyBefore)
        #expect((done["structured"] as? NSDictionary) == Self.parse(cli.stdout))
        // The dry run's diff is the change the real run made.
        let made = try #require(done["structured"] as? [String: Any])
        let plannedChanges = try JSONSerialization.data(withJSONObject: planned["changes"] ?? [], options: [.sortedKeys])
        let madeChanges = try JSONSerialization.data(withJSONObject: made["changes"] ?? [], options: [.sortedKeys])
        #expect(plannedChanges == madeChanges)
        #expect((planned["changes"] as? [Any])?.isEmpty == false)

        // Wrong input is the tool's error, in words the model can act on, checked by the command.
        let unknown = try #require(found["unknownHabit"] as? [String: Any])
        #expect(unknown["isError"] as? Bool == true)
        #expect((unknown["text"] as? String)?.contains("no habit named \"no-such-habit\"") == true)
        let wrongType = try #require(found["wrongType"] as? [String: Any])
        #expect(wrongType["isError"] as? Bool == true)

        // Notes are resources, and a resource is the file.
        let resources = found["resources"] as? [String] ?? []
        #expect(resources.contains("brain://note/habits/read.md"))
        #expect(resources.count > 50)
        #expect(found["resource"] as? String == (try vault.read("habits/read.md")))
    }

    @Test(.enabled(if: MCPPython.path != nil, "\(MCPPython.found.problem)"))
    func malformedLinesGetJSONRPCErrorsAndTheServerGoesOn() throws {
        let vault = try TestVault(now: Self.now)
        let found = try Self.session(vault)
        let malformed = try #require(found["malformed"] as? [String: Any])
        #expect(malformed["status"] as? Int == 0, "brain mcp did not end cleanly: \(malformed["stderr"] ?? "")")
        let replies = try #require(malformed["replies"] as? [[String: Any]])
        let codes = replies.map { (($0["error"] as? [String: Any])?["code"] as? Int) }
        // One reply per line, in order: the ten bad lines get errors, initialize and the last ping results.
        #expect(codes == [-32700, nil, -32600, -32600, -32601, -32602, -32602, -32002, -32600, -32700, -32700, nil], "\(replies)")
        #expect(replies.first?["id"] is NSNull)
        #expect(replies.last?["id"] as? Int == 8)
        #expect((replies.last?["result"] as? [String: Any])?.isEmpty == true)
    }
}
