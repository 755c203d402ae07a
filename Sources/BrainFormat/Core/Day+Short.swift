extension Day {
    /// The months' short English names, January first.
    package static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "12 May" in `today`'s year, "12 May 2027" otherwise: a day as views print it.
    package func short(today: Day) -> String {
        let text = "\(dayOfMonth) \(Day.monthNames[month - 1])"
        return year == today.year ? text : text + " \(year)"
    }
}
