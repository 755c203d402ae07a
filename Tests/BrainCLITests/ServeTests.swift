import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// `brain serve` as a process: a free port on 127.0.0.1 in a copy of the sample vault, real
/// clients (curl, Python's http.client), SIGTERM to stop.
@Suite struct ServeTests {
    static let curl = ServerProcess.find("curl")
    static let python = ServerProcess.find("python3")

    @Test func startsOnAFreePortAndStopsCleanlyOnSIGTERM() throws {
        let vault = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        #expect(server.port > 0)
        #expect(server.stop() == 0)
        #expect(server.stderr.contains("stopped"))
    }

    @Test func aBadListenAddressIsAUsageError() throws {
        let vault = try TestVault()
        let result = vault.run(["serve", "--listen", "localhost"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--listen takes HOST:PORT"))
    }

    @Test(.enabled(if: ServeTests.curl != nil, "curl is not installed"))
    func curlGetsJSONErrorsWithTheSecurityHeadersOnAKeptAliveConnection() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let result = try ServerProcess.run(ServeTests.curl!, ["-sv", "-H", "Authorization: Bearer \(token)",
                                                              "\(server.base)/no/such/route", "\(server.base)/again"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"code\" : \"not-found\""))
        #expect(result.stderr.contains("< HTTP/1.1 404 Not Found"))
        #expect(result.stderr.contains("< X-Content-Type-Options: nosniff"))
        #expect(result.stderr.contains("< Content-Security-Policy: default-src 'self'; frame-ancestors 'none'"))
        #expect(result.stderr.contains("< Referrer-Policy: same-origin"))
        #expect(result.stderr.lowercased().contains("re-using existing connection") || result.stderr.lowercased().contains("reusing existing connection"),
                "curl opened a second connection: \(result.stderr)")
        #expect(server.stderr(containing: "GET /no/such/route 404 ").contains("GET /no/such/route 404 "))
    }

    @Test(.enabled(if: ServeTests.python != nil, "python3 is not installed"))
    func pythonsHTTPClientSeesTheLimits() throws {
        let vault = try TestVault()
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        let script = """
        import http.client, sys
        port = int(sys.argv[1])
        def status(method, path, headers={}, body=None):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request(method, path, body=body, headers=headers)
            r = c.getresponse(); r.read(); c.close()
            return r.status
        print(status("GET", "/x"))
        print(status("GET", "/" + "a" * 5000))
        print(status("GET", "/x", {"X-Big": "v" * 9000}))
        print(status("POST", "/x", {"Content-Length": "2000000"}))
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.putrequest("POST", "/x"); c.endheaders()
        r = c.getresponse(); r.read(); print(r.status)
        """
        let result = try ServerProcess.run(ServeTests.python!, ["-c", script, String(server.port)])
        #expect(result.status == 0, "\(result.stderr)")
        // Without a token the route answers 401; the limits are met before any route.
        #expect(result.stdout.split(separator: "\n") == ["401", "414", "431", "413", "411"])
    }
}

extension ServeTests {
    /// `--open` hands `$BROWSER` a link that signs it in on opening, with a code of its own: the
    /// printed link still pairs a phone.
    @Test func openGivesTheBrowserALinkThatSignsItIn() throws {
        let vault = try TestVault()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-open-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let browser = folder + "/browser"
        try "#!/bin/sh\necho \"$1\" > \(folder)/opened\n".write(toFile: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser)
        let server = try ServerProcess(vault: vault.root, arguments: ["--open"], environment: ["BROWSER": browser])
        defer { _ = server.stop() }
        var link = ""
        let deadline = Date().addingTimeInterval(10)
        while link.isEmpty, Date() < deadline {
            link = ((try? String(contentsOfFile: folder + "/opened", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if link.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(link.hasPrefix("http://127.0.0.1:\(server.port)/pair?code=pair_") && link.hasSuffix("&open=1"))
        let path = String(link.dropFirst("http://127.0.0.1:\(server.port)".count))
        // Opening it (a GET, as a browser does) signs in: a session cookie and on to the home page.
        let opened = try #require(TestClient.request(port: UInt16(server.port), "GET", path))
        #expect(opened.status == 303)
        let cookie = try #require(opened.header("set-cookie"))
        let session = String(cookie.prefix { $0 != ";" })
        #expect(TestClient.request(port: UInt16(server.port), "GET", "/api/today", headers: ["Cookie": session])?.status == 200)
        // Once only.
        #expect(TestClient.request(port: UInt16(server.port), "GET", path)?.status == 401)
        // The printed link is another code, still unspent.
        let printed = try #require(ServePairingCodeTests.lines(of: server, atLeast: 2).dropFirst().first?.split(separator: " ").last)
        #expect(!link.hasPrefix(String(printed)))
        let code = String(printed.split(separator: "=").last ?? "")
        let paired = TestClient.request(port: UInt16(server.port), "POST", "/pair", headers: ["Origin": server.base], body: "code=\(code)")
        #expect(paired?.status == 303)
    }
}
