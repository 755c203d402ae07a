import BrainKit

/// A progress line for long work: on standard error, only when it is a terminal, rewritten in
/// place and cleared at the end, so pipes and files never see it.
final class Progress: @unchecked Sendable {
    private let output: TextOutput
    private let label: String
    private var shown = false

    init(_ session: Session, label: String) {
        output = session.context.stderr
        self.label = label
    }

    var enabled: Bool { output.isTerminal }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        output.write("\r\(label) \(done)/\(total)\u{1B}[K")
        shown = true
    }

    func update(fraction: Double) {
        guard enabled else { return }
        output.write("\r\(label) \(Int((fraction * 100).rounded()))%\u{1B}[K")
        shown = true
    }

    func clear() {
        if shown { output.write("\r\u{1B}[K") }
        shown = false
    }
}

/// Standard output as an export sink, written in large pieces.
final class OutputSink: ExportSink {
    private let output: TextOutput
    private var buffer = ""

    init(_ output: TextOutput) {
        self.output = output
    }

    func write(_ text: String) throws(ExportError) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        output.write(buffer)
        buffer = ""
    }
}
