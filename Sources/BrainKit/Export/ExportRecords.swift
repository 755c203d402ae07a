/// The records of `brain export` (schema version 1, docs/EXPORT.md): one per habit, goal, area,
/// note, check-in and habit entry. Every file record carries the file's exact `text`, from which
/// `brain import json` rebuilds the file byte for byte; the other fields are read from it for
/// spreadsheets and scripts.
public enum ExportRecord {
    public struct Habit: Codable, Sendable, Hashable {
        public var path: String
        public var id: String
        public var title: String
        public var aliases: [String]
        @Nullable public var area: String?
        public var goals: [String]
        public var every: String
        @Nullable public var target: Double?
        @Nullable public var unit: String?
        public var kind: String
        @Nullable public var cue: String?
        @Nullable public var stack: String?
        @Nullable public var after: String?
        @Nullable public var remind: String?
        @Nullable public var auto: Auto?
        public var status: String
        public var paused: [String]
        @Nullable public var archived: Day?
        @Nullable public var created: Day?
        public var tags: [String]
        public var pinned: Bool
        public var weight: Double
        public var frontMatter: YAMLMap
        public var body: String
        public var text: String
    }

    public struct Auto: Codable, Sendable, Hashable {
        public var source: String
        public var metric: String
        @Nullable public var atLeast: Double?
        @Nullable public var atMost: Double?
    }

    public struct Goal: Codable, Sendable, Hashable {
        public var path: String
        public var id: String
        public var title: String
        public var aliases: [String]
        public var status: String
        @Nullable public var area: String?
        @Nullable public var parent: String?
        @Nullable public var start: Day?
        @Nullable public var due: Day?
        @Nullable public var target: Double?
        @Nullable public var current: Double?
        @Nullable public var unit: String?
        public var habits: [String]
        public var milestones: [Milestone]
        @Nullable public var created: Day?
        public var tags: [String]
        public var pinned: Bool
        public var frontMatter: YAMLMap
        public var body: String
        public var text: String
    }

    public struct Milestone: Codable, Sendable, Hashable {
        public var text: String
        /// `open`, `done` or `skipped` (cancelled).
        public var state: String
    }

    public struct Area: Codable, Sendable, Hashable {
        public var path: String
        public var id: String
        public var title: String
        public var aliases: [String]
        public var weight: Double
        @Nullable public var identity: String?
        @Nullable public var color: String?
        @Nullable public var icon: String?
        @Nullable public var created: Day?
        public var tags: [String]
        public var pinned: Bool
        public var frontMatter: YAMLMap
        public var body: String
        public var text: String
    }

    public struct Note: Codable, Sendable, Hashable {
        public var path: String
        public var id: String
        public var title: String
        public var aliases: [String]
        public var type: String
        @Nullable public var url: String?
        @Nullable public var source: String?
        @Nullable public var created: Day?
        public var tags: [String]
        public var pinned: Bool
        public var frontMatter: YAMLMap
        public var body: String
        public var text: String
    }

    public struct CheckIn: Codable, Sendable, Hashable {
        public var date: Day
        public var path: String
        @Nullable public var mood: Int?
        @Nullable public var energy: Int?
        @Nullable public var eveningMood: Int?
        public var rest: Bool
        @Nullable public var restReason: String?
        public var intentions: [String]
        @Nullable public var reflection: String?
        public var tags: [String]
        public var frontMatter: YAMLMap
        public var body: String
        public var text: String
    }

    /// One habit's line on one day (the line that counts), or a rest day (`habit` null, state `rest`).
    public struct Entry: Codable, Sendable, Hashable {
        public var date: Day
        @Nullable public var habit: String?
        /// `done`, `skipped`, `open` or `rest`.
        public var state: String
        @Nullable public var value: Double?
        @Nullable public var unit: String?
        @Nullable public var note: String?
        /// The auto-tracking source named in the note (`(auto: health ≥ 8000)` → `health`).
        @Nullable public var auto: String?
        public var path: String
        @Nullable public var line: Int?
    }

    /// A template of the vault (`templates/…`): kept so an import rebuilds it.
    public struct Template: Codable, Sendable, Hashable {
        public var path: String
        public var text: String
    }
}
