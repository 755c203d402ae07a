import Foundation
import BrainFormat

/// What `brain serve` runs with: the vault, the address, the limits and the outside world.
package struct ServerOptions: Sendable {
    /// The vault's absolute root.
    package var vault: String
    package var listen: ListenAddress
    /// Host names the server answers for besides IP addresses and `localhost` (`--host`).
    package var hostNames: [String] = []
    /// The address devices open, behind a proxy (`--url`): the pairing link's.
    package var publicURL: PublicURL?
    package var limits: HTTPLimits
    /// Today, after the vault's `day-starts-at` (minutes).
    package var today: @Sendable (VaultConfig) -> Day
    /// Called with the pairing link once the server listens (`--open`: a browser).
    package var open: (@Sendable (String) -> Void)?
    /// Called with the pairing link right after its line is announced (a terminal: its QR code).
    package var showPairing: (@Sendable (String) -> Void)?
    /// The time now (the calendar's stamps).
    package var now: @Sendable () -> Date = { Date() }
    package var version: String
    /// A line on standard error: the request log and notices.
    package var log: @Sendable (String) -> Void
    /// A line on standard output: the address, once listening.
    package var announce: @Sendable (String) -> Void

    package init(vault: String, listen: ListenAddress = .standard, limits: HTTPLimits = HTTPLimits(),
                today: @escaping @Sendable (VaultConfig) -> Day, version: String,
                log: @escaping @Sendable (String) -> Void, announce: @escaping @Sendable (String) -> Void) {
        self.vault = vault
        self.listen = listen
        self.limits = limits
        self.today = today
        self.version = version
        self.log = log
        self.announce = announce
    }
}
