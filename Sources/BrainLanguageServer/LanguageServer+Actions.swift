import BrainJSONRPC
import BrainFormat
import BrainAnalytics
import BrainStore

/// Rename, code actions and the commands they run: each is one of BrainKit's actions, planned as
/// a dry run over the vault as the editor shows it and handed to the editor as a `WorkspaceEdit`
/// (`RenameNote`, and any action touching an open buffer), or, when no open buffer holds the
/// files it changes, written as `brain` writes them.
extension LanguageServer {
    /// The commands code actions run (`workspace/executeCommand`).
    enum Command: String, CaseIterable {
        /// Marks a habit done on a day (`brain done HABIT --date DAY`; `{"habit", "day"?}`, today by default).
        case done = "brain.done"
        /// Marks a habit skipped on a day (`brain skip HABIT --date DAY`).
        case skip = "brain.skip"
        /// Adds an open line for a habit to a day's file (today's by default).
        case addToToday = "brain.addToToday"
        /// Creates the note a broken link names (`brain new note TITLE`).
        case createNote = "brain.createNote"
    }

    // MARK: Rename

    /// The note a rename at this place renames: the one the link under the cursor points to, else
    /// the document's own.
    private func renameTarget(_ params: JSON) throws -> (note: Int, span: Range<Int>?, document: TextDocument)? {
        guard let (path, document) = try document(params) else { return nil }
        let offset = document.offset(of: try position(params), encoding)
        if let pointer = pointer(at: offset, path: path, document: document) {
            guard let note = pointer.resolution.note else { return nil }
            return (note, pointer.span, document)
        }
        guard let own = workspace.record(path) else { return nil }
        return (own, nil, document)
    }

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (note, span, document) = try renameTarget(params) else { return .null }
        let range: TextRange
        if let span {
            range = TextRange(start: document.position(of: span.lowerBound, encoding), end: document.position(of: span.upperBound, encoding))
        } else {
            // The word under the cursor stands for the note itself.
            let offset = document.offset(of: try position(params), encoding)
            let line = document.lineRange(document.position(of: offset, .utf8).line)
            var start = offset, end = offset
            while start > line.lowerBound && document.bytes[start - 1] != UInt8(ascii: " ") { start -= 1 }
            while end < line.upperBound && document.bytes[end] != UInt8(ascii: " ") { end += 1 }
            range = TextRange(start: document.position(of: start, encoding), end: document.position(of: end, encoding))
        }
        return ["range": range.json, "placeholder": .string(workspace.index.records[note].title)]
    }

    /// `RenameNote` with the new name as the new title: the file takes its slug, as `brain rename`
    /// does, and every link to it is rewritten.
    func rename(_ params: JSON) throws -> JSON {
        guard let newName = params["newName"].string else { throw Failure(.invalidParams, "newName is missing") }
        guard let (note, _, _) = try renameTarget(params) else {
            throw Failure(.requestFailed, "nothing to rename here: put the cursor on a link to a note, or in a note of the vault")
        }
        let preview = try plan(RenameNote(note: workspace.index.records[note].path, newTitle: newName))
        return try edit(preview)
    }

    // MARK: Code actions

    func codeActions(_ params: JSON) throws -> JSON {
        guard let (path, document) = try document(params) else { return [] }
        guard let range = TextRange(params["range"]) else { throw Failure(.invalidParams, "range is missing") }
        let offset = document.offset(of: range.start, encoding)
        var actions: [JSON] = []
        let pointer = self.pointer(at: offset, path: path, document: document)
        // The habit: the one a link points to, the one a daily file's line names, this habit file's.
        var habit: String?
        if let note = pointer?.resolution.note, workspace.index.records[note].kind == .habit {
            habit = workspace.index.records[note].stem
        } else if pointer == nil, let position = workspace.record(path) {
            let record = workspace.index.records[position]
            if record.kind == .daily, let line = record.habitLines.first(where: { $0.line == range.start.line + 1 }) {
                habit = workspace.index.habitID(of: line, in: position)
            } else if record.kind == .habit {
                habit = record.stem
            }
        }
        if let id = habit, let found = workspace.journal.habit(id) {
            // In a daily file the actions are about its day; elsewhere about today.
            let day = fileDay(path) ?? self.today
            let when = day == self.today ? "today" : "on \(day)"
            let line = workspace.journal.checkIn(on: day)?.habitLines.last { $0.habit.lowercased() == id.lowercased() }
            func action(_ title: String, _ command: Command) -> JSON {
                ["title": .string(title), "kind": "refactor.rewrite",
                 "command": ["title": .string(title), "command": .string(command.rawValue),
                             "arguments": [["habit": .string(found.id), "day": .string(day.description)]]]]
            }
            if line?.state != .done { actions.append(action("Mark \(found.title) done \(when)", .done)) }
            if line?.state != .skipped { actions.append(action("Skip \(found.title) \(when)", .skip)) }
            if line == nil { actions.append(action("Add \(found.title) to \(day == self.today ? "today's habits" : "the habits of \(day)")", .addToToday)) }
        }
        if let pointer, pointer.resolution == .missing, pointer.link?.kind != .url {
            let (kind, title) = newNote(for: pointer.target)
            let lines = document.position(of: pointer.span.lowerBound, .utf8).line
            let related = (params["context"]["diagnostics"].array ?? []).filter { Position($0["range"]["start"])?.line == lines }
            let name = "Create \(kind.rawValue) \"\(title)\""
            actions.append(["title": .string(name), "kind": "quickfix", "diagnostics": .array(related), "isPreferred": true,
                            "command": ["title": .string(name), "command": .string(Command.createNote.rawValue),
                                        "arguments": [["title": .string(title), "kind": .string(kind.rawValue)]]]])
        }
        if let only = params["context"]["only"].array?.compactMap(\.string), !only.isEmpty {
            actions = actions.filter { action in
                let kind = action["kind"].string ?? ""
                return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
            }
        }
        return .array(actions)
    }

    /// The kind and title of the note a broken link asks for: a habit, goal or area when the
    /// target starts with that folder (`[[goals/run-10k]]`), else a note; the title is the name.
    private func newNote(for target: String) -> (CreateNote.Kind, String) {
        let folders = workspace.vault.config.folders
        var name = Substring(target)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.lowercased().hasSuffix(".md") { name = name.dropLast(3) }
        let title = String(name).trimming(" \t")
        switch workspace.vault.kind(of: target.hasSuffix(".md") ? target : target + ".md") {
        case .habit where target.hasPrefix(folders.habits + "/"): return (.habit, title)
        case .goal: return (.goal, title)
        case .area: return (.area, title)
        default: return (.note, title)
        }
    }

    // MARK: Commands

    func executeCommand(_ params: JSON) throws -> JSON {
        guard let name = params["command"].string else { throw Failure(.invalidParams, "command is missing") }
        guard let command = Command(rawValue: name) else { throw Failure(.invalidParams, "brain lsp has no command \(name)") }
        let argument = params["arguments"][0]
        let today = self.today
        switch command {
        case .done, .skip, .addToToday:
            guard let habit = argument["habit"].string else { throw Failure(.invalidParams, "\(name) needs {\"habit\": ID}") }
            // The day of the line acted on (a daily file's); today when not given.
            var day = today
            if let text = argument["day"].string {
                guard let given = Day(text), given <= today else {
                    throw Failure(.invalidParams, "\(name): \"day\" must be a day YYYY-MM-DD that has begun")
                }
                day = given
            }
            let when = day == today ? "today" : "on \(day)"
            let change: HabitChange = command == .done ? .done() : command == .skip ? .skip() : .open
            let label = command == .done ? "mark \(habit) done \(when)" : command == .skip ? "skip \(habit) \(when)"
                : "add \(habit) to \(day == today ? "today's habits" : "the habits of \(day)")"
            return try carryOut(LogHabit(habit: habit, change: change, day: day, today: today), label: label)
        case .createNote:
            guard let title = argument["title"].string else { throw Failure(.invalidParams, "\(name) needs {\"title\": TEXT}") }
            let kind = argument["kind"].string.flatMap(CreateNote.Kind.init(rawValue:)) ?? .note
            return try carryOut(CreateNote(kind: kind, title: title, today: today), label: "create \(kind.rawValue) \"\(title)\"",
                                show: true)
        }
    }

    /// Runs an action: as a `workspace/applyEdit` when an open buffer holds one of the files it
    /// changes (the editor's text is never overwritten under it), else written to disk. Replies
    /// with the action's result, as `brain … --json` prints it.
    private func carryOut<Action: VaultAction>(_ action: Action, label: String, show: Bool = false) throws -> JSON {
        let preview = try plan(action)
        let touched = Set(preview.before.keys).union(preview.after.keys)
        if preview.result.changes.isEmpty {
            showMessage(.info, "brain: \(label): nothing to change")
            return JSON.from(preview.result)
        }
        if touched.contains(where: { workspace.documents[$0] != nil }) {
            request("workspace/applyEdit", ["label": .string(label), "edit": try edit(preview)], purpose: label)
            return JSON.from(preview.result)
        }
        let result: ActionResult<Action.Outcome>
        do { result = try workspace.vault.perform(action) } catch { throw Failure(.requestFailed, error.message) }
        workspace.filesChanged(Array(touched))
        publishAll()
        let files = result.changes.map { "\($0.kind.rawValue) \($0.path)" }.joined(separator: ", ")
        showMessage(.info, "brain: \(label): \(files)")
        for warning in result.warnings { showMessage(.warning, "brain: \(warning)") }
        if show, let created = result.changes.first(where: { $0.kind == .created }),
           clientCapabilities["window"]["showDocument"]["support"].bool == true {
            request("window/showDocument", ["uri": .string(workspace.uri(created.path)), "takeFocus": true], purpose: "showing \(created.path)")
        }
        return JSON.from(result)
    }

    /// The dry run of an action over the vault as the editor shows it.
    private func plan<Action: VaultAction>(_ action: Action) throws -> ActionPreview<Action.Outcome> {
        do { return try workspace.vault.preview(action) } catch { throw Failure(.requestFailed, error.message) }
    }

    private func edit<Outcome>(_ preview: ActionPreview<Outcome>) throws -> JSON {
        do {
            return try WorkspaceEdits(workspace: workspace, capabilities: clientCapabilities, encoding: encoding).edit(preview)
        } catch {
            guard case .fileOperations(let what) = error else { throw Failure(.internalError, "\(error)") }
            throw Failure(.requestFailed, "the editor cannot \(what) through an edit (it lists no such workspace.workspaceEdit.resourceOperations)")
        }
    }
}
