import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct ReportPageTests {
    static func page(_ vault: Vault, date: Day = .sampleToday, range: VaultReport.Range = .year, theme: Theme = .forest,
                     appearance: Appearance = .auto) -> ReportPage {
        let index = VaultIndex.open(vault, save: false)
        let report = VaultReport(index: index, journal: Journal(index: index), date: date, range: range, title: "sample")
        return ReportPage(report: report, theme: theme, appearance: appearance, generator: "brain test")
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The text between `<section id="ID">` and its `</section>`.
    static func section(_ id: String, in html: String) throws -> String {
        let start = try #require(html.range(of: "<section id=\"\(id)\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func sampleVaultHasEverySectionAndNothingFromOutside() throws {
        let (vault, _) = MemoryVault.sample()
        let html = Self.page(vault).render()
        for id in ["today", "organism", "habits", "goals", "mood", "notes"] {
            #expect(html.contains("<section id=\"\(id)\">"), "no section \(id)")
        }
        // Self-contained: no script, nothing fetched, no external style.
        for forbidden in ["<script", "http://", "https://", "src=", "href=", "url(", "@import", "<link", "<iframe", "<object"] {
            #expect(!html.lowercased().contains(forbidden), "the page contains \(forbidden)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        // Today: the sample day's facts as brain today gives them.
        let today = try Self.section("today", in: html)
        #expect(today.contains("3 of 11 done"))
        #expect(today.contains("momentum 95 % on fire"))
        #expect(today.contains("mood 4 · energy 3"))
        #expect(today.contains("<li>Tidy the desk</li>"))
        // Goals say their pace as brain goals does.
        let goals = try Self.section("goals", in: html)
        #expect(goals.contains("pace: 1000 → 1850 EUR since 25 Sep (+103 EUR a week): done 9 Feb 2027, <span class=\"good\">50 days early</span>"))
        #expect(goals.contains("98 days late"))
        // Pinned notes and tags.
        let notes = try Self.section("notes", in: html)
        #expect(notes.contains("How I use Brain"))
        #expect(notes.contains("#work <span class=\"muted\">8</span>"))
    }

    @Test func gridsHaveACellPerDayOfEachHabit() throws {
        let (vault, _) = MemoryVault.sample()
        let page = Self.page(vault)
        let html = page.render()
        let habits = try Self.section("habits", in: html)
        let report = page.report
        // All habits: one cell per day of the range; each habit: one per day since it started;
        // five more in the legend.
        let expected = 365 + report.habits.reduce(0) { $0 + $1.levels.compactMap { $0 }.count } + 5
        #expect(Self.count("<rect ", in: habits) == expected)
        #expect(report.habits.count == 15 && report.days.count == 365 && report.from == Day("2025-11-23"))
        // Read: as many level-4 cells as done days (brain heatmap read: 65 done days in 2026).
        let read = try #require(report.habits.first { $0.id == "read" })
        #expect(read.levels.filter { $0 == 4 }.count == read.doneDays)
        #expect(read.doneDays == 65)
        let start = try #require(habits.range(of: "id=\"habit-read\""))
        let end = try #require(habits.range(of: "<div class=\"habit\"", range: start.upperBound..<habits.endIndex))
        #expect(Self.count("class=\"l4\"><title>", in: String(habits[start.lowerBound..<end.lowerBound])) == 65)
        #expect(habits.contains("streak 20 days, best 20 days"))
    }

    @Test func theOrganismDrawsEachAreaAndHabit() throws {
        let (vault, _) = MemoryVault.sample()
        let page = Self.page(vault)
        let html = page.render()
        let section = try Self.section("organism", in: html)
        let plant = page.report.organism
        #expect(plant.limbs.map(\.area) == ["creative", "finance", "health", "learning", "relationships", "work"])
        #expect(Self.count("<path class=\"limb\"", in: section) == 6)
        let leaves = plant.limbs.reduce(plant.stemLeaves.count) { $0 + $1.leaves.count }
        #expect(leaves == page.report.today.entries.count)
        #expect(Self.count("<path class=\"leaf", in: section) == leaves)
        #expect(Self.count("<path class=\"leaf done\"", in: section) == page.report.today.entries.filter { $0.state == .done }.count)
        for limb in plant.limbs { #expect(section.contains("d=\"\(limb.path)\"")) }
        // Finance and Work rest (nothing due in the week): calm limbs.
        #expect(plant.limbs.filter(\.calm).map(\.area) == ["finance", "work"])
        #expect(section.contains("93 %</span> <span class=\"muted\">identity score"))
    }

    @Test func theSameVaultGivesTheSameBytes() {
        let (vault, _) = MemoryVault.sample()
        #expect(Self.page(vault).render() == Self.page(vault).render())
    }

    @Test func aRestDayDrawsACalmPlant() throws {
        // 2026-10-27 is a rest day in the sample vault (the flu).
        let (vault, _) = MemoryVault.sample()
        let page = Self.page(vault, date: Day("2026-10-27")!)
        #expect(page.report.today.rest)
        #expect(page.report.organism.restDay && page.report.organism.limbs.allSatisfy { $0.calm && $0.curl == 0 })
        #expect(Set(page.report.organism.limbs.filter { !$0.isBud }.map(\.length)).count == 1)
        // Work has goals but no habits: a bud, on a rest day as on any other.
        #expect(page.report.organism.limbs.filter(\.isBud).map(\.area) == ["work"])
        #expect(page.render().contains("resting calmly on a rest day"))
        // As `brain today`: no count of what was due on a day nothing is.
        #expect(page.render().contains("<span class=\"big\">Rest day</span>") && !page.render().contains("0 of 0 done"))
    }

    @Test func themesAndAppearances() throws {
        let (vault, _) = MemoryVault.sample()
        let auto = Self.page(vault, theme: .ember).render()
        let light = Theme.ember.palette(.light), dark = Theme.ember.palette(.dark)
        #expect(auto.contains(":root{--bg:\(light.background.hex);"))
        #expect(auto.contains("@media (prefers-color-scheme: dark){:root{--bg:\(dark.background.hex);"))
        #expect(auto.contains("--l4:\(dark.levels[4].hex);"))
        // Print is light whatever the screen.
        #expect(auto.contains("@media print{:root{--bg:\(light.background.hex);"))
        let forcedDark = Self.page(vault, theme: .ocean, appearance: .dark).render()
        #expect(forcedDark.contains(":root{--bg:\(Theme.ocean.palette(.dark).background.hex);"))
        #expect(!forcedDark.contains("prefers-color-scheme"))
        #expect(forcedDark.contains("content=\"dark\""))
        let forcedLight = Self.page(vault, theme: .sand, appearance: .light).render()
        #expect(forcedLight.contains(":root{--bg:\(Theme.sand.palette(.light).background.hex);"))
        #expect(!forcedLight.contains(Theme.sand.palette(.dark).background.hex))
    }

    @Test func rangesSetTheGridsAndTheMoodChart() {
        let (vault, _) = MemoryVault.sample()
        let month = Self.page(vault, range: .month).report
        #expect(month.days.count == 30 && month.from == Day("2026-10-24") && !month.moodByWeek)
        #expect(month.mood.count == 30 && month.mood.last?.mood == 4 && month.mood.last?.energy == 3)
        let quarter = Self.page(vault, range: .quarter).report
        #expect(quarter.days.count == 90 && quarter.moodByWeek)
        #expect(quarter.mood.allSatisfy { $0.start.weekday == .monday })
        #expect(quarter.allLevels.count == 90 && quarter.habits.allSatisfy { $0.levels.count == 90 && $0.strength.count == 90 })
    }

    @Test func hostileTextIsShownAsText() throws {
        let script = "<script>alert(1)</script>"
        let image = "\"><img src=x onerror=alert(1)>"
        let (vault, _) = MemoryVault.make([
            "areas/health.md": "---\ntitle: \"\(script)\"\nidentity: \"\(image)\"\n---\n",
            "habits/read.md": "---\ntitle: '\(image.replacingOccurrences(of: "'", with: "''"))'\narea: health\nevery: day\ncreated: 2026-11-01\n---\n",
            "habits/walk.md": "---\ntitle: \"x' onmouseover='alert(1)\"\nevery: day\ncreated: 2026-11-01\n---\n",
            "goals/goal.md": "---\ntitle: \"\(script)\"\ntarget: 10\ncurrent: 2\nunit: \"<b>km</b>\"\n---\n- [ ] <i>step</i>\n",
            "notes/evil.md": "---\ntitle: \"\(script)\"\npinned: true\ntags: [evil]\n---\n",
            "daily/2026-11-22.md": "---\nmood: 4\n---\n## Intentions\n- \(script)\n\n## Habits\n- [x] [[read]]\n\n## Reflection\n\(image)\n",
        ])
        let html = Self.page(vault).render()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(!html.contains("onmouseover='"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // In text and in attributes (aria-label of the habit's grid, the area's limb title).
        #expect(html.contains("<h3>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("aria-label=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;, "))
        #expect(html.contains("id=\"habit-read\""))
        #expect(html.contains("<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>"))
        #expect(html.contains("x&#39; onmouseover=&#39;alert(1)"))
        // Every tag in the page is one the renderer writes.
        let allowed: Set<String> = ["html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3", "p",
                                    "section", "div", "span", "strong", "ul", "li", "br", "svg", "g", "path", "rect", "ellipse",
                                    "text", "line", "circle", "table", "tr", "td", "th", "footer"]
        var tags = Set<String>()
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            let name = rest[rest.index(after: open)...].prefix { $0.isLetter || $0.isNumber || $0 == "/" || $0 == "!" }
            tags.insert(String(name.drop { $0 == "/" }).lowercased())
            rest = rest[rest.index(after: open)...]
        }
        tags.remove("!doctype")
        #expect(tags.isSubset(of: allowed), "unexpected tags: \(tags.subtracting(allowed).sorted())")
    }
}
