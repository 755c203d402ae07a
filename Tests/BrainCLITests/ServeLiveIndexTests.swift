import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// The server keeps the index in memory and watches the vault: an edit made outside it (a
/// `brain done` in a terminal, an editor, a new folder) is in its answers within a second.
@Suite struct ServeLiveIndexTests {
    /// Asks `path` until its body contains `text`, for at most `seconds`; how long it took.
    static func wait(port: UInt16, _ path: String, token: String, for text: String, absent: Bool = false, seconds: Double = 1) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) <= seconds {
            if let answer = TestClient.request(port: port, "GET", path, headers: ["Authorization": "Bearer \(token)"]),
               answer.body.contains(text) != absent {
                return Date().timeIntervalSince(start)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test func editsOutsideTheServerAreSeenWithinASecond() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let first = try #require(TestClient.request(port: port, "GET", "/api/today", headers: ["Authorization": "Bearer \(token)"]))
        #expect(first.body.contains("\"done\" : 3,"))
        // A check-off in a terminal.
        #expect(vault.run(["done", "read", "25"]).status == 0)
        #expect(Self.wait(port: port, "/api/today", token: token, for: "\"done\" : 4,") != nil, "brain done was not seen")
        // A habit file written by an editor.
        try vault.write("habits/stretch.md", "---\ntitle: Stretch\nevery: day\ncreated: 2026-11-01\n---\n")
        #expect(Self.wait(port: port, "/api/habits", token: token, for: "\"id\" : \"stretch\"") != nil, "the new habit was not seen")
        // A note in a folder made after the server started.
        try FileManager.default.createDirectory(atPath: vault.root + "/notes/later", withIntermediateDirectories: true)
        Thread.sleep(forTimeInterval: 0.05)
        try vault.write("notes/later/idea.md", "---\ntitle: Later idea\n---\nA thought. #fresh\n")
        #expect(Self.wait(port: port, "/api/tags", token: token, for: "\"name\" : \"fresh\"") != nil, "the note in a new folder was not seen")
        // A note pinned outside the journal's folders: today's pinned notes.
        try vault.write("notes/pinned-now.md", "---\ntitle: Pinned now\npinned: true\n---\nKeep this in view.\n")
        #expect(Self.wait(port: port, "/api/today", token: token, for: "notes/pinned-now.md") != nil, "the pin was not seen")
        // A file removed.
        try FileManager.default.removeItem(atPath: vault.root + "/habits/stretch.md")
        #expect(Self.wait(port: port, "/api/notes?kind=habit", token: token, for: "habits/stretch.md", absent: true) != nil, "the removal was not seen")
        let after = try #require(TestClient.request(port: port, "GET", "/api/notes?kind=habit", headers: ["Authorization": "Bearer \(token)"]))
        #expect(after.body.contains("Read 20 pages") && !after.body.contains("habits/stretch.md"))
    }

    /// A check-off through the server reads the index it keeps (the watcher vouches that nothing
    /// changed) instead of checking every day's file; writes from the server and from a terminal,
    /// interleaved, all land, and the files equal those the command line alone writes.
    @Test(.enabled(if: ServeSecurityTests.strace != nil, "strace is not installed or may not trace here"))
    func aCheckOffReadsTheKeptIndexAndInterleavedWritesAllLand() throws {
        let vault = try TestVault()
        let twin = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let log = vault.root + "/../" + UUID().uuidString + ".strace"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let server = try ServerProcess(vault: vault.root, wrapper: [ServeSecurityTests.strace!, "-f", "-e", "trace=newfstatat,statx,stat,lstat", "-o", log])
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let auth = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        #expect(TestClient.request(port: port, "GET", "/api/today", headers: auth)?.status == 200)
        // Stamps of days' files: `newfstatat(6, "2026-11-07.md", …)` (by the folder's descriptor).
        func statsOfDays() -> Int {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { line in
                line.contains("\"20") && line.contains(".md\"") && line.range(of: #""\d{4}-\d{2}-\d{2}\.md""#, options: .regularExpression) != nil
            }.count
        }
        let days = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/daily").count
        let before = statsOfDays()
        let steps: [(habit: String, date: String, api: Bool)] = [
            ("read", "2026-11-22", true), ("strength", "2026-11-22", false), ("guitar", "2026-11-21", true),
            ("walk", "2026-11-20", true), ("meditate", "2026-11-19", false), ("spanish", "2026-11-19", true),
        ]
        var apiWrites = 0
        for step in steps {
            if step.api {
                let done = TestClient.request(port: port, "POST", "/api/habits/\(step.habit)/done", headers: auth, body: #"{"date": "\#(step.date)"}"#)
                #expect(done?.status == 200, "\(step)")
                apiWrites += 1
            } else {
                #expect(vault.run(["done", step.habit, "--date", step.date]).status == 0)
            }
            #expect(twin.run(["done", step.habit, "--date", step.date]).status == 0)
        }
        // The command line's own checks (it runs without the server's index) are not the
        // server's: count only while the server writes alone.
        let afterMixed = statsOfDays()
        for date in ["2026-11-18", "2026-11-17", "2026-11-16"] {
            #expect(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: auth, body: #"{"date": "\#(date)"}"#)?.status == 200)
            #expect(twin.run(["done", "read", "--date", date]).status == 0)
        }
        let serverAlone = statsOfDays() - afterMixed
        #expect(serverAlone < days, "three check-offs through the server checked \(serverAlone) stamps of days (\(days) days)")
        // After a terminal's check-off the server's next one checks every stamp again: strace counts them.
        #expect(afterMixed - before >= days, "\(afterMixed - before) stamps of days checked while the terminal wrote too (\(days) days)")
        for date in ["2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16"] {
            #expect(try vault.read("daily/\(date).md") == twin.read("daily/\(date).md"), "\(date)")
        }
        // And the server's answers show every write, whoever made it.
        let expected = twin.run(["today", "--json"]).stdout
        #expect(Self.wait(port: port, "/api/today", token: token, for: "\"done\" : 5,") != nil)
        #expect(expected.contains("\"done\" : 5,"), "the twin's today")
    }

    /// A client reads its own writes at once; another client may be given the answer from before
    /// the write while the new one is computed, and sees the write within a second.
    @Test func aWriterReadsItsOwnWriteAtOnceAndOthersWithinASecond() throws {
        let vault = try TestVault()
        let writer = try ServeSecurityTests.token(vault, "writer")
        let reader = try ServeSecurityTests.token(vault, "reader")
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        func today(_ token: String) -> String {
            TestClient.request(port: port, "GET", "/api/today", headers: ["Authorization": "Bearer \(token)"])?.body ?? ""
        }
        #expect(today(reader).contains("\"done\" : 3,"))
        #expect(today(writer).contains("\"done\" : 3,"))
        for (round, habit) in ["read", "strength", "guitar"].enumerated() {
            let done = TestClient.request(port: port, "POST", "/api/habits/\(habit)/done",
                                          headers: ["Authorization": "Bearer \(writer)", "Content-Type": "application/json"], body: "{}")
            #expect(done?.status == 200)
            // No waiting: the very next read of the writer's shows its write.
            #expect(today(writer).contains("\"done\" : \(4 + round),"), "round \(round)")
            #expect(Self.wait(port: port, "/api/today", token: reader, for: "\"done\" : \(4 + round),") != nil, "round \(round)")
        }
    }
}
