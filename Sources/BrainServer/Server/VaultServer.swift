import BrainFormat
import BrainStore

/// `brain serve`: the HTTP server over one vault. Listens, answers through `Router` until
/// SIGINT or SIGTERM, and returns the exit status.
package enum VaultServer {
    package static func serve(_ options: ServerOptions) -> Int32 {
        let listening: (descriptor: Int32, port: UInt16)
        do {
            listening = try Socket.listen(host: options.listen.host, port: options.listen.port)
        } catch {
            options.log("brain: \(error.description)")
            return 1
        }
        let wake = ShutdownSignal.install()
        let router = Router(options: options, port: listening.port)
        let server = HTTPServer(listener: listening.descriptor, wake: wake, limits: options.limits, log: options.log) { request, reply in
            router.answer(request, reply)
        }
        server.commonHeaders = Router.securityHeaders
        if let descriptor = router.watcher.descriptor {
            server.watched.append((descriptor, { if router.watcher.drain() { router.vaultChanged() } }))
        }
        server.everyTurn = {
            router.tick(now: Socket.now())
            router.events.check(generation: router.answers.generation, now: Socket.now())
        }
        let address = ListenAddress(host: options.listen.host, port: listening.port)
        // A pairing link for this start: open it on the device to sign it in (one use, 10 minutes).
        let code = try? router.credentials.newPairingCode()
        options.announce("listening on http://\(address) for \(options.vault)")
        if let code {
            let link = pairingLink(base(options.publicURL, address), code)
            options.announce("pair a device (once, within 10 minutes): \(link)")
            options.showPairing?(link)
            // The browser this machine opens is signed in at once: a code of its own (the printed
            // one stays for a phone), spent by opening it (`open=1`).
            if let open = options.open, let own = try? router.credentials.newPairingCode() {
                open(pairingLink(base(options.publicURL, address), own) + "&open=1")
            }
        }
        server.run()
        // The worker finishes what it was asked (a write under way is not cut off).
        router.worker.sync {}
        options.log("stopped")
        return 0
    }

    /// The link that pairs a device with `code`, under `base` (`base(_:_:)`).
    package static func pairingLink(_ base: String, _ code: String) -> String {
        "\(base)/pair?code=\(code)"
    }

    /// Where a device reaches the server: `--url` when given; else the address listened on, and
    /// for every interface (`0.0.0.0`, `::`) this machine's first network address a phone on the
    /// same network can open (loopback when it has none).
    package static func base(_ url: PublicURL?, _ address: ListenAddress) -> String {
        if let url { return url.description }
        guard address.host == "0.0.0.0" || address.host == "::" else { return "http://\(address)" }
        let host = Socket.networkAddresses(ipv6: address.host == "::").first ?? "127.0.0.1"
        return "http://\(ListenAddress(host: host, port: address.port))"
    }
}
