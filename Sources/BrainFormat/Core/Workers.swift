#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// How many threads work on a job: the index, the analytics of many habits, a big file's parts.
package enum Workers {
    /// Set by tests to run every job on this many threads.
    @TaskLocal package static var limit: Int?

    /// Threads for `count` items: one below `minimum` items (starting threads costs more), else
    /// one per core up to eight, or `limit` when set.
    package static func count(for count: Int, atLeast minimum: Int) -> Int {
        if let limit { return max(1, limit) }
        return count < minimum ? 1 : max(1, min(System.activeProcessorCount, 8))
    }
}

/// Result slots written by parallel workers, each slot by exactly one worker.
package final class SlotBuffer<Element>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Element?>

    package init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    package func set(_ index: Int, _ value: Element) { storage[index] = value }

    package func values() -> [Element] { storage.map { $0! } }
}

extension Array where Element: Sendable {
    /// `map` on every core for work that is heavy per element (a habit's ten years of days):
    /// the result is in order whatever the thread timing.
    /// One thread below `minimum` elements (see `Workers.count`).
    package func concurrentMap<T: Sendable>(atLeast minimum: Int = 2, _ transform: @Sendable (Element) -> T) -> [T] {
        if isEmpty { return [] }
        let results = SlotBuffer<T>(count: count)
        let workers = Swift.min(Workers.count(for: count, atLeast: minimum), count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for slot in Swift.stride(from: worker, to: count, by: workers) { results.set(slot, transform(self[slot])) }
        }
        return results.values()
    }
}

/// Facts about the machine.
package enum System {
    package static var activeProcessorCount: Int {
        #if canImport(Glibc)
        return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #elseif canImport(Darwin)
        return Int(sysconf(_SC_NPROCESSORS_ONLN))
        #else
        return 2
        #endif
    }
}
