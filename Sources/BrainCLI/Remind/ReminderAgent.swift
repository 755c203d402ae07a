/// What `brain remind install` writes: a systemd user service and timer that run `brain remind`
/// every five minutes (Linux), or a launchd agent that does (macOS).
struct ReminderAgent: Equatable {
    enum Platform: String { case systemd, launchd }

    /// The file's path under the home folder and its text.
    struct File: Equatable {
        var path: String
        var text: String
    }

    static let name = "brain-remind"
    static let label = "org.brain.remind"
    /// Seconds between runs.
    static let interval = 300

    var executable: String
    var vault: String

    /// The command a run executes: it waits for desktop answers a little less than the interval.
    var arguments: [String] { [executable, "--vault", vault, "remind", "--wait", String(ReminderAgent.interval - 60)] }

    func files(_ platform: Platform, home: String, configHome: String?) -> [File] {
        switch platform {
        case .systemd:
            let folder = (configHome ?? home + "/.config") + "/systemd/user"
            let service = """
                [Unit]
                Description=Brain reminders for \(ReminderAgent.specifiers(vault))

                [Service]
                Type=oneshot
                ExecStart=\(arguments.map(ReminderAgent.systemdQuoted).joined(separator: " "))

                """
            let timer = """
                [Unit]
                Description=Brain reminders every \(ReminderAgent.interval / 60) minutes

                [Timer]
                OnCalendar=*:0/\(ReminderAgent.interval / 60)
                AccuracySec=30s
                Unit=\(ReminderAgent.name).service

                [Install]
                WantedBy=timers.target

                """
            return [File(path: folder + "/\(ReminderAgent.name).service", text: service),
                    File(path: folder + "/\(ReminderAgent.name).timer", text: timer)]
        case .launchd:
            let strings = arguments.map { "        <string>\(ReminderAgent.xmlEscaped($0))</string>" }.joined(separator: "\n")
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    <key>Label</key>
                    <string>\(ReminderAgent.label)</string>
                    <key>ProgramArguments</key>
                    <array>
                \(strings)
                    </array>
                    <key>StartInterval</key>
                    <integer>\(ReminderAgent.interval)</integer>
                    <key>RunAtLoad</key>
                    <true/>
                </dict>
                </plist>

                """
            return [File(path: home + "/Library/LaunchAgents/\(ReminderAgent.label).plist", text: plist)]
        }
    }

    /// How to start what was written, and how to remove it.
    func instructions(_ platform: Platform, files: [File]) -> (start: [String], remove: [String]) {
        let paths = files.map { NewCommand.shellQuoted($0.path) }.joined(separator: " ")
        switch platform {
        case .systemd:
            return (["systemctl --user daemon-reload", "systemctl --user enable --now \(ReminderAgent.name).timer"],
                    ["systemctl --user disable --now \(ReminderAgent.name).timer", "rm \(paths)", "systemctl --user daemon-reload"])
        case .launchd:
            return (["launchctl load -w \(paths)"], ["launchctl unload -w \(paths)", "rm \(paths)"])
        }
    }

    /// A word of `ExecStart=`: double-quoted, with `\`, `"` escaped and `%` doubled (a specifier).
    static func systemdQuoted(_ word: String) -> String {
        "\"" + specifiers(word).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func specifiers(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%")
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
