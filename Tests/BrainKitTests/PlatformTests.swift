import Foundation
import Testing

/// BrainKit builds on Apple platforms too: every use of the Linux C library sits under
/// `#if canImport(Glibc)` with a `Darwin` twin.
@Suite struct PlatformTests {
    static let sources: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
        }
        return url.appendingPathComponent("Sources").path
    }()

    @Test func everyGlibcUseHasItsDarwinTwin() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var bare: [String] = []
        for file in files {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            // The condition in force on each line: the innermost open #if/#elseif/#else.
            var stack: [String] = []
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#if ") { stack.append(trimmed) }
                else if trimmed.hasPrefix("#elseif ") || trimmed == "#else" { if !stack.isEmpty { stack[stack.count - 1] = trimmed } }
                else if trimmed.hasPrefix("#endif") { _ = stack.popLast() }
                else if trimmed.contains("Glibc") && !(stack.last ?? "").contains("canImport(Glibc)") {
                    bare.append("\(file):\(number + 1): \(trimmed)")
                }
                if trimmed.contains("canImport(Glibc)") && !text.contains("canImport(Darwin)") {
                    bare.append("\(file):\(number + 1): no canImport(Darwin) twin in the file")
                }
            }
        }
        #expect(bare.isEmpty, "bare Glibc uses:\n\(bare.joined(separator: "\n"))")
    }
}
