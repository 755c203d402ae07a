import BrainKit
import Foundation
import Testing
@testable import BrainLanguageServer
import BrainJSONRPC

/// Completion, navigation, hover, symbols, rename and code actions on the sample vault.
@Suite struct LanguageServerFeatureTests {
    static func labels(_ result: JSON) -> [String] {
        (result["items"].array ?? []).compactMap { $0["label"].string }
    }

    static func item(_ result: JSON, _ label: String) -> JSON? {
        result["items"].array?.first { $0["label"].string == label }
    }

    // MARK: Completion

    @Test func linksCompleteByIdTitleAndAlias() throws {
        let client = TestClient()
        let path = "daily/2026-11-22.md"
        let document = client.open(path)
        let last = document.lineCount - 1
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(document.uri), "version": 2],
                                                 "contentChanges": [["range": ["start": TestClient.position(last, 0), "end": TestClient.position(last, 0)],
                                                                     "text": "- [ ] [[re\n[[Couch\n[[5"]]])
        let byId = client.result("textDocument/completion", TestClient.at(path, last, 10))
        let labels = Self.labels(byId)
        #expect(labels.first == "read", "on a habit line, habits come first: \(labels)")
        #expect(labels.contains("Read 20 pages") && labels.contains("review-budget"))
        let read = try #require(Self.item(byId, "read"))
        #expect(read["textEdit"]["newText"] == "read]]")
        #expect(read["textEdit"]["range"]["start"] == TestClient.position(last, 8))
        #expect(read["detail"] == "habit · Read 20 pages")
        let title = try #require(Self.item(byId, "Read 20 pages"))
        #expect(title["textEdit"]["newText"] == "read]]", "a title inserts the id")
        let alias = client.result("textDocument/completion", TestClient.at(path, last + 1, 7))
        #expect(Self.item(alias, "Couch to 5k")?["textEdit"]["newText"] == "run-5k]]")
        let short = client.result("textDocument/completion", TestClient.at(path, last + 2, 3))
        #expect(Self.item(short, "5k")?["detail"] == "alias of run-5k")
        #expect(byId["isIncomplete"] == false)
    }

    @Test func headingsAndBlocksInsideALink() throws {
        let client = TestClient()
        _ = client.open("notes/block.md", text: "# Block\nA thought worth linking. ^key-idea\n")
        _ = client.open("notes/zk.md", text: "# zk\n[[run-5k#Pl]]\n[[block#^k\n[[#\n")
        let headings = client.result("textDocument/completion", TestClient.at("notes/zk.md", 1, 11))
        #expect(Self.labels(headings) == ["Plan"])
        #expect(Self.item(headings, "Plan")?["textEdit"]["newText"] == "Plan", "the link is already closed")
        let blocks = client.result("textDocument/completion", TestClient.at("notes/zk.md", 2, 10))
        #expect(Self.labels(blocks) == ["key-idea"])
        #expect(Self.item(blocks, "key-idea")?["textEdit"]["newText"] == "key-idea]]")
        let own = client.result("textDocument/completion", TestClient.at("notes/zk.md", 3, 3))
        #expect(Self.labels(own) == ["zk"])
    }

    @Test func tagsCompleteWithTheirCounts() throws {
        let client = TestClient()
        _ = client.open("notes/zk.md", text: "# zk\nSome text #ins\n## Heading\n")
        let tags = client.result("textDocument/completion", TestClient.at("notes/zk.md", 1, 14))
        let insight = try #require(Self.item(tags, "insight"))
        let count = client.server.workspace.index.tagCounts().first { $0.name == "insight" }!.count
        #expect(insight["detail"] == .string(Quantity.count(count, "note")))
        #expect(insight["textEdit"]["range"]["start"] == TestClient.position(1, 11))
        #expect(!Self.labels(tags).contains("running"))
        // A heading is no tag.
        #expect(Self.labels(client.result("textDocument/completion", TestClient.at("notes/zk.md", 2, 3))).isEmpty)
        // The word being typed is no existing tag: `#he` offers health, not he.
        _ = client.open("notes/zk.md", text: "# zk\nSome text #he\n")
        let typed = Self.labels(client.result("textDocument/completion", TestClient.at("notes/zk.md", 1, 13)))
        #expect(typed.contains("health") && !typed.contains("he"), "\(typed)")
    }

    @Test func frontMatterKeysAndValues() throws {
        let client = TestClient()
        let text = "---\ntitle: Swim\ncu\nevery: \nstatus: p\narea: \nkind: \ngoal: \"[[run\n---\n# Swim\n"
        _ = client.open("habits/swim.md", text: text)
        let keys = Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 2, 2)))
        #expect(keys == ["cue"])
        #expect(Self.item(client.result("textDocument/completion", TestClient.at("habits/swim.md", 2, 2)), "cue")?["textEdit"]["newText"] == "cue: ")
        let every = Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 3, 7)))
        #expect(every.contains("day") && every.contains("3/week") && every.contains("every 3 days"))
        #expect(Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 4, 9))) == ["paused"])
        let areas = Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 5, 6)))
        #expect(areas.contains("health") && areas.contains("learning") && !areas.contains("read"))
        #expect(Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 6, 6))) == ["build", "quit"])
        let goals = Self.labels(client.result("textDocument/completion", TestClient.at("habits/swim.md", 7, 12)))
        #expect(goals.first.map { ["run-5k", "run-10-minutes", "run-20-minutes"].contains($0) } == true, "goals first: \(goals)")
        // The settings file: themes and appearances.
        _ = client.open(".brain/config.yml", text: "theme: \nappearance: \n")
        #expect(Self.labels(client.result("textDocument/completion", TestClient.at(".brain/config.yml", 0, 7))) == ["ember", "ocean", "forest", "aurora", "sand"])
        #expect(Self.labels(client.result("textDocument/completion", TestClient.at(".brain/config.yml", 1, 12))) == ["light", "dark", "auto"])
    }

    // MARK: Navigation

    @Test func definitionReferencesAndSymbols() throws {
        let client = TestClient()
        let path = "notes/how-i-use-brain.md"
        let document = client.open(path)
        let line = try #require((0..<document.lineCount).first { document.line($0).contains("[[run-5k#Plan]]") })
        let column = document.line(line).utf16.count - document.line(line).components(separatedBy: "[[run-5k#Plan]]")[1].utf16.count - 5
        let definition = client.result("textDocument/definition", TestClient.at(path, line, column))
        #expect(definition[0]["uri"] == "file:///vault/goals/run-5k.md")
        let plan = client.server.workspace.index.record(atPath: "goals/run-5k.md")!.headings.first { $0.text == "Plan" }!
        #expect(definition[0]["range"]["start"] == TestClient.position(plan.line - 1, 0))
        // References on the link: the backlinks of run-5k.
        let references = client.result("textDocument/references", TestClient.at(path, line, column).merging(["context": ["includeDeclaration": false]]))
        let index = client.server.workspace.index
        #expect(references.array?.count == index.backlinks(of: index.index(ofPath: "goals/run-5k.md")!).count)
        #expect(references.array?.contains { $0["uri"] == "file:///vault/habits/run.md" } == true)
        // In front-matter, a bare id is a link too.
        _ = client.open("habits/swim.md", text: "---\narea: health\n---\n")
        #expect(client.result("textDocument/definition", TestClient.at("habits/swim.md", 1, 8))[0]["uri"] == "file:///vault/areas/health.md")
        // Symbols: the headings, nested.
        let symbols = client.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///vault/goals/run-5k.md"]])
        #expect(symbols[0]["name"] == "Run 5 km")
        #expect((symbols[0]["children"].array ?? []).compactMap { $0["name"].string }.starts(with: ["Why", "Plan", "Milestones"]))
        let found = client.result("workspace/symbol", ["query": "5 km"])
        #expect(found.array?.count == 1 && found[0]["location"]["uri"] == "file:///vault/goals/run-5k.md")
    }

    // MARK: Hover

    @Test func hoverShowsHabitAndGoalNumbers() throws {
        let client = TestClient()
        let document = client.open("daily/2026-11-22.md")
        let line = try #require((0..<document.lineCount).first { document.line($0) == "- [ ] [[read]]" })
        let habit = client.result("textDocument/hover", TestClient.at("daily/2026-11-22.md", line, 9))["contents"]["value"].string ?? ""
        #expect(habit.hasPrefix("**Read 20 pages** — habit `read`, every: day, target 20 pages"))
        #expect(habit.contains("streak 20 days since 2026-11-02 · best 20 days"))
        #expect(habit.contains("strength 89 %") && habit.contains("momentum 100 % on fire"))
        #expect(habit.contains("due today, not done yet"))
        _ = client.open("notes/zk.md", text: "# zk\n[[run-5k]] [[emergency-fund]] #insight\n")
        let goal = client.result("textDocument/hover", TestClient.at("notes/zk.md", 1, 3))["contents"]["value"].string ?? ""
        #expect(goal.hasPrefix("**Run 5 km** — goal `run-5k`, 54 % working, due 2026-12-31"))
        let fund = client.result("textDocument/hover", TestClient.at("notes/zk.md", 1, 15))["contents"]["value"].string ?? ""
        #expect(fund.contains("1,850 of 3,000 EUR") && fund.contains("pace: done 2027-02-09, 50 days early"))
        let tag = client.result("textDocument/hover", TestClient.at("notes/zk.md", 1, 38))["contents"]["value"].string ?? ""
        #expect(tag.hasPrefix("#insight: ") && tag.hasSuffix(" notes"))
    }

    // MARK: Rename

    @Test func renameIsTheRenameActionAsAnEdit() throws {
        let client = TestClient()
        let daily = client.open("daily/2026-11-22.md")
        let line = try #require((0..<daily.lineCount).first { daily.line($0).hasPrefix("- [ ] [[walk]]") })
        let prepared = client.result("textDocument/prepareRename", TestClient.at("daily/2026-11-22.md", line, 9))
        #expect(prepared["placeholder"] == .string(client.server.workspace.index.record(atPath: "habits/walk.md")!.title))
        let edit = client.result("textDocument/rename", TestClient.at("daily/2026-11-22.md", line, 9).merging(["newName": "Walk more"]))
        let changes = try #require(edit["documentChanges"].array)
        let rename = try #require(changes.first { $0["kind"] == "rename" })
        #expect(rename["oldUri"] == "file:///vault/habits/walk.md" && rename["newUri"] == "file:///vault/habits/walk-more.md")
        // The open buffer's edit carries its version; applying every edit gives what `brain rename` writes.
        let preview = try client.server.workspace.vault.preview(RenameNote(note: "walk", newTitle: "Walk more"))
        for change in changes where change["kind"].isNull {
            let uri = try #require(change["textDocument"]["uri"].string)
            let path = String(uri.dropFirst("file:///vault/".count))
            if path == "daily/2026-11-22.md" { #expect(change["textDocument"]["version"] == 1) }
            let before = TextDocument(uri: uri, version: 0, bytes: try #require(preview.before[path]))
            let destination = preview.result.changes.first { $0.from == path }?.path ?? path
            #expect(apply(change["edits"].array ?? [], to: before) == String(decoding: try #require(preview.after[destination]), as: UTF8.self), "\(path)")
        }
        #expect(changes.count == preview.result.changes.count + 1)
        #expect(client.request("textDocument/rename", TestClient.at("daily/2026-11-22.md", line, 9).merging(["newName": ""]))["error"]["code"] == .int(-32803))
    }

    // MARK: Code actions

    @Test func markDoneOnAnOpenFileIsAnEditOfTheBuffer() throws {
        let client = TestClient()
        let daily = client.open("daily/2026-11-22.md")
        let line = try #require((0..<daily.lineCount).first { daily.line($0) == "- [ ] [[read]]" })
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(daily.uri)],
                                                                "range": ["start": TestClient.position(line, 2), "end": TestClient.position(line, 2)],
                                                                "context": ["diagnostics": []]])
        let titles = (actions.array ?? []).compactMap { $0["title"].string }
        #expect(titles == ["Mark Read 20 pages done today", "Skip Read 20 pages today"], "read is on today's list already")
        let done = try #require(actions[0]["command"].object)
        let before = try client.fileSystem.read("/vault/daily/2026-11-22.md")
        let reply = client.request("workspace/executeCommand", ["command": done["command"]!, "arguments": done["arguments"]!])
        #expect(reply["result"]["dryRun"] == true)
        let applyEdit = try #require(client.received.last { $0["method"] == "workspace/applyEdit" })
        #expect(try client.fileSystem.read("/vault/daily/2026-11-22.md") == before, "the file is left to the editor")
        let edits = applyEdit["params"]["edit"]["documentChanges"][0]["edits"].array ?? []
        #expect(apply(edits, to: daily).contains("\n- [x] [[read]]\n"))
        client.server.handle(["jsonrpc": "2.0", "id": applyEdit["id"], "result": ["applied": true]])
        #expect(client.drain().isEmpty)
    }

    @Test func markDoneFromAHabitFileWritesTheDay() throws {
        let client = TestClient()
        let habit = client.open("habits/journal.md")
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(habit.uri)],
                                                                "range": ["start": TestClient.position(0, 0), "end": TestClient.position(0, 0)],
                                                                "context": ["diagnostics": []]])
        let titles = (actions.array ?? []).compactMap { $0["title"].string }
        #expect(titles.count == 3 && titles[2].hasPrefix("Add ") && titles[2].hasSuffix(" to today's habits"))
        let add = try #require(actions[2]["command"].object)
        let reply = client.request("workspace/executeCommand", ["command": add["command"]!, "arguments": add["arguments"]!])
        #expect(reply["result"]["dryRun"] == false)
        let text = String(decoding: try client.fileSystem.read("/vault/daily/2026-11-22.md"), as: UTF8.self)
        #expect(text.contains("- [ ] [[no-doomscrolling]]\n- [ ] [[journal]]\n"))
        #expect(client.received.contains { $0["method"] == "window/showMessage" })
        // The index follows: the next actions no longer offer to add it.
        let again = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(habit.uri)],
                                                              "range": ["start": TestClient.position(0, 0), "end": TestClient.position(0, 0)]])
        #expect((again.array ?? []).count == 2)
    }

    /// In a past day's file, the actions and the hover are about that day, not today.
    @Test func aPastDaysLineIsActedOnForItsDay() throws {
        let client = TestClient()
        let document = client.open("daily/2026-11-20.md")
        let line = try #require((0..<document.lineCount).first { document.line($0) == "- [ ] [[run]]" })
        let hover = client.result("textDocument/hover", TestClient.at("daily/2026-11-20.md", line, 9))["contents"]["value"].string ?? ""
        #expect(hover.hasSuffix("due on 2026-11-20, not done") || hover.hasSuffix("not due on 2026-11-20"), "\(hover)")
        #expect(!hover.contains("today"), "\(hover)")
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(document.uri)],
                                                                "range": ["start": TestClient.position(line, 0), "end": TestClient.position(line, 0)],
                                                                "context": ["diagnostics": []]])
        let titles = (actions.array ?? []).compactMap { $0["title"].string }
        #expect(titles.count == 2 && titles[0].hasSuffix(" done on 2026-11-20") && titles[1].hasSuffix(" on 2026-11-20"), "\(titles)")
        let done = try #require(actions[0]["command"].object)
        let before = try client.fileSystem.read("/vault/daily/2026-11-22.md")
        let reply = client.request("workspace/executeCommand", ["command": done["command"]!, "arguments": done["arguments"]!])
        #expect(reply["result"]["dryRun"] == true, "the open file is left to the editor")
        #expect(try client.fileSystem.read("/vault/daily/2026-11-22.md") == before, "today's file is not touched")
        let applyEdit = try #require(client.received.last { $0["method"] == "workspace/applyEdit" })
        #expect(applyEdit["params"]["edit"]["documentChanges"][0]["textDocument"]["uri"].string?.hasSuffix("/daily/2026-11-20.md") == true)
        let edits = applyEdit["params"]["edit"]["documentChanges"][0]["edits"].array ?? []
        #expect(apply(edits, to: document).contains("\n- [x] [[run]]\n"))
        client.server.handle(["jsonrpc": "2.0", "id": applyEdit["id"], "result": ["applied": true]])
        let future = client.request("workspace/executeCommand", ["command": done["command"]!, "arguments": [["habit": "run", "day": "2026-11-30"]]])
        #expect(future["error"]["code"] == -32602)
    }

    @Test func createNoteForABrokenLink() throws {
        let client = TestClient()
        let note = client.open("notes/zk.md", text: "# zk\nSee [[Swimming plan]].\n")
        let diagnostics = try #require(client.diagnostics("notes/zk.md"))
        let actions = client.result("textDocument/codeAction", ["textDocument": ["uri": .string(note.uri)],
                                                                "range": ["start": TestClient.position(1, 8), "end": TestClient.position(1, 8)],
                                                                "context": ["diagnostics": .array(diagnostics), "only": ["quickfix"]]])
        #expect(actions.array?.count == 1)
        #expect(actions[0]["title"] == "Create note \"Swimming plan\"" && actions[0]["diagnostics"].array?.count == 1)
        let command = try #require(actions[0]["command"].object)
        let reply = client.request("workspace/executeCommand", ["command": command["command"]!, "arguments": command["arguments"]!])
        #expect(reply["result"]["created"] == ["notes/swimming-plan.md"])
        #expect(client.fileSystem.exists("/vault/notes/swimming-plan.md"))
        #expect(client.diagnostics("notes/zk.md") == [], "the link now resolves")
    }

    @Test func clientsWithoutFileOperationsGetAClearError() throws {
        let client = TestClient(capabilities: ["workspace": ["applyEdit": true]])
        _ = client.open("notes/zk.md")
        let reply = client.request("textDocument/rename", TestClient.at("notes/zk.md", 0, 0).merging(["newName": "Zed"]))
        #expect(reply["error"]["message"].string?.hasPrefix("the editor cannot rename notes/zk.md to notes/zed.md through an edit") == true)
        // Plain edits use `changes` for such a client.
        let daily = client.open("daily/2026-11-22.md")
        let line = try #require((0..<daily.lineCount).first { daily.line($0) == "- [ ] [[read]]" })
        _ = client.request("workspace/executeCommand", ["command": "brain.skip", "arguments": [["habit": "read"]]])
        let applyEdit = try #require(client.received.last { $0["method"] == "workspace/applyEdit" })
        let edits = try #require(applyEdit["params"]["edit"]["changes"][daily.uri].array)
        #expect(apply(edits, to: daily).components(separatedBy: "\n")[line] == "- [-] [[read]]")
    }
}

extension JSON {
    /// An object with `other`'s members added.
    func merging(_ other: JSON) -> JSON {
        guard var members = object, let extra = other.object else { return self }
        for (key, value) in extra { members[key] = value }
        return .object(members)
    }
}
