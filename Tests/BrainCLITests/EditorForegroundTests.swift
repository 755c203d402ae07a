import BrainTestSupport
import Foundation
import Testing

/// `brain new note X -e` opens a full-screen editor in the terminal's foreground and waits for it:
/// driven in a real terminal (tmux) with real vim and nano, whose keys must reach the editor.
@Suite(.serialized) struct EditorForegroundTests {
    static func which(_ program: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let hasTmux = which("tmux") != nil

    /// A tmux server of its own (`-L`), one session running `command`, ended when done.
    final class Terminal {
        let socket = "brain-editor-\(UUID().uuidString.prefix(8))"
        let tmux: String

        init(command: String, folder: String) throws {
            tmux = try #require(EditorForegroundTests.which("tmux"))
            let started = try SpawnedProcess.run(tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30",
                                                        "-c", folder, command])
            #expect(started.status == 0, "tmux new-session: \(started.stderr)")
        }

        deinit { _ = try? SpawnedProcess.run(tmux, ["-L", socket, "kill-server"]) }

        func keys(_ keys: String...) throws {
            _ = try SpawnedProcess.run(tmux, ["-L", socket, "send-keys", "-t", "0"] + keys)
        }

        func screen() throws -> String {
            try SpawnedProcess.run(tmux, ["-L", socket, "capture-pane", "-p", "-t", "0"]).stdout
        }

        /// Waits up to `seconds` for the screen to hold `text`.
        func wait(for text: String, seconds: Double = 60) throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try screen().contains(text) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
    }

    /// Runs `brain new note Editor test -e` with `editor`, types through `type`, and checks the
    /// note holds the typed words and brain finished.
    func edit(with editor: String, _ type: (Terminal) throws -> Void) throws {
        let vault = try TestVault()
        let brain = try ConcurrencyTests.executable().path
        let done = vault.root + "/.finished"
        let command = "EDITOR='\(editor)' '\(brain)' new note 'Editor test' -e; echo \"exit $?\" > '\(done)'; sleep 30"
        let terminal = try Terminal(command: command, folder: vault.root)
        #expect(try terminal.wait(for: "Editor test"), "the editor never drew the note:\n\((try? terminal.screen()) ?? "")")
        try type(terminal)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: done) && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect((try? String(contentsOfFile: done, encoding: .utf8)) == "exit 0\n", "brain did not finish:\n\((try? terminal.screen()) ?? "")")
        #expect(try vault.read("notes/editor-test.md").contains("typed in the editor"))
    }

    @Test(.enabled(if: hasTmux && which("vim") != nil, "needs tmux and vim (.ci/run installs them)"))
    func vimOpensInTheForeground() throws {
        try edit(with: "vim -u NONE -N") { terminal in
            try terminal.keys("G", "o", "typed in the editor", "Escape")
            try terminal.keys(":wq", "Enter")
        }
    }

    @Test(.enabled(if: hasTmux && which("nano") != nil, "needs tmux and nano (.ci/run installs them)"))
    func nanoOpensInTheForeground() throws {
        try edit(with: "nano") { terminal in
            try terminal.keys("M-/", "Enter", "typed in the editor")
            try terminal.keys("C-o")
            #expect(try terminal.wait(for: "File Name to Write"), "\((try? terminal.screen()) ?? "")")
            try terminal.keys("Enter")
            #expect(try terminal.wait(for: "Wrote"), "\((try? terminal.screen()) ?? "")")
            try terminal.keys("C-x")
        }
    }
}
