/// Where the server listens: `HOST:PORT`, `[IPv6]:PORT`. The default is loopback only, on the
/// port docs/SERVE.md names.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    package static let defaultPort: UInt16 = 7420
    package static let standard = ListenAddress(host: "127.0.0.1", port: defaultPort)

    package var host: String
    package var port: UInt16

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:7420`, `[::1]:8080`, `0.0.0.0:80`; nil for anything else.
    package init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !port.isEmpty, port.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = UInt16(port) else { return nil }
        self.host = String(host)
        self.port = number
    }

    /// Whether only this machine can reach the address.
    package var isLoopback: Bool { host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.") }

    /// `127.0.0.1:7420`, or `[::1]:7420`.
    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
