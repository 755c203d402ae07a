import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

@Suite struct TemplateRendererTests {
    static let today = Day("2026-11-22")!

    static func render(_ template: String, _ values: TemplateValues) -> TemplateRenderer.Result {
        TemplateRenderer.render(template, values: values)
    }

    /// Parses the rendered front-matter back with YAMLReader, requiring it to be clean.
    static func frontMatter(_ text: String) throws -> YAMLMap {
        let document = Document(text: text)
        #expect(document.hasFrontMatter)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let yaml = text.components(separatedBy: "---\n")[1]
        let (map, diagnostics) = YAMLReader.parse(yaml[...])
        #expect(diagnostics.isEmpty)
        return map
    }

    @Test func titleThatNeedsQuotingStaysValidYAML() throws {
        let title = #"He said: "yes" #1"#
        let result = Self.render(BuiltinTemplates.all["habit"]!, TemplateValues(title: title, date: Self.today))
        let map = try Self.frontMatter(result.text)
        #expect(map["title"] == .string(title))
        #expect(result.text.contains(#"title: "He said: \"yes\" #1""#))
        // The body is plain text: the title as typed.
        #expect(result.text.contains("\n# He said: \"yes\" #1\n"))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func wholeValuePlaceholdersBecomeTypedValues() throws {
        var values = TemplateValues(title: "Run", date: Self.today, area: "health", every: try Frequency(parsing: "mon, wed"),
                                    due: Day("2026-12-31"), parent: "run-5k", tags: ["a", "b c"])
        values.url = "https://example.com/a#b"
        let template = """
        ---
        title: "{{title}}"
        id: "{{id}}"
        created: "{{date}}"
        every: "{{every}}"
        due: "{{due}}"
        parent: "{{parent}}"
        tags: "{{tags}}"
        url: "{{url}}"
        day: "{{weekday}}"
        ---
        body

        """
        let map = try Self.frontMatter(Self.render(template, values).text)
        #expect(map["title"] == .string("Run"))
        #expect(map["id"] == .string("run"))
        #expect(map["created"] == .date(Self.today))
        #expect(map["every"] == .list([.string("mon"), .string("wed")]))
        #expect(map["due"] == .date(Day("2026-12-31")!))
        #expect(map["parent"] == .string("[[run-5k]]"))
        #expect(map["tags"] == .list([.string("a"), .string("b c")]))
        #expect(map["url"] == .string("https://example.com/a#b"))
        #expect(map["day"] == .string("Sunday"))
    }

    @Test func renderedLinesReadAsAPersonWouldWriteThem() {
        let values = TemplateValues(title: "Read", date: Self.today, every: .perWeek(3), tags: ["books"])
        let text = Self.render(BuiltinTemplates.all["habit"]!, values).text
        #expect(text.hasPrefix("""
        ---
        title: Read
        every: 3/week
        kind: build
        status: active
        created: 2026-11-22
        tags: [books]
        ---
        # Read

        """))
    }

    @Test func emptyValuesDropTheirKeys() throws {
        let result = Self.render(BuiltinTemplates.all["goal"]!, TemplateValues(title: "Save", date: Self.today))
        let map = try Self.frontMatter(result.text)
        #expect(map.keys == ["title", "status", "start", "habits", "created"])
        #expect(!result.text.contains("{{"))
    }

    @Test func placeholdersInsideLongerTextAreReplacedAsText() throws {
        let template = """
        ---
        title: "Review of {{date}}: {{title}}"
        list: ["{{area}}", "x {{id}}"]
        ---
        Today is {{weekday}}, {{date}}; tags {{tags}}; area "{{area}}".

        """
        let values = TemplateValues(title: "A \"b\"", date: Self.today, tags: ["t"])
        let result = Self.render(template, values)
        let map = try Self.frontMatter(result.text)
        #expect(map["title"] == .string("Review of 2026-11-22: A \"b\""))
        // The empty item is dropped from the list; the longer string keeps its text.
        #expect(map["list"] == .list([.string("x a-b")]))
        #expect(result.document.body == "Today is Sunday, 2026-11-22; tags [t]; area \"\".\n")
    }

    @Test func unknownPlaceholdersAreKeptAndReported() throws {
        let template = """
        ---
        title: "{{title}}"
        mood: "{{mood}}"
        ---
        # {{title}} {{ nope }}

        """
        let result = Self.render(template, TemplateValues(title: "T", date: Self.today))
        let map = try Self.frontMatter(result.text)
        #expect(map["mood"] == .string("{{mood}}"))
        #expect(result.document.body == "# T {{ nope }}\n")
        #expect(result.diagnostics.map(\.location) == [SourceLocation(line: 3, column: 8), SourceLocation(line: 5, column: 13)])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.diagnostics.first?.message.hasPrefix("unknown placeholder {{mood}}") == true)
    }

    @Test func keysWithoutPlaceholdersKeepTheirBytes() {
        let template = """
        ---
        title: "{{title}}"   # shown in lists
        color: 'green'
        auto: {source: health, metric: steps, at-least: 8000}
        ---

        """
        let text = Self.render(template, TemplateValues(title: "Walk", date: Self.today)).text
        #expect(text == """
        ---
        title: Walk   # shown in lists
        color: 'green'
        auto: {source: health, metric: steps, at-least: 8000}
        ---

        """)
    }

    @Test func templateWithoutFrontMatterIsReplacedAsText() {
        let result = Self.render("# {{title}}\n{{date}} {{other}}\n", TemplateValues(title: "x: y", date: Self.today))
        #expect(result.text == "# x: y\n2026-11-22 {{other}}\n")
        #expect(result.diagnostics.count == 1)
    }

    @Test(arguments: BuiltinTemplates.all.keys.sorted())
    func everyBuiltInTemplateRendersToCleanYAML(name: String) throws {
        let values = TemplateValues(title: #"Quotes "and": colons #x"#, date: Self.today, area: "health",
                                    every: .daily, due: Day("2027-01-01"), url: "https://x.org", parent: "p", tags: ["t"])
        let result = Self.render(BuiltinTemplates.all[name]!, values)
        _ = try Self.frontMatter(result.text)
        #expect(result.diagnostics.isEmpty)
        #expect(!result.text.contains("{{"))
    }
}
