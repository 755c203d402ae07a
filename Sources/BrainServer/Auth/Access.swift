/// The checks every request passes before a route sees it, as pure functions of the request:
/// the `Host` it names, the origin of a write, the path's segments.
package enum Access {
    /// Whether `host` (a `Host` header) is one the server answers for: an IP address (no DNS
    /// name can be rebound to it), `localhost`, or a name given with `--host`; with the
    /// server's port (or none, behind a proxy on 80/443).
    package static func allowsHost(_ host: String?, port: UInt16, names: [String]) -> Bool {
        guard let host, !host.isEmpty else { return false }
        var name = Substring(host)
        var hostPort: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let after = name[name.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return false }
                hostPort = after.dropFirst()
            }
            name = name[name.index(after: name.startIndex)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        } else {
            if let colon = name.lastIndex(of: ":") {
                hostPort = name[name.index(after: colon)...]
                name = name[..<colon]
            }
        }
        if let hostPort {
            guard let number = UInt16(hostPort), number == port || (names.contains(name.lowercased()) && (number == 443 || number == 80)) else { return false }
        }
        let lowered = name.lowercased()
        if lowered == "localhost" || names.contains(lowered) { return true }
        if host.hasPrefix("[") { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) && Int($0)! <= 255 }
    }

    /// Whether a write comes from the server's own pages (or from no page at all): `Origin`, when
    /// sent, names the `Host` asked; `Sec-Fetch-Site`, when sent, is `same-origin` or `none`.
    /// `needsProof`: a cookie alone proves nothing (a browser sends it), one of the two must be there.
    package static func isSameOrigin(_ request: HTTPRequest, needsProof: Bool) -> Bool {
        let origin = request.header("origin")
        let site = request.header("sec-fetch-site")?.lowercased()
        if let site, site != "same-origin", site != "none" { return false }
        // `null`: an opaque origin (a sandboxed frame, a page under `no-referrer`): only
        // `Sec-Fetch-Site` can vouch for it.
        if origin == "null" { return site == "same-origin" }
        if let origin {
            guard let host = request.header("host") else { return false }
            let lowered = origin.lowercased()
            guard lowered == "http://" + host.lowercased() || lowered == "https://" + host.lowercased() else { return false }
        }
        return !needsProof || origin != nil || site != nil
    }

    /// The decoded segments of a route's path; nil when a segment could lead anywhere else
    /// (`.`, `..`, an encoded `/` or `\`, a NUL, a hidden name like `.brain`) or is no UTF-8.
    package static func segments(_ path: String) -> [String]? {
        guard path.hasPrefix("/") else { return nil }
        var result: [String] = []
        for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = PercentDecoding.decode(String(raw)) else { return nil }
            if segment.isEmpty { continue }
            if segment.hasPrefix(".") || segment.contains("/") || segment.contains("\\") || segment.contains("\0") { return nil }
            result.append(segment)
        }
        return result
    }
}
