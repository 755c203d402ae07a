import Dispatch
import Foundation
import Testing
@testable import BrainCLI
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// The report in a real browser: Debian's chromium, headless, renders the sample vault's report
/// to a PNG and a DOM, light and dark, and a vault of hostile titles. `bash .ci/run` installs
/// chromium; without a browser the tests are skipped, saying so.
@Suite struct BrowserTests {
    /// `BRAIN_CHROMIUM`, else the first of chromium, chromium-browser, google-chrome on `PATH`.
    static let browser: String? = {
        let environment = ProcessInfo.processInfo.environment
        let runner = FoundationProcessRunner()
        if let given = environment["BRAIN_CHROMIUM"], !given.isEmpty { return runner.find(given, environment: environment) }
        return ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
            .lazy.compactMap { runner.find($0, environment: environment) }.first
    }()
    static let skipMessage: Comment = "no headless browser: install Debian's chromium package (bash .ci/run does) to run the browser tests"

    /// What one headless run gave: the DOM after loading, and the screenshot when asked for.
    struct Rendering {
        var dom: String
        var screenshot: PNGImage?
    }

    /// Renders each page at once (in parallel): `--dump-dom` always, `--screenshot` when `shot`.
    static func render(_ pages: [(html: String, shot: Bool)], in folder: String, size: String = "1200,1600") throws -> [Rendering] {
        let browser = try #require(browser, skipMessage)
        let results = SlotBox(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            let page = pages[index]
            let png = folder + "/shot-\(index).png"
            var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=\(folder)/profile-\(index)", "--window-size=\(size)", "--dump-dom"]
            if page.shot { arguments.append("--screenshot=\(png)") }
            arguments.append(URL(fileURLWithPath: page.html).absoluteString)
            results.set(index, run(browser, arguments, in: folder).map { dom in
                Rendering(dom: dom, screenshot: page.shot ? try? PNGImage(contentsOf: png) : nil)
            })
        }
        return try results.values.map { try $0.get() }
    }

    /// Runs the browser, giving up after 60 seconds; its standard output.
    static func run(_ program: String, _ arguments: [String], in folder: String) -> Result<String, Error> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(error) }
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: timer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return .success(String(decoding: data, as: UTF8.self))
    }

    final class SlotBox: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<Rendering, Error>?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<Rendering, Error>) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }
        var values: [Result<Rendering, Error>] { slots.map { $0 ?? .failure(PNGImage.Problem(description: "not rendered")) } }
    }

    /// How many runs of `color` along the rows of the image are `lengths` pixels long.
    static func runs(of color: RGB, in image: PNGImage, lengths: ClosedRange<Int>) -> Int {
        var count = 0
        for y in 0..<image.height {
            var run = 0
            for x in 0...image.width {
                if x < image.width, image.pixel(x, y) == color {
                    run += 1
                    continue
                }
                if lengths.contains(run) { count += 1 }
                run = 0
            }
        }
        return count
    }

    /// On a 390-pixel phone the year grids keep their 11-pixel cells (they scroll, latest weeks
    /// first) instead of shrinking to 4 pixels.
    @Test(.enabled(if: browser != nil, skipMessage))
    func theReportOnAPhone() throws {
        let vault = try TestVault()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-phone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(vault.run(["report", "--out", folder + "/phone.html", "--light", "--theme", "forest"]).status == 0)
        let page = try #require(try Self.render([(folder + "/phone.html", true)], in: folder, size: "390,4000").first)
        let image = try #require(page.screenshot)
        #expect(image.width == 390)
        let palette = Theme.forest.palette(.light)
        // A cell is 11 pixels wide with rounded corners: its middle rows run 11 pixels (the
        // legend's one level-4 square gives 9 such runs; the grids' cells, hundreds).
        let runs = Self.runs(of: palette.levels[4], in: image, lengths: 10...12)
        #expect(runs > 100, "\(runs) level-4 runs of 10 to 12 pixels: the grids were scaled down")
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test(.enabled(if: browser != nil, skipMessage))
    func sampleReportAndHostileTitlesInChromium() throws {
        let vault = try TestVault()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-browser-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(vault.run(["report", "--out", folder + "/light.html", "--light", "--theme", "forest"]).status == 0)
        #expect(vault.run(["report", "--out", folder + "/dark.html", "--dark", "--theme", "ember"]).status == 0)

        let hostile = try TestVault()
        try hostile.write("notes/evil.md", "---\ntitle: \"<script>document.title='pwned'</script>\"\npinned: true\n---\nBody.\n")
        try hostile.write("habits/evil.md", """
            ---
            title: "<img src=x onerror=\\"document.body.setAttribute('data-pwned','1')\\">"
            area: health
            every: day
            created: 2026-11-01
            ---

            """)
        try hostile.write("areas/health.md", "---\ntitle: \"</svg><script>alert(1)</script>\"\n---\n")
        #expect(hostile.run(["report", "--out", folder + "/hostile.html"]).status == 0)

        let pages = try Self.render([(folder + "/light.html", true), (folder + "/dark.html", true), (folder + "/hostile.html", false)],
                                    in: folder)

        // The DOM the browser built has every SVG element the file has.
        let file = try String(contentsOfFile: folder + "/light.html", encoding: .utf8)
        let dom = pages[0].dom
        #expect(dom.contains("<section id=\"organism\">"), "no organism in the DOM")
        for element in ["<rect ", "<path class=\"limb\"", "<path class=\"leaf", "<path class=\"stem\"", "<svg "] {
            #expect(Self.count(element, in: dom) == Self.count(element, in: file), "\(element) in the DOM")
        }
        #expect(Self.count("<path class=\"limb\"", in: dom) == 6)
        #expect(Self.count("<rect ", in: dom) > 365)
        let scripted = dom.contains("<script")
        #expect(!scripted)

        // The screenshots: the theme's background, the grid's and the organism's colours, not blank.
        for (index, palette) in [(0, Theme.forest.palette(.light)), (1, Theme.ember.palette(.dark))] {
            let image = try #require(pages[index].screenshot, "no screenshot of page \(index)")
            #expect(image.width == 1200 && image.height == 1600)
            #expect(image.pixel(2, 2) == palette.background, "page \(index): corner \(image.pixel(2, 2))")
            let colours = image.histogram()
            #expect(colours.count > 50, "page \(index) has \(colours.count) colours: blank?")
            #expect((colours[palette.surface] ?? 0) > 100_000, "page \(index): sections")
            // Grid cells (11×11 at 1x) of the top level, the stem and limbs, the done leaves.
            #expect((colours[palette.levels[4]] ?? 0) > 20 * 100, "page \(index): level-4 cells")
            #expect((colours[palette.levels[0]] ?? 0) > 10 * 100, "page \(index): empty cells")
            #expect((colours[palette.accent] ?? 0) > 1_000, "page \(index): stem and limbs")
            #expect((colours[palette.good] ?? 0) > 100, "page \(index): done leaves")
            // The organism sits in the left half of its section, below the header and today.
            let plant = image.count(palette.accent, x: 0, y: 300, width: 650, height: 900)
            #expect(plant > 800, "page \(index): \(plant) accent pixels where the organism is")
        }

        // Hostile titles show as text, and no script ran: no script element, no attribute set by
        // an onerror, the page's title as written.
        let evil = pages[2].dom
        // (Checked as flags, so a failure does not print the whole page.)
        let found = ["<script", "<img", "data-pwned=\"1\"", "<title>pwned</title>"].filter { evil.contains($0) }
        #expect(found.isEmpty, "the hostile page's DOM has \(found)")
        #expect(evil.contains("<body class=\"theme-forest\">"))
        let texts = ["&lt;script&gt;document.title='pwned'&lt;/script&gt;",
                     "&lt;img src=x onerror=\"document.body.setAttribute('data-pwned','1')\"&gt;",
                     "&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"]
        let missing = texts.filter { !evil.contains($0) }
        #expect(missing.isEmpty, "the hostile titles do not show as text: \(missing)")
        #expect(Self.count("<path class=\"limb\"", in: evil) == 6)
    }
}
