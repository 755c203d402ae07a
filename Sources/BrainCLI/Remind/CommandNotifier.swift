import BrainKit
import BrainServer
import Foundation

/// Any command (`notify: {command: "apprise -t {title} -b {body} mailto://…"}`), so Apprise's
/// services and every script work. The line is split into words as a shell would (quotes and
/// backslashes) but never run by one: `{title}`, `{body}`, `{habit}`, `{day}`, `{done}` and
/// `{skip}` (the answer links) are replaced inside their word, so no text of a note can become
/// a word or a command of its own.
struct CommandNotifier: Notifier {
    var name: String { "command" }
    var line: String
    var environment: [String: String]
    var directory: String

    /// The words of `line`; nil when a quote is left open.
    static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { current.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true; inWord = true
            case "\"", "'": quote = character; inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }

    /// The words with the note's placeholders filled in.
    static func arguments(_ line: String, _ note: ReminderNote) -> [String]? {
        let values = ["{title}": note.title, "{body}": note.body, "{habit}": note.habit ?? "", "{day}": note.day.description,
                      "{done}": note.doneURL ?? "", "{skip}": note.skipURL ?? ""]
        return words(line)?.map { word in
            var word = word
            for (placeholder, value) in values where word.contains(placeholder) {
                word = word.replacingOccurrences(of: placeholder, with: value)
            }
            return word
        }
    }

    func send(_ note: ReminderNote, answered: @escaping @Sendable (ReminderAnswer.Answer?) -> Void) throws -> Bool {
        guard let arguments = CommandNotifier.arguments(line, note), let program = arguments.first else {
            throw NotifyFailure(description: "notify: command has a quote left open: \(line)")
        }
        guard let path = FoundationProcessRunner().find(program, environment: environment) else {
            throw NotifyFailure(description: "notify: command \(program) is not installed or not in PATH")
        }
        let output: ProcessOutput
        do {
            output = try FoundationProcessRunner().run(path, Array(arguments.dropFirst()), in: directory, environment: environment)
        } catch {
            throw NotifyFailure(description: "could not run \(program): \(error)")
        }
        guard output.status == 0 else {
            let said = output.stderrText.split(whereSeparator: \.isNewline).last.map { ": " + $0 } ?? ""
            throw NotifyFailure(description: "\(program) exited with status \(output.status)\(said)")
        }
        return false
    }
}
