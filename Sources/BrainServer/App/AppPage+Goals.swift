import BrainFormat
import BrainAnalytics
import BrainStore

/// The Goals page: each goal's progress with its label and pace, its milestones to tick, a value
/// to update and its subgoals (as `brain goals` has them); then each area's vitality and identity
/// (as `brain areas`).
extension AppPage {
    static func goals(_ view: GoalsView, areas: AreasView, milestones: [String: [TaskItem]], message: String? = nil) -> String {
        var out = "<header class=\"day\"><h1>Goals <span class=\"muted\">\(Router.html(view.date.description))</span></h1></header>\n"
        if let message { out += "<p class=\"note bad\" role=\"alert\">\(Router.html(message))</p>\n" }
        if view.goals.isEmpty { out += "<p class=\"muted\">No goals yet: <code>brain new goal</code> makes one.</p>\n" }
        let titles = Dictionary(view.goals.map { ($0.id.lowercased(), $0.title) }, uniquingKeysWith: { first, _ in first })
        for goal in view.goals {
            let id = PercentDecoding.encode(goal.id)
            out += "<section class=\"goal\" id=\"g-\(Router.html(goal.id))\"><h2>\(Router.html(goal.title))</h2>\n"
            let percent = goal.progress.map { Quantity.percent($0) } ?? "—"
            out += "<p><meter min=\"0\" max=\"1\" value=\"\(goal.progress ?? 0)\" aria-label=\"Progress of \(Router.html(goal.title))\"></meter> "
            out += "<strong>\(Router.html(percent))</strong> \(Router.html(goal.label.rawValue))"
            if goal.pace.status != .none { out += " · pace: \(Router.html(goal.pace.status.rawValue))" }
            if let finish = goal.pace.finish { out += " · finish \(Router.html(finish.description))" }
            if let due = goal.due { out += " · due \(Router.html(due.description))" }
            if let late = goal.daysOverdue { out += " · <span class=\"bad\">\(late) days overdue</span>" }
            out += "</p>\n"
            if let measurable = goal.parts.measurable {
                let unit = Router.html(measurable.unit ?? "")
                let target = measurable.target.map { " / " + HabitLine.format($0) } ?? ""
                out += "<form method=\"post\" action=\"/app/goals/\(id)/progress\" class=\"line flat\">"
                out += "<label>Current (\(Router.html(HabitLine.format(measurable.current) + target))\(unit.isEmpty ? "" : " " + unit)) "
                out += "<input name=\"value\" type=\"number\" inputmode=\"decimal\" step=\"any\" required></label>"
                out += "<button type=\"submit\">Update</button></form>\n"
            }
            let items = milestones[goal.id.lowercased()] ?? []
            if !items.isEmpty {
                out += "<ul class=\"milestones\">"
                for (offset, item) in items.enumerated() {
                    let done = item.state == .done
                    out += "<li class=\"\(done ? "done" : "open")\"><form method=\"post\" action=\"/app/goals/\(id)/tick\">"
                    out += "<input type=\"hidden\" name=\"milestone\" value=\"\(offset + 1)\">"
                    if done { out += "<input type=\"hidden\" name=\"undo\" value=\"1\">" }
                    out += "<button type=\"submit\" class=\"row\" aria-label=\"\(Router.html(item.text)): \(done ? "done; untick" : "tick")\">"
                    out += "<span class=\"mark\" aria-hidden=\"true\">\(done ? "✓" : item.state == .skipped ? "–" : "")</span>"
                    out += "<span class=\"name\">\(Router.html(item.text))</span></button></form></li>"
                }
                out += "</ul>\n"
            }
            if !goal.children.isEmpty {
                let names = goal.children.map { child in
                    "<a href=\"#g-\(Router.html(child))\">\(Router.html(titles[child.lowercased()] ?? child))</a>"
                }
                out += "<p>Subgoals: \(names.joined(separator: ", "))</p>\n"
            }
            out += "</section>\n"
        }
        if !areas.areas.isEmpty {
            out += "<section><h2>Areas</h2>"
            if let score = areas.identityScore { out += "<p>identity score <strong>\(Router.html(Quantity.percent(score)))</strong></p>" }
            out += "<ul class=\"areas\">"
            for area in areas.areas {
                out += "<li><strong>\(Router.html(area.title))</strong> · \(Router.html(area.label.rawValue))"
                if let consistency = area.consistency { out += " · \(Router.html(Quantity.percent(consistency)))" }
                if let identity = area.identity { out += "<br><span class=\"muted\">\(Router.html(identity))</span>" }
                out += "</li>"
            }
            out += "</ul></section>\n"
        }
        return out
    }
}
