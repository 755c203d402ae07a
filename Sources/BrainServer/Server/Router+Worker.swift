import Foundation
import BrainFormat
import BrainStore

/// How a read is answered without waiting behind the vault's work.
///
/// Every change the server learns of — a write it made, or the watcher's news of one made
/// elsewhere — moves the vault's *generation* on. A read's answer is kept with the generation it
/// was computed at. A read whose kept answer is current is answered by the loop at once. One
/// whose answer is older is still answered at once with it while the worker computes the new one
/// (stale for the time of one computation, tens of milliseconds) — unless the caller itself wrote
/// since that answer was computed: a client always reads its own writes, so that read waits for
/// the worker. A read with no kept answer waits for the worker too.
extension Router {
    /// Answers `call`, a read of the API, keyed by `key` (its target and today).
    func read(_ key: String, _ route: Route, _ call: Call, _ reply: Reply) -> HTTPResponse? {
        switch answers.lookup(key, caller: call.caller?.key) {
        case .current(let response):
            return response
        case .older(let response, let refresh):
            if refresh { worker.async { _ = self.compute(key, route, call) } }
            return response
        case .missing:
            worker.async { reply.send(self.compute(key, route, call)) }
            return nil
        }
    }

    /// Runs `call` on the worker and sends its answer; a write that succeeded moves the
    /// generation on, and the caller's reads wait for answers that show it.
    func work(_ route: Route, _ call: Call, _ reply: Reply, writes: Bool) {
        worker.async {
            let response = self.run(route, call)
            if writes, response.status.rawValue < 400 {
                // The write's own events are read here, before the generation moves on, so they
                // do not start a second recomputation when the loop reads them.
                self.watcher.drain()
                self.answers.changed(by: call.caller?.key)
            }
            reply.send(response)
        }
    }

    /// On the worker: the kept answer for `key` when it is current, else a new one (kept).
    private func compute(_ key: String, _ route: Route, _ call: Call) -> HTTPResponse {
        let generation = answers.generation
        if let response = answers.current(key) { return response }
        refreshIfChanged()
        let response = run(route, call)
        answers.keep(key, response, generation: generation)
        return response
    }

    /// The watcher saw a change (called on the loop after it read the events).
    func vaultChanged() {
        answers.changed(by: nil)
    }

    /// Where nothing reports changes, every kept answer is old after a second (the index then
    /// compares every file's size and times, as `VaultWatcher.takeChange` tells it).
    func tick(now: Double) {
        guard watcher.descriptor == nil, now - answers.lastTick >= 1 else { return }
        answers.lastTick = now
        answers.changed(by: nil)
    }
}

/// The answers of reads, the vault's generation and who wrote when: shared by the server's loop
/// and the worker, under a lock.
final class KeptAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var generationValue = 0
    private var entries: [String: (response: HTTPResponse, generation: Int)] = [:]
    /// Keys whose newer answer the worker has been asked for.
    private var refreshing: Set<String> = []
    /// The generation each caller's last write made.
    private var lastWrite: [String: Int] = [:]
    /// For `Router.tick` (the loop's alone).
    var lastTick = 0.0

    enum Lookup {
        case current(HTTPResponse)
        /// An older answer the caller may be given; `refresh`: ask the worker for a new one.
        case older(HTTPResponse, refresh: Bool)
        case missing
    }

    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return generationValue
    }

    func lookup(_ key: String, caller: String?) -> Lookup {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return .missing }
        if entry.generation == generationValue { return .current(entry.response) }
        guard entry.generation >= caller.flatMap({ lastWrite[$0] }) ?? 0 else { return .missing }
        return .older(entry.response, refresh: refreshing.insert(key).inserted)
    }

    func current(_ key: String) -> HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key], entry.generation == generationValue else { return nil }
        refreshing.remove(key)
        return entry.response
    }

    /// Keeps a successful answer computed at `generation` unless a newer one is kept.
    func keep(_ key: String, _ response: HTTPResponse, generation: Int) {
        lock.lock()
        defer { lock.unlock() }
        refreshing.remove(key)
        guard response.status == .ok, generation >= entries[key]?.generation ?? 0 else { return }
        if entries.count >= 256, entries[key] == nil { entries.removeAll() }
        entries[key] = (response, generation)
    }

    /// The vault changed: by a write of `caller`'s, or (nil) from elsewhere.
    func changed(by caller: String?) {
        lock.lock()
        defer { lock.unlock() }
        generationValue += 1
        if let caller {
            if lastWrite.count >= 10_000, lastWrite[caller] == nil { lastWrite.removeAll() }
            lastWrite[caller] = generationValue
        }
    }
}
