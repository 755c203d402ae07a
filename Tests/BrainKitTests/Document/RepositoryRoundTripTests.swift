import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Every Markdown file the project ships reads and writes back byte for byte, and the sample
/// vault and templates parse without a diagnostic.
@Suite struct RepositoryRoundTripTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return "."
    }()

    static func files(under folder: String) -> [String] {
        let base = root + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") || $0.hasSuffix(".yml") }
            .filter { !$0.hasPrefix(".brain/cache") }
            .map { folder + "/" + $0 }
            .sorted()
    }

    static let shipped = files(under: "sample-vault") + files(under: "templates")
    static let fixtures = files(under: "Tests/BrainKitTests/Fixtures")

    @Test func findsTheShippedFiles() {
        #expect(Self.shipped.count > 140)
        #expect(Self.fixtures.count >= 12)
    }

    @Test(arguments: shipped + fixtures)
    func roundTripsByteForByte(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + path)))
        let document = Document(bytes: bytes)
        #expect(Array(document.text.utf8) == bytes)
    }

    @Test(arguments: shipped.filter { $0.hasSuffix(".md") })
    func shippedFilesParseCleanly(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + path)))
        let document = Document(bytes: bytes)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        #expect(document.hasFrontMatter)
    }
}
