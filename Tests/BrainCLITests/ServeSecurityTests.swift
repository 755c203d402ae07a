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
        for (method, path) in routes + [("GET", "/no/such/route"), ("DELETE", "/api")] where path != "/pair" {
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
