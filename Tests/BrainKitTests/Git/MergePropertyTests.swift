import Foundation
import Testing
@testable import BrainKit
@testable import BrainFormat
@testable import BrainAnalytics
@testable import BrainStore
@testable import BrainInterchange
@testable import BrainGit

/// Random daily files, edited on two sides the way `brain` and a person edit them (check-offs,
/// front-matter keys, intentions, reflection lines and words), merged: every edit that does not
/// collide with the other side's survives, and a collision (done against skipped) is a conflict that
/// holds both lines. `BRAIN_PROPERTY_SEED=N` replays a run; a failure names its seed and case.
@Suite struct MergePropertyTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["BRAIN_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 20_261_122
    static let cases = 300

    static let habits = ["read", "run", "walk", "meditate", "journal", "guitar", "spanish", "stretch"]
    static let keys = ["mood", "energy", "evening-mood", "weather", "rest-reason"]
    static let words = ["slow", "start", "good", "afternoon", "early", "night", "rain", "tea", "team", "walk",
                        "quiet", "long", "call", "with", "mum", "the", "river", "book", "garden", "late"]

    enum Owner { case none, ours, theirs }

    /// One side's edits and what it made of each thing it owns.
    struct Side {
        var document: Document
        var intentions: [String] = []
    }

    @Test func everyNonConflictingEditSurvives() {
        for index in 0..<Self.cases {
            var random = DemoRandom(seed: Self.seed, stream: 12, index: index)
            if let failure = Self.check(&random, collide: false) {
                Issue.record("case \(index) of seed \(Self.seed) (BRAIN_PROPERTY_SEED=\(Self.seed) replays it): \(failure)")
                return
            }
        }
    }

    @Test func aCollidingCheckIsAConflictHoldingBothLines() {
        for index in 0..<(Self.cases / 3) {
            var random = DemoRandom(seed: Self.seed, stream: 13, index: index)
            if let failure = Self.check(&random, collide: true) {
                Issue.record("case \(index) of seed \(Self.seed) (BRAIN_PROPERTY_SEED=\(Self.seed) replays it): \(failure)")
                return
            }
        }
    }

    // MARK: - One case

    /// Generates a day, edits it on both sides, merges, and returns what went wrong, if anything.
    static func check(_ random: inout DemoRandom, collide: Bool) -> String? {
        let crlf = random.chance(0.3)
        let base = generate(&random, crlf: crlf)
        var ours = Side(document: Document(text: base))
        var theirs = Side(document: Document(text: base))
        let baseDocument = Document(text: base)

        // Reflection lines first, while the sides' line numbers are still the base's: each rewritten by
        // one side, and one line edited word by word on both.
        let reflection = reflectionLines(baseDocument)
        var expectedLines: [String] = reflection.map { String(baseDocument.lines[$0]) }
        var sharedDone = false
        for (position, index) in reflection.enumerated() {
            let text = String(baseDocument.lines[index])
            var wordsOfLine = text.split(separator: " ").map(String.init)
            if !sharedDone && wordsOfLine.count >= 3 && random.chance(0.5) {
                sharedDone = true
                let first = random.index(wordsOfLine.count)
                var second = random.index(wordsOfLine.count)
                if second == first { second = (first + 1) % wordsOfLine.count }
                var a = wordsOfLine, b = wordsOfLine
                a[first] = "OURS" + a[first]
                b[second] = "THEIRS" + b[second]
                ours.document.replaceLine(index + 1, with: a.joined(separator: " "))
                theirs.document.replaceLine(index + 1, with: b.joined(separator: " "))
                wordsOfLine[first] = a[first]
                wordsOfLine[second] = b[second]
                expectedLines[position] = wordsOfLine.joined(separator: " ")
                continue
            }
            switch pickOwner(&random) {
            case .none: break
            case .ours:
                let edited = text + " and " + random.pick(words)
                ours.document.replaceLine(index + 1, with: edited)
                expectedLines[position] = edited
            case .theirs:
                let edited = random.pick(words) + ", " + text
                theirs.document.replaceLine(index + 1, with: edited)
                expectedLines[position] = edited
            }
        }
        // Habits: each owned by one side, or none.
        var expectedHabits: [String: HabitLine?] = [:]
        var collided: String?
        for habit in habits {
            let value = Habit(id: habit, title: habit)
            let owner = pickOwner(&random)
            let before = DailyEditor.currentLine(of: value, in: baseDocument)
            expectedHabits[habit] = before
            // The collision: done on one side, skipped on the other, from a line that was neither.
            if collide && collided == nil && owner != .none && (before == nil || before?.state == .open) {
                collided = habit
                DailyEditor.apply(.done(value: nil, add: false, note: nil), to: &ours.document, habit: value)
                DailyEditor.apply(.skip(reason: "tired"), to: &theirs.document, habit: value)
                continue
            }
            guard owner != .none else { continue }
            let change = randomChange(&random, before: before)
            if owner == .ours {
                DailyEditor.apply(change, to: &ours.document, habit: value)
                expectedHabits[habit] = DailyEditor.currentLine(of: value, in: ours.document)
            } else {
                DailyEditor.apply(change, to: &theirs.document, habit: value)
                expectedHabits[habit] = DailyEditor.currentLine(of: value, in: theirs.document)
            }
        }

        // Front-matter keys.
        var expectedKeys: [String: YAMLValue?] = [:]
        for key in keys {
            expectedKeys[key] = baseDocument.frontMatter[key]
            let owner = pickOwner(&random)
            guard owner != .none else { continue }
            let value: YAMLValue? = random.chance(0.15) ? nil : (key.hasSuffix("reason") || key == "weather")
                ? .string(random.pick(words)) : .int(random.int(1...5))
            if owner == .ours { apply(value, key, &ours.document) } else { apply(value, key, &theirs.document) }
            expectedKeys[key] = value
        }

        // Intentions: both sides may add, sometimes the same one.
        let shared = random.chance(0.25) ? ["shared intention " + random.pick(words)] : []
        for (side, name) in [(0, "ours"), (1, "theirs")] {
            let count = random.int(0...2)
            let items = (0..<count).map { "\(name) intention \($0) \(random.pick(words))" } + shared
            if side == 0 {
                DailyEditor.appendIntentions(items, to: &ours.document)
                ours.intentions = items
            } else {
                DailyEditor.appendIntentions(items, to: &theirs.document)
                theirs.intentions = items
            }
        }

        // A new reflection line from one side.
        if random.chance(0.4) {
            let text = "Added on " + (random.chance(0.5) ? "ours" : "theirs") + " " + random.pick(words)
            if text.contains("ours") { DailyEditor.appendReflection(text, to: &ours.document) } else {
                DailyEditor.appendReflection(text, to: &theirs.document)
            }
            expectedLines.append(text)
        }

        // Merge.
        let outcome = VaultMerge.merge(base: Array(base.utf8), ours: Array(ours.document.text.utf8),
                                       theirs: Array(theirs.document.text.utf8), kind: .daily)
        let text = String(decoding: outcome.bytes, as: UTF8.self)
        let context = "\n--- base\n\(base)\n--- ours\n\(ours.document.text)\n--- theirs\n\(theirs.document.text)\n--- merged\n\(text)"

        if let collided {
            guard outcome.conflicts.count == 1, let conflict = outcome.conflicts.first else {
                return "expected one conflict on \(collided), got \(outcome.conflicts.map(\.reason))\(context)"
            }
            guard conflict.ours.contains(where: { $0.contains("[x] [[\(collided)]]") }),
                  conflict.theirs.contains(where: { $0.contains("[-] [[\(collided)]]") }) else {
                return "the conflict lacks a side's line for \(collided)\(context)"
            }
            expectedHabits[collided] = nil
        } else if !outcome.isClean {
            return "conflicts \(outcome.conflicts.map(\.reason))\(context)"
        }
        if crlf && text.replacingOccurrences(of: "\r\n", with: "").contains("\n") {
            return "a line lost its CRLF\(context)"
        }
        // Outside the one conflict, the merged file is read as a day.
        let clean = Document(text: collided == nil ? text : withoutConflict(text))
        let lines = DailyEditor.habitLines(in: clean)
        for habit in habits where habit != collided {
            let found = lines.filter { $0.habitKey == habit }
            guard let expected = expectedHabits[habit] ?? nil else {
                if !found.isEmpty { return "\(habit) has a line no side wrote\(context)" }
                continue
            }
            guard found.count == 1, let line = found.first else { return "\(habit) has \(found.count) lines\(context)" }
            if line.state != expected.state || line.value != expected.value || line.note != expected.note {
                return "\(habit): \(line.rendered), expected \(expected.rendered)\(context)"
            }
        }
        for key in keys {
            let expected = expectedKeys[key] ?? nil
            if clean.frontMatter[key] != expected {
                return "\(key): \(String(describing: clean.frontMatter[key])), expected \(String(describing: expected))\(context)"
            }
        }
        let merged = Set(clean.lines.map(String.init))
        let baseItems = baseDocument.lines.filter { $0.hasPrefix("- base intention") }.map { String($0.dropFirst(2)) }
        for item in Set(ours.intentions + theirs.intentions + baseItems) {
            let count = clean.lines.filter { $0 == "- " + item }.count
            if count != 1 { return "intention \"\(item)\" is there \(count) times\(context)" }
        }
        for line in expectedLines where !merged.contains(line) {
            return "reflection line \"\(line)\" is missing\(context)"
        }
        // One side alone gives that side, byte for byte.
        let alone = VaultMerge.merge(base: Array(base.utf8), ours: Array(ours.document.text.utf8), theirs: Array(base.utf8), kind: .daily)
        if alone.bytes != Array(ours.document.text.utf8) { return "merging with an unchanged side changed ours\(context)" }
        let same = VaultMerge.merge(base: Array(base.utf8), ours: Array(theirs.document.text.utf8),
                                    theirs: Array(theirs.document.text.utf8), kind: .daily)
        if same.bytes != Array(theirs.document.text.utf8) { return "merging a side with itself changed it\(context)" }
        return nil
    }

    // MARK: - Generating

    static func generate(_ random: inout DemoRandom, crlf: Bool) -> String {
        var lines = ["---", "date: 2026-11-22"]
        for key in keys where random.chance(0.5) {
            lines.append(random.chance(0.5) ? "\(key):" : "\(key): \(key.hasSuffix("reason") || key == "weather" ? random.pick(words) : String(random.int(1...5)))")
        }
        lines.append("---")
        lines.append("## Intentions")
        let intentions = random.int(0...3)
        if intentions == 0 { lines.append("- ") }
        for index in 0..<intentions { lines.append("- base intention \(index) \(random.pick(words))") }
        lines.append("")
        lines.append("## Habits")
        for habit in habits where random.chance(0.5) {
            let state: TaskItem.State = random.pick([.open, .done, .skipped])
            let value: Double? = state != .skipped && random.chance(0.3) ? Double(random.int(1...40)) : nil
            let note: String? = random.chance(0.2) ? random.pick(words) + " " + random.pick(words) : nil
            lines.append(HabitLine.render(habit: habit, state: state, value: value, unit: value == nil ? nil : "minutes", note: note))
        }
        lines.append("")
        lines.append("## Reflection")
        for index in 0..<random.int(0...5) {
            lines.append("Line \(index): " + (0..<random.int(2...8)).map { _ in random.pick(words) }.joined(separator: " "))
        }
        return lines.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
    }

    static func pickOwner(_ random: inout DemoRandom) -> Owner {
        random.pick([.none, .ours, .theirs])
    }

    static func randomChange(_ random: inout DemoRandom, before: HabitLine?) -> HabitChange {
        switch random.int(0...3) {
        case 0: return .done(value: nil, add: false, note: nil)
        case 1: return .done(value: Double(random.int(1...60)), add: false, note: random.chance(0.3) ? random.pick(words) : nil)
        case 2: return .skip(reason: random.chance(0.5) ? random.pick(words) : nil)
        default: return before == nil ? .done(value: nil, add: false, note: "late") : .undo
        }
    }

    static func apply(_ value: YAMLValue?, _ key: String, _ document: inout Document) {
        if let value { document.set(key, to: value) } else { document.remove(key) }
    }

    /// 0-based lines of prose under `## Reflection`.
    static func reflectionLines(_ document: Document) -> [Int] {
        let lines = document.lines
        guard let heading = lines.firstIndex(of: "## Reflection") else { return [] }
        return ((heading + 1)..<lines.count).filter { !lines[$0].isEmpty }
    }

    /// The text with the conflict block replaced by nothing, to read the rest as a day.
    static func withoutConflict(_ text: String) -> String {
        var kept: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bare = line.hasSuffix("\r") ? line.dropLast() : line
            if bare.hasPrefix("<<<<<<< ") { inside = true; continue }
            if bare.hasPrefix(">>>>>>> ") { inside = false; continue }
            if !inside { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }
}
