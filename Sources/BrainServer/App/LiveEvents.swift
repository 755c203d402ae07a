import Foundation

/// `GET /app/events`: Server-Sent Events that tell an open page the vault changed.
///
/// The server's loop writes whole answers, so each event is one answer: a page's `EventSource`
/// sends the last event's id (the vault's generation, `KeptAnswers`) in `Last-Event-ID`; when
/// the generation has moved on since, the answer is at once an event `change`; when not, the
/// request is held until it moves on (a write, or the watcher's news of an edit, a `brain done`
/// in a terminal, a `git pull`) or for 25 seconds (an empty answer). The answer ends; `retry:`
/// makes the browser ask again within a tenth of a second. The first request, without an id,
/// gets the current id only. Held requests are at most `limit`; past it the answer says to
/// come back in 10 seconds.
final class LiveEvents: @unchecked Sendable {
    /// How long a request is held before an empty answer.
    static let hold = 25.0
    /// How many requests are held at once.
    static let limit = 256

    private let lock = NSLock()
    private var waiting: [(reply: Reply, since: Int, until: Double)] = []

    /// The answer to an events request now, or nil when it is held (answered later by `check`).
    func answer(_ request: HTTPRequest, _ reply: Reply, generation: Int, now: Double) -> HTTPResponse? {
        guard let text = request.header("last-event-id") ?? request.queryValue("since"), let since = Int(text) else {
            return Self.event(id: generation, change: false)
        }
        if since != generation { return Self.event(id: generation, change: true) }
        lock.lock()
        defer { lock.unlock() }
        guard waiting.count < Self.limit else { return Self.event(id: generation, change: false, retry: 10_000) }
        waiting.append((reply, since, now + Self.hold))
        return nil
    }

    /// Answers the held requests whose generation is past, or whose time is up.
    func check(generation: Int, now: Double) {
        lock.lock()
        var due: [(Reply, Bool)] = []
        waiting.removeAll { entry in
            if entry.since != generation { due.append((entry.reply, true)); return true }
            if now >= entry.until { due.append((entry.reply, false)); return true }
            return false
        }
        lock.unlock()
        for (reply, change) in due { reply.send(Self.event(id: generation, change: change)) }
    }

    /// One event as a whole answer: its id, and `change` with the id as data when it is one.
    static func event(id: Int, change: Bool, retry: Int = 100) -> HTTPResponse {
        var text = "retry: \(retry)\nid: \(id)\n"
        if change { text += "event: change\ndata: \(id)\n" }
        text += "\n"
        return .text(text, type: "text/event-stream; charset=utf-8")
    }
}
