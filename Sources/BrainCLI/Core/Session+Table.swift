extension Session {
    /// Columns padded to their widest cell (by characters); `rightAligned` column indices.
    func printTable(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func render(_ cells: [String]) -> String {
            var parts: [String] = []
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                parts.append(rightAligned.contains(column) ? pad + cell : (column == cells.count - 1 ? cell : cell + pad))
            }
            return parts.joined(separator: "  ")
        }
        line(style(render(header), .muted))
        for row in rows { line(render(row)) }
    }
}
