import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore

/// An RRULE (RFC 5545, section 3.3.10) of a calendar's day-level events: `FREQ=DAILY`, `WEEKLY`,
/// `MONTHLY` or `YEARLY`, with `INTERVAL`, `COUNT` or `UNTIL`, `BYMONTH`, `BYWEEKNO`, `BYYEARDAY`,
/// `BYMONTHDAY` (negative counts from the end), `BYDAY` (with ordinals in MONTHLY and YEARLY:
/// `2MO`, `-1FR`), `BYHOUR`, `BYMINUTE`, `BYSECOND`, `BYSETPOS` and `WKST`. `FREQ=HOURLY`,
/// `MINUTELY` and `SECONDLY` and unknown parts are refused with a message (the event then counts
/// once, at DTSTART), rather than half understood.
///
/// The parts expand or limit the set as the RFC's table says. Each period of the frequency (a
/// year, a month, a week from WKST, a day), stepped by INTERVAL from DTSTART's, gives the days it
/// holds that pass every BY part that limits and match the parts that expand: BYMONTH; BYWEEKNO
/// (weeks numbered from WKST, week 1 the first with four days of the year); BYYEARDAY;
/// BYMONTHDAY; BYDAY (a weekday, or its Nth in the month — or in the year for YEARLY without
/// BYMONTH; several BYDAY values are any of them). A day a rule names that does not exist (30
/// February) is no day. A part the RFC does not allow at a frequency (BYMONTHDAY in WEEKLY,
/// BYYEARDAY in MONTHLY) limits, as python-dateutil reads it. Without a BY part of days, the day
/// comes from DTSTART (its weekday for WEEKLY, its day of the month for MONTHLY, its month and
/// day for YEARLY). Those days at the times of BYHOUR × BYMINUTE × BYSECOND (DTSTART's by
/// default), sorted, are the period's set; BYSETPOS picks from it (`-1`, the last).
package struct RecurrenceRule: Hashable, Sendable {
    package enum Frequency: String, Hashable, Sendable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A BYDAY value: a weekday, with its ordinal in the month or year (`-1FR`) or without (`FR`).
    package struct WeekdayNumber: Hashable, Sendable {
        package var weekday: Weekday
        package var ordinal: Int?

        package init(_ weekday: Weekday, _ ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    package var frequency: Frequency
    package var interval = 1
    package var count: Int?
    package var until: CalendarTime?
    package var byDay: [WeekdayNumber] = []
    package var byMonthDay: [Int] = []
    package var byMonth: [Int] = []
    package var byYearDay: [Int] = []
    package var byWeekNo: [Int] = []
    package var bySetPos: [Int] = []
    package var byHour: [Int] = []
    package var byMinute: [Int] = []
    package var bySecond: [Int] = []
    package var weekStart: Weekday = .monday

    /// The most occurrences one event is expanded to; the rest are left out with a warning.
    package static let occurrenceLimit = 100_000

    package static let weekdayCodes: [String: Weekday] = ["MO": .monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday,
                                                  "FR": .friday, "SA": .saturday, "SU": .sunday]

    package init(frequency: Frequency) {
        self.frequency = frequency
    }

    /// Reads an RRULE value; the message says what is wrong or not supported.
    package static func parse(_ text: String, parameters: [String: String] = [:]) -> Result<RecurrenceRule, RuleProblem> {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let equals = part.firstIndex(of: "=") else { return .failure(RuleProblem("RRULE part \"\(part)\" has no value")) }
            let key = part[..<equals].uppercased().trimmingCharacters(in: .whitespaces)
            guard parts[key] == nil else { return .failure(RuleProblem("RRULE has \(key) twice")) }
            parts[key] = String(part[part.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        }
        guard let name = parts["FREQ"]?.uppercased() else { return .failure(RuleProblem("RRULE without FREQ")) }
        guard let frequency = Frequency(rawValue: name) else {
            if ["HOURLY", "MINUTELY", "SECONDLY"].contains(name) {
                return .failure(RuleProblem("RRULE FREQ=\(name) is not supported (only DAILY, WEEKLY, MONTHLY and YEARLY); only the first occurrence counts"))
            }
            return .failure(RuleProblem("RRULE FREQ=\(name) is not a frequency; only the first occurrence counts"))
        }
        var rule = RecurrenceRule(frequency: frequency)
        func numbers(_ key: String, _ value: String, _ range: ClosedRange<Int>, negative: Bool) -> Result<[Int], RuleProblem> {
            var result: [Int] = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingCharacters(in: .whitespaces)
                guard let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text),
                      range.contains(abs(number)) || (!negative && range.contains(number)),
                      negative || number >= 0 else {
                    let span = negative ? "±\(range.lowerBound)…\(range.upperBound)" : "\(range.lowerBound)…\(range.upperBound)"
                    return .failure(RuleProblem("RRULE \(key)=\(value): \"\(text)\" is not a number \(span); only the first occurrence counts"))
                }
                if !result.contains(number) { result.append(number) }
            }
            return .success(result)
        }
        for (key, value) in parts.sorted(by: { $0.key < $1.key }) {
            var problem: RuleProblem?
            func take(_ found: Result<[Int], RuleProblem>, _ store: (inout RecurrenceRule, [Int]) -> Void) {
                switch found {
                case .success(let list): store(&rule, list)
                case .failure(let failure): problem = failure
                }
            }
            switch key {
            case "FREQ": break
            case "INTERVAL":
                guard let number = Int(value), number >= 1, number <= 36_500 else {
                    return .failure(RuleProblem("RRULE INTERVAL=\(value) must be a whole number of at least 1"))
                }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else {
                    return .failure(RuleProblem("RRULE COUNT=\(value) must be a whole number of at least 1"))
                }
                rule.count = number
            case "UNTIL":
                guard let time = CalendarTime.parse(value, parameters: [:]).time else {
                    return .failure(RuleProblem("RRULE UNTIL=\(value) is not a date or date-time"))
                }
                rule.until = time
            case "BYDAY":
                var days: [WeekdayNumber] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let code = item.uppercased().trimmingCharacters(in: .whitespaces)
                    guard code.count >= 2, let day = weekdayCodes[String(code.suffix(2))] else {
                        return .failure(RuleProblem("RRULE BYDAY=\(value): \"\(code)\" is not a weekday (MO, TU, …, with an ordinal such as 2MO or -1FR); only the first occurrence counts"))
                    }
                    var ordinal: Int?
                    if code.count > 2 {
                        let digits = String(code.dropLast(2))
                        guard let number = Int(digits.hasPrefix("+") ? String(digits.dropFirst()) : digits), number != 0, abs(number) <= 53 else {
                            return .failure(RuleProblem("RRULE BYDAY=\(value): \"\(code)\" has an ordinal that is not ±1…53; only the first occurrence counts"))
                        }
                        ordinal = number
                    }
                    let entry = WeekdayNumber(day, ordinal)
                    if !days.contains(entry) { days.append(entry) }
                }
                rule.byDay = days
            case "BYMONTHDAY": take(numbers(key, value, 1...31, negative: true)) { $0.byMonthDay = $1 }
            case "BYYEARDAY": take(numbers(key, value, 1...366, negative: true)) { $0.byYearDay = $1 }
            case "BYWEEKNO": take(numbers(key, value, 1...53, negative: true)) { $0.byWeekNo = $1 }
            case "BYSETPOS": take(numbers(key, value, 1...366, negative: true)) { $0.bySetPos = $1 }
            case "BYMONTH": take(numbers(key, value, 1...12, negative: false)) { $0.byMonth = $1 }
            case "BYHOUR": take(numbers(key, value, 0...23, negative: false)) { $0.byHour = $1 }
            case "BYMINUTE": take(numbers(key, value, 0...59, negative: false)) { $0.byMinute = $1 }
            case "BYSECOND": take(numbers(key, value, 0...60, negative: false)) { $0.bySecond = $1 }
            case "WKST":
                guard let day = weekdayCodes[value.uppercased()] else { return .failure(RuleProblem("RRULE WKST=\(value) is not a weekday")) }
                rule.weekStart = day
            default:
                return .failure(RuleProblem("RRULE part \(key) is not supported; only the first occurrence counts"))
            }
            if let problem { return .failure(problem) }
        }
        if rule.count != nil && rule.until != nil { return .failure(RuleProblem("RRULE has both COUNT and UNTIL; RFC 5545 allows one")) }
        return .success(rule)
    }

    /// The wall-clock starts (in `start`'s zone) of the occurrences, in order: `start` itself first
    /// (RFC 5545 always counts DTSTART, also in COUNT), then the rule's, up to and including
    /// `limit` (wall-clock seconds), `COUNT` and `UNTIL`. `local` reads floating times. `capped`
    /// says the expansion stopped at `occurrenceLimit`.
    package func expand(from start: CalendarTime, through limit: Int64, floatingIn local: CalendarZone) -> (starts: [Int64], capped: Bool) {
        let first = start.wallClock
        guard first <= limit else { return ([], false) }
        let zone = start.zone ?? local
        let firstDay = Day(ordinal: Int(LocalDays.floorDivide(first, 86_400)))
        let timeOfDay = first - Int64(firstDay.ordinal) * 86_400
        func beyondUntil(_ wall: Int64) -> Bool {
            guard let until else { return false }
            switch until {
            case .date(let day): return Day(ordinal: Int(LocalDays.floorDivide(wall, 86_400))) > day
            case .utc(let instant):
                return start.isDate || start.zone == nil ? wall > instant : zone.instant(ofWallClock: wall) > instant
            case .local(let seconds, let untilZone):
                if let untilZone, !start.isDate { return zone.instant(ofWallClock: wall) > untilZone.instant(ofWallClock: seconds) }
                return wall > seconds
            }
        }
        if beyondUntil(first) { return ([], false) }
        var result: [Int64] = [first]
        let maximum = min(count ?? Int.max, RecurrenceRule.occurrenceLimit + 1)

        // The day parts, with DTSTART's day where the rule names none.
        var months = byMonth, monthDays = byMonthDay, weekdays = byDay
        if byWeekNo.isEmpty && byYearDay.isEmpty && byMonthDay.isEmpty && byDay.isEmpty {
            switch frequency {
            case .yearly:
                if months.isEmpty { months = [firstDay.month] }
                monthDays = [firstDay.parts.day]
            case .monthly: monthDays = [firstDay.parts.day]
            case .weekly: weekdays = [WeekdayNumber(firstDay.weekday)]
            case .daily: break
            }
        }
        // Ordinals count only in MONTHLY and YEARLY (elsewhere the weekday alone, as dateutil reads it).
        let ordinals = frequency == .monthly || frequency == .yearly
        let plainDays = Set(weekdays.filter { !ordinals || $0.ordinal == nil }.map(\.weekday))
        let numberedDays = ordinals ? weekdays.filter { $0.ordinal != nil } : []
        let times: [Int64] = start.isDate ? [0] : {
            let hours = byHour.isEmpty ? [Int(timeOfDay / 3600)] : byHour
            let minutes = byMinute.isEmpty ? [Int(timeOfDay % 3600 / 60)] : byMinute
            let seconds = bySecond.isEmpty ? [Int(timeOfDay % 60)] : bySecond
            var list: [Int64] = []
            for hour in hours { for minute in minutes { for second in seconds { list.append(Int64(hour * 3600 + minute * 60 + second)) } } }
            return Array(Set(list)).sorted()
        }()

        /// Whether a day passes the day parts; `range` is the span BYDAY ordinals count in.
        func passes(_ day: Day, range: ClosedRange<Day>) -> Bool {
            let (year, month, dayOfMonth) = day.parts
            if !months.isEmpty && !months.contains(month) { return false }
            if !byWeekNo.isEmpty && !weekNumberMatches(day, year: year) { return false }
            if !byYearDay.isEmpty {
                let number = Day(year: year, month: 1, day: 1)!.distance(to: day) + 1
                let length = Day(year: year, month: 1, day: 1)!.distance(to: Day(year: year, month: 12, day: 31)!) + 1
                if !byYearDay.contains(number) && !byYearDay.contains(number - length - 1) { return false }
            }
            if !monthDays.isEmpty {
                let length = Day.daysIn(month: month, year: year)
                if !monthDays.contains(dayOfMonth) && !monthDays.contains(dayOfMonth - length - 1) { return false }
            }
            if !weekdays.isEmpty {
                let weekday = day.weekday
                if plainDays.contains(weekday) { return true }
                let fromStart = range.lowerBound.distance(to: day) / 7 + 1
                let fromEnd = -(day.distance(to: range.upperBound) / 7 + 1)
                return numberedDays.contains { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }
            }
            return true
        }

        func weekNumberMatches(_ day: Day, year: Int) -> Bool {
            var weekYear = year
            if day < firstWeek(of: year) { weekYear -= 1 } else if day >= firstWeek(of: year + 1) { weekYear += 1 }
            let start = firstWeek(of: weekYear)
            let number = start.distance(to: day) / 7 + 1
            let weeks = start.distance(to: firstWeek(of: weekYear + 1)) / 7
            return byWeekNo.contains(number) || byWeekNo.contains(number - weeks - 1)
        }

        func firstWeek(of year: Int) -> Day {
            let january = Day(year: min(max(year, 1), 9999), month: 1, day: 1)!
            let before = (january.weekday.rawValue - weekStart.rawValue + 7) % 7
            let start = january.adding(days: -before)
            return before <= 3 ? start : start.adding(days: 7)
        }

        /// The spans of one period: its first and last day, and the spans BYDAY ordinals count in.
        func period(_ index: Int) -> (days: ClosedRange<Day>, ranges: [ClosedRange<Day>])? {
            let (year, month, _) = firstDay.parts
            switch frequency {
            case .daily:
                let day = firstDay.adding(days: index * interval)
                return (day...day, [day...day])
            case .weekly:
                let week = firstDay.startOfWeek(weekStart).adding(days: 7 * index * interval)
                return (week...week.adding(days: 6), [week...week.adding(days: 6)])
            case .monthly:
                let total = (year * 12 + month - 1) + index * interval
                guard let monthStart = Day(year: total / 12, month: total % 12 + 1, day: 1) else { return nil }
                let monthEnd = monthStart.adding(days: Day.daysIn(month: total % 12 + 1, year: total / 12) - 1)
                return (monthStart...monthEnd, [monthStart...monthEnd])
            case .yearly:
                let next = year + index * interval
                guard let yearStart = Day(year: next, month: 1, day: 1), let yearEnd = Day(year: next, month: 12, day: 31) else { return nil }
                if byMonth.isEmpty || numberedDays.isEmpty { return (yearStart...yearEnd, [yearStart...yearEnd]) }
                let spans = byMonth.sorted().map { month -> ClosedRange<Day> in
                    let start = Day(year: next, month: month, day: 1)!
                    return start...start.adding(days: Day.daysIn(month: month, year: next) - 1)
                }
                return (yearStart...yearEnd, spans)
            }
        }

        var index = 0
        periods: while result.count < maximum {
            guard let (span, ranges) = period(index) else { break }
            index += 1
            if Int64(span.lowerBound.ordinal) * 86_400 > limit { break }
            var set: [Int64] = []
            for range in ranges {
                var day = range.lowerBound
                while day <= range.upperBound {
                    if passes(day, range: range) {
                        for time in times { set.append(Int64(day.ordinal) * 86_400 + time) }
                    }
                    day = day.adding(days: 1)
                }
            }
            set.sort()
            if !bySetPos.isEmpty {
                var picked: [Int64] = []
                for position in bySetPos {
                    let at = position > 0 ? position - 1 : set.count + position
                    if set.indices.contains(at) && !picked.contains(set[at]) { picked.append(set[at]) }
                }
                set = picked.sorted()
            }
            for wall in set where wall > first {
                if wall > limit || beyondUntil(wall) { break periods }
                result.append(wall)
                if result.count >= maximum { break periods }
            }
        }
        let capped = result.count > RecurrenceRule.occurrenceLimit
        if capped { result.removeLast(result.count - RecurrenceRule.occurrenceLimit) }
        return (result, capped)
    }
}

/// Why an RRULE could not be used.
package struct RuleProblem: Error, Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
