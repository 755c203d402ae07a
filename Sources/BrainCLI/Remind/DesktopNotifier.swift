import BrainKit
import BrainServer
import Foundation

/// The desktop: `notify-send` (libnotify) on Linux with Done and Skip actions, which the
/// notification server shows as buttons where it can (`--action`; `notify-send` then waits and
/// prints the one chosen); `osascript`'s `display notification` on macOS, which has no buttons.
struct DesktopNotifier: Notifier {
    var name: String { "desktop" }
    var environment: [String: String]
    /// How long a notification waits for an answer, in milliseconds (0: until it is closed).
    var expireMilliseconds: Int
    /// Where a notification that could not be shown is told (notify-send fails after it started:
    /// no notification server, no session bus).
    var log: @Sendable (String) -> Void = { _ in }

    func send(_ note: ReminderNote, answered: @escaping @Sendable (ReminderAnswer.Answer?) -> Void) throws -> Bool {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/osascript")
        process.arguments = ["-e", "on run argv", "-e", "display notification (item 2 of argv) with title (item 1 of argv)",
                             "-e", "end run", note.title, note.body]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch {
            throw NotifyFailure(description: "could not run osascript: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return false
        #else
        guard let path = FoundationProcessRunner().find("notify-send", environment: environment) else {
            throw NotifyFailure(description: "notify-send is not installed (Debian: apt install libnotify-bin)")
        }
        process.executableURL = URL(fileURLWithPath: path)
        var arguments = ["--app-name=brain", "--category=reminder"]
        if expireMilliseconds > 0 { arguments.append("--expire-time=\(expireMilliseconds)") }
        if note.habit != nil {
            // `default` is also the answer to a click on the notification itself.
            arguments += ["--action=default=Done", "--action=skip=Skip"]
        }
        process.arguments = arguments + ["--", note.title, note.body]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw NotifyFailure(description: "could not run \(process.executableURL?.path ?? "the notifier"): \(error.localizedDescription)")
        }
        guard note.habit != nil else {
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus != 0 { throw NotifyFailure(description: DesktopNotifier.failure(process, said)) }
            return false
        }
        // notify-send prints the chosen action's name when the person answers, then exits; it
        // is read on a thread of its own so several notifications wait side by side.
        let log = self.log
        Thread.detachNewThread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus != 0 { log("brain: reminder not shown: " + DesktopNotifier.failure(process, said)) }
            let chosen = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            switch chosen {
            case "default", "done": answered(.done)
            case "skip": answered(.skip)
            default: answered(nil)
            }
        }
        return true
        #endif
    }

    /// "notify-send exited with status 1: Cannot autolaunch D-Bus without X11 $DISPLAY".
    static func failure(_ process: Process, _ said: Data) -> String {
        let last = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).last.map { ": " + $0 } ?? ""
        return "\(process.executableURL?.lastPathComponent ?? "notify-send") exited with status \(process.terminationStatus)\(last)"
    }
}
