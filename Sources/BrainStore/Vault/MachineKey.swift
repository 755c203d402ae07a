#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainAnalytics

/// A secret of this machine's user that never enters a vault: 32 random bytes in
/// `$XDG_STATE_HOME/brain/machine-key` (else `~/.local/state/brain/machine-key`), made on first
/// use, readable by its owner alone. The change journal is signed with it, so a journal that
/// arrives from elsewhere (pulled by git, copied with the folder) is told apart from one this
/// machine wrote and is never replayed.
package enum MachineKey {
    /// Where the key is kept for `environment`; nil when there is no home to keep it in.
    package static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/brain/machine-key" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/brain/machine-key"
    }

    /// This process's key, read (or made) once.
    package static let current: [UInt8] = load(environment: currentEnvironment())

    /// The key kept for `environment`, made when missing. When it can be neither read nor kept,
    /// a key worked out from the host's name and the user's id stands in: it tells machines
    /// apart, though someone who knows both could forge it.
    package static func load(environment: [String: String]) -> [UInt8] {
        let fileSystem = POSIXFileSystem()
        if let path = path(environment: environment) {
            if let key = try? fileSystem.read(path), key.count == 32 { return key }
            var generator = SystemRandomNumberGenerator()
            let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            do {
                try fileSystem.createNew(fresh, at: path, mode: 0o600)
                return fresh
            } catch {
                // Another process made it first: take theirs.
                if let key = try? fileSystem.read(path), key.count == 32 { return key }
            }
        }
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return SHA256.hash(Array("brain machine key \(host) \(getuid())".utf8))
    }

    private static func currentEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
