import Foundation

/// Settings from `.brain/config.yml`; every key is optional.
public struct VaultConfig: Hashable, Sendable {
    /// Folder names of the layout, vault-relative.
    public struct Folders: Hashable, Sendable {
        public var areas = "areas"
        public var habits = "habits"
        public var goals = "goals"
        public var notes = "notes"
        public var daily = "daily"
        public var templates = "templates"

        public init() {}
    }

    public var folders = Folders()
    public var weekStart: Weekday = .monday
    /// Minutes after midnight at which a new day starts (`day-starts-at: "04:00"` is 240).
    public var dayStartsAt = 240
    /// The colour theme of the terminal and the report (`theme:`; an old name reads as its new one).
    public var theme = Theme.standard
    /// Light, dark, or `auto` to follow the reader (`appearance:`).
    public var appearance = Appearance.auto
    public var locale = "en"
    /// Files `brain track` reads without `--source`: source name → paths as written (relative to
    /// the vault, absolute, or under `~/`).
    public var track: [String: [String]] = [:]
    /// The owner's e-mail addresses (`me:`), as calendars name attendees: an event one of them
    /// declined does not count for `brain track`.
    package var me: [String] = []
    /// Problems found reading the file, with the key they concern.
    public var issues: [(key: String, message: String)] = []
    /// The vault's name where it is shown (the report's title); nil: the folder's name.
    package var title: String?
    /// The zone whose midnight (plus `dayStartsAt`) starts the vault's days, wherever `brain`
    /// runs (`time-zone:`, an IANA name); nil: the machine's.
    package var timeZone: TimeZone?
    /// The check-in reminders, the daily nudge and the notifiers (`remind:`, `notify:`).
    package var reminders = ReminderSettings()

    public init() {}

    package static let knownKeys = ["folders", "week-start", "day-starts-at", "theme", "appearance", "locale", "time-zone", "title", "remind", "notify", "track", "me"]

    /// Reads settings from parsed YAML, keeping defaults where a value is missing or wrong.
    public init(_ map: YAMLMap) {
        if let folders = map["folders"] {
            if let folderMap = folders.map {
                for entry in folderMap {
                    guard let name = entry.value.string, !name.isEmpty,
                          let safe = try? VaultPaths.normalize(name), !safe.isEmpty,
                          !safe.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                        issues.append(("folders", "folder \(entry.key) must be a relative folder inside the vault, not a hidden one"))
                        continue
                    }
                    switch entry.key {
                    case "areas": self.folders.areas = safe
                    case "habits": self.folders.habits = safe
                    case "goals": self.folders.goals = safe
                    case "notes": self.folders.notes = safe
                    case "daily": self.folders.daily = safe
                    case "templates": self.folders.templates = safe
                    default: issues.append(("folders", "unknown folder \(entry.key)"))
                    }
                }
            } else if !folders.isNull {
                issues.append(("folders", "folders must be a map of folder names"))
            }
        }
        if let value = map["week-start"], !value.isNull {
            if let name = value.string, let weekday = Weekday(name: name) {
                weekStart = weekday
            } else {
                issues.append(("week-start", "week-start must be a weekday name such as monday or sunday"))
            }
        }
        if let value = map["day-starts-at"], !value.isNull {
            if let minutes = VaultConfig.minutes(value) {
                dayStartsAt = minutes
            } else {
                issues.append(("day-starts-at", "day-starts-at must be a time HH:MM between 00:00 and 23:59"))
            }
        }
        if let value = map["theme"], !value.isNull {
            let names = Theme.allCases.map(\.rawValue).joined(separator: ", ")
            if let name = value.string, let found = Theme.named(name) {
                theme = found.theme
                if let old = found.renamedFrom {
                    issues.append(("theme", "theme \(old) is now called \(found.theme.rawValue); it still works, but write theme: \(found.theme.rawValue)"))
                }
            } else {
                issues.append(("theme", "theme must be one of \(names)"))
            }
        }
        if let value = map["appearance"], !value.isNull {
            if let name = value.string?.lowercased(), let found = Appearance(rawValue: name) {
                appearance = found
            } else {
                issues.append(("appearance", "appearance must be light, dark or auto"))
            }
        }
        if let value = map["locale"]?.string { locale = value }
        if let value = map["time-zone"], !value.isNull {
            if let name = value.string, let zone = VaultConfig.zone(named: name) {
                timeZone = zone
            } else {
                issues.append(("time-zone", "time-zone is an IANA zone name such as Europe/Berlin or America/New_York, not \(value.string.map { "\"\($0)\"" } ?? "that")"))
            }
        }
        if let value = map["title"], !value.isNull {
            if let text = value.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty, !text.contains(where: \.isNewline) {
                title = text
            } else {
                issues.append(("title", "title is one line of text: the vault's name in the report"))
            }
        }
        reminders = ReminderSettings(remind: map["remind"], notify: map["notify"], issues: &issues)
        if let value = map["track"], !value.isNull { readTrack(value) }
        if let value = map["me"], !value.isNull {
            if value.map == nil, let addresses = value.stringList, !addresses.isEmpty,
               addresses.allSatisfy({ $0.contains("@") && !$0.contains(" ") }) {
                me = addresses
            } else {
                issues.append(("me", "me must be an e-mail address or a list of them, e.g. me: [jo@example.com]"))
            }
        }
        for key in map.keys where !VaultConfig.knownKeys.contains(key) {
            issues.append((key, "unknown setting \(key)"))
        }
    }

    /// `"04:00"` → 240. YAML 1.1 would read `04:00` unquoted as a sexagesimal number; we accept
    /// the string form and, leniently, an integer hour.
    /// The zone of an IANA name (`Europe/Berlin`, `UTC`); nil for a name the time-zone database
    /// does not have (an abbreviation such as `PST`, a typo).
    package static func zone(named name: String) -> TimeZone? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard ["UTC", "GMT"].contains(trimmed) || TimeZone.knownTimeZoneIdentifiers.contains(trimmed) else { return nil }
        return TimeZone(identifier: trimmed)
    }

    package static func minutes(_ value: YAMLValue) -> Int? {
        if case .int(let hour) = value, (0..<24).contains(hour) { return hour * 60 }
        guard let text = value.string else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes), parts[1].count == 2 else { return nil }
        return hours * 60 + minutes
    }

    public static func == (lhs: VaultConfig, rhs: VaultConfig) -> Bool {
        lhs.folders == rhs.folders && lhs.weekStart == rhs.weekStart && lhs.dayStartsAt == rhs.dayStartsAt
            && lhs.theme == rhs.theme && lhs.appearance == rhs.appearance && lhs.locale == rhs.locale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(folders)
        hasher.combine(weekStart)
        hasher.combine(dayStartsAt)
    }

    /// `track: {health: export.zip, calendar: [gym.ics, work.ics]}`.
    private mutating func readTrack(_ value: YAMLValue) {
        guard let sources = value.map else {
            issues.append(("track", "track must be a map of source names to files, e.g. health: ~/export.zip"))
            return
        }
        for entry in sources {
            guard let source = TrackingSources.named(entry.key) else {
                issues.append(("track", "track: unknown source \(entry.key); expected \(TrackingSources.names.joined(separator: ", "))"))
                continue
            }
            guard entry.value.map == nil, let paths = entry.value.stringList, !paths.isEmpty, !paths.contains(where: \.isEmpty) else {
                issues.append(("track", "track: \(entry.key) must be a file or a list of files"))
                continue
            }
            track[source.name, default: []] += paths
        }
    }
}
