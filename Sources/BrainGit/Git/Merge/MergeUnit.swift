import BrainFormat
import BrainStore

/// What the merge compares and moves as one piece: a line, or a top-level front-matter key with
/// every line of its value.
package struct MergeUnit: Hashable, Sendable {
    package enum Key: Hashable, Sendable {
        /// A line matched by its bytes.
        case text([UInt8])
        /// A habit line of a daily file, matched by habit (lower-cased) and occurrence in the file,
        /// so a line whose state changed is the same line changed, not another one.
        case habit(String, Int)
        /// A top-level front-matter key.
        case yaml(String)
    }

    package var key: Key
    package var lines: [MergeLine]
    /// The parsed line, for habit lines.
    package var habit: HabitLine?
    /// The value, for front-matter keys.
    package var value: YAMLValue?

    package init(key: Key, lines: [MergeLine], habit: HabitLine? = nil, value: YAMLValue? = nil) {
        self.key = key
        self.lines = lines
        self.habit = habit
        self.value = value
    }

    /// A plain line, matched by its bytes.
    package init(line: MergeLine) {
        self.init(key: .text(line.content), lines: [line])
    }

    /// The bytes of the lines without their endings: what "changed" means.
    package var contents: [[UInt8]] { lines.map(\.content) }

    package func sameContent(as other: MergeUnit) -> Bool {
        lines.count == other.lines.count && zip(lines, other.lines).allSatisfy { $0.content == $1.content }
    }

    /// Units that may appear only once in a file: one line per habit, one value per key.
    package var identity: String? {
        switch key {
        case .text: return nil
        case .habit(let habit, _): return "habit:" + habit
        case .yaml(let name): return "key:" + name
        }
    }

    /// The habit or key a conflict is about, for messages.
    package var subject: String? {
        switch key {
        case .text: return nil
        case .habit: return habit?.habit
        case .yaml(let name): return name
        }
    }
}

/// Where a piece of the merged file came from.
package enum MergeOrigin: Hashable, Sendable {
    /// Unchanged on both sides.
    case base
    /// Changed or added on one side only.
    case ours, theirs
    /// The same change on both sides, or both changes combined.
    case both
}

/// A part of the merged file: a unit taken or combined, or a conflict left for the person.
package enum MergePiece: Hashable, Sendable {
    case unit(MergeUnit, MergeOrigin)
    case conflict(ConflictHunk)
}

/// Both sides' lines of a region they changed in different ways, and why they could not be combined.
package struct ConflictHunk: Hashable, Sendable {
    package var ours: [MergeLine]
    package var theirs: [MergeLine]
    package var reason: String
}

/// How the two sides are named in conflict markers and messages.
///
/// A label comes from outside the file (git, a remote's name, `--ours-label`) and is written after
/// `<<<<<<<` and `>>>>>>>`: a line break in it would end the marker early and put the rest on a
/// line of its own — a forged check-off. So each label is kept to one line of printable characters.
package struct MergeLabels: Hashable, Sendable {
    package private(set) var ours: String
    package private(set) var theirs: String

    package init(ours: String = "ours", theirs: String = "theirs") {
        self.ours = MergeLabels.oneLine(ours) ?? "ours"
        self.theirs = MergeLabels.oneLine(theirs) ?? "theirs"
    }

    /// `text` on one line of printable characters: each run of control characters (line breaks,
    /// tabs, escapes, NUL, NEL) and line or paragraph separators becomes one space, and spaces at
    /// the ends are dropped. Nil when nothing is left.
    package static func oneLine(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var inBreak = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                if !inBreak { scalars.append(" ") }
                inBreak = true
            default:
                scalars.append(scalar)
                inBreak = false
            }
        }
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return nil }
        return String(scalars[first...last])
    }
}
