import BrainKit
import BrainServer
import Foundation

/// `brain watch`: keeps a watch on the vault that every other command asks what changed
/// (docs/ARCHITECTURE.md, "The watch").
enum WatchCommand: BrainCommand {
    static let spec = CommandSpec(
        name: "watch",
        summary: "watch the vault so that every command reads only what changed since it last ran",
        discussion: """
        Runs in the foreground until SIGINT or SIGTERM, watching every folder of the vault
        (inotify on Linux, FSEvents on macOS) and answering, on the Unix socket .brain/watch.sock (mode 0600, this
        user only), "what changed since token T". A command that finds it asks it instead of
        checking every file's size and times; with no watcher, or an answer it cannot trust
        (the watcher restarted, its events overflowed, the socket is not this user's, no whole
        answer within 50 ms), it checks every file as before. brain serve and brain lsp keep
        the same watch while they run, when no other watcher has the vault. One watcher per
        vault: a second one exits with status 1. --status says whether one runs (status 0) or
        not (status 1). Neither inotify nor FSEvents sees changes made from another machine to
        a vault on a network file system: run no watcher there.
        """,
        options: [
            .flag("status", "say whether a watcher runs for the vault, and exit"),
            .flag("json", "print {schemaVersion, running, token} as JSON and exit (status 0 either way)"),
        ],
        examples: ["brain watch", "brain watch --status"])

    struct Status: Encodable {
        var schemaVersion = 1
        var running: Bool
        var token: String?

        enum CodingKeys: String, CodingKey { case schemaVersion, running, token }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
            try container.encode(running, forKey: .running)
            // `null` when no watcher runs, as docs/CLI.md says.
            try container.encode(token, forKey: .token)
        }
    }

    static func run(_ arguments: Arguments, _ session: Session) throws -> Int32 {
        let vault = try session.vault()
        let context = session.context
        if arguments.flag("status") || arguments.flag("json") {
            var client = WatchClient(root: vault.root, environment: context.environment)
            client.timeout = max(client.timeout, 1)
            let answer = client.changes(since: nil)
            if arguments.flag("json") {
                return try session.printJSON(Status(running: answer != nil, token: answer?.token))
            } else {
                session.line(answer == nil ? "no watcher runs for \(vault.root)" : "a watcher runs for \(vault.root)")
            }
            return answer == nil ? ExitCode.failure : ExitCode.success
        }
        let daemon: WatchDaemon
        do {
            daemon = try WatchDaemon(root: vault.root, environment: context.environment)
        } catch {
            throw CLIError.failure(error.description)
        }
        guard daemon.watcher.isWatching else {
            daemon.close()
            throw CLIError.failure("cannot watch \(vault.root) on this system (no inotify or FSEvents, or the user's watch limit is reached)")
        }
        let stop = ShutdownSignal.install()
        session.line("watching \(vault.root) on \(WatchDaemon.socketPath)")
        context.stdout.flush()
        daemon.run(stop: stop)
        daemon.close()
        return ExitCode.success
    }

    /// Keeps the vault's watch beside a long-running command (`brain serve`, `brain lsp`) when no
    /// other watcher has it: the daemon, answering on its own thread until the process ends.
    /// Its socket is removed on SIGINT or SIGTERM by the command's own handling, or here at exit.
    static func alongside(root: String, environment: [String: String]) {
        guard let daemon = try? WatchDaemon(root: root, environment: environment), daemon.watcher.isWatching else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        Running.keep(daemon)
        let stop = ends[0]
        Thread.detachNewThread { daemon.run(stop: stop) }
    }

    /// The daemons kept beside a command, whose sockets are removed when the process exits.
    enum Running {
        nonisolated(unsafe) private static var daemons: [WatchDaemon] = []
        private static let lock = NSLock()

        static func keep(_ daemon: WatchDaemon) {
            lock.withLock {
                if daemons.isEmpty { atexit { Running.closeAll() } }
                daemons.append(daemon)
            }
        }

        static func closeAll() {
            lock.withLock { for daemon in daemons { daemon.close() } }
        }
    }
}
