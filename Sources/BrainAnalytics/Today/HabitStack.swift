import BrainFormat

/// A habit stack: habits sharing a `stack:` name, put in chain order by their `after:` keys.
package struct HabitStack: Hashable, Sendable, Codable {
    /// One step of the chain.
    package struct Step: Hashable, Sendable, Codable {
        /// The habit id.
        package var id: String
        /// What the step follows as written: the previous habit, or a free event (`wake-up`) for a first step.
        package var after: String?
        /// True when the step was reached only by breaking a cycle of `after:` links.
        package var inCycle: Bool

        package init(id: String, after: String? = nil, inCycle: Bool = false) {
            self.id = id
            self.after = after
            self.inCycle = inCycle
        }
    }

    /// The `stack:` name as first written.
    package var name: String
    /// The event the chain starts from (`wake-up`): the first step's `after:` when it names no step of the stack.
    package var anchor: String?
    /// The steps, each after the one it names (a depth-first walk from each first step).
    package var steps: [Step]

    package init(name: String, anchor: String?, steps: [Step]) {
        self.name = name
        self.anchor = anchor
        self.steps = steps
    }

    /// The stacks among `habits`, in the order of the day (`timeOfDay`; those it cannot tell last),
    /// then by name (case-insensitive). Within a stack a step comes
    /// right after the step its `after:` names; several steps after the same one, and several first
    /// steps, are ordered by title then id. Steps caught in a cycle (`a` after `b`, `b` after `a`)
    /// are placed once each, starting from the lowest by title, so a cycle never hangs.
    package static func stacks(of habits: [Habit]) -> [HabitStack] {
        var groups: [String: [Habit]] = [:]
        var names: [String: String] = [:]
        for habit in habits {
            guard let name = habit.stack?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
            let key = name.lowercased()
            groups[key, default: []].append(habit)
            if names[key] == nil { names[key] = name }
        }
        // In the order of the day: morning before evening, whatever their names sort as.
        var times: [String: Int] = [:]
        for (key, members) in groups { times[key] = HabitStack.timeOfDay(name: names[key]!, members: members) ?? Int.max }
        return groups.keys.sorted { (times[$0]!, $0) < (times[$1]!, $1) }.map { key in
            order(groups[key]!, name: names[key]!)
        }
    }

    /// When in the day a stack is done, in minutes from midnight: the earliest `remind:` of its
    /// habits, else what its name says (morning, wake-up or breakfast 7:00; midday, noon or lunch
    /// 12:00; afternoon 15:00; evening or dinner 19:00; night or bed 22:00); nil when neither tells.
    package static func timeOfDay(name: String, members: [Habit]) -> Int? {
        let reminders = members.compactMap { habit -> Int? in
            guard let text = habit.remind, Habit.isClockTime(text) else { return nil }
            let parts = text.split(separator: ":")
            guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]) else { return nil }
            return hours * 60 + minutes
        }
        if let earliest = reminders.min() { return earliest }
        let words = name.lowercased()
        // Afternoon before noon: the word holds the other.
        let parts: [(words: [String], minutes: Int)] = [
            (["afternoon"], 15 * 60), (["morning", "wake", "breakfast", "sunrise"], 7 * 60), (["midday", "noon", "lunch"], 12 * 60),
            (["evening", "dinner", "after work"], 19 * 60), (["night", "bed", "sleep"], 22 * 60),
        ]
        return parts.first { $0.words.contains { words.contains($0) } }?.minutes
    }

    /// Orders the members of one stack (see `stacks(of:)`).
    package static func order(_ members: [Habit], name: String) -> HabitStack {
        let sorted = members.sorted(by: HabitStack.byTitle)
        let keys = Set(sorted.map { $0.id.lowercased() })
        var children: [String: [Habit]] = [:]
        var roots: [Habit] = []
        for habit in sorted {
            if let after = habit.after?.lowercased(), after != habit.id.lowercased(), keys.contains(after) {
                children[after, default: []].append(habit)
            } else {
                roots.append(habit)
            }
        }
        var steps: [Step] = []
        var visited = Set<String>()
        // An explicit stack instead of recursion: a long chain cannot overflow, and `visited` stops cycles.
        func walk(from root: Habit, inCycle: Bool) {
            var pending: [Habit] = [root]
            while let habit = pending.popLast() {
                let key = habit.id.lowercased()
                guard visited.insert(key).inserted else { continue }
                steps.append(Step(id: habit.id, after: habit.after, inCycle: inCycle))
                pending.append(contentsOf: (children[key] ?? []).reversed())
            }
        }
        for root in roots { walk(from: root, inCycle: false) }
        // Whatever is left hangs off a cycle: start from the lowest unvisited step.
        while let next = sorted.first(where: { !visited.contains($0.id.lowercased()) }) {
            walk(from: next, inCycle: true)
        }
        let anchor = roots.first?.after.flatMap { $0.lowercased() == roots.first?.id.lowercased() ? nil : $0 }
        return HabitStack(name: name, anchor: anchor, steps: steps)
    }

    /// Title, then id, case-insensitive: the order of steps that nothing else orders.
    package static func byTitle(_ a: Habit, _ b: Habit) -> Bool {
        let left = a.title.lowercased(), right = b.title.lowercased()
        return left != right ? left < right : a.id.lowercased() < b.id.lowercased()
    }
}
