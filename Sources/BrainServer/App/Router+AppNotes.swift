import BrainFormat
import BrainAnalytics
import BrainStore

/// `GET /app/notes` (the list, `?page=N` a page of it, from the index's `NoteListing`; `?q=`
/// searches as `brain search`, `?tag=` lists a tag's notes as `brain list --tag`) and `GET /app/notes/PATH`, a note by the id the list links (its path
/// without `.md`, a segment per folder), found through the index: the server's path check has
/// refused `.`, `..`, hidden names and encoded `/` before, and a name the index does not hold is a 404.
extension Router {
    /// The most notes the list shows, and the most lines a search shows.
    static let noteListLimit = 200
    static let searchLimit = 100
    /// The most characters of a found line shown (a page stays within its weight budget).
    static let lineLimit = 160
    /// The most tags the list shows (the most used).
    static let tagLimit = 100

    func notesPage(_ call: Call) -> HTTPResponse {
        let request = call.request
        let listing = noteListing()
        let index = listing.index
        var message: String?
        var status = HTTPStatus.ok
        var expressions: [TagExpression] = []
        let tag = request.queryValue("tag").map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        if let tag {
            do {
                expressions = [try TagExpression(tag)]
            } catch {
                message = "tag: \(error)"
                status = .badRequest
            }
        }
        var query = request.queryValue("q").map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        var results: SearchResults?
        if let text = query {
            if text.contains(where: \.isNewline) || text.count > 200 {
                message = "a search is one line of at most 200 characters"
                status = .badRequest
                query = nil
            } else {
                results = SearchResults(text, in: vault, limit: Self.searchLimit)
            }
        }
        // `?page=N` (from 1): the list a page of `noteListLimit` notes at a time.
        let page = request.queryValue("page").flatMap { Int($0) }.map { max(1, min($0, 100_000)) } ?? 1
        // A search shows its lines, not the list too.
        var list = NoteList(notes: [])
        var total = 0
        if status == .ok && results == nil {
            (list, total) = listing.page(tags: expressions, offset: (page - 1) * Self.noteListLimit, limit: Self.noteListLimit)
        }
        let pages = AppPage.NotePages(page: page, count: max(1, (total + Self.noteListLimit - 1) / Self.noteListLimit), total: total)
        let body = AppPage.notes(list, index: index, tags: listing.tags, query: query, tag: status == .ok ? tag : nil,
                                 results: results, pages: pages, message: message)
        return appPage("Notes", tab: "notes", body, status: status)
    }

    /// The most segments (folders and the note) a note's page path holds.
    static let noteDepth = 4

    func notePage(_ call: Call, name: String) -> HTTPResponse {
        let index = self.index()
        let position: Int
        do {
            position = try index.note(named: name)
        } catch {
            return appPage("Note", tab: "notes", "<p class=\"note bad\" role=\"alert\">\(Router.html(error.message))</p>\n",
                           status: error.code == .ambiguous ? .conflict : .notFound)
        }
        let note = NoteReading(index: index, note: position, vault: vault)
        return appPage(note.title, tab: "notes", AppPage.note(note, index: index))
    }
}
