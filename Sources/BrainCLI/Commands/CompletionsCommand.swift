import BrainKit

/// `brain completions bash|zsh|fish`: shell completion scripts generated from the command specs.
/// Note names, habits and tags come from the vault at completion time through `brain __complete`.
enum CompletionsCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "print a shell completion script (bash, zsh or fish)",
        discussion: """
        Install it once:
          bash:  brain completions bash > ~/.local/share/bash-completion/completions/brain
          zsh:   brain completions zsh > "${fpath[1]}/_brain"
          fish:  brain completions fish > ~/.config/fish/completions/brain.fish
        Commands and options complete from brain itself; note names, habits and tags from the vault.
        """,
        positionals: [.init(name: "SHELL", help: "the shell", choices: ["bash", "zsh", "fish"])],
        options: [.flag("json", "print JSON: the shell and the script")])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let shell = arguments.positional(0) ?? "bash"
        let script: String
        switch shell {
        case "bash": script = bash()
        case "zsh": script = zsh()
        default: script = fish()
        }
        if arguments.flag("json") { return try session.printJSON(CompletionScript(shell: shell, script: script)) }
        session.out(script)
        return ExitCode.success
    }

    private static var visible: [CommandSpec] { HelpCommand.listed }

    private static func words(_ spec: CommandSpec) -> [String] {
        (spec.options + Arguments.globalOptions).map { "--" + $0.name }
    }

    /// The `--theme` words.
    private static var themes: String { Theme.allCases.map(\.rawValue).joined(separator: " ") }

    /// What the argument at a position completes to, as a `brain __complete` kind or fixed words.
    private static func dynamic(_ completion: CommandSpec.Completion) -> String? {
        switch completion {
        case .notes: return "notes"
        case .habits: return "habits"
        case .areas: return "areas"
        case .goals: return "goals"
        case .days: return "days"
        case .tags: return "tags"
        case .kinds: return "kinds"
        default: return nil
        }
    }

    static func bash() -> String {
        var cases = ""
        for spec in visible {
            var optionCases = ""
            for option in spec.options + Arguments.globalOptions where option.value != nil {
                if !option.choices.isEmpty {
                    optionCases += "        --\(option.name)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return;;\n"
                } else if let kind = dynamic(option.completion) {
                    optionCases += "        --\(option.name)) COMPREPLY=($(compgen -W \"$(brain __complete \(kind) 2>/dev/null)\" -- \"$cur\")); return;;\n"
                } else if option.completion == .files {
                    optionCases += "        --\(option.name)) COMPREPLY=($(compgen -d -- \"$cur\")); return;;\n"
                } else {
                    optionCases += "        --\(option.name)) return;;\n"
                }
            }
            let positional = spec.positionals.first
            var positionalWords = "\"\""
            if let positional {
                if !positional.choices.isEmpty {
                    positionalWords = "\"\(positional.choices.joined(separator: " "))\""
                } else if let kind = dynamic(positional.completion) {
                    positionalWords = "\"$(brain __complete \(kind) 2>/dev/null)\""
                } else if positional.completion == .values && spec.name == "help" {
                    positionalWords = "\"\(visible.map(\.name).joined(separator: " "))\""
                }
            }
            cases += """
              \(([spec.name] + spec.aliases).joined(separator: "|")))
                case "$prev" in
            \(optionCases)    esac
                if [[ "$cur" == -* ]]; then
                  COMPREPLY=($(compgen -W "\(words(spec).joined(separator: " "))" -- "$cur"))
                else
                  local IFS=$'\\n'
                  COMPREPLY=($(compgen -W \(positionalWords) -- "$cur"))
                fi
                ;;

            """
        }
        return """
        # bash completion for brain
        _brain() {
          local cur prev cmd i
          cur="${COMP_WORDS[COMP_CWORD]}"
          prev="${COMP_WORDS[COMP_CWORD-1]}"
          cmd=""
          for ((i = 1; i < COMP_CWORD; i++)); do
            case "${COMP_WORDS[i]}" in
              --vault|--theme) ((i++));;
              -*) ;;
              *) cmd="${COMP_WORDS[i]}"; break;;
            esac
          done
          if [[ -z "$cmd" ]]; then
            case "$prev" in
              --vault) COMPREPLY=($(compgen -d -- "$cur")); return;;
              --theme) COMPREPLY=($(compgen -W "\(themes)" -- "$cur")); return;;
            esac
            COMPREPLY=($(compgen -W "\(visible.map(\.name).joined(separator: " ")) --vault --theme --no-color --help --version" -- "$cur"))
            return
          fi
          case "$cmd" in
        \(cases)  esac
        }
        complete -F _brain brain

        """
    }

    static func zsh() -> String {
        var functions = ""
        var dispatch = ""
        for spec in visible {
            var specs: [String] = []
            for option in spec.options + Arguments.globalOptions {
                let help = option.help.replacingOccurrences(of: "'", with: "'\\''")
                    .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                    .replacingOccurrences(of: ":", with: "\\:")
                if let value = option.value {
                    var action = ""
                    if !option.choices.isEmpty { action = "(\(option.choices.joined(separator: " ")))" }
                    else if let kind = dynamic(option.completion) { action = "_brain_dynamic \(kind)" }
                    else if option.completion == .files { action = "_files -/" }
                    specs.append("'\(option.repeatable ? "*" : "")--\(option.name)[\(help)]:\(value):\(action)'")
                } else {
                    specs.append("'--\(option.name)[\(help)]'")
                }
            }
            for (index, positional) in spec.positionals.enumerated() {
                var action = ""
                if !positional.choices.isEmpty { action = "(\(positional.choices.joined(separator: " ")))" }
                else if let kind = dynamic(positional.completion) { action = "_brain_dynamic \(kind)" }
                else if spec.name == "help" { action = "(\(visible.map(\.name).joined(separator: " ")))" }
                specs.append("'\(positional.variadic ? "*" : "\(index + 1)"):\(positional.name):\(action)'")
            }
            let name = spec.name.replacingOccurrences(of: "-", with: "_")
            functions += "_brain_\(name)() {\n  _arguments -s \\\n    " + specs.joined(separator: " \\\n    ") + "\n}\n\n"
            dispatch += "    \(([spec.name] + spec.aliases).joined(separator: "|"))) _brain_\(name) ;;\n"
        }
        let descriptions = visible.map { "    '\($0.name):\($0.summary.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:"))'" }
            .joined(separator: "\n")
        return """
        #compdef brain
        # zsh completion for brain

        _brain_dynamic() {
          local -a items
          items=("${(@f)$(brain __complete $1 2>/dev/null)}")
          compadd -a items
        }

        \(functions)_brain() {
          local -a commands
          commands=(
        \(descriptions)
          )
          local curcontext="$curcontext" state line
          _arguments -C \\
            '--vault[the vault folder]:folder:_files -/' \\
            '--no-color[plain output]' \\
            '--theme[colours for this run]:theme:(\(themes))' \\
            '--version[print the version]' \\
            '1:command:->command' \\
            '*::argument:->argument'
          case $state in
            command) _describe 'command' commands ;;
            argument)
              case $line[1] in
        \(dispatch)      esac
              ;;
          esac
        }

        _brain "$@"

        """
    }

    static func fish() -> String {
        var text = """
        # fish completion for brain
        function __brain_no_command
            set -l words (commandline -opc)
            for w in $words[2..-1]
                if not string match -q -- '-*' $w
                    return 1
                end
            end
            return 0
        end
        complete -c brain -f
        complete -c brain -l vault -r -a '(__fish_complete_directories)' -d 'the vault folder'
        complete -c brain -l no-color -d 'plain output'
        complete -c brain -l theme -r -a '\(themes)' -d 'colours for this run'
        complete -c brain -l version -d 'print the version'

        """
        for spec in visible {
            let summary = spec.summary.replacingOccurrences(of: "'", with: "\\'")
            text += "complete -c brain -n __brain_no_command -a \(spec.name) -d '\(summary)'\n"
            let condition = "'__fish_seen_subcommand_from \(([spec.name] + spec.aliases).joined(separator: " "))'"
            for option in spec.options {
                let help = option.help.replacingOccurrences(of: "'", with: "\\'")
                var line = "complete -c brain -n \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.value != nil {
                    line += " -r"
                    if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
                    else if let kind = dynamic(option.completion) { line += " -a '(brain __complete \(kind) 2>/dev/null)'" }
                }
                text += line + " -d '\(help)'\n"
            }
            if let positional = spec.positionals.first {
                if !positional.choices.isEmpty {
                    text += "complete -c brain -n \(condition) -a '\(positional.choices.joined(separator: " "))'\n"
                } else if let kind = dynamic(positional.completion) {
                    text += "complete -c brain -n \(condition) -a '(brain __complete \(kind) 2>/dev/null)'\n"
                } else if spec.name == "help" {
                    text += "complete -c brain -n \(condition) -a '\(visible.map(\.name).joined(separator: " "))'\n"
                }
            }
        }
        return text
    }
}
