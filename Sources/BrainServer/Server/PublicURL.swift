/// The address devices open when it is not the one the server listens on: a proxy's
/// (`https://laptop.tailnet.ts.net`, `https://brain.example.org`). The pairing link (and its QR
/// code) starts with it, and the server answers for its host.
package struct PublicURL: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`.
    package var scheme: String
    /// The host, with its port when it has one (`brain.example.org:8443`).
    package var authority: String
    /// The host name alone, lowercased, for the `Host` check.
    package var host: String

    /// `https://NAME[:PORT]` or `http://…`, with at most a trailing `/`; nil for anything else
    /// (a path, a query, user information, a space).
    package init?(_ text: String) {
        let lowered = text.lowercased()
        guard let scheme = ["https", "http"].first(where: { lowered.hasPrefix($0 + "://") }) else { return nil }
        var rest = Substring(text.dropFirst(scheme.count + 3))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ \\".contains($0) || $0.isWhitespace || !$0.isASCII }) else { return nil }
        var name = rest
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            name = rest[...close]
            let after = rest[rest.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && after.dropFirst().allSatisfy(\.isNumber) && after.count > 1) else { return nil }
        } else if let colon = rest.firstIndex(of: ":") {
            name = rest[..<colon]
            let port = rest[rest.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isNumber), let number = Int(port), number > 0, number < 65536 else { return nil }
        }
        guard !name.isEmpty else { return nil }
        self.scheme = scheme
        authority = String(rest)
        host = name.lowercased()
    }

    package var description: String { "\(scheme)://\(authority)" }
}
