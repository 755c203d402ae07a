import Foundation

/// The reminders of `.brain/config.yml` beside the habits' own `remind:` times: the check-in
/// reminders and the "fill in today" nudge (`remind: {morning: "07:30", evening: "21:30",
/// nudge: "20:00"}`), and where `brain remind` sends them (`notify:`).
package struct ReminderSettings: Hashable, Sendable {
    /// ntfy: an HTTP publish to a topic on the person's server or ntfy.sh.
    package struct Ntfy: Hashable, Sendable {
        /// `https://ntfy.sh`, or the person's own server.
        package var server = "https://ntfy.sh"
        package var topic: String
        /// 1 (min) to 5 (max); 3 is ntfy's default.
        package var priority = 3
        /// An access token for a protected topic (`Authorization: Bearer`), when set.
        package var token: String?
    }

    /// `morning`, `evening`: `HH:MM`.
    package var morning: String?
    package var evening: String?
    /// One daily "fill in today" nudge, sent when habits due today are still open.
    package var nudge: String?
    /// `notify: {desktop: true}`; nil when not written (then the desktop is the default).
    package var desktop: Bool?
    package var ntfy: Ntfy?
    /// `notify: {command: "apprise -t {title} -b {body} mailto://…"}`: words, each placeholder
    /// replaced within its word (never through a shell).
    package var command: String?
    /// `notify: {answer: "http://192.168.1.5:8080"}`: where `brain serve` answers the Done buttons
    /// of ntfy's notifications and the command's `{done}` link.
    package var answerURL: String?

    package init() {}

    /// Whether any notifier is named in `notify:`.
    package var hasNotifier: Bool { desktop == true || ntfy != nil || command != nil }

    /// Reads `remind:` (the check-in part) and `notify:`; problems by key.
    package init(remind: YAMLValue?, notify: YAMLValue?, issues: inout [(key: String, message: String)]) {
        if let remind, !remind.isNull {
            if let map = remind.map {
                for entry in map {
                    guard ["morning", "evening", "nudge"].contains(entry.key) else {
                        issues.append(("remind", "remind: unknown check-in \"\(entry.key)\"; expected morning, evening or nudge"))
                        continue
                    }
                    guard let text = entry.value.string.map(FieldReader.trimmed), Habit.isClockTime(text) else {
                        issues.append(("remind", "remind: \(entry.key) must be a time \"HH:MM\""))
                        continue
                    }
                    let time = Habit.canonicalTime(text)
                    switch entry.key {
                    case "morning": morning = time
                    case "evening": evening = time
                    default: nudge = time
                    }
                }
            } else {
                issues.append(("remind", "remind must be a map of check-in reminders: remind: {morning: \"07:30\", evening: \"21:30\"}"))
            }
        }
        guard let notify, !notify.isNull else { return }
        guard let map = notify.map else {
            issues.append(("notify", "notify must be a map, e.g. notify: {desktop: true, ntfy: {topic: my-habits}}"))
            return
        }
        for entry in map {
            switch entry.key {
            case "desktop":
                if case .bool(let on) = entry.value { desktop = on } else {
                    issues.append(("notify", "notify: desktop must be true or false"))
                }
            case "command":
                if let text = entry.value.string, !text.trimmingCharacters(in: .whitespaces).isEmpty { command = text } else {
                    issues.append(("notify", "notify: command must be a command line, e.g. apprise -t {title} -b {body} URL"))
                }
            case "answer":
                if let text = entry.value.string, text.hasPrefix("http://") || text.hasPrefix("https://") {
                    answerURL = String(text.reversed().drop { $0 == "/" }.reversed())
                } else {
                    issues.append(("notify", "notify: answer must be brain serve's address, e.g. http://192.168.1.5:8080"))
                }
            case "ntfy":
                readNtfy(entry.value, &issues)
            default:
                issues.append(("notify", "notify: unknown notifier \"\(entry.key)\"; expected desktop, ntfy, command or answer"))
            }
        }
    }

    private mutating func readNtfy(_ value: YAMLValue, _ issues: inout [(key: String, message: String)]) {
        // `ntfy: my-topic` is the topic on ntfy.sh.
        if let topic = value.string, value.map == nil {
            guard ReminderSettings.isTopic(topic) else {
                issues.append(("notify", "notify: ntfy topic is letters, digits, - and _ (at most 64)"))
                return
            }
            ntfy = Ntfy(topic: topic)
            return
        }
        guard let map = value.map, let topic = map["topic"]?.string, ReminderSettings.isTopic(topic) else {
            issues.append(("notify", "notify: ntfy needs a topic of letters, digits, - and _, e.g. ntfy: {topic: my-habits}"))
            return
        }
        var settings = Ntfy(topic: topic)
        if let server = map["server"]?.string {
            if server.hasPrefix("http://") || server.hasPrefix("https://") {
                settings.server = String(server.reversed().drop { $0 == "/" }.reversed())
            } else {
                issues.append(("notify", "notify: ntfy server must be an http:// or https:// address"))
            }
        }
        if let value = map["priority"], !value.isNull {
            let names = ["min": 1, "low": 2, "default": 3, "high": 4, "max": 5, "urgent": 5]
            if let number = value.int, (1...5).contains(number) { settings.priority = number } else if let name = value.string, let number = names[name] {
                settings.priority = number
            } else {
                issues.append(("notify", "notify: ntfy priority is 1 to 5 or min, low, default, high, max"))
            }
        }
        settings.token = map["token"]?.string
        ntfy = settings
    }

    private static func isTopic(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
    }
}
