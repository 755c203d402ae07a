import BrainKit

/// The parsed command line of one command.
struct Arguments {
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// An integer option, with a usage error naming the option when it is not one.
    func int(_ name: String, in range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.map({ $0.contains(number) }) ?? true else {
            if let range { throw CLIError.usage("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"") }
            throw CLIError.usage("--\(name) takes a whole number, not \"\(text)\"")
        }
        return number
    }

    /// Options shared by every command.
    static let globalOptions: [CommandSpec.Option] = [
        .value("vault", "PATH", "the vault folder (default: $BRAIN_VAULT, else the nearest folder with .brain/)", completion: .files),
        .flag("no-color", "never colour the output (NO_COLOR is honoured too)"),
        .value("theme", "THEME", "colours for this run (default: the vault's theme:)",
               choices: Theme.allCases.map(\.rawValue)),
        .flag("help", short: "h", "show help for this command"),
    ]

    /// Parses `words` against a command's spec. Unknown options get a did-you-mean.
    static func parse(_ words: [String], spec: CommandSpec) throws -> Arguments {
        var result = Arguments()
        let options = spec.options + globalOptions
        var index = 0
        var onlyPositionals = false
        func option(named name: String) throws -> CommandSpec.Option {
            if let found = options.first(where: { $0.name == name }) { return found }
            var message = "unknown option --\(name) for brain \(spec.name)"
            if let suggestion = Suggestion.closest(to: name, in: options.map(\.name)) {
                message += "; did you mean --\(suggestion)?"
            }
            throw CLIError.usage(message + " (see brain help \(spec.name))")
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") || isNumber(word) {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if word.hasPrefix("--") {
                name = String(word.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let letters = Array(word.dropFirst())
                guard letters.count == 1, let found = options.first(where: { $0.short == letters[0] }) else {
                    var message = "unknown option \(word) for brain \(spec.name)"
                    if letters.count > 1, let suggestion = Suggestion.closest(to: String(letters), in: options.map(\.name)) {
                        message += "; did you mean --\(suggestion)?"
                    }
                    throw CLIError.usage(message + " (see brain help \(spec.name))")
                }
                name = found.name
            }
            let spec = try option(named: name)
            if spec.value == nil {
                if inlineValue != nil { throw CLIError.usage("--\(name) takes no value") }
                result.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < words.count else { throw CLIError.usage("--\(name) needs a value (\(spec.value!))") }
                value = words[index]
                index += 1
            }
            if !spec.choices.isEmpty, !spec.choices.contains(value) {
                var message = "--\(name) takes one of \(spec.choices.joined(separator: ", ")), not \"\(value)\""
                if let suggestion = Suggestion.closest(to: value, in: spec.choices) { message += "; did you mean \(suggestion)?" }
                throw CLIError.usage(message)
            }
            if spec.repeatable {
                result.values[name, default: []].append(value)
            } else {
                result.values[name] = [value]
            }
        }
        if result.flags.contains("help") { return result }
        let required = spec.positionals.filter { !$0.optional }.count
        if result.positionals.count < required {
            let missing = spec.positionals[result.positionals.count]
            throw CLIError.usage("brain \(spec.name) needs \(missing.name): \(missing.help)\nusage: \(spec.usage)")
        }
        let variadic = spec.positionals.last?.variadic ?? false
        if !variadic, result.positionals.count > spec.positionals.count {
            let extra = result.positionals[spec.positionals.count]
            throw CLIError.usage("unexpected argument \"\(extra)\" for brain \(spec.name)\nusage: \(spec.usage)")
        }
        for (index, positional) in spec.positionals.enumerated() where !positional.choices.isEmpty && index < result.positionals.count {
            let value = result.positionals[index]
            if !positional.choices.contains(value) {
                var message = "\(positional.name) must be one of \(positional.choices.joined(separator: ", ")), not \"\(value)\""
                if let suggestion = Suggestion.closest(to: value, in: positional.choices) { message += "; did you mean \(suggestion)?" }
                throw CLIError.usage(message)
            }
        }
        return result
    }

    /// `-3` is a value (a day offset), not an option.
    private static func isNumber(_ word: String) -> Bool {
        word.count > 1 && word.dropFirst().first?.isNumber == true && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
    }
}
