import BrainFormat
import BrainAnalytics

/// Fills a template's `{{placeholders}}`: typed YAML values in front-matter, plain text in the body.
///
/// A front-matter value that is one placeholder and nothing else is replaced by the value written
/// as YAML (`created: "{{date}}"` → `created: 2026-11-22`, `tags: "{{tags}}"` → `tags: [a, b]`,
/// a title with `: ` stays quoted); when the value is empty the key is dropped. A placeholder inside
/// a longer front-matter string is replaced as text and the string re-quoted as needed. The body
/// gets plain text replacement. Unknown placeholders are kept as written and reported.
package enum TemplateRenderer {
    /// A rendered template.
    package struct Result: Hashable, Sendable {
        /// The rendered file, ready to be written or edited further.
        package var document: Document
        /// Unknown placeholders (warnings) and problems of the template's front-matter, located in the template.
        package var diagnostics: [Diagnostic]

        /// The rendered text.
        package var text: String { document.text }
    }

    /// Renders `template` with `values`.
    package static func render(_ template: String, values: TemplateValues) -> Result {
        var diagnostics = unknownPlaceholders(in: template)
        let source = Document(text: template)
        guard source.hasFrontMatter, source.diagnostics.isEmpty else {
            // Without readable front-matter there are no typed values to write: text everywhere.
            diagnostics = source.diagnostics + diagnostics
            return Result(document: Document(text: Placeholder.replace(in: template, values.text(of:))),
                          diagnostics: diagnostics)
        }
        let bytes = Array(template.utf8)
        let head = String(decoding: bytes[..<source.bodyStartOffset], as: UTF8.self)
        let body = String(decoding: bytes[source.bodyStartOffset...], as: UTF8.self)
        var document = Document(text: head + Placeholder.replace(in: body, values.text(of:)))
        for entry in source.frontMatter.entries where containsKnownPlaceholder(entry.value) {
            if let value = substitute(entry.value, values) {
                document.set(entry.key, to: value)
            } else {
                document.remove(entry.key)
            }
        }
        return Result(document: document, diagnostics: diagnostics)
    }

    /// The value with its placeholders filled; nil when it renders empty (the key is then dropped).
    package static func substitute(_ value: YAMLValue, _ values: TemplateValues) -> YAMLValue? {
        switch value {
        case .string(let text):
            let placeholders = Placeholder.scan(text)
            if placeholders.count == 1, placeholders[0].range == 0..<text.utf8.count,
               Placeholder.known.contains(placeholders[0].name) {
                return values.value(of: placeholders[0].name)
            }
            let replaced = Placeholder.replace(in: text, values.text(of:))
            return replaced.isEmpty ? nil : .string(replaced)
        case .list(let items):
            return .list(items.compactMap { substitute($0, values) })
        case .map(let map):
            return .map(YAMLMap(map.entries.compactMap { entry in
                substitute(entry.value, values).map { YAMLMap.Entry(key: entry.key, value: $0) }
            }))
        default:
            return value
        }
    }

    package static func containsKnownPlaceholder(_ value: YAMLValue) -> Bool {
        switch value {
        case .string(let text): return Placeholder.scan(text).contains { Placeholder.known.contains($0.name) }
        case .list(let items): return items.contains(where: containsKnownPlaceholder)
        case .map(let map): return map.entries.contains { containsKnownPlaceholder($0.value) }
        default: return false
        }
    }

    /// A warning for each `{{name}}` whose name is not one `TemplateRenderer` fills.
    package static func unknownPlaceholders(in template: String) -> [Diagnostic] {
        let unknown = Placeholder.scan(template).filter { !Placeholder.known.contains($0.name) }
        guard !unknown.isEmpty else { return [] }
        var lineStarts = [0]
        for (offset, byte) in template.utf8.enumerated() where byte == 10 { lineStarts.append(offset + 1) }
        return unknown.map { placeholder in
            let offset = placeholder.range.lowerBound
            let line = lineStarts.lastIndex { $0 <= offset } ?? 0
            return Diagnostic(line: line + 1, column: offset - lineStarts[line] + 1, severity: .warning,
                              message: "unknown placeholder {{\(placeholder.name)}} left as written; known: "
                                  + Placeholder.known.joined(separator: ", "))
        }
    }
}
