import BrainFormat

extension Achievement {
    /// How the achievement reads: "7-day streak", "perfect week of 2026-11-09", "first completion".
    package var text: String {
        switch kind {
        case .streak(let length, let unit): return "\(length)-\(String(unit.rawValue.dropLast())) streak"
        case .perfectWeek(let start): return "perfect week of \(start)"
        case .completions(let count): return count == 1 ? "first completion" : "\(count) completions"
        }
    }
}
