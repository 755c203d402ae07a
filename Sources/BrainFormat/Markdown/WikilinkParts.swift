/// The pieces of a wikilink's content, `target#fragment|label`, as byte ranges with spaces and
/// tabs trimmed: one reading shared by the scanner and habit lines, so `[[read\|Reading]]` names
/// the same habit everywhere.
package struct WikilinkParts {
    package var target: Range<Int>
    package var fragment: Range<Int>?
    package var label: Range<Int>?

    /// Splits `bytes[start..<end]`, the content between `[[` and `]]`. The first `|` starts the
    /// label (written `\|` inside tables); the first `#` before it starts the fragment. Nil when
    /// there is neither a target nor a fragment.
    @inline(__always)
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        var pipe = start
        while pipe < end && bytes[pipe] != Byte.pipe { pipe += 1 }
        var targetEnd = pipe
        if pipe < end && pipe > start && bytes[pipe - 1] == Byte.backslash { targetEnd -= 1 }
        var hash = start
        while hash < targetEnd && bytes[hash] != Byte.hash { hash += 1 }

        target = WikilinkParts.trimmed(bytes, start, hash)
        fragment = nil
        if hash < targetEnd {
            let range = WikilinkParts.trimmed(bytes, hash + 1, targetEnd)
            if !range.isEmpty { fragment = range }
        }
        guard !target.isEmpty || fragment != nil else { return nil }
        label = nil
        if pipe < end {
            let range = WikilinkParts.trimmed(bytes, pipe + 1, end)
            if !range.isEmpty { label = range }
        }
    }

    @inline(__always)
    package static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var a = start
        var b = end
        while a < b && isSpaceOrTab(bytes[a]) { a += 1 }
        while b > a && isSpaceOrTab(bytes[b - 1]) { b -= 1 }
        return a..<b
    }
}
