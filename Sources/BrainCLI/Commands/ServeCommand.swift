import BrainKit
import BrainServer

/// `brain serve`: the HTTP server and API over the vault (docs/SERVE.md, docs/API.md).
enum ServeCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "serve the vault over HTTP on this machine: a JSON API for phones, Shortcuts and scripts",
        discussion: """
        Listens on 127.0.0.1:\(ListenAddress.defaultPort) (--listen HOST:PORT for another address;
        port 0 takes a free one) and prints the address on standard output; one line per request
        goes to standard error (method, path without its query, status, milliseconds). SIGINT or
        SIGTERM stops it once the answers being written are out. Limits: 8 KB of headers, 1 MB
        bodies (Content-Length only), 10 s for the headers, 30 s for a body, 60 s idle, 1000
        connections. TLS is left to a proxy: docs/SERVE.md. With --json it prints what it offers
        and exits without serving.
        """,
        options: [
            .value("listen", "HOST:PORT", "the address (default 127.0.0.1:\(ListenAddress.defaultPort))"),
            .flag("json", "print the address, limits and routes as JSON, and exit"),
        ],
        examples: ["brain serve", "brain serve --listen 127.0.0.1:8080"])

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        var listen = ListenAddress.standard
        if let text = arguments.value("listen") {
            guard let address = ListenAddress(text) else {
                throw CLIError.usage("--listen takes HOST:PORT with an IP address (127.0.0.1:7420, [::1]:7420), not \"\(text)\"")
            }
            listen = address
        }
        if arguments.flag("json") { return try session.printJSON(ServerDescription(listen: listen, limits: HTTPLimits())) }
        let vault = try session.vault()
        let context = session.context
        let clock = context.clock
        let stdout = context.stdout
        let stderr = context.stderr
        let options = ServerOptions(
            vault: vault.root, listen: listen,
            today: { dayStartsAt in clock.today(dayStartsAt: dayStartsAt) },
            version: BrainCLI.version,
            log: { stderr.write($0 + "\n") },
            announce: { line in
                stdout.write(line + "\n")
                stdout.flush()
            })
        return VaultServer.serve(options)
    }
}
