import Foundation
import Testing
import BrainTestSupport
@testable import BrainCLI

/// docs/openapi.yaml against the real server: schemathesis (PyPI) generates requests for every
/// route from the document and checks that no answer is a 5xx and every answer fits its schema.
@Suite struct ServeOpenAPITests {
    @Test(.enabled(if: Schemathesis.path != nil, "\(Schemathesis.found.problem)"))
    func everyAnswerFitsTheDocumentAndNoneIsA5xx() throws {
        let vault = try TestVault()
        let token = try ServeSecurityTests.token(vault)
        let server = try ServerProcess(vault: vault.root)
        defer { _ = server.stop() }
        // schemathesis keeps a cache in its folder: a temporary one, not the repository.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-schemathesis-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ServerProcess.run(Schemathesis.path!, [
            "run", Repository.root + "/docs/openapi.yaml", "--url", server.base,
            "-H", "Authorization: Bearer \(token)",
            "-c", "not_a_server_error,response_schema_conformance",
            "-n", "25", "--seed", "38", "--no-color",
        ], timeout: 240, in: folder)
        #expect(result.status == 0, "schemathesis failed:\n\(result.stdout.suffix(4000))\n\(result.stderr.suffix(1000))")
        #expect(result.stdout.contains("passed"))
        #expect(!server.stderr.contains(" 500 "))
        #expect(server.process.isRunning)
    }

    /// Every route the server has is in the document, and the document names no other.
    @Test func theDocumentHasEveryRoute() throws {
        let vault = try TestVault()
        let text = try String(contentsOfFile: Repository.root + "/docs/openapi.yaml", encoding: .utf8)
        var documented = Set<String>()
        var path: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            else if line.hasPrefix("components:") { path = nil }
            else if let path, ["    get:", "    post:", "    put:", "    delete:"].contains(String(line)) {
                documented.insert(line.trimmingCharacters(in: .whitespaces).dropLast().uppercased() + " " + path)
            }
        }
        let object = try JSONSerialization.jsonObject(with: Data(vault.run(["serve", "--json"]).stdout.utf8)) as? [String: Any]
        let listed = Set(try #require(object?["routes"] as? [String]))
        #expect(listed.count > 10)
        #expect(listed == documented, "in the server, not documented: \(listed.subtracting(documented).sorted()); documented, not served: \(documented.subtracting(listed).sorted())")
    }
}
