#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The settings the terminal had before raw mode, for the signal handlers to put back.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var settingsSaved = false
/// Set by SIGWINCH; read and cleared by the loop.
nonisolated(unsafe) private var resized: sig_atomic_t = 0

/// What leaving the screen writes: the normal screen back, the cursor shown, attributes reset.
private let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal back and ends the process the way the signal would have: the handler of
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT while the screen is up. Only async-signal-safe calls.
private func restoreAndDie(_ signal: Int32) {
    leaveSequence.withUnsafeBytes { bytes in
        #if canImport(Glibc)
        _ = Glibc.write(1, bytes.baseAddress, bytes.count)
        #elseif canImport(Darwin)
        _ = Darwin.write(1, bytes.baseAddress, bytes.count)
        #endif
    }
    if settingsSaved { _ = tcsetattr(0, TCSAFLUSH, &savedSettings) }
    #if canImport(Glibc)
    _ = Glibc.signal(signal, SIG_DFL)
    #elseif canImport(Darwin)
    _ = Darwin.signal(signal, SIG_DFL)
    #endif
    raise(signal)
}

/// The controlling terminal on standard input and output in raw mode, on the alternate screen:
/// keys arrive one by one and unechoed, the window's size is read again after SIGWINCH, and the
/// terminal is put back as it was by `restore()`, on a signal that ends the process, and at exit.
final class Terminal {
    private(set) var rows = 24
    private(set) var columns = 80
    private var active = false

    /// Whether standard input and output are both a terminal.
    static var isAvailable: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Raw mode, the alternate screen, a hidden cursor; the handlers that undo them on a signal.
    func enter() {
        guard !active, tcgetattr(0, &savedSettings) == 0 else { return }
        settingsSaved = true
        var raw = savedSettings
        // As cfmakeraw, but output processing stays (a line break still returns the carriage).
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(0, TCSAFLUSH, &raw)
        active = true
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            _ = Self.install(signal) { restoreAndDie($0) }
        }
        _ = Self.install(SIGWINCH) { _ in resized = 1 }
        // A program that started this one may have left these blocked (the mask is inherited).
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] { sigaddset(&handled, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        updateSize()
    }

    /// The terminal as it was: the normal screen, the cursor, the settings; default signal handlers.
    func restore() {
        guard active else { return }
        active = false
        leaveSequence.withUnsafeBytes { bytes in write(bytes: bytes) }
        _ = tcsetattr(0, TCSAFLUSH, &savedSettings)
        settingsSaved = false
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] {
            #if canImport(Glibc)
            _ = Glibc.signal(signal, SIG_DFL)
            #elseif canImport(Darwin)
            _ = Darwin.signal(signal, SIG_DFL)
            #endif
        }
    }

    deinit { restore() }

    private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) -> Bool {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return sigaction(signal, &action, nil) == 0
    }

    /// Whether the window changed size since the last call (the size is read again then).
    func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        updateSize()
        return true
    }

    private func updateSize() {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            rows = Int(size.ws_row)
            columns = Int(size.ws_col)
        }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    private func write(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
            #elseif canImport(Darwin)
            let written = Darwin.write(1, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The bytes typed, waiting at most `milliseconds`; empty when none came (or a signal came).
    func read(waiting milliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { raw in
            #if canImport(Glibc)
            Glibc.read(0, raw.baseAddress, raw.count)
            #elseif canImport(Darwin)
            Darwin.read(0, raw.baseAddress, raw.count)
            #endif
        }
        guard count > 0 else { return count == 0 ? [0x04] : [] }
        return Array(buffer.prefix(count))
    }
}
