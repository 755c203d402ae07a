import BrainFormat
import BrainAnalytics
import BrainStore

/// The records of `brain export` (schema version 1, docs/EXPORT.md): one per habit, goal, area,
/// note, check-in and habit entry. Every file record carries the file's exact `text`, from which
/// `brain import json` rebuilds the file byte for byte; the other fields are read from it for
/// spreadsheets and scripts.
package enum ExportRecord {
    package struct Habit: Codable, Sendable, Hashable {
        package var path: String
        package var id: String
        package var title: String
        package var aliases: [String]
        @Nullable package var area: String?
        package var goals: [String]
        package var every: String
        @Nullable package var target: Double?
        @Nullable package var unit: String?
        package var kind: String
        @Nullable package var cue: String?
        @Nullable package var stack: String?
        @Nullable package var after: String?
        @Nullable package var remind: String?
        @Nullable package var auto: Auto?
        package var status: String
        package var paused: [String]
        @Nullable package var archived: Day?
        @Nullable package var created: Day?
        package var tags: [String]
        package var pinned: Bool
        package var weight: Double
        package var frontMatter: YAMLMap
        package var body: String
        package var text: String
    }

    package struct Auto: Codable, Sendable, Hashable {
        package var source: String
        package var metric: String
        @Nullable package var atLeast: Double?
        @Nullable package var atMost: Double?
        /// The pattern a calendar event's summary or a workout's type must match (`running|cycling`).
        @Nullable package var match: String?
        /// How a day's values make its value: `sum`, `max` or `min`.
        package var perDay: String
        /// Which origins count first where samples overlap (`[]`: a watch, then a phone).
        package var priority: [String]
    }

    package struct Goal: Codable, Sendable, Hashable {
        package var path: String
        package var id: String
        package var title: String
        package var aliases: [String]
        package var status: String
        @Nullable package var area: String?
        @Nullable package var parent: String?
        @Nullable package var start: Day?
        @Nullable package var due: Day?
        @Nullable package var target: Double?
        @Nullable package var current: Double?
        @Nullable package var unit: String?
        package var habits: [String]
        package var milestones: [Milestone]
        @Nullable package var created: Day?
        package var tags: [String]
        package var pinned: Bool
        package var frontMatter: YAMLMap
        package var body: String
        package var text: String
    }

    package struct Milestone: Codable, Sendable, Hashable {
        package var text: String
        /// `open`, `done` or `skipped` (cancelled).
        package var state: String
    }

    package struct Area: Codable, Sendable, Hashable {
        package var path: String
        package var id: String
        package var title: String
        package var aliases: [String]
        package var weight: Double
        @Nullable package var identity: String?
        @Nullable package var color: String?
        @Nullable package var icon: String?
        @Nullable package var created: Day?
        package var tags: [String]
        package var pinned: Bool
        package var frontMatter: YAMLMap
        package var body: String
        package var text: String
    }

    package struct Note: Codable, Sendable, Hashable {
        package var path: String
        package var id: String
        package var title: String
        package var aliases: [String]
        package var type: String
        @Nullable package var url: String?
        @Nullable package var source: String?
        @Nullable package var created: Day?
        package var tags: [String]
        package var pinned: Bool
        package var frontMatter: YAMLMap
        package var body: String
        package var text: String
    }

    package struct CheckIn: Codable, Sendable, Hashable {
        package var date: Day
        package var path: String
        @Nullable package var mood: Int?
        @Nullable package var energy: Int?
        @Nullable package var eveningMood: Int?
        package var rest: Bool
        @Nullable package var restReason: String?
        package var intentions: [String]
        @Nullable package var reflection: String?
        package var tags: [String]
        package var frontMatter: YAMLMap
        package var body: String
        package var text: String
    }

    /// One habit's line on one day (the line that counts), or a rest day (`habit` null, state `rest`).
    package struct Entry: Codable, Sendable, Hashable {
        package var date: Day
        @Nullable package var habit: String?
        /// `done`, `skipped`, `open` or `rest`.
        package var state: String
        @Nullable package var value: Double?
        @Nullable package var unit: String?
        @Nullable package var note: String?
        /// The auto-tracking source named in the note (`(auto: health ≥ 8000)` → `health`).
        @Nullable package var auto: String?
        package var path: String
        @Nullable package var line: Int?
    }

    /// A template of the vault (`templates/…`): kept so an import rebuilds it.
    package struct Template: Codable, Sendable, Hashable {
        package var path: String
        package var text: String
    }
}
