import Foundation
import Testing
@testable import BrainServer
import BrainTestSupport

/// The web app's PNG icons (`apple-touch-icon`, the manifest's 192 and 512) are `icon.svg`
/// drawn by librsvg's `rsvg-convert` (Debian's librsvg2-bin) and kept in AppIcons.swift as
/// base64. This test draws the SVG the server serves again and fails when the kept PNGs are not
/// what it draws (the SVG changed and the PNGs did not); `BRAIN_RECORD=1` writes AppIcons.swift.
@Suite struct AppIconTests {
    static let rsvg = QRCodeReferenceTests.find("rsvg-convert")

    @Test(.enabled(if: rsvg != nil, "rsvg-convert is not installed (Debian's librsvg2-bin)"))
    func thePNGsAreTheSVGDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("icon.svg")
        try Data(AppAssets.icon.utf8).write(to: svg)
        var drawn: [Int: [UInt8]] = [:]
        for size in AppIcons.sizes {
            let (status, png) = try QRCodeReferenceTests.run(Self.rsvg!, ["--width", "\(size)", "--height", "\(size)", svg.path])
            try #require(status == 0, "rsvg-convert failed for \(size)")
            drawn[size] = png
        }
        if ProcessInfo.processInfo.environment["BRAIN_RECORD"] != nil {
            var out = "// Written by `BRAIN_RECORD=1 swift test --filter AppIconTests` (Tests/BrainServerTests/App/AppIconTests.swift):\n"
            out += "// AppAssets.icon drawn by rsvg-convert at each size. Do not edit; record again when the icon changes.\n\n"
            out += "/// The web app's PNG icons, base64, by width and height in pixels.\nenum AppIcons {\n"
            out += "    static let sizes = [\(AppIcons.sizes.map(String.init).joined(separator: ", "))]\n\n"
            out += "    static let base64: [Int: String] = [\n"
            for size in AppIcons.sizes {
                out += "        \(size): \"\(Data(drawn[size]!).base64EncodedString())\",\n"
            }
            out += "    ]\n}\n"
            try Data(out.utf8).write(to: URL(fileURLWithPath: Repository.root + "/Sources/BrainServer/App/AppIcons.swift"))
            return
        }
        for size in AppIcons.sizes {
            #expect(AppAssets.png(size) as [UInt8]? == drawn[size], "the \(size) px icon is not icon.svg drawn: BRAIN_RECORD=1 swift test --filter AppIconTests")
        }
    }
}
