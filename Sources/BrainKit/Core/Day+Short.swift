extension Day {
    /// "12 May" in `today`'s year, "12 May 2027" otherwise: a day as views print it.
    public func short(today: Day) -> String {
        let text = "\(dayOfMonth) \(HeatmapLayout.monthNames[month - 1])"
        return year == today.year ? text : text + " \(year)"
    }
}
