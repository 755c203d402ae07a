import BrainFormat
import BrainAnalytics
import BrainStore
import BrainInterchange

/// The notes pages: the list (pinned first, then the most recently changed), a search (`brain
/// search`), the tags (`brain tags`) and a note rendered from its Markdown with its links
/// followed and its backlinks. Every piece of vault text is escaped.
extension AppPage {
    /// Where a note of `index` is read in the app: a habit's page, a goal on Goals, else the note
    /// page by its path without `.md` (an id the index resolves, never a file opened by name).
    static func href(_ record: NoteRecord) -> String {
        switch record.kind {
        case .habit: return "/app/habits/" + PercentDecoding.encode(record.stem)
        case .goal: return "/app/goals#g-" + PercentDecoding.encode(record.stem)
        default: return notePath(record.path)
        }
    }

    /// The note page of the vault path `path`.
    static func notePath(_ path: String) -> String {
        let stem = path.lowercased().hasSuffix(".md") ? String(path.dropLast(3)) : path
        return "/app/notes/" + stem.split(separator: "/").map { PercentDecoding.encode(String($0)) }.joined(separator: "/")
    }

    static func tagLink(_ tag: String) -> String {
        "<a class=\"tag\" href=\"/app/notes?tag=\(PercentDecoding.encode(tag))\">#\(Router.html(tag))</a>"
    }

    /// Which page of the notes list is shown, of how many, and the notes in all.
    struct NotePages {
        var page = 1
        var count = 1
        var total = 0
    }

    static func notes(_ list: NoteList, index: VaultIndex, tags: TagList, query: String?, tag: String?,
                      results: SearchResults?, pages: NotePages = NotePages(), message: String? = nil) -> String {
        var out = "<header class=\"day\"><h1>Notes</h1></header>\n"
        if let message { out += "<p class=\"note bad\" role=\"alert\">\(Router.html(message))</p>\n" }
        out += "<form method=\"get\" action=\"/app/notes\" class=\"line flat\" role=\"search\">"
        out += "<label>Search <input type=\"search\" name=\"q\" maxlength=\"200\" value=\"\(Router.html(query ?? ""))\"></label>"
        out += "<button type=\"submit\">Search</button></form>\n"
        if let query, let results {
            out += "<section class=\"results\"><h2>Lines holding “\(Router.html(query))”</h2>"
            if results.matches.isEmpty { out += "<p class=\"muted\">Nothing found.</p>" }
            var lastPath = ""
            for match in results.matches {
                if match.path != lastPath {
                    if !lastPath.isEmpty { out += "</ul>" }
                    let record = index.index(ofPath: match.path).map { index.records[$0] }
                    let title = Router.html(record?.title ?? match.path)
                    out += "<h3>" + (record.map { "<a href=\"\(Router.html(href($0)))\">\(title)</a>" } ?? title) + "</h3><ul class=\"lines\">"
                    lastPath = match.path
                }
                let text = match.text.count > Router.lineLimit ? match.text.prefix(Router.lineLimit) + "…" : match.text
                out += "<li><span class=\"muted\">\(match.line)</span> \(Router.html(text))</li>"
            }
            if !lastPath.isEmpty { out += "</ul>" }
            out += "</section>\n"
        }
        if results == nil { out += noteList(list, index: index, tag: tag, pages: pages) }
        if !tags.tags.isEmpty {
            // The most used first, as `brain tags --sort count`, and no more than a page holds.
            let shown = tags.tags.prefix(Router.tagLimit)
            out += "<section><h2>Tags</h2><ul class=\"taglist\">"
            for entry in shown { out += "<li>\(tagLink(entry.name)) <span class=\"muted\">\(entry.count)</span></li>" }
            out += "</ul>"
            if shown.count < tags.tags.count { out += "<p class=\"muted\">The \(shown.count) most used of \(tags.tags.count) tags.</p>" }
            out += "</section>\n"
        }
        return out
    }

    /// The notes of the list (or of a tag), each with its tags.
    static func noteList(_ list: NoteList, index: VaultIndex, tag: String?, pages: NotePages = NotePages()) -> String {
        var out = ""
        out += "<section><h2>" + (tag.map { "Notes tagged \(tagLink($0)) <a class=\"muted\" href=\"/app/notes\">all notes</a>" } ?? "Recent notes") + "</h2>"
        if list.notes.isEmpty { out += "<p class=\"muted\">No notes\(tag == nil ? " yet: <code>brain new note</code> makes one" : "")." + "</p>" }
        out += "<ul class=\"notes\">"
        for note in list.notes {
            guard let position = index.index(ofPath: note.path) else { continue }
            out += "<li>" + (note.pinned ? "<span class=\"pin\">pinned</span> " : "")
            out += "<a href=\"\(Router.html(href(index.records[position])))\">\(Router.html(note.title))</a>"
            if !note.tags.isEmpty { out += " <span class=\"tags\">" + note.tags.map(tagLink).joined(separator: " ") + "</span>" }
            out += "</li>"
        }
        out += "</ul>"
        if pages.count > 1 {
            // Older and newer pages, the tag kept.
            let base = "/app/notes?" + (tag.map { "tag=" + PercentDecoding.encode($0) + "&amp;" } ?? "") + "page="
            out += "<nav class=\"pages\" aria-label=\"Pages of notes\">"
            if pages.page > 1 { out += "<a rel=\"prev\" href=\"\(base)\(min(pages.page, pages.count) - 1)\">Newer</a>" }
            out += "<span class=\"muted\">page \(pages.page) of \(pages.count) · \(pages.total) notes</span>"
            if pages.page < pages.count { out += "<a rel=\"next\" href=\"\(base)\(pages.page + 1)\">Older</a>" }
            out += "</nav>"
        }
        out += "</section>\n"
        return out
    }

    static func note(_ note: NoteReading, index: VaultIndex) -> String {
        var out = "<header class=\"day\"><h1>\(note.pinned ? "<span class=\"pin\">pinned</span> " : "")\(Router.html(note.title))</h1>"
        out += "<p class=\"muted\">\(Router.html(note.path))</p></header>\n"
        if !note.tags.isEmpty { out += "<p class=\"tags\">" + note.tags.map(tagLink).joined(separator: " ") + "</p>\n" }
        let spans = note.links.map { link -> MarkdownHTML.Span in
            let words: String
            switch link.link.kind {
            case .wikilink, .embed: words = link.link.label ?? (link.link.target + (link.link.fragment.map { "#" + $0 } ?? ""))
            default: words = link.link.label ?? link.link.target
            }
            var address: String?
            if let target = link.note {
                address = href(index.records[target])
            } else if link.link.kind == .url {
                let lower = link.link.target.lowercased()
                if lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") { address = link.link.target }
            }
            return MarkdownHTML.Span(range: link.range, href: address, text: words)
        }
        out += "<article class=\"prose\">\n" + MarkdownHTML.render(note.body, spans: spans) + "</article>\n"
        out += "<section><h2>Backlinks</h2>"
        if note.backlinks.isEmpty {
            out += "<p class=\"muted\">No note links here.</p>"
        } else {
            out += "<ul class=\"lines\">"
            for backlink in note.backlinks {
                let record = index.records[backlink.source]
                out += "<li><a href=\"\(Router.html(href(record)))\">\(Router.html(record.title))</a> "
                out += "<span class=\"muted\">\(backlink.line): \(Router.html(backlink.text))</span></li>"
            }
            out += "</ul>"
        }
        return out + "</section>\n"
    }
}
