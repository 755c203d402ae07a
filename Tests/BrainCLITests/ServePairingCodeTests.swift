import Foundation
import Testing
@testable import BrainServer
import BrainTestSupport
@testable import BrainCLI

/// The pairing link's QR code: drawn under the link in a terminal or with --qr, never with
/// --json or into a pipe, and what is drawn is read by a real decoder (ZBar's zbarimg) as the link.
@Suite struct ServePairingCodeTests {
    static let zbarimg = ServerProcess.find("zbarimg")

    @Test func pairPrintsOnlyTheLinkIntoAPipe() throws {
        let vault = try TestVault()
        let result = vault.run(["serve", "pair"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(!result.stdout.contains("█"))
    }

    @Test func pairDrawsTheLinksQRCodeInATerminalInColour() throws {
        let vault = try TestVault()
        vault.environment = ["TERM": "xterm-256color"]
        let result = vault.run(["serve", "pair"], terminal: true)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let link = try #require(lines.first)
        #expect(link.hasPrefix("http://127.0.0.1:7420/pair?code=pair_"))
        #expect(Array(lines.dropFirst()) == (try QRCode(text: link).terminalLines(colour: .ansi256)))
        #expect(lines[1].hasPrefix("\u{1B}["), "white on black in a terminal")
    }

    @Test func noColourDrawsDarkBlocksWithoutEscapes() throws {
        let vault = try TestVault()
        vault.environment["NO_COLOR"] = "1"
        let result = vault.run(["serve", "pair"], terminal: true)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst()) == (try QRCode(text: lines[0]).terminalLines(colour: .none)))
        #expect(!result.stdout.contains("\u{1B}"))
        let flagged = vault.run(["serve", "pair", "--no-color"], terminal: true)
        #expect(!flagged.stdout.contains("\u{1B}") && flagged.stdout.contains("█"))
    }

    @Test func qrForcesTheCodeIntoAPipeAndJSONNeverHasIt() throws {
        let vault = try TestVault()
        let forced = vault.run(["serve", "pair", "--qr"])
        let lines = forced.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst()) == (try QRCode(text: lines[0]).terminalLines(colour: .none)))
        for terminal in [false, true] {
            let json = vault.run(["serve", "pair", "--json", "--qr"], terminal: terminal)
            #expect(json.status == 0)
            #expect(!json.stdout.contains("█") && !json.stdout.contains("▀"))
            #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
        }
    }

    /// `brain serve` into a pipe prints the pairing line only (scripts read it); with --qr the
    /// code follows the line.
    @Test func serveDrawsTheCodeUnderThePairingLineWithQR() throws {
        let vault = try TestVault()
        let plain = try ServerProcess(vault: vault.root)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(plain.stop() == 0)
        #expect(plain.stdout.split(separator: "\n").count == 2)

        let server = try ServerProcess(vault: vault.root, arguments: ["--qr"])
        defer { _ = server.stop() }
        let pairing = try #require(ServePairingCodeTests.lines(of: server, atLeast: 2).dropFirst().first)
        let link = String(try #require(pairing.split(separator: " ").last))
        let expected = try QRCode(text: link).terminalLines(colour: .none)
        let lines = ServePairingCodeTests.lines(of: server, atLeast: 2 + expected.count)
        #expect(Array(lines.dropFirst(2)) == expected)
    }

    /// Behind a proxy the link is the proxy's (`--url`), and the server answers for its host;
    /// a bad --url is a usage error.
    @Test func theLinkIsTheAddressADeviceOpens() throws {
        let vault = try TestVault()
        let paired = vault.run(["serve", "pair", "--url", "https://Laptop.tailnet.ts.net/"])
        #expect(paired.status == 0)
        #expect(paired.stdout.hasPrefix("https://Laptop.tailnet.ts.net/pair?code=pair_"), "\(paired.stdout)")
        for bad in ["laptop.tailnet.ts.net", "https://laptop/brain", "https://x?y", "ftp://laptop", "https://a b", "https://laptop:99999"] {
            let refused = vault.run(["serve", "pair", "--url", bad])
            #expect(refused.status == 64 && refused.stderr.contains("--url takes"), "\(bad)")
        }
        let server = try ServerProcess(vault: vault.root, arguments: ["--url", "https://laptop.tailnet.ts.net"])
        defer { _ = server.stop() }
        let pairing = try #require(ServePairingCodeTests.lines(of: server, atLeast: 2).dropFirst().first)
        #expect(pairing.hasSuffix(" https://laptop.tailnet.ts.net/pair?" + pairing.split(separator: "?").last!))
        let proxied = TestClient.request(port: UInt16(server.port), "GET", "/pair", headers: ["Host": "laptop.tailnet.ts.net"])
        #expect(proxied?.status == 400, "the proxy's host is answered for (a pairing page without a code)")
        let other = TestClient.request(port: UInt16(server.port), "GET", "/pair", headers: ["Host": "evil.example"])
        #expect(other?.status == 421)
    }

    /// Listening on every interface, the link names this machine's network address, which a
    /// phone on the same network can open, not 127.0.0.1.
    @Test func onEveryInterfaceTheLinkNamesANetworkAddress() throws {
        let vault = try TestVault()
        let paired = vault.run(["serve", "pair", "--listen", "0.0.0.0:7420"])
        let addresses = Socket.networkAddresses()
        let expected = "http://\(addresses.first ?? "127.0.0.1"):7420/pair?code="
        #expect(paired.stdout.hasPrefix(expected), "\(paired.stdout) for \(addresses)")
        #expect(!addresses.contains { $0.hasPrefix("127.") || $0.hasPrefix("169.254.") })
    }

    /// The server's standard output once it has `count` lines (or after 10 seconds).
    static func lines(of server: ServerProcess, atLeast count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var lines = server.stdout.split(separator: "\n").map(String.init)
        while lines.count < count, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            lines = server.stdout.split(separator: "\n").map(String.init)
        }
        return lines
    }

    /// What `brain serve pair --qr` draws, turned into an image at four pixels a module, is the link to ZBar.
    @Test(.enabled(if: zbarimg != nil, "zbarimg is not installed (Debian's zbar-tools package)"))
    func zbarReadsTheDrawnCodeAsTheLink() throws {
        let vault = try TestVault()
        for arguments in [["--qr"], ["--listen", "192.168.100.200:65000", "--qr"]] {
            let lines = vault.run(["serve", "pair"] + arguments).stdout.split(separator: "\n").map(String.init)
            let link = lines[0]
            var rows: [[Bool]] = []
            for line in lines.dropFirst() {
                rows.append(line.map { $0 == "█" || $0 == "▀" })
                rows.append(line.map { $0 == "█" || $0 == "▄" })
            }
            let scale = 4
            let width = rows[0].count * scale, height = rows.count * scale
            var image = "P1\n\(width) \(height)\n"
            for y in 0..<height {
                image += (0..<width).map { rows[y / scale][$0 / scale] ? "1" : "0" }.joined(separator: " ") + "\n"
            }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("brain-pair-\(UUID().uuidString).pbm").path
            try image.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try ServerProcess.run(ServePairingCodeTests.zbarimg!, ["--quiet", "--raw", path])
            #expect(result.status == 0)
            #expect(result.stdout.trimmingCharacters(in: .newlines) == link)
        }
    }
}
