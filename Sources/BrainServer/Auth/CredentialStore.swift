#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainFormat
import BrainStore

/// Who may use the server, kept in `.brain/serve/` (mode 0600, with a `.gitignore` of its own):
/// `tokens` (bearer tokens for API clients, by name), `sessions` (the cookies paired devices
/// hold) and `pairing` (one-time codes with their expiry). Every line holds a secret's SHA-256,
/// never the secret. Files are replaced atomically under a lock of their own, so `brain serve
/// token revoke` in a terminal takes effect on the running server's next request.
package final class CredentialStore {
    /// A named bearer token.
    package struct Token: Sendable, Equatable, Encodable {
        package var name: String
        package var created: String
        package var digest: String

        private enum CodingKeys: String, CodingKey { case name, created }
    }

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case badName(String)
        case exists(String)
        case unknown(String)
        case io(String)

        package var description: String {
            switch self {
            case .badName(let name): return "a token name is letters, digits, - and _ (at most 64), not \"\(name)\""
            case .exists(let name): return "a token named \(name) exists already; revoke it first or pick another name"
            case .unknown(let name): return "no token named \(name) (brain serve token list shows them)"
            case .io(let message): return message
            }
        }
    }

    /// How long a pairing code is good for, in seconds.
    package static let pairingLifetime = 600
    /// How long a paired device's session lasts, in seconds (a year).
    package static let sessionLifetime = 365 * 24 * 3600

    let vault: Vault
    /// The wall clock in seconds (a fixed `BRAIN_NOW` must not stop codes from expiring).
    let now: () -> Int

    package init(vault: Vault, now: @escaping () -> Int = { Int(time(nil)) }) {
        self.vault = vault
        self.now = now
    }

    // MARK: Tokens

    /// Makes a token named `name` and returns it: the only time it is shown.
    package func newToken(named name: String, createdOn day: String) throws(Failure) -> String {
        guard !name.isEmpty, name.utf8.count <= 64,
              name.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }) else {
            throw .badName(name)
        }
        let secret = Secret.make("brain_")
        try update("tokens") { lines in
            if lines.contains(where: { $0.first == name }) { throw Failure.exists(name) }
            lines.append([name, Secret.digest(secret), day])
        }
        return secret
    }

    package func tokens() -> [Token] {
        read("tokens").compactMap { fields in
            fields.count >= 3 ? Token(name: fields[0], created: fields[2], digest: fields[1]) : nil
        }
    }

    package func revokeToken(named name: String) throws(Failure) {
        try update("tokens") { lines in
            guard lines.contains(where: { $0.first == name }) else { throw Failure.unknown(name) }
            lines.removeAll { $0.first == name }
        }
    }

    /// The name of the token `secret` is, or nil.
    package func tokenName(for secret: String) -> String? {
        let digest = Secret.digest(secret)
        return tokens().first { Secret.same($0.digest, digest) }?.name
    }

    // MARK: Pairing and sessions

    /// A new one-time pairing code, good for `pairingLifetime` seconds.
    package func newPairingCode() throws(Failure) -> String {
        let code = Secret.make("pair_")
        let expires = now() + Self.pairingLifetime
        let current = now()
        try update("pairing") { lines in
            lines.removeAll { ($0.count < 2 ? 0 : Int($0[1]) ?? 0) <= current }
            lines.append([Secret.digest(code), String(expires)])
        }
        return code
    }

    /// Spends `code`: a new session secret when the code was issued, unspent and unexpired; nil
    /// otherwise. The code is gone either way.
    package func pair(code: String) throws(Failure) -> String? {
        let digest = Secret.digest(code)
        let current = now()
        var valid = false
        try update("pairing") { lines in
            if let line = lines.first(where: { Secret.same($0[0], digest) }) {
                valid = (line.count > 1 ? Int(line[1]) ?? 0 : 0) > current
            }
            lines.removeAll { Secret.same($0[0], digest) || ($0.count < 2 ? 0 : Int($0[1]) ?? 0) <= current }
        }
        guard valid else { return nil }
        let session = Secret.make("session_")
        try update("sessions") { lines in
            lines.removeAll { ($0.count < 2 ? 0 : Int($0[1]) ?? 0) <= current }
            lines.append([Secret.digest(session), String(current + Self.sessionLifetime)])
        }
        return session
    }

    /// Whether `secret` is a live session.
    package func isSession(_ secret: String) -> Bool {
        let digest = Secret.digest(secret)
        let current = now()
        return read("sessions").contains { $0.count >= 2 && Secret.same($0[0], digest) && (Int($0[1]) ?? 0) > current }
    }

    /// Ends the session `secret` (a browser signing out): its line is gone, with expired ones.
    package func endSession(_ secret: String) throws(Failure) {
        let digest = Secret.digest(secret)
        let current = now()
        try update("sessions") { lines in
            lines.removeAll { Secret.same($0[0], digest) || ($0.count < 2 ? 0 : Int($0[1]) ?? 0) <= current }
        }
    }

    // MARK: Reminder answers

    /// The key that signs the Done and Skip links of reminders (`ReminderAnswer`): made on first
    /// use, kept in `answer-key` beside the tokens. A fresh key ends every link given out.
    package func answerKey() throws(Failure) -> [UInt8] {
        if let key = read("answer-key").first?.first, key.utf8.count == 64 { return Array(key.utf8) }
        var made: [UInt8] = []
        try update("answer-key") { lines in
            if let key = lines.first?.first, key.utf8.count == 64 {
                made = Array(key.utf8)
                return
            }
            let secret = String(Secret.make("").suffix(64))
            lines = [[secret]]
            made = Array(secret.utf8)
        }
        return made
    }

    /// The answer key when one was made, without making one (the server checks links with it).
    package func existingAnswerKey() -> [UInt8]? {
        guard let key = read("answer-key").first?.first, key.utf8.count == 64 else { return nil }
        return Array(key.utf8)
    }

    // MARK: Files

    private var folder: String { ".brain/serve" }

    /// The tab-separated fields of each line of `name`; none when it is missing or unreadable.
    /// A symbolic link on the way is refused (`Vault.internalPath`).
    private func read(_ name: String) -> [[String]] {
        guard let path = try? vault.internalPath(folder + "/" + name),
              let bytes = try? vault.fileSystem.read(path) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { !$0.isEmpty && !$0[0].isEmpty }
    }

    /// Rewrites `name` with `change` applied, under the folder's lock, readable by the owner only.
    private func update(_ name: String, _ change: (inout [[String]]) throws -> Void) throws(Failure) {
        do {
            let directory = try vault.internalPath(folder)
            let previous = umask(0o077)
            defer { umask(previous) }
            try vault.fileSystem.makeDirectories(directory)
            chmod(directory, 0o700)
            let ignore = try vault.internalPath(folder + "/.gitignore")
            if !vault.fileSystem.exists(ignore) { try vault.fileSystem.writeAtomically(Array("*\n".utf8), to: ignore) }
            let lock = try vault.fileSystem.lock(try vault.internalPath(folder + "/lock"), timeout: 5)
            defer { withExtendedLifetime(lock) {} }
            var lines = read(name)
            try change(&lines)
            let path = try vault.internalPath(folder + "/" + name)
            let text = lines.map { $0.joined(separator: "\t") + "\n" }.joined()
            try vault.fileSystem.writeAtomically(Array(text.utf8), to: path)
            chmod(path, 0o600)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .io("\(error)")
        }
    }
}
