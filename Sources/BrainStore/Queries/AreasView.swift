import BrainFormat
import BrainAnalytics

/// `brain areas`: each life area's vitality and identity statement, and the identity score.
package struct AreasView: Hashable, Sendable, Codable {
    /// One area.
    package struct Entry: Hashable, Sendable, Codable {
        package var id: String
        package var title: String
        @Rounded package var weight: Double
        /// The weighted mean of its habits' 7-day rates; null when nothing was due.
        @Rounded package var consistency: Double?
        package var label: AreaVitality.Label
        @Nullable package var identity: String?
        /// Ids of the habits in the area.
        package var habits: [String]
    }

    package var date: Day
    /// The areas that are not resting, averaged by weight; null when every area rests.
    @Rounded package var identityScore: Double?
    /// In the journal's order.
    package var areas: [Entry]

    /// The areas as of `today`.
    package init(journal: Journal, today: Day) {
        date = today
        let vitality = AreaVitality.compute(areas: journal.areas, schedules: journal.ordered(journal.schedules(today: today)))
        identityScore = AreaVitality.identityScore(vitality, areas: journal.areas)
        let areaKeys = journal.habits.map { $0.area.map(LinkTarget.key) }
        areas = zip(journal.areas, vitality).map { area, item in
            Entry(id: area.id, title: area.title, weight: area.weight, consistency: item.consistency, label: item.label,
                  identity: area.identity,
                  habits: zip(journal.habits, areaKeys).filter { $0.1 == area.id.lowercased() }.map(\.0.id))
        }
    }
}
