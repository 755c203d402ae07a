@testable import BrainStore

/// A watcher's answer, fixed: what `VaultIndex.open`, the summaries and the kept day are told
/// changed, without a watcher running.
struct FixedChangeSource: ChangeSource {
    var answer: WatchAnswer?
    func changes(since token: String?) -> WatchAnswer? { answer }
}
