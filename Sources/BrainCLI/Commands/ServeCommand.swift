import BrainKit
import BrainServer
import Foundation

/// `brain serve`: the HTTP server and API over the vault (docs/SERVE.md, docs/API.md), and who
/// may use it (`token`, `pair`).
enum ServeCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "serve the vault over HTTP on this machine: a JSON API for phones, Shortcuts and scripts",
        discussion: """
        Listens on 127.0.0.1:\(ListenAddress.defaultPort) (--listen HOST:PORT for another address;
        port 0 takes a free one) and prints the address and a pairing link on standard output; one
        line per request goes to standard error (method, path without its query, status,
        milliseconds); --open opens a browser here, signed in. SIGINT or SIGTERM stops it once
        the answers being written are out.

        Every request but pairing needs a session or a token. Opening the pairing link (one use,
        10 minutes) gives a browser a session cookie and the web app at /app: Today with each
        habit one tap from done, the check-ins and goals, updated live (docs/WEBAPP.md);
        `brain serve pair` prints a new link.
        `brain serve token new NAME` makes a bearer token for an API client (shown once; only
        its hash is kept, in .brain/serve/, mode 0600), `token list` lists them, `token revoke
        NAME` ends one. The server answers for IP addresses and localhost; --host NAME adds a
        name (behind a proxy). Writes must be same-origin (Origin, Sec-Fetch-Site).

        The pairing link starts with the address a device opens: --url (a proxy's, such as
        https://laptop.tailnet.ts.net, whose host is then answered for); else the address
        listened on, and for 0.0.0.0 this machine's first network address.

        With notify: in .brain/config.yml the server also sends the vault's reminders (as brain
        remind --watch does; --no-remind not) and answers their Done and Skip links
        (POST /remind/HABIT/DAY/done?token=…, signed for that habit and day only).

        In a terminal a QR code of the pairing link is drawn under it, for a phone's camera:
        white on black with colour; dark blocks on the terminal's background with NO_COLOR or
        --no-color (scan it on a light background). --qr draws it into a pipe too (without
        colour); --json never does.

        Limits: 8 KB of headers, 1 MB bodies (Content-Length only), 10 s for the headers, 30 s
        for a body, 60 s idle, 1000 connections. TLS is left to a proxy: docs/SERVE.md. With
        --json, `brain serve` prints what it offers and exits without serving.
        """,
        positionals: [
            .init(name: "ACTION", help: "token (new NAME, list, revoke NAME) or pair", optional: true, choices: ["token", "pair"]),
            .init(name: "ARGS", help: "token: new NAME, list or revoke NAME", optional: true, variadic: true),
        ],
        options: [
            .value("listen", "HOST:PORT", "the address (default 127.0.0.1:\(ListenAddress.defaultPort))"),
            .value("host", "NAME", "a host name to answer for besides IP addresses and localhost", repeatable: true),
            .value("url", "URL", "the address devices open, behind a proxy (https://laptop.tailnet.ts.net): the pairing link's; its host is answered for"),
            .flag("open", "open a browser on this machine ($BROWSER, else open or xdg-open), signed in by a pairing link of its own"),
            .flag("qr", "draw the pairing link as a QR code even when standard output is no terminal (never with --json)"),
            .flag("json", "print the address, limits and routes (or the token, the list, the link) as JSON"),
            .flag("no-remind", "do not send reminders while serving (they are sent when .brain/config.yml has notify:)"),
        ],
        examples: ["brain serve", "brain serve --listen 127.0.0.1:8080", "brain serve --url https://laptop.tailnet.ts.net",
                   "brain serve token new shortcuts",
                   "brain serve token list", "brain serve token revoke shortcuts", "brain serve pair"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        var listen = ListenAddress.standard
        if let text = arguments.value("listen") {
            guard let address = ListenAddress(text) else {
                throw CLIError.usage("--listen takes HOST:PORT with an IP address (127.0.0.1:7420, [::1]:7420), not \"\(text)\"")
            }
            listen = address
        }
        switch arguments.positional(0) {
        case "token": return try token(Array(arguments.positionals.dropFirst()), arguments, session)
        case "pair": return try pair(listen, arguments, session)
        default: break
        }
        if arguments.flag("json") { return try session.printJSON(ServerDescription(listen: listen, limits: HTTPLimits())) }
        let vault = try session.vault()
        let context = session.context
        let clock = context.clock
        let stdout = context.stdout
        let stderr = context.stderr
        var options = ServerOptions(
            vault: vault.root, listen: listen,
            today: { config in clock.today(for: config) },
            version: BrainCLI.version,
            log: { stderr.write($0 + "\n") },
            announce: { line in
                stdout.write(line + "\n")
                stdout.flush()
            })
        options.hostNames = arguments.all("host")
        options.publicURL = try publicURL(arguments)
        options.now = { clock.now }
        if let draw = pairingCode(arguments, session) {
            options.showPairing = { link in
                for line in draw(link) { stdout.write(line + "\n") }
                stdout.flush()
            }
        }
        if arguments.flag("open") {
            let environment = context.environment
            options.open = { link in openBrowser(link, environment: environment, log: { stderr.write($0 + "\n") }) }
        }
        // With notify: in the config, the reminders go out from here too (docs/REMINDERS.md); the
        // sent-log keeps a timer running beside it from sending one twice.
        if vault.config.reminders.hasNotifier, !arguments.flag("no-remind") {
            let runner = ReminderRunner(vault: vault, environment: context.environment, machineZone: context.timeZone,
                                        now: { clock.now }, log: { stderr.write($0 + "\n") })
            Thread.detachNewThread { runner.watch(stop: { false }) }
        }
        // The vault's watch (`brain watch`) runs beside the server, unless another has it.
        if context.isProcess { WatchCommand.alongside(root: vault.root, environment: context.environment) }
        return VaultServer.serve(options)
    }

    /// `--url`, checked.
    static func publicURL(_ arguments: Arguments) throws -> PublicURL? {
        guard let text = arguments.value("url") else { return nil }
        guard let url = PublicURL(text) else {
            throw CLIError.usage("--url takes the address devices open, https://NAME or http://NAME:PORT without a path, not \"\(text)\"")
        }
        return url
    }

    /// What draws the pairing link as a QR code under it: in a terminal or with --qr, never with
    /// --json. In a terminal with colour (not NO_COLOR, not --no-color) light modules are white
    /// blocks on black; without colour dark modules are the blocks (`QRCode.terminalLines`).
    static func pairingCode(_ arguments: Arguments, _ session: Session) -> (@Sendable (String) -> [String])? {
        let context = session.context
        guard !arguments.flag("json"), context.stdout.isTerminal || arguments.flag("qr") else { return nil }
        let colour = ColorMode.resolve(environment: context.environment, isTerminal: context.stdout.isTerminal,
                                       noColorFlag: arguments.flag("no-color"))
        let stderr = context.stderr
        return { link in
            do throws(QRCode.Failure) {
                return try QRCode(text: link).terminalLines(colour: colour)
            } catch {
                stderr.write("brain: no QR code for the pairing link: \(error.description)\n")
                return []
            }
        }
    }

    /// Opens `link` with `$BROWSER`, else `open` (macOS) or `xdg-open`, without waiting for it.
    static func openBrowser(_ link: String, environment: [String: String], log: (String) -> Void) {
        var command = environment["BROWSER"] ?? ""
        if command.isEmpty {
            #if os(macOS)
            command = "open"
            #else
            command = "xdg-open"
            #endif
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " " + NewCommand.shellQuoted(link)]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            log("brain: could not open a browser with \(command): \(error.localizedDescription); open the link above")
        }
    }

    struct NewToken: Encodable {
        var name: String
        var token: String
    }

    struct TokenList: Encodable {
        var tokens: [CredentialStore.Token]
    }

    struct Revoked: Encodable {
        var revoked: String
    }

    struct PairingLink: Encodable {
        var link: String
        var expiresInSeconds: Int
    }

    static func token(_ words: [String], _ arguments: Arguments, _ session: Session) throws -> Int32 {
        let store = CredentialStore(vault: try session.vault())
        let json = arguments.flag("json")
        do {
            switch (words.first, words.count) {
            case ("new", 2):
                let name = words[1]
                let secret = try store.newToken(named: name, createdOn: try session.day("today").description)
                if json { return try session.printJSON(NewToken(name: name, token: secret)) }
                session.line(secret)
                session.context.stderr.write("token \(name): shown this once; send it as Authorization: Bearer TOKEN\n")
            case ("list", 1):
                let tokens = store.tokens()
                if json { return try session.printJSON(TokenList(tokens: tokens)) }
                if tokens.isEmpty { session.line("no tokens yet; brain serve token new NAME makes one") }
                for token in tokens { session.line("\(token.name)  created \(token.created)") }
            case ("revoke", 2):
                try store.revokeToken(named: words[1])
                if json { return try session.printJSON(Revoked(revoked: words[1])) }
                session.line("token \(words[1]) revoked")
            default:
                throw CLIError.usage("brain serve token takes new NAME, list or revoke NAME")
            }
        } catch let failure as CredentialStore.Failure {
            throw CLIError.failure(failure.description)
        }
        return ExitCode.success
    }

    static func pair(_ listen: ListenAddress, _ arguments: Arguments, _ session: Session) throws -> Int32 {
        let store = CredentialStore(vault: try session.vault())
        let code: String
        do {
            code = try store.newPairingCode()
        } catch {
            throw CLIError.failure(error.description)
        }
        let link = VaultServer.pairingLink(VaultServer.base(try publicURL(arguments), listen), code)
        if arguments.flag("json") { return try session.printJSON(PairingLink(link: link, expiresInSeconds: CredentialStore.pairingLifetime)) }
        session.line(link)
        for line in pairingCode(arguments, session)?(link) ?? [] { session.line(line) }
        session.context.stderr.write("open it on the device within 10 minutes, once, while brain serve runs on \(listen)\n")
        return ExitCode.success
    }
}
