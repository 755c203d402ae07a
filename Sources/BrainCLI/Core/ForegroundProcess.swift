#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs a program in brain's own process group, so it has the terminal as brain has it: an editor
/// (vim, nano) reads the keyboard and draws the screen while brain waits. Foundation's `Process`
/// starts its child in a session of its own, without a controlling terminal, where a full-screen
/// editor is stopped as soon as it touches the terminal. While the child runs, brain ignores
/// Ctrl-C and Ctrl-\ as `system(3)` does: they are the child's to handle.
enum ForegroundProcess {
    struct Failure: Error {
        var message: String
    }

    /// Runs `arguments[0]` (a path) with `arguments` and `environment`, and returns its exit status
    /// (128 + the signal when a signal ended it).
    static func run(_ arguments: [String], environment: [String: String]) throws(Failure) -> Int32 {
        guard let program = arguments.first else { throw Failure(message: "no program to run") }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with Ctrl-C and Ctrl-\ at their defaults, whatever brain does with them.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, nil, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(message: String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(message: String(cString: strerror(errno))) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }
}
