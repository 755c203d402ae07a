#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BrainKit
import BrainServer
import Foundation

/// Sends a vault's due reminders: works out the plan (`ReminderPlan`, BrainStore), claims its
/// keys in the sent-log, hands each note to the notifiers of `notify:`, and writes a desktop
/// answer through the same action as `brain done` (`LogHabit`). Used once by `brain remind`,
/// in a loop by `brain remind --watch` and inside `brain serve`.
final class ReminderRunner: @unchecked Sendable {
    let vault: Vault
    let environment: [String: String]
    let machineZone: TimeZone
    let now: @Sendable () -> Date
    let log: @Sendable (String) -> Void
    /// Milliseconds a desktop notification waits for an answer (0: until closed).
    var expireMilliseconds = 0
    private let answers = DispatchGroup()
    private let lock = NSLock()
    private var failedAfterSending = false

    /// Whether a notification failed after it was handed over (notify-send without a server).
    var failedLater: Bool { lock.withLock { failedAfterSending } }

    init(vault: Vault, environment: [String: String], machineZone: TimeZone, now: @escaping @Sendable () -> Date,
         log: @escaping @Sendable (String) -> Void) {
        self.vault = vault
        self.environment = environment
        self.machineZone = machineZone
        self.now = now
        self.log = log
    }

    /// The notifiers `notify:` names; the desktop when it names none.
    func notifiers(_ settings: ReminderSettings) -> [any Notifier] {
        var list: [any Notifier] = []
        if settings.desktop ?? !settings.hasNotifier {
            list.append(DesktopNotifier(environment: environment, expireMilliseconds: expireMilliseconds, log: { [self] message in
                lock.withLock { failedAfterSending = true }
                log(message)
            }))
        }
        if let ntfy = settings.ntfy { list.append(NtfyNotifier(settings: ntfy)) }
        if let command = settings.command { list.append(CommandNotifier(line: command, environment: environment, directory: vault.root)) }
        return list
    }

    /// The plan at this moment, from a fresh read of the vault (its cache makes that cheap).
    func plan(journal: Journal? = nil) -> ReminderPlan {
        let vault = Vault(root: self.vault.root, fileSystem: self.vault.fileSystem)
        let journal = journal ?? Journal(index: VaultIndex.open(vault, scope: .journal))
        return ReminderPlan(vault: vault, journal: journal, now: now(), machineZone: machineZone)
    }

    /// What one run sent.
    struct Outcome {
        var plan: ReminderPlan
        var sent: [ReminderNote]
        var failures: [String]
    }

    /// Sends what is due now: each reminder whose time has come, and one summary of those missed.
    func runOnce(journal: Journal? = nil) -> Outcome {
        let plan = plan(journal: journal)
        let settings = Vault(root: vault.root, fileSystem: vault.fileSystem).config.reminders
        var outcome = Outcome(plan: plan, sent: [], failures: [])
        let due = plan.toSend
        let missed = plan.missed
        let claimed: Set<String>
        do {
            claimed = Set(try ReminderLog(vault: vault).claim(due.map(\.key) + missed.map(\.key), today: plan.day))
        } catch {
            outcome.failures.append("the sent-log: \(error.description)")
            return outcome
        }
        let answerBase = settings.answerURL
        let key = answerBase == nil ? nil : try? CredentialStore(vault: vault).answerKey()
        var notes = due.filter { claimed.contains($0.key) }.map { ReminderNote($0, answerBase: answerBase, key: key) }
        if missed.contains(where: { claimed.contains($0.key) }), let summary = plan.summary {
            notes.append(ReminderNote(title: summary.title, body: summary.body, day: plan.day))
        }
        let notifiers = notifiers(settings)
        if notifiers.isEmpty, !notes.isEmpty { outcome.failures.append("notify: names no notifier") }
        for note in notes {
            for notifier in notifiers {
                do {
                    answers.enter()
                    let waits = try notifier.send(note) { [self] answer in
                        defer { answers.leave() }
                        if let answer, let habit = note.habit { self.answer(answer, habit: habit, day: note.day) }
                    }
                    if !waits { answers.leave() }
                } catch {
                    answers.leave()
                    outcome.failures.append("\(notifier.name): \(error)")
                }
            }
            outcome.sent.append(note)
        }
        return outcome
    }

    /// Waits for the desktop's answers of the notes sent so far (they close on an answer, or
    /// when they expire).
    func waitForAnswers() {
        answers.wait()
    }

    /// Checks `habit` off (or skips it) on `day`, as `brain done` and `brain skip` do.
    func answer(_ answer: ReminderAnswer.Answer, habit: String, day: Day) {
        let config = Vault(root: vault.root, fileSystem: vault.fileSystem).config
        let today = Clock.day(of: now(), timeZone: config.timeZone ?? machineZone, dayStartsAt: config.dayStartsAt)
        let change: HabitChange = answer == .done ? .done(value: nil, add: false, note: nil) : .skip(reason: nil)
        do {
            _ = try vault.perform(LogHabit(habit: habit, change: change, day: day, today: today))
            log("\(habit): \(answer == .done ? "done" : "skipped") on \(day) (from the reminder)")
        } catch {
            log("brain: \(habit) on \(day): \(error.description)")
        }
    }

    /// Runs until `stop` says so: sends what is due, then sleeps to the next reminder (or the next
    /// day), waking early when a file of the vault changes (a habit checked off elsewhere).
    func watch(stop: @escaping @Sendable () -> Bool) {
        let watcher = VaultWatcher(root: vault.root)
        while !stop() {
            let outcome = runOnce()
            for note in outcome.sent { log("reminder: \(note.title)") }
            for failure in outcome.failures { log("brain: reminder not sent through \(failure)") }
            // At most a minute at a time: a clock that jumps (sleep, a new zone) is noticed soon.
            let wait = min(max(outcome.plan.nextWake.timeIntervalSince(now()), 1), 60)
            if let descriptor = watcher.descriptor {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, Int32(wait * 1000)) > 0 {
                    _ = watcher.drain()
                    // Let a burst of writes settle before reading the vault again.
                    usleep(200_000)
                    _ = watcher.drain()
                }
            } else {
                Thread.sleep(forTimeInterval: wait)
            }
        }
    }
}
