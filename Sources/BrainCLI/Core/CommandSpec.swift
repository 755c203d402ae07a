import BrainKit

/// What a command accepts, declared once: parsing, help, did-you-mean and completions all read it.
struct CommandSpec: Sendable {
    enum Completion: String, Sendable {
        case none, notes, habits, areas, goals, tags, kinds, days, files, values
    }

    struct Option: Sendable {
        var name: String
        var short: Character?
        /// nil for a flag; otherwise the value's placeholder in help (`N`, `EXPR`).
        var value: String?
        var help: String
        var repeatable = false
        var completion: Completion = .none
        /// Fixed choices, offered by completion and checked by the parser.
        var choices: [String] = []

        static func flag(_ name: String, short: Character? = nil, _ help: String) -> Option {
            Option(name: name, short: short, value: nil, help: help)
        }

        static func value(_ name: String, short: Character? = nil, _ placeholder: String, _ help: String,
                          repeatable: Bool = false, completion: Completion = .none, choices: [String] = []) -> Option {
            Option(name: name, short: short, value: placeholder, help: help, repeatable: repeatable,
                   completion: completion, choices: choices)
        }
    }

    struct Positional: Sendable {
        var name: String
        var help: String
        var optional = false
        /// Takes every remaining word (`brain new note My long title`).
        var variadic = false
        var completion: Completion = .none
        var choices: [String] = []
    }

    var name: String
    var aliases: [String] = []
    var summary: String
    var discussion: String = ""
    var positionals: [Positional] = []
    var options: [Option] = []
    var examples: [String] = []

    var usage: String {
        var parts = ["brain", name]
        for positional in positionals {
            var text = positional.name
            if positional.variadic { text += "…" }
            parts.append(positional.optional ? "[\(text)]" : text)
        }
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }
}
