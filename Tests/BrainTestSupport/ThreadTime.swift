import Foundation

/// The processor time the calling thread has used: what a test that bounds a piece of work's
/// cost measures, rather than the clock, which doubles whenever another process on a shared
/// machine takes the core. (It still counts only this thread's work: a bound for work done on
/// other threads needs another measure.)
package enum ThreadTime {
    package static var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The seconds of this thread's processor time `body` took.
    package static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = seconds
        try body()
        return seconds - start
    }
}
