import BrainFormat
import BrainAnalytics

/// Which file holds a day's check-in, and how a missing one starts.
package enum DailyFile {
    /// The file of `day`: the one the journal knows (anywhere under the daily folder), else
    /// `<daily folder>/YYYY-MM-DD.md`.
    package static func path(of day: Day, journal: Journal, vault: Vault) -> String {
        journal.dailyPaths[day] ?? vault.config.folders.daily + "/\(day).md"
    }

    /// The daily template rendered for `day` (the vault's `templates/daily.md` when there is one).
    package static func template(for day: Day, vault: Vault) throws(ActionError) -> String {
        TemplateRenderer.render(try templateText(vault: vault), values: TemplateValues(title: day.description, date: day)).text
    }

    /// The daily template's text, placeholders unfilled.
    package static func templateText(vault: Vault) throws(ActionError) -> String {
        do {
            return try TemplateLibrary(vault: vault).template(named: "daily")?.text ?? BuiltinTemplates.all["daily"] ?? ""
        } catch {
            throw ActionError(error)
        }
    }

    /// A day that can be logged: one that has begun.
    package static func checkLoggable(_ day: Day, today: Day) throws(ActionError) {
        if day > today {
            throw ActionError(.refused, "\(day) is in the future (today is \(today)); only days that have begun can be logged")
        }
    }

    /// The day's document for editing in `transaction`, from the template when the file is missing.
    /// Refused when two files claim the day: writing to either would be a guess.
    /// `template`, when given, is the daily template's text, read once for a change of many days.
    package static func open(_ day: Day, in transaction: VaultTransaction,
                     template: String? = nil) throws(ActionError) -> (document: Document, path: String, created: Bool) {
        if let paths = transaction.journal.duplicateDays[day] {
            throw ActionError(.refused, "\(day) has \(paths.count) daily files (\(paths.joined(separator: ", "))); "
                + "merge them into one, then try again")
        }
        let path = path(of: day, journal: transaction.journal, vault: transaction.vault)
        if let document = try transaction.document(ifExists: path) { return (document, path, false) }
        if let template {
            return (Document(text: TemplateRenderer.render(template, values: TemplateValues(title: day.description, date: day)).text), path, true)
        }
        return (Document(text: try self.template(for: day, vault: transaction.vault)), path, true)
    }
}
