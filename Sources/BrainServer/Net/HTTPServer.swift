#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on one thread: `poll` over the listening socket, the connections and the
/// shutdown pipe; requests are parsed by `RequestParser` and handed to `handler`, which takes
/// and returns plain values: it answers at once, or returns nil and answers later through the
/// `Reply` (from another thread), while the loop goes on serving the other connections. Limits
/// (`HTTPLimits`) end a connection with 408, 413, 414, 431 or 503; keep-alive and pipelined
/// requests are answered in order.
package final class HTTPServer {
    package typealias Handler = (HTTPRequest, Reply) -> HTTPResponse?

    let listener: Int32
    let wake: Int32
    var limits: HTTPLimits
    let handler: Handler
    /// One line per request (method, path without its query, status, milliseconds).
    let log: (String) -> Void
    /// Headers every answer carries (the security headers).
    package var commonHeaders: [HTTPHeader] = []
    private var connections: [Int32: Connection] = [:]
    /// Answers sent later, from other threads.
    private let replies = Replies()
    private var nextConnection: UInt64 = 0

    package init(listener: Int32, wake: Int32, limits: HTTPLimits, log: @escaping (String) -> Void, handler: @escaping Handler) {
        self.listener = listener
        self.wake = wake
        self.limits = limits
        self.log = log
        self.handler = handler
        let descriptors = Socket.raiseDescriptorLimit()
        self.limits.connections = max(1, min(limits.connections, descriptors - 64))
    }

    /// Descriptors the loop also polls (a file watcher's), with what to do when one is readable.
    package var watched: [(descriptor: Int32, ready: () -> Void)] = []
    /// Called every turn of the loop, at least once a second.
    package var everyTurn: () -> Void = {}

    /// Serves until the shutdown pipe is written (SIGINT, SIGTERM), then finishes the answers
    /// being written (for up to two seconds) and closes every connection.
    package func run() {
        var stopping = false
        while !stopping {
            var fds: [pollfd] = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                                 pollfd(fd: replies.readEnd, events: Int16(POLLIN), revents: 0)]
            for entry in watched { fds.append(pollfd(fd: entry.descriptor, events: Int16(POLLIN), revents: 0)) }
            let fixed = fds.count
            var order: [Connection] = []
            order.reserveCapacity(connections.count)
            for connection in connections.values {
                // A connection whose answer is being worked out is only watched for hanging up.
                let events = connection.isWriting ? Int16(POLLOUT) : connection.pending != nil ? 0 : Int16(POLLIN)
                fds.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                order.append(connection)
            }
            let now = Socket.now()
            var timeout = 1000.0
            for connection in order {
                timeout = min(timeout, max(0, (deadline(of: connection) - now) * 1000))
            }
            _ = poll(&fds, nfds_t(fds.count), Int32(timeout.rounded(.up)))
            let after = Socket.now()
            if fds[1].revents != 0 { stopping = true }
            for (offset, entry) in watched.enumerated() where fds[3 + offset].revents != 0 { entry.ready() }
            everyTurn()
            if fds[2].revents != 0 { deliverReplies(now: after) }
            for (offset, connection) in order.enumerated() {
                let events = fds[fixed + offset].revents
                if events == 0 || connections[connection.descriptor] !== connection { continue }
                if connection.pending != nil {
                    if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { drop(connection) }
                } else if connection.isWriting {
                    if events & Int16(POLLOUT) != 0 || events & Int16(POLLERR | POLLHUP) != 0 { flush(connection, now: after) }
                } else if events & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
                    receive(connection, now: after)
                }
            }
            for connection in order where connections[connection.descriptor] === connection {
                if after >= deadline(of: connection) { expire(connection, now: after) }
            }
            if !stopping, fds[0].revents & Int16(POLLIN) != 0 { acceptAll(now: after) }
        }
        Socket.close(listener)
        // Finish the answers being worked out and written, then close.
        let until = Socket.now() + 2
        for connection in connections.values where !connection.isWriting && connection.pending == nil { drop(connection) }
        while !connections.isEmpty && Socket.now() < until {
            for connection in connections.values { connection.closeAfterWrite = true }
            var fds = connections.values.map { pollfd(fd: $0.descriptor, events: $0.pending == nil ? Int16(POLLOUT) : 0, revents: 0) }
            fds.append(pollfd(fd: replies.readEnd, events: Int16(POLLIN), revents: 0))
            _ = poll(&fds, nfds_t(fds.count), 100)
            deliverReplies(now: Socket.now())
            for connection in Array(connections.values) where connection.pending == nil {
                flush(connection, now: Socket.now())
            }
        }
        for connection in Array(connections.values) { drop(connection) }
    }

    /// When the connection's current limit runs out.
    private func deadline(of connection: Connection) -> Double {
        if connection.pending != nil { return .infinity }
        if connection.isWriting { return connection.lastActivity + limits.writeTimeout }
        if let started = connection.requestStarted {
            return started + (connection.headersDone ? limits.bodyTimeout : limits.headerTimeout)
        }
        return connection.lastActivity + limits.idleTimeout
    }

    private func expire(_ connection: Connection, now: Double) {
        if connection.isWriting || connection.requestStarted == nil {
            drop(connection)
            return
        }
        let why = connection.headersDone ? "the body did not arrive in time" : "the headers did not arrive in time"
        answerError(connection, .requestTimeout, why, now: now)
    }

    private func acceptAll(now: Double) {
        while let descriptor = Socket.accept(listener) {
            nextConnection += 1
            let connection = Connection(descriptor: descriptor, id: nextConnection, now: now)
            connections[descriptor] = connection
            if connections.count > limits.connections {
                let response = decorate(APIError.protocolError(.unavailable, "the server has \(limits.connections) connections open; try again").response)
                connection.queue(response.bytes(keepAlive: false, date: HTTPDate.now()))
                connection.closeAfterWrite = true
                flush(connection, now: now)
            }
        }
    }

    private func receive(_ connection: Connection, now: Double) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        switch Socket.read(connection.descriptor, into: &buffer) {
        case .bytes(let count):
            if connection.input.isEmpty { connection.requestStarted = connection.requestStarted ?? now }
            connection.input += buffer[..<count]
            connection.lastActivity = now
            process(connection, now: now)
        case .wouldBlock:
            return
        case .end, .failed:
            drop(connection)
        }
    }

    /// Answers the complete requests in `input`, one at a time.
    private func process(_ connection: Connection, now: Double) {
        while !connection.isWriting, connection.pending == nil, !connection.closeAfterWrite, !connection.input.isEmpty {
            switch RequestParser.parse(connection.input[...], limits: limits) {
            case .incomplete(let headersDone, let expectsContinue):
                connection.headersDone = headersDone
                if expectsContinue, !connection.sentContinue {
                    connection.sentContinue = true
                    connection.queue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                    flush(connection, now: now, thenProcess: false)
                }
                return
            case .failure(let status, let why):
                answerError(connection, status, why, now: now)
                return
            case .request(let request, let consumed):
                connection.input.removeFirst(consumed)
                connection.sentContinue = false
                connection.headersDone = false
                let pending = Connection.Pending(method: request.method, path: request.path, keepAlive: request.keepAlive, started: Socket.now())
                guard let response = handler(request, Reply(box: replies, connection: connection.id)) else {
                    connection.pending = pending
                    return
                }
                respond(connection, pending, response)
            }
        }
    }

    /// Writes `response` to the request `pending` describes, and logs it.
    private func respond(_ connection: Connection, _ pending: Connection.Pending, _ response: HTTPResponse) {
        let response = decorate(response)
        let keepAlive = pending.keepAlive && response.header("connection") != "close"
        let bytes = response.bytes(keepAlive: keepAlive, head: pending.method == "HEAD", date: HTTPDate.now())
        let milliseconds = Int(((Socket.now() - pending.started) * 1000).rounded())
        log("\(pending.method) \(Self.printable(pending.path)) \(response.status.rawValue) \(milliseconds)ms")
        connection.requestStarted = connection.input.isEmpty ? nil : Socket.now()
        connection.closeAfterWrite = connection.closeAfterWrite || !keepAlive
        connection.queue(bytes)
        flush(connection, now: Socket.now(), thenProcess: false)
    }

    /// Writes the answers other threads sent, each to its connection if it is still open, and
    /// goes on with the requests that came behind them.
    private func deliverReplies(now: Double) {
        for (id, response) in replies.take() {
            guard let connection = connections.values.first(where: { $0.id == id }), let pending = connection.pending else { continue }
            connection.pending = nil
            connection.lastActivity = now
            respond(connection, pending, response)
            if connections[connection.descriptor] === connection, !connection.isWriting { process(connection, now: now) }
        }
    }

    /// The path as the log shows it: printable ASCII, at most 200 characters.
    static func printable(_ path: String) -> String {
        String(path.unicodeScalars.prefix(200).map { $0.value >= 32 && $0.value < 127 ? Character($0) : "?" })
    }

    private func answerError(_ connection: Connection, _ status: HTTPStatus, _ why: String, now: Double) {
        let response = decorate(APIError.protocolError(status, why).response)
        log("- - \(status.rawValue) \(why)")
        connection.input = []
        connection.requestStarted = nil
        connection.closeAfterWrite = true
        connection.queue(response.bytes(keepAlive: false, date: HTTPDate.now()))
        flush(connection, now: now, thenProcess: false)
    }

    private func decorate(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        for header in commonHeaders where response.header(header.name) == nil { response.headers.append(header) }
        return response
    }

    /// Writes what the socket takes; once all is out, closes or (`thenProcess`) answers the
    /// requests that came meanwhile.
    private func flush(_ connection: Connection, now: Double, thenProcess: Bool = true) {
        while connection.isWriting {
            guard let count = Socket.write(connection.descriptor, connection.output, from: connection.written) else {
                drop(connection)
                return
            }
            if count == 0 { return }
            connection.written += count
            connection.lastActivity = now
        }
        connection.output = []
        connection.written = 0
        if connection.closeAfterWrite {
            drop(connection)
            return
        }
        // Requests that came while this answer was written.
        if thenProcess, !connection.input.isEmpty { process(connection, now: now) }
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.descriptor) != nil else { return }
        Socket.close(connection.descriptor)
    }
}
