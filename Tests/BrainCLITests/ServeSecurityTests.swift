import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// Who may use `brain serve`: no session, no answer; a forged Host, a cross-origin write, a spent,
/// expired or unknown pairing code, a revoked token, a path that leads out — each refused.
@Suite struct ServeSecurityTests {
    /// The routes `brain serve --json` lists, with `{…}` filled in.
    static func routes(_ vault: TestVault) throws -> [(method: String, path: String)] {
        let result = vault.run(["serve", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [String])
        return routes.map { route in
            let parts = route.split(separator: " ", maxSplits: 1)
            let path = parts[1].split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("{") ? "read" : String($0) }.joined(separator: "/")
            return (String(parts[0]), path)
        }
    }

    static func token(_ vault: TestVault, _ name: String = "test") throws -> String {
        let result = vault.run(["serve", "token", "new", name])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func withoutASessionEveryRouteButPairingAnswers401() throws {
        let vault = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let routes = try Self.routes(vault)
        #expect(routes.count > 3)
        // Pairing, and the web app's styles, script, manifest and icon (nothing of the vault), are open.
        let open = ["/pair", "/app/app.css", "/app/app.js", "/app/manifest.webmanifest", "/app/icon.svg", "/favicon.ico", "/app/organism.css",
                    "/app/sw.js", "/app/offline.js", "/app/apple-touch-icon.png", "/app/icon-192.png", "/app/icon-512.png"]
        for (method, path) in routes + [("GET", "/no/such/route"), ("DELETE", "/api")] where !open.contains(path) {
            for headers in [[:], ["Authorization": "Bearer brain_0000"], ["Cookie": "brain-session=session_0000"]] {
                let answer = try #require(TestClient.request(port: port, method, path, headers: headers, body: method == "POST" ? "{}" : nil))
                #expect(answer.status == 401, "\(method) \(path) \(headers)")
                #expect(answer.body.contains("\"code\" : \"unauthorized\""))
            }
        }
        let pairing = try #require(TestClient.request(port: port, "GET", "/pair"))
        #expect(pairing.status == 400)
    }

    @Test func aForgedHostIsRefused() throws {
        let vault = try TestVault()
        let token = try Self.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let auth = ["Authorization": "Bearer \(token)"]
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1:1", "localhost.evil.example:\(port)", "1.2.3.4.5:\(port)", ""] {
            let answer = try #require(TestClient.request(port: port, "GET", "/api", headers: auth.merging(["Host": host]) { $1 }))
            #expect(answer.status == 421, "Host: \(host)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
            let answer = try #require(TestClient.request(port: port, "GET", "/api", headers: auth.merging(["Host": host]) { $1 }))
            #expect(answer.status == 200, "Host: \(host)")
        }
    }

    @Test func pairingGivesOneSessionCookiePerCodeAndIsRateLimited() throws {
        let vault = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let origin = ["Origin": "http://127.0.0.1:\(port)"]
        let made = vault.run(["serve", "pair", "--json", "--listen", "127.0.0.1:\(port)"])
        let link = try #require((try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])?["link"] as? String)
        let code = String(try #require(link.split(separator: "=").last))
        let page = try #require(TestClient.request(port: port, "GET", "/pair?code=\(code)"))
        #expect(page.status == 200 && page.body.contains("<form method=\"post\" action=\"/pair\">"))
        #expect(!page.body.contains("<script"))
        // A form post from another site, or with no origin at all, spends nothing.
        #expect(TestClient.request(port: port, "POST", "/pair", headers: ["Origin": "http://evil.example"], body: "code=\(code)")?.status == 403)
        #expect(TestClient.request(port: port, "POST", "/pair", headers: ["Sec-Fetch-Site": "cross-site"], body: "code=\(code)")?.status == 403)
        #expect(TestClient.request(port: port, "POST", "/pair", body: "code=\(code)")?.status == 403)
        let paired = try #require(TestClient.request(port: port, "POST", "/pair", headers: origin, body: "code=\(code)"))
        #expect(paired.status == 303)
        let cookie = try #require(paired.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
        let session = String(cookie.split(separator: ";")[0])
        #expect(TestClient.request(port: port, "GET", "/api", headers: ["Cookie": session])?.status == 200)
        // Spent.
        #expect(TestClient.request(port: port, "POST", "/pair", headers: origin, body: "code=\(code)")?.status == 401)
        // Expired: a code whose time has passed.
        let second = vault.run(["serve", "pair"]).stdout
        let secondCode = String(try #require(second.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last))
        let pairingFile = vault.root + "/.brain/serve/pairing"
        let lines = try String(contentsOfFile: pairingFile, encoding: .utf8).split(separator: "\n").map { line in
            line.split(separator: "\t")[0] + "\t1000"
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: pairingFile, atomically: true, encoding: .utf8)
        #expect(TestClient.request(port: port, "POST", "/pair", headers: origin, body: "code=\(secondCode)")?.status == 401)
        // Unknown codes: after five failures in a minute, 429 even for a good one.
        for _ in 0..<3 {
            #expect(TestClient.request(port: port, "POST", "/pair", headers: origin, body: "code=pair_\(String(repeating: "0", count: 64))")?.status == 401)
        }
        let good = String(vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last!)
        let limited = try #require(TestClient.request(port: port, "POST", "/pair", headers: origin, body: "code=\(good)"))
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "60")
    }

    @Test func tokensAreShownOnceStoredHashedAndRevocable() throws {
        let vault = try TestVault()
        let token = try Self.token(vault, "shortcuts")
        #expect(token.hasPrefix("brain_") && token.count == 70)
        let stored = try String(contentsOfFile: vault.root + "/.brain/serve/tokens", encoding: .utf8)
        #expect(!stored.contains(token) && stored.hasPrefix("shortcuts\t"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: vault.root + "/.brain/serve/tokens")[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(vault.run(["serve", "token", "new", "shortcuts"]).status == 1)
        #expect(vault.run(["serve", "token", "new", "../x"]).status == 1)
        #expect(vault.run(["serve", "token", "list"]).stdout.contains("shortcuts  created 2026-11-22"))
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        #expect(TestClient.request(port: port, "GET", "/api", headers: ["Authorization": "Bearer \(token)"])?.status == 200)
        #expect(vault.run(["serve", "token", "revoke", "shortcuts"]).status == 0)
        #expect(TestClient.request(port: port, "GET", "/api", headers: ["Authorization": "Bearer \(token)"])?.status == 401)
        #expect(vault.run(["serve", "token", "revoke", "shortcuts"]).status == 1)
        #expect(!server.stderr.contains(token))
    }

    @Test func pathsThatLeadOutOrIntoDotBrainAreNeverServed() throws {
        let vault = try TestVault()
        let token = try Self.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let auth = ["Authorization": "Bearer \(token)"]
        for path in ["/.brain/config.yml", "/.brain/serve/tokens", "/api/../.brain/serve/tokens", "/%2e%2e/%2e%2e/etc/passwd",
                     "/api/notes/..%2F..%2Fetc%2Fpasswd", "/api/notes/%2Fetc%2Fpasswd", "/api/notes/.brain", "/api/%00",
                     "/api/notes/%5C..%5Cx", "//etc/passwd"] {
            let answer = try #require(TestClient.request(port: port, "GET", path, headers: auth))
            #expect(answer.status == 404, "\(path): \(answer.status)")
            #expect(!answer.body.contains("root:") && !answer.body.contains("brain_"))
        }
        let absolute = try #require(TestClient.request(port: port, "GET", "http://127.0.0.1/etc/passwd", headers: auth))
        #expect(absolute.status == 400)
    }
}

extension ServeSecurityTests {
    /// One line per request on standard error: method, path without its query, status, time —
    /// never a pairing code or a token.
    @Test func theLogHasOneLinePerRequestAndNoSecrets() throws {
        let vault = try TestVault()
        let token = try Self.token(vault)
        let server = try ServerProcess(vault: vault.root)
        let port = UInt16(server.port)
        let code = String(vault.run(["serve", "pair"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last!)
        _ = TestClient.request(port: port, "GET", "/pair?code=\(code)")
        _ = TestClient.request(port: port, "GET", "/api/today?date=yesterday", headers: ["Authorization": "Bearer \(token)"])
        _ = TestClient.request(port: port, "POST", "/pair", headers: ["Origin": "http://127.0.0.1:\(port)"], body: "code=\(code)")
        #expect(server.stop() == 0)
        let lines = server.stderr.split(separator: "\n").map(String.init)
        let requests = lines.filter { $0.hasPrefix("GET ") || $0.hasPrefix("POST ") }
        #expect(requests.count == 3)
        #expect(requests[0].range(of: #"^GET /pair 200 \d+ms$"#, options: .regularExpression) != nil, "\(requests[0])")
        #expect(requests[1].range(of: #"^GET /api/today 200 \d+ms$"#, options: .regularExpression) != nil, "\(requests[1])")
        #expect(requests[2].range(of: #"^POST /pair 303 \d+ms$"#, options: .regularExpression) != nil, "\(requests[2])")
        #expect(!server.stderr.contains(code) && !server.stderr.contains(token) && !server.stderr.contains("session_"))
    }
}

extension ServeSecurityTests {
    static let strace: String? = {
        guard let path = ServerProcess.find("strace"), (try? ServerProcess.run(path, ["-f", "-e", "trace=file", "-o", "/dev/null", "/bin/true"]))?.status == 0 else {
            return nil
        }
        return path
    }()

    /// Under `strace -f -e trace=file`: hostile paths, a symbolic link to a file outside and
    /// a forged Host make the server touch no file outside the vault, nothing in `.brain/` but its
    /// own state and the index cache, and write nothing but the index cache.
    @Test(.enabled(if: ServeSecurityTests.strace != nil, "strace is not installed or may not trace here"))
    func hostileRequestsReadAndWriteNothingOutside() throws {
        let vault = try TestVault()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("brain-outside-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "---\ntitle: Outside\n---\nSECRET\n".write(toFile: outside + "/secret.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: vault.root + "/notes/outside.md", withDestinationPath: outside + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: vault.root + "/notes/elsewhere", withDestinationPath: outside)
        let token = try Self.token(vault)
        let log = outside + ".strace"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let server = try ServerProcess(vault: vault.root, wrapper: [Self.strace!, "-f", "-e", "trace=file", "-o", log])
        defer { _ = server.stop() }
        let port = UInt16(server.port)
        let startedAt = (try? Data(contentsOf: URL(fileURLWithPath: log)).count) ?? 0
        let auth = ["Authorization": "Bearer \(token)"]
        for path in ["/.brain/serve/tokens", "/api/../.brain/config.yml", "/%2e%2e/%2e%2e/etc/passwd", "/api/notes/..%2F..%2Fetc%2Fpasswd",
                     "/api/notes/%2Fetc%2Fpasswd", "/api/notes/outside", "/api/notes/secret", "/api/notes/elsewhere%2Fsecret",
                     "/api/search?q=SECRET", "/api/notes/..%5C..%5Cetc%5Cpasswd"] {
            let answer = try #require(TestClient.request(port: port, "GET", path, headers: auth))
            #expect(!answer.body.contains("SECRET") && !answer.body.contains("root:"), "\(path)")
        }
        #expect(TestClient.request(port: port, "POST", "/api/habits/read/done", headers: auth.merging(["Host": "evil.example"]) { $1 }, body: "{}")?.status == 421)
        #expect(TestClient.request(port: port, "GET", "http://evil.example/etc/passwd", headers: auth)?.status == 400)
        // SIGTERM to brain itself (strace's child): strace leaves when it does.
        let children = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/task/\(server.process.processIdentifier)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGTERM) }
        #expect(server.stop() == 0)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: log)).dropFirst(startedAt), as: UTF8.self)
        var touched: [String] = []
        for line in text.split(separator: "\n") {
            // The first quoted path of each call (readlink's second argument is what a link holds).
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
            let path = String(line[line.index(after: open)..<close])
            let absolute = path.hasPrefix("/") ? path : vault.root + "/" + path
            touched.append(absolute)
            #expect(!absolute.hasPrefix(outside), "touched \(line)")
            #expect(!absolute.contains("passwd"), "touched \(line)")
            let writes = line.contains("O_WRONLY") || line.contains("O_RDWR") || line.contains("O_CREAT") || line.contains("rename")
                || line.contains("unlink") || line.contains("mkdir")
            // Writes: the index cache, and the watch the server keeps (its lock and socket).
            if writes {
                #expect(absolute.hasPrefix(vault.root + "/.brain/cache") || absolute.hasPrefix(vault.root + "/.brain/watch."), "wrote \(line)")
            }
            // In .brain/ only brain's own files: the index cache, the server's state, the watch,
            // and what the index checks (the config, the change journal, the .gitignore).
            if absolute.hasPrefix(vault.root + "/.brain/") {
                let own = ["cache", "serve", "watch.", "config.yml", "journal", ".gitignore"]
                #expect(own.contains { absolute.hasPrefix(vault.root + "/.brain/" + $0) }, "touched \(line)")
            }
        }
        #expect(!touched.isEmpty, "strace saw no file access at all")
    }
}
