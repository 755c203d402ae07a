import BrainFormat
import BrainAnalytics

/// Creates a habit, goal, area or note from a template (the vault's own, else the built-in one);
/// never overwrites. A goal template (`template: "run-5k"`) also creates its subgoals and
/// suggested habits; a suggested habit whose file exists is kept and listed in the goal's habits.
public struct CreateNote: VaultAction {
    /// Which kind of file to make.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case habit, goal, area, note, reflection, insight, link

        /// The kind of file it makes: reflections, insights and links are notes.
        package var noteKind: NoteKind {
            switch self {
            case .habit: .habit
            case .goal: .goal
            case .area: .area
            case .note, .reflection, .insight, .link: .note
            }
        }
    }

    public var kind: Kind
    public var title: String
    /// The day of `created:` and the `{{date}}` placeholder.
    public var today: Day
    public var tags: [String] = []
    /// Habits and goals: a life area (id, title or alias; an unknown one is written as given, with a warning).
    public var area: String?
    /// Habits: the frequency as written (`3/week`).
    public var every: String?
    /// Habits and goals.
    public var target: Double?
    public var unit: String?
    /// Habits: build or quit.
    public var habitKind: Habit.Kind?
    /// Habits: the cue, the stack, the habit or anchor it follows, the reminder time (HH:MM), the goal it serves.
    public var cue: String?
    public var stack: String?
    public var after: String?
    public var remind: String?
    public var goal: String?
    /// Habits: the day history starts (`created:`), for backfilling; default today.
    public var created: Day?
    /// Links: the address.
    public var url: String?
    /// Goals: the parent goal, its deadline, and a goal template.
    public var parent: String?
    public var due: Day?
    public var template: String?

    public init(kind: Kind, title: String, today: Day) {
        self.kind = kind
        self.title = title
        self.today = today
    }

    public var name: String { "new" }

    /// The files made, those kept because they existed, and notes for the person.
    public struct Outcome: Codable, Sendable, Hashable {
        /// The files written, the main one first.
        public var created: [String]
        /// Files that already existed and were kept (`habits/run.md`).
        public var kept: [String]
        /// What a person should know about the files written (`kept habits/run.md (exists); …`).
        public var notes: [String]
    }

    /// The kinds of file an option is for: those the schema gives its key (`--area` writes the
    /// `area:` key habits, goals and notes have), and goals for `--template`, which names a goal
    /// template. An option given for another kind is refused, not silently ignored.
    package static func kinds(for field: String) -> Set<Kind> {
        if field == "template" { return [.goal] }
        let noteKinds = VaultSchema.keys.filter { $0.name == field }.reduce(into: Set<NoteKind>()) { $0.formUnion($1.kinds) }
        return Set(Kind.allCases.filter { noteKinds.contains($0.noteKind) })
    }

    private var givenFields: Set<String> {
        var given: Set<String> = []
        if after != nil { given.insert("after") }
        if area != nil { given.insert("area") }
        if created != nil { given.insert("created") }
        if cue != nil { given.insert("cue") }
        if due != nil { given.insert("due") }
        if every != nil { given.insert("every") }
        if goal != nil { given.insert("goal") }
        if habitKind != nil { given.insert("kind") }
        if parent != nil { given.insert("parent") }
        if remind != nil { given.insert("remind") }
        if stack != nil { given.insert("stack") }
        if target != nil { given.insert("target") }
        if template != nil { given.insert("template") }
        if unit != nil { given.insert("unit") }
        if url != nil { given.insert("url") }
        return given
    }

    /// A file to write.
    private struct Planned {
        package var path: String
        package var document: Document
    }

    public func plan(_ transaction: VaultTransaction) throws(ActionError) -> Outcome {
        let title = self.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw ActionError(.invalidArgument, "a new \(kind.rawValue) needs a title") }
        // The title becomes a `# heading` line and the address a `<url>` line of the body; every
        // value is one line, so a line break could only forge a line (a milestone, a check-off).
        try LineText.check(title, as: "title")
        let fields: [(String, String?)] = [("area", area), ("every", every), ("unit", unit), ("cue", cue), ("stack", stack),
                                           ("after", after), ("remind", remind), ("goal", goal), ("url", url),
                                           ("parent", parent), ("template", template)]
        for (field, value) in fields { if let value { try LineText.check(value, as: "--\(field) value") } }
        for tag in tags { try LineText.check(tag, as: "tag") }
        let given = givenFields
        for field in given.sorted() {
            let kinds = CreateNote.kinds(for: field)
            guard !kinds.contains(kind) else { continue }
            var names = Set(kinds.map { $0.noteKind.rawValue + "s" }).sorted()
            let last = names.removeLast()
            let list = names.isEmpty ? last : names.joined(separator: ", ") + " and " + last
            throw ActionError(.invalidArgument, "--\(field) is for \(list), not \(kind.rawValue)s")
        }
        let vault = transaction.vault
        let library = TemplateLibrary(vault: vault)
        var values = TemplateValues(title: title, date: today, tags: CreateNote.tags(tags))
        if let text = every {
            do { values.every = try Frequency(parsing: text) } catch {
                throw ActionError(.invalidArgument, "--every: \(error.message)")
            }
        }
        if let remind, !Habit.isClockTime(remind) {
            throw ActionError(.invalidArgument, "--remind takes a time HH:MM, not \"\(remind)\"")
        }
        if let target, !target.isFinite || target < 0 || target > FieldReader.maximumNumber {
            throw ActionError(.invalidArgument, "--target must be a number from 0 to 10^12")
        }
        values.due = due
        let folders = vault.config.folders
        let folder: String
        switch kind {
        case .habit: folder = folders.habits
        case .goal: folder = folders.goals
        case .area: folder = folders.areas
        default: folder = folders.notes
        }
        guard !values.id.isEmpty else { throw ActionError(VaultError.unsafeName(title)) }
        let path = folder + "/" + values.id + ".md"
        if let twin = transaction.twin(of: path) {
            throw ActionError(.exists, "\(NameKey.shown(twin)) already exists and differs from \(path) only by Unicode normalisation or letter case (choose another title)", path: path)
        }
        if try transaction.exists(path) {
            throw ActionError(.exists, "\(path) already exists; not overwriting it (choose another title)", path: path)
        }
        let template: TemplateLibrary.Template
        if let name = self.template {
            let found: TemplateLibrary.Template?
            do { found = try library.template(named: "goals/" + name) } catch { throw ActionError(error) }
            guard let found else {
                var message = "no goal template named \"\(name)\""
                let names = library.goalTemplateNames()
                if let suggestion = Suggestion.closest(to: name, in: names) { message += "; did you mean \(suggestion)?" }
                throw ActionError(.invalidArgument, message + " (templates: \(names.joined(separator: ", ")))")
            }
            template = found
        } else {
            template = try CreateNote.template(kind.rawValue, library)
        }

        values.url = url
        let index = transaction.index
        if let parent {
            values.parent = index.records[try index.note(named: parent, kind: .goal)].stem
        }
        if let area {
            values.area = CreateNote.areaID(area, index: index, transaction: transaction)
        } else if let parent = values.parent,
                  let parentArea = transaction.journal.goals.first(where: { $0.id.lowercased() == parent.lowercased() })?.area {
            // A subgoal lives in its parent's area unless told otherwise.
            values.area = CreateNote.areaID(parentArea, index: index, transaction: transaction)
        }
        var main = render(template, values: values, transaction)
        if let target { main.set("target", to: CreateNote.number(target)) }
        if let unit { main.set("unit", to: .string(unit)) }
        if let habitKind { main.set("kind", to: .string(habitKind.rawValue)) }
        // Explicit options win over what a template hard-codes (a goal template's `area: health`).
        if let area = values.area { main.set("area", to: .string(area)) }
        if let every = values.value(of: "every") { main.set("every", to: every) }
        if let url = values.value(of: "url") { main.set("url", to: url) }
        if let due = values.due { main.set("due", to: .date(due)) }
        if let parent = values.value(of: "parent") { main.set("parent", to: parent) }
        if let cue { main.set("cue", to: .string(cue)) }
        if let stack { main.set("stack", to: .string(stack)) }
        if let after {
            // A habit it follows is a link; anything else is a stack anchor (`wake-up`), kept as written.
            if let habit = try? transaction.journal.habit(named: after) {
                main.set("after", to: .string("[[\(habit.id)]]"))
            } else {
                main.set("after", to: .string(after))
            }
        }
        if let remind { main.set("remind", to: .string(remind)) }
        if let goal {
            main.set("goal", to: .string("[[\(index.records[try index.note(named: goal, kind: .goal)].stem)]]"))
        }
        CreateNote.mergeTags(values.tags, into: &main)
        main.set("created", to: .date(created ?? today))

        var planned = [Planned(path: path, document: main)]
        var notes: [String] = []
        var kept: [String] = []
        if self.template != nil {
            let plan = GoalTemplatePlan(main.frontMatter)
            if !plan.problems.isEmpty {
                let origin = template.displayName
                throw ActionError(.invalidArgument, "\(origin): " + plan.problems.joined(separator: "\n\(origin): "))
            }
            for key in GoalTemplatePlan.keys { planned[0].document.remove(key) }
            try expand(plan, goal: values.id, area: planned[0].document.frontMatter["area"]?.string,
                       library: library, transaction: transaction, planned: &planned, notes: &notes, kept: &kept)
        }
        for file in planned { try transaction.create(file.document.text, at: file.path) }
        return Outcome(created: planned.map(\.path), kept: kept, notes: notes)
    }

    /// Adds the subgoal and habit files of a goal template to `planned`.
    private func expand(_ plan: GoalTemplatePlan, goal: String, area: String?, library: TemplateLibrary,
                        transaction: VaultTransaction, planned: inout [Planned], notes: inout [String],
                        kept keptPaths: inout [String]) throws(ActionError) {
        let folders = transaction.vault.config.folders
        func taken(_ path: String) throws(ActionError) -> Bool {
            try transaction.exists(path) || planned.contains { $0.path.lowercased() == path.lowercased() }
        }
        for subgoal in plan.subgoals {
            var id = Slug.make(subgoal.title)
            var path = folders.goals + "/" + id + ".md"
            var suffix = 2
            while try taken(path) {
                id = Slug.make(subgoal.title) + "-\(suffix)"
                path = folders.goals + "/" + id + ".md"
                suffix += 1
            }
            if suffix > 2 { notes.append("\(path): a file named \(Slug.make(subgoal.title)).md exists, so the subgoal got a suffix") }
            let values = TemplateValues(title: subgoal.title, id: id, date: today, area: area,
                                        due: subgoal.dueIn.map { today.adding(days: $0) }, parent: goal)
            var document = render(try CreateNote.template("goal", library), values: values, transaction)
            if let target = subgoal.target { document.set("target", to: target) }
            if let unit = subgoal.unit { document.set("unit", to: .string(unit)) }
            document.set("parent", to: .string("[[\(goal)]]"))
            document.set("created", to: .date(today))
            planned.append(Planned(path: path, document: document))
        }
        var kept: [String] = []
        let index = transaction.index
        for habit in plan.habits {
            let id = Slug.make(habit.title)
            let path = folders.habits + "/" + id + ".md"
            if planned.contains(where: { $0.path == path }) || kept.contains(id) { continue }
            let existing = index.records.first { $0.kind == .habit && $0.stem.lowercased() == id.lowercased() }
            let onDisk = try transaction.exists(path)
            if existing != nil || onDisk {
                let stem = existing?.stem ?? id
                kept.append(stem)
                keptPaths.append(existing?.path ?? path)
                notes.append("kept \(existing?.path ?? path) (exists); listed in the goal's habits")
                continue
            }
            let values = TemplateValues(title: habit.title, date: today, area: area, every: habit.every)
            var document = render(try CreateNote.template("habit", library), values: values, transaction)
            if document.frontMatter["every"] == nil, let every = values.value(of: "every") { document.set("every", to: every) }
            document.set("goal", to: .string("[[\(goal)]]"))
            if let target = habit.target { document.set("target", to: target) }
            if let unit = habit.unit { document.set("unit", to: .string(unit)) }
            if let kind = habit.kind { document.set("kind", to: .string(kind)) }
            if let cue = habit.cue { document.set("cue", to: .string(cue)) }
            document.set("created", to: .date(today))
            planned.append(Planned(path: path, document: document))
        }
        if !kept.isEmpty {
            var links = planned[0].document.frontMatter["habits"]?.list ?? []
            links += kept.map { .string("[[\($0)]]") }
            planned[0].document.set("habits", to: .list(links))
        }
    }

    /// The vault's or the built-in template `name`; every kind has a built-in one.
    package static func template(_ name: String, _ library: TemplateLibrary) throws(ActionError) -> TemplateLibrary.Template {
        let found: TemplateLibrary.Template?
        do { found = try library.template(named: name) } catch { throw ActionError(error) }
        guard let found else { throw ActionError(.notFound, "no template named \"\(name)\"") }
        return found
    }

    /// Renders a template; its diagnostics (unknown placeholders) become warnings in the
    /// compiler's format, so editors can jump to the template.
    private func render(_ template: TemplateLibrary.Template, values: TemplateValues, _ transaction: VaultTransaction) -> Document {
        let result = TemplateRenderer.render(template.text, values: values)
        for diagnostic in result.diagnostics {
            transaction.notices.append(diagnostic.in(template.displayName).description)
        }
        return result.document
    }

    /// `["a", "b, #c"]` → `[a, b, c]`: split on commas and spaces, leading `#` dropped, no repeats.
    package static func tags(_ options: [String]) -> [String] {
        var result: [String] = []
        for option in options {
            for part in option.split(whereSeparator: { $0 == "," || $0 == " " }) {
                let tag = String(part.drop { $0 == "#" })
                if !tag.isEmpty, !result.contains(where: { $0.lowercased() == tag.lowercased() }) { result.append(tag) }
            }
        }
        return result
    }

    package static func mergeTags(_ tags: [String], into document: inout Document) {
        guard !tags.isEmpty else { return }
        var merged = document.frontMatter["tags"]?.stringList ?? []
        for tag in tags where !merged.contains(where: { $0.lowercased() == tag.lowercased() }) { merged.append(tag) }
        if document.frontMatter["tags"] != .list(merged.map(YAMLValue.string)) {
            document.set("tags", to: .list(merged.map(YAMLValue.string)))
        }
    }

    /// A whole number as an integer (`20`, not `20.0`).
    package static func number(_ value: Double) -> YAMLValue {
        if value == value.rounded(), abs(value) < 1e15 { return .int(Int(value)) }
        return .double(value)
    }

    /// The id of the area `name` means (by id, title or alias); an unknown area is kept as written, with a warning.
    package static func areaID(_ name: String, index: VaultIndex, transaction: VaultTransaction) -> String {
        let matches = index.find(name).filter { index.records[$0].kind == .area }
        if matches.count == 1 { return index.records[matches[0]].stem }
        let areas = index.records.filter { $0.kind == .area }.map(\.stem)
        var message = matches.isEmpty ? "no area named \"\(name)\"" : "\"\(name)\" names several areas"
        if matches.isEmpty, let suggestion = Suggestion.closest(to: name, in: areas) { message += " (did you mean \(suggestion)?)" }
        transaction.warnings.append(message + "; writing it as given")
        return name
    }
}
