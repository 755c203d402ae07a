import Foundation
import Testing
@testable import BrainServer
import BrainFormat

/// The QR encoder against real programs, run here: `qrencode` (libqrencode, Debian's qrencode
/// package) encodes the same bytes at the same level and version, and the matrices must be
/// identical under its mask; `zbarimg` (ZBar, Debian's zbar-tools) decodes our symbols drawn as
/// images and must give back the bytes. `.ci/run` installs both; without them these tests skip.
@Suite struct QRCodeReferenceTests {
    static let qrencode = find("qrencode")
    static let zbarimg = find("zbarimg")

    /// Known vectors: the pairing links, UTF-8 text, bytes that are no text, and three random
    /// inputs in each version from 1 to 40 — each the very matrix qrencode draws, with qrencode's
    /// version (chosen by it, or forced the same for both) and its mask forced on ours.
    @Test(.enabled(if: qrencode != nil, "qrencode is not installed (Debian's qrencode package)"))
    func matricesAreQrencodes() throws {
        var inputs: [(bytes: [UInt8], version: Int?)] = [
            (Array("http://192.168.1.20:7420/pair?code=pair_\(String(repeating: "3f1c", count: 16))".utf8), nil),
            (Array("https://your-mac.tailnet-name.ts.net/pair?code=pair_\(String(repeating: "9e", count: 32))".utf8), nil),
            (Array("Grüße, 日本語, 🙂".utf8), nil),
            ([0, 255, 128, 10, 13, 0xC3], nil),
            (Array("a".utf8), nil),
        ]
        var random = DemoRandom(seed: 18004)
        for version in 1...40 {
            for kind in Kind.allCases {
                inputs.append((random.input(kind, length: random.length(in: version)), version))
            }
        }
        for input in inputs {
            let reference = try #require(try Self.qrencodeMatrix(input.bytes, version: input.version))
            let version = input.version ?? 1
            let ours = try (0..<8).map { try QRCode(bytes: input.bytes, minimumVersion: version, mask: $0) }
            #expect(ours[0].size == reference.count, "version for \(input.bytes.count) bytes: ours \(ours[0].version)")
            #expect(ours.contains { $0.modules == reference }, "no mask gives qrencode's matrix for \(input.bytes)")
        }
    }

    /// Real decoding: for each version 1 to 10, twelve random inputs whose length needs that
    /// version (text in ASCII, UTF-8 text in several scripts, arbitrary bytes; 1 to 200 bytes)
    /// and one input under each of the eight masks, drawn as a PBM image and read by zbarimg.
    @Test(.enabled(if: zbarimg != nil, "zbarimg is not installed (Debian's zbar-tools package)"),
          arguments: 1...10)
    func zbarDecodesWhatWasEncoded(version: Int) throws {
        var random = DemoRandom(seed: UInt64(version) * 7919)
        var cases: [(bytes: [UInt8], mask: Int?)] = []
        for index in 0..<12 {
            cases.append((random.input(Kind.allCases[index % 3], length: min(200, random.length(in: version))), nil))
        }
        for mask in 0..<8 {
            cases.append((random.input(Kind.allCases[mask % 3], length: Int.random(in: 1...QRCode.capacity(version), using: &random)), mask))
        }
        for (bytes, mask) in cases {
            let code = try QRCode(bytes: bytes, minimumVersion: version, mask: mask)
            #expect(code.version == version)
            if let mask { #expect(code.mask == mask) }
            let decoded = try Self.zbar(code)
            #expect(decoded == bytes, "version \(version), mask \(code.mask): \(bytes.count) bytes \(bytes) read as \(decoded.map { "\($0)" } ?? "nothing")")
        }
    }

    enum Kind: CaseIterable {
        case ascii, unicode, bytes
    }

    /// qrencode's matrix for `bytes` in 8-bit mode at level M, in `version` or the smallest that
    /// holds them: its ASCII output without margin, two characters a module, `#` dark.
    static func qrencodeMatrix(_ bytes: [UInt8], version: Int?) throws -> [[Bool]]? {
        var arguments = ["-8", "-l", "M", "-m", "0", "-t", "ASCII", "-o", "-"]
        if let version { arguments += ["-v", String(version)] }
        let (status, output) = try run(qrencode!, arguments, input: bytes)
        guard status == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
            stride(from: 0, to: line.utf8.count, by: 2).map { Array(line.utf8)[$0] == UInt8(ascii: "#") }
        }
    }

    /// What zbarimg reads from `code` drawn as a PBM image, four pixels a module, with the quiet zone.
    static func zbar(_ code: QRCode) throws -> [UInt8]? {
        let scale = 4
        let side = (code.size + 2 * QRCode.quietZone) * scale
        var image = "P1\n\(side) \(side)\n"
        for y in 0..<side {
            let row = (0..<side).map { x in
                code[x / scale - QRCode.quietZone, y / scale - QRCode.quietZone] ? "1" : "0"
            }
            image += row.joined(separator: " ") + "\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("brain-qr-\(UUID().uuidString).pbm").path
        try image.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try run(zbarimg!, ["--quiet", "--raw", "-Sbinary", path])
        return status == 0 ? output : nil
    }

    static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) throws -> (Int32, [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let inputPath = FileManager.default.temporaryDirectory.appendingPathComponent("brain-qr-\(UUID().uuidString).in").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        defer { try? FileManager.default.removeItem(atPath: inputPath) }
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(data))
    }

    static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// The inputs of the reference tests, from DemoRandom (SplitMix64): the same on every run and machine.
extension DemoRandom {
    /// A length that needs exactly `version` at level M.
    mutating func length(in version: Int) -> Int {
        Int.random(in: (version == 1 ? 1 : QRCode.capacity(version - 1) + 1)...QRCode.capacity(version), using: &self)
    }

    /// `length` bytes of `kind`.
    mutating func input(_ kind: QRCodeReferenceTests.Kind, length: Int) -> [UInt8] {
        switch kind {
        case .ascii:
            return (0..<length).map { _ in UInt8.random(in: 32...126, using: &self) }
        case .bytes:
            return (0..<length).map { _ in UInt8.random(in: 0...255, using: &self) }
        case .unicode:
            let scalars = Array("aZ9 /?=&éüßñçøΩαβγжщ日本語中文한국어👍🙂🚀\u{301}\u{200D}")
            var bytes: [UInt8] = []
            while true {
                let next = Array(String(scalars.randomElement(using: &self)!).utf8)
                if bytes.count + next.count > length { break }
                bytes += next
            }
            // Fill up with ASCII so the length needs the version asked for.
            while bytes.count < length { bytes.append(UInt8.random(in: 97...122, using: &self)) }
            return bytes
        }
    }
}
