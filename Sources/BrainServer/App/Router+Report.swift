import Foundation
import BrainFormat
import BrainAnalytics
import BrainStore
import BrainInterchange

/// `GET /app/report`: the page `brain report` writes (the day, each habit's year grid with its
/// streaks, strength and momentum, goals, mood, the organism), rendered by the same
/// `ReportPage`, with the app's navigation and `organism.css`, which animates the organism.
/// The report's inline styles are allowed by their hashes in this answer's
/// `Content-Security-Policy`; it has no script.
extension Router {
    static var reportRoutes: [Route] { [
        Route(method: "GET", pattern: ["app", "report"]) { router, call throws(APIError) in router.reportPage(call) },
        Route(method: "GET", pattern: ["app", "organism.css"], open: true, inline: true) { _, _ throws(APIError) in
            AppAssets.asset(AppAssets.organism, "text/css; charset=utf-8")
        },
    ] }

    func reportPage(_ call: Call) -> HTTPResponse {
        let config = vault.config
        let title = config.title ?? vault.root.split(separator: "/").last.map(String.init) ?? "Brain"
        let report = VaultReport(index: index(), journal: journal(), date: todayDay(), range: .year, title: title.isEmpty ? "Brain" : title)
        let page = ReportPage(report: report, theme: config.theme, appearance: config.appearance, generator: "brain \(options.version)")
        var html = page.render()
        let nav = "<nav aria-label=\"Pages\" class=\"appnav\"><a href=\"/app\">Today</a><a href=\"/app/checkin\">Check-in</a>"
            + "<a href=\"/app/habits\">Habits</a><a href=\"/app/goals\">Goals</a><a href=\"/app/notes\">Notes</a>"
            + "<a href=\"/app/report\" aria-current=\"page\">Report</a></nav>\n"
        html = html.replacingOccurrences(of: "</head>", with: "<link rel=\"stylesheet\" href=\"/app/organism.css\">\n</head>")
        if let body = html.range(of: "<main>") { html.replaceSubrange(body, with: nav + "<main id=\"main\">") }
        var response = HTTPResponse.text(html, type: "text/html; charset=utf-8")
        response.set("Content-Security-Policy", "default-src 'self'; style-src 'self' \(Self.styleHashes(html, stylesheet: page.stylesheet)); "
                     + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        return response
    }
}

extension Router {
    /// The report's own styles as CSP sources: its `<style>` and each `style="…"` attribute it
    /// writes (bars' widths), by SHA-256 (`'unsafe-hashes'` lets a hash allow an attribute).
    static func styleHashes(_ html: String, stylesheet: String) -> String {
        var values: [String] = ["\n" + stylesheet]
        var rest = html[...]
        while let start = rest.range(of: " style=\"") {
            guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
            let value = String(rest[start.upperBound..<end])
            if !values.contains(value) { values.append(value) }
            rest = rest[end...]
        }
        let hashes = values.map { "'sha256-" + Data(SHA256.hash(Array($0.utf8))).base64EncodedString() + "'" }
        return (values.count > 1 ? "'unsafe-hashes' " : "") + hashes.joined(separator: " ")
    }
}

extension AppAssets {
    /// The organism alive (Forge): the plant breathes, its limbs sway, a shimmer travels along
    /// thriving limbs, dormant limbs rest still; nothing moves under `prefers-reduced-motion`.
    static let organism = """
        .appnav{display:flex;gap:4px;padding:4px 12px;background:var(--surface);border-bottom:1px solid var(--l0)}
        .appnav a{display:inline-flex;align-items:center;min-height:44px;padding:0 14px;border-radius:8px;text-decoration:none;font-weight:600;color:var(--accent)}
        .appnav a[aria-current=page]{background:var(--l0);color:var(--text)}
        .appnav{overflow-x:auto;scrollbar-width:none}.appnav a{white-space:nowrap}
        @media (max-width:480px){.appnav{gap:0;padding:4px;justify-content:space-between}.appnav a{padding:0 5px;font-size:.9rem}}
        @media (prefers-reduced-motion: no-preference){
        svg.plant{transform-origin:50% 100%;animation:breathe 6s ease-in-out infinite}
        .limb-group{transform-box:view-box;transform-origin:50% 100%;animation:sway 9s ease-in-out infinite alternate}
        .limb-group:nth-of-type(2n){animation-duration:11s;animation-direction:alternate-reverse}
        .limb-group.thriving .limb{stroke-dasharray:12 6;animation:shimmer 2.4s linear infinite}
        .limb-group.dormant,.limb-group.resting{animation:none}
        .leaf{transform-box:fill-box;transform-origin:50% 100%;animation:flutter 5s ease-in-out infinite alternate}
        }
        @keyframes breathe{0%,100%{transform:scale(1)}50%{transform:scale(1.015)}}
        @keyframes sway{from{transform:rotate(-1deg)}to{transform:rotate(1deg)}}
        @keyframes shimmer{from{stroke-dashoffset:36}to{stroke-dashoffset:0}}
        @keyframes flutter{from{transform:rotate(-3deg)}to{transform:rotate(3deg)}}

        """
}
