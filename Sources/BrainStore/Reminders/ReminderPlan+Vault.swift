import Foundation
import BrainFormat
import BrainAnalytics

extension ReminderPlan {
    /// The plan of a vault at `now`: its day and zone from `.brain/config.yml` (`time-zone:`,
    /// `day-starts-at`), the day's overview as `brain today` builds it, the sent-log of this machine.
    package init(vault: Vault, journal: Journal, now: Date, machineZone: TimeZone) {
        let config = vault.config
        let zone = config.timeZone ?? machineZone
        let day = Clock.day(of: now, timeZone: zone, dayStartsAt: config.dayStartsAt)
        let overview = DayOverview(journal: journal, day: day, detail: DayOverview.readCheckIn(day: day, journal: journal, vault: vault))
        self.init(overview: overview, habits: journal.habits, settings: config.reminders, now: now, timeZone: zone,
                  dayStartsAt: config.dayStartsAt, sent: ReminderLog(vault: vault).sent())
    }
}
