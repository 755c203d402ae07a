import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// `brain remind` with the real clients a person uses: dunst as the desktop's notification
/// server, an ntfy-format listener and `brain serve` answering its buttons, Apprise from PyPI,
/// systemd's unit checker. Sunday 2026-11-22 at 21:31 UTC in the sample vault: read (21:30) is
/// open, so its reminder is due; meditate and spanish are done, run is not due on Sundays.
@Suite(.serialized) struct RemindClientTests {
    static let evening = "2026-11-22T21:31:00Z"

    static func vault(notify: String) throws -> TestVault {
        let vault = try TestVault(now: evening)
        let config = try vault.read(".brain/config.yml")
        try vault.write(".brain/config.yml", config + "\nnotify:\n" + notify)
        return vault
    }

    /// Runs the `brain` program with the test's clock.
    static func brain(_ vault: TestVault, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 60)
        throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = evening
        environment["TZ"] = "UTC"
        environment.merge(extra) { _, new in new }
        let script = "exec env " + environment.map { "\($0.key)=\(NewCommand.shellQuoted($0.value))" }.sorted().joined(separator: " ")
            + " " + ([try ConcurrencyTests.executable().path, "--vault", vault.root] + arguments).map(NewCommand.shellQuoted).joined(separator: " ")
        return try ServerProcess.run("/bin/sh", ["-c", script], timeout: timeout)
    }

    /// A one-shot HTTP listener on 127.0.0.1 (Python's http.server): answers `count` requests with
    /// 200 and prints each as a JSON line (method, path, headers, body).
    final class Listener {
        let process = Process()
        let output = Pipe()
        let port: Int

        static let script = """
            import http.server, json, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                    print(json.dumps({"method": "POST", "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}), flush=True)
                    self.send_response(200); self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", "2"); self.end_headers(); self.wfile.write(b"{}")
                def log_message(self, *args): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            for _ in range(int(sys.argv[1])): server.handle_request()
            """

        init(count: Int) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Listener.script, String(count)]
            process.standardOutput = output
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            port = Int(String(decoding: line, as: UTF8.self)) ?? 0
        }

        /// The requests received, once `count` have come (or the listener was stopped).
        func requests() -> [[String: Any]] {
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    @Test func dryRunSendsNothingAndSaysWhyTheOthersAreQuiet() throws {
        let vault = try Self.vault(notify: "  command: /bin/false\n")
        let result = vault.run(["remind", "--dry-run", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let reminders = try #require(plan["reminders"] as? [[String: Any]])
        let byHabit = Dictionary(reminders.compactMap { r in (r["habit"] as? String).map { ($0, r) } }, uniquingKeysWith: { a, _ in a })
        #expect(byHabit["read"]?["verdict"] as? String == "send")
        #expect((byHabit["read"]?["body"] as? String)?.hasPrefix("After dinner, in the armchair, phone in the hallway: Read 20 pages") == true)
        #expect(byHabit["meditate"]?["verdict"] as? String == "quiet")
        #expect(byHabit["meditate"]?["reason"] as? String == "done today")
        #expect(byHabit["spanish"]?["reason"] as? String == "done today")
        #expect(byHabit["run"]?["reason"] as? String == "not due today")
        #expect(!vault.exists(".brain/cache/reminders-sent"), "a dry run records nothing")
        let text = vault.run(["remind", "--dry-run"]).stdout
        #expect(text.contains("21:30  read") && text.contains("would send"))
    }

    @Test(.enabled(if: Apprise.path != nil, "\(Apprise.found.problem)"))
    func appriseDeliversThroughTheCommandNotifierOnce() throws {
        let listener = try Listener(count: 1)
        let apprise = try #require(Apprise.path)
        let vault = try Self.vault(notify: "  command: \(apprise) -t {title} -b {body} json://127.0.0.1:\(listener.port)/\n")
        let first = try Self.brain(vault, ["remind"])
        #expect(first.status == 0, "\(first.stderr)")
        let requests = listener.requests()
        #expect(requests.count == 1)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(((requests.first?["body"] as? String) ?? "").utf8)) as? [String: Any])
        #expect(body["title"] as? String == "Read 20 pages")
        #expect((body["message"] as? String)?.contains("Read 20 pages") == true)
        // The sent-log: a second run at the same moment sends nothing.
        let second = try Self.brain(vault, ["remind", "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("\"sent\" : [\n\n  ]") || second.stdout.contains("\"sent\" : []"), "\(second.stdout)")
    }

    @Test func ntfyGetsItsPublishFormatAndItsDoneButtonChecksTheHabitOffThroughServe() throws {
        let listener = try Listener(count: 1)
        let vault = try Self.vault(notify: """
              desktop: false
              ntfy: {server: "http://127.0.0.1:\(listener.port)", topic: brain-test, priority: high}

            """)
        let serve = try ServerProcess(vault: vault.root, arguments: ["--no-remind"])
        defer { _ = serve.stop() }
        try vault.write(".brain/config.yml", try vault.read(".brain/config.yml") + "  answer: \"http://127.0.0.1:\(serve.port)\"\n")
        let token = try ServeSecurityTests.token(vault)
        let feedBefore = try #require(TestClient.request(port: UInt16(serve.port), "GET", "/feed.ics?token=\(token)"))
        #expect(!feedBefore.body.contains("EXDATE:20261122T213000"))

        let run = try Self.brain(vault, ["remind"])
        #expect(run.status == 0, "\(run.stderr)")
        let request = try #require(listener.requests().first)
        // ntfy's JSON publishing (docs.ntfy.sh/publish/#publish-as-json): a POST to the root.
        #expect(request["path"] as? String == "/")
        let headers = try #require(request["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/json")
        let message = try #require(try JSONSerialization.jsonObject(with: Data(((request["body"] as? String) ?? "").utf8)) as? [String: Any])
        #expect(message["topic"] as? String == "brain-test")
        #expect(message["title"] as? String == "Read 20 pages")
        #expect((message["message"] as? String)?.contains("Read 20 pages") == true)
        #expect(message["priority"] as? Int == 4)
        let actions = try #require(message["actions"] as? [[String: Any]])
        #expect(actions.map { $0["action"] as? String } == ["http", "http"])
        #expect(actions.map { $0["label"] as? String } == ["Done", "Skip"])
        #expect(actions.allSatisfy { $0["method"] as? String == "POST" })
        let link = try #require(actions.first?["url"] as? String)
        let done = try #require(URL(string: link))
        #expect(done.port == serve.port)
        let path = done.path + "?" + (done.query ?? "")

        // The link's token opens that one path: not another habit, not a changed token.
        let forged = path.replacingOccurrences(of: "/remind/read/", with: "/remind/meditate/")
        #expect(TestClient.request(port: UInt16(serve.port), "POST", forged, body: "")?.status == 401)
        #expect(TestClient.request(port: UInt16(serve.port), "POST", String(path.dropLast()) + "0", body: "")?.status == 401)
        #expect(TestClient.request(port: UInt16(serve.port), "GET", "/api/today?token=" + (done.query ?? "").replacingOccurrences(of: "token=", with: ""))?.status == 401)
        #expect(!(try vault.read("daily/2026-11-22.md")).contains("- [x] [[read]]"))
        // The phone's button: a bare POST, as ntfy's http action sends it.
        let answer = try #require(TestClient.request(port: UInt16(serve.port), "POST", path, body: ""))
        #expect(answer.status == 200, "\(answer.body)")
        #expect(try vault.read("daily/2026-11-22.md").contains("- [x] [[read]]"))
        // The calendar feed learns the day: today's occurrence of read is gone.
        let feedAfter = try #require(TestClient.request(port: UInt16(serve.port), "GET", "/feed.ics?token=\(token)"))
        #expect(feedAfter.body.contains("EXDATE:20261122T213000"))
    }

    #if os(Linux)
    /// ntfy loads libcurl when it sends (the test above); the program does not link it, so no
    /// command pays the loader's mapping of libcurl and its libraries at start. The dynamic
    /// loader lists what it would load (`LD_TRACE_LOADED_OBJECTS`, what ldd does) and stops.
    @Test func theProgramStartsWithoutLibcurl() throws {
        let listed = try ServerProcess.run("/usr/bin/env", ["LD_TRACE_LOADED_OBJECTS=1", try ConcurrencyTests.executable().path, "--version"])
        #expect(listed.stdout.contains("libc.so"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("libcurl") && !listed.stdout.contains("FoundationNetworking"), "\(listed.stdout)")
    }
    #endif

    /// `brain remind --watch` and `brain serve` (with notify:) keep running: with the habit done
    /// nothing goes out; undone in another process, the loop wakes on the vault's change (well
    /// before its one-minute poll) and sends the reminder, once.
    @Test(arguments: [["remind", "--watch"], ["serve", "--listen", "127.0.0.1:0"]])
    func aRunningLoopWakesWhenTheVaultChanges(_ words: [String]) throws {
        let vault = try Self.vault(notify: "  command: /bin/sh notify.sh {title}\n")
        try vault.write("notify.sh", "echo \"$1\" >> sent.txt\n")
        #expect(vault.run(["done", "read"]).status == 0)
        let process = Process()
        process.executableURL = try ConcurrencyTests.executable()
        process.arguments = ["--vault", vault.root] + words
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_NOW"] = Self.evening
        environment["TZ"] = "UTC"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // KILL: a test runner's thread starts its children with SIGTERM blocked.
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        Thread.sleep(forTimeInterval: 2)
        #expect(!vault.exists("sent.txt"), "read is done: nothing to send")
        #expect(vault.run(["undo", "read"]).status == 0)
        let deadline = Date().addingTimeInterval(15)
        while !vault.exists("sent.txt"), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 1)
        #expect((try? vault.read("sent.txt")) == "Read 20 pages\n")
    }

    static let desktopTools = ["Xvfb", "dunst", "dunstctl", "notify-send", "dbus-run-session"]

    @Test(.enabled(if: desktopTools.allSatisfy { ServerProcess.find($0) != nil },
                   "needs Xvfb, dunst, dunstctl, notify-send and dbus-run-session (apt install xvfb dunst libnotify-bin dbus)"))
    func dunstShowsTheReminderAndItsDoneActionWritesTheHabitLine() throws {
        let vault = try Self.vault(notify: "  desktop: true\n")
        let brain = try ConcurrencyTests.executable().path
        // Xvfb picks a free display and writes its number once it takes connections (-displayfd):
        // a display chosen here could be held by a killed server's lock and socket, which are
        // there before the server listens, or forever. -terminate: it ends, and removes its lock,
        // when dunst, its one client, is killed.
        let script = """
            set -u
            exec 2>"\(vault.root)/trace"
            set -x
            Xvfb -displayfd 3 -terminate -screen 0 800x600x24 -nolisten tcp 3>"\(vault.root)/display" >/dev/null 2>&1 & xvfb=$!
            for i in $(seq 100); do [ -s "\(vault.root)/display" ] && break; sleep 0.1; done
            export DISPLAY=:$(cat "\(vault.root)/display")
            echo "display: $DISPLAY"
            dunst >/dev/null 2>&1 & dunst=$!
            for i in $(seq 100); do dunstctl is-paused >/dev/null 2>&1 && break; sleep 0.1; done
            echo "dunst: $(dunstctl is-paused)"
            BRAIN_NOW=\(Self.evening) TZ=UTC "\(brain)" --vault "\(vault.root)" remind --wait 30 > "\(vault.root)/remind.out" 2>&1 & remind=$!
            for i in $(seq 100); do [ "$(dunstctl count displayed 2>/dev/null)" -ge 1 ] 2>/dev/null && break; sleep 0.1; done
            echo "displayed: $(dunstctl count displayed)"
            dunstctl action 0
            wait $remind; echo "remind: $?"
            sleep 0.3
            dunstctl history
            # KILL: a test runner's thread starts its children with SIGTERM blocked.
            kill -KILL $dunst 2>/dev/null
            for i in $(seq 30); do kill -0 $xvfb 2>/dev/null || break; sleep 0.1; done
            kill -KILL $xvfb 2>/dev/null
            exit 0
            """
        try vault.write("desktop.sh", script)
        // Into a file, not a pipe: the session bus's daemon may outlive the script for a moment.
        let run = try ServerProcess.run("/bin/sh", ["-c", "dbus-run-session -- /bin/sh desktop.sh > desktop.out 2>&1"], timeout: 90, in: vault.root)
        let result = (status: run.status, stdout: (try? vault.read("desktop.out")) ?? "", stderr: (try? vault.read("trace")) ?? "")
        let said = (try? vault.read("remind.out")) ?? ""
        #expect(result.stdout.contains("displayed: 1"), "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("remind: 0"), "\(said)")
        // dunst's history holds the notification: its summary and body as brain sent them.
        #expect(result.stdout.contains("\"Read 20 pages\""), "\(result.stdout)")
        #expect(result.stdout.contains("Read 20 pages"))
        // Its Done action wrote the line, as brain done does.
        #expect(try vault.read("daily/2026-11-22.md").contains("- [x] [[read]]"), "\(said)")
    }

    @Test(.enabled(if: ServerProcess.find("systemd-analyze") != nil, "systemd-analyze is not installed (Debian: systemd)"))
    func installWritesATimerSystemdAccepts() throws {
        let vault = try TestVault()
        let home = vault.root + "/home"
        vault.environment = ["HOME": home]
        vault.executablePath = try ConcurrencyTests.executable().path
        let result = vault.run(["remind", "install", "--platform", "systemd"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = home + "/.config/systemd/user/"
        #expect(result.stdout.contains("systemctl --user disable --now brain-remind.timer"))
        let check = try ServerProcess.run("/usr/bin/env", ["systemd-analyze", "verify", folder + "brain-remind.timer", folder + "brain-remind.service"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains(folder), "\(check.stderr)")
    }

    @Test func installWritesALaunchdAgentThatIsAPropertyList() throws {
        let vault = try TestVault()
        let home = vault.root + "/home"
        vault.environment = ["HOME": home]
        vault.executablePath = "/usr/local/bin/brain"
        let result = vault.run(["remind", "install", "--platform", "launchd"])
        #expect(result.status == 0, "\(result.stderr)")
        let path = home + "/Library/LaunchAgents/org.brain.remind.plist"
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil) as? [String: Any])
        #expect(plist["Label"] as? String == "org.brain.remind")
        #expect(plist["ProgramArguments"] as? [String] == ["/usr/local/bin/brain", "--vault", vault.root, "remind", "--wait", "240"])
        #expect(plist["StartInterval"] as? Int == 300)
    }

    @Test(.enabled(if: ServerProcess.find("plutil") != nil, "plutil is macOS's: the agent is linted there"))
    func installWritesAPlistPlutilAccepts() throws {
        let vault = try TestVault()
        vault.environment = ["HOME": vault.root + "/home"]
        vault.executablePath = "/usr/local/bin/brain"
        #expect(vault.run(["remind", "install", "--platform", "launchd"]).status == 0)
        let check = try ServerProcess.run("/usr/bin/env", ["plutil", "-lint", vault.root + "/home/Library/LaunchAgents/org.brain.remind.plist"])
        #expect(check.status == 0, "\(check.stdout)")
    }
}
