extension VaultIndex {
    /// The text of the lines links sit on, for backlink context: each file is read once.
    public func lineTexts(_ places: [(path: String, line: Int)]) -> [String] {
        var wanted: [String: Set<Int>] = [:]
        for place in places { wanted[place.path, default: []].insert(place.line) }
        var found: [String: [Int: String]] = [:]
        for (path, lines) in wanted {
            guard let bytes = try? vault.fileSystem.read(VaultPaths.join(vault.root, path)) else { continue }
            var texts: [Int: String] = [:]
            var line = 1
            var start = 0
            let last = lines.max() ?? 0
            bytes.withUnsafeBufferPointer { buffer in
                var index = 0
                while index <= buffer.count && line <= last {
                    if index == buffer.count || buffer[index] == UInt8(ascii: "\n") {
                        if lines.contains(line) {
                            var end = index
                            if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                            texts[line] = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self).trimmingBlanks
                        }
                        line += 1
                        start = index + 1
                    }
                    index += 1
                }
            }
            found[path] = texts
        }
        return places.map { found[$0.path]?[$0.line] ?? "" }
    }
}
