import Foundation
import Testing

/// `brain lsp` with a real editor: Neovim, headless, through its built-in LSP client
/// (`vim.lsp.start_client`, which Debian's Neovim 0.7 has; `vim.lsp.start` came in 0.8). It opens
/// a daily file, types a broken link and the start of a habit link, and writes what it got —
/// diagnostics, completion items, hover — to a file this test reads.
@Suite struct LanguageServerNeovimTests {
    /// `nvim` on the PATH, if installed (`.ci/run` installs Debian's `neovim` when missing).
    static let neovim: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = String(folder) + "/nvim"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static let script = #"""
    local brain, vault, out = os.getenv("BRAIN_BINARY"), os.getenv("BRAIN_TEST_VAULT"), os.getenv("BRAIN_NVIM_RESULT")
    local result = {}
    local function finish()
      local file = io.open(out, "w")
      file:write(vim.fn.json_encode(result))
      file:close()
      vim.cmd("qall!")
    end
    local ok, problem = pcall(function()
      local client_id = vim.lsp.start_client({
        name = "brain",
        cmd = { brain, "lsp", "--vault", vault },
        root_dir = vault,
        on_init = function(_, initialize) result.positionEncoding = initialize.capabilities.positionEncoding end,
        on_exit = function(code) result.exit = code end,
      })
      vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/daily/2026-11-22.md"))
      local buf = vim.api.nvim_get_current_buf()
      vim.lsp.buf_attach_client(buf, client_id)
      result.initialized = vim.wait(30000, function()
        local client = vim.lsp.get_client_by_id(client_id)
        return client ~= nil and client.initialized == true
      end, 20)
      local uri = vim.uri_from_bufnr(buf)
      local read_line
      for index, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
        if line == "- [ ] [[read]]" then read_line = index - 1 end
      end
      local last = vim.api.nvim_buf_line_count(buf)
      -- Typed at the end: an incremental didChange.
      vim.api.nvim_buf_set_lines(buf, last, last, false, { "Ünïcödé [[nowhere]]", "- [ ] [[re" })
      vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
      result.diagnostics = {}
      for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
        table.insert(result.diagnostics, { message = diagnostic.message, line = diagnostic.lnum, col = diagnostic.col })
      end
      local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion",
        { textDocument = { uri = uri }, position = { line = last + 1, character = 10 } }, 30000)
      result.completion = {}
      for _, response in pairs(responses or {}) do
        local items = response.result and (response.result.items or response.result) or {}
        for _, item in ipairs(items) do table.insert(result.completion, item.label) end
      end
      local hovers = vim.lsp.buf_request_sync(buf, "textDocument/hover",
        { textDocument = { uri = uri }, position = { line = read_line, character = 9 } }, 30000)
      for _, response in pairs(hovers or {}) do
        if response.result then result.hover = response.result.contents.value end
      end
      vim.lsp.stop_client(client_id)
      vim.wait(30000, function() return result.exit ~= nil end, 20)
    end)
    if not ok then result.error = tostring(problem) end
    finish()
    """#

    /// Runs Neovim headless on `script` against the vault; what the script wrote, nil when it
    /// did not finish in time (recorded as an issue).
    static func drive(_ script: String, vault: TestVault, neovim: String) throws -> [String: Any]? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("drive.lua")
        let output = folder.appendingPathComponent("result.json")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: neovim)
        process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + scriptFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["BRAIN_BINARY"] = try ConcurrencyTests.executable().path
        environment["BRAIN_TEST_VAULT"] = vault.root
        environment["BRAIN_NVIM_RESULT"] = output.path
        environment["BRAIN_NOW"] = "2026-11-22T09:00:00Z"
        environment["TZ"] = "UTC"
        environment["HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        environment["XDG_DATA_HOME"] = folder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + 180) == .timedOut {
            process.terminate()
            Issue.record("nvim did not finish within 180 s")
            return nil
        }
        let data = try Data(contentsOf: output)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.enabled(if: LanguageServerNeovimTests.neovim != nil,
                   "nvim is not installed (bash .ci/run installs Debian's neovim package)"))
    func neovimGetsDiagnosticsCompletionAndHover() throws {
        let neovim = try #require(Self.neovim)
        let vault = try TestVault()
        guard let result = try Self.drive(Self.script, vault: vault, neovim: neovim) else { return }
        #expect(result["error"] == nil, "the Lua script failed: \(result["error"] ?? "")")
        #expect(result["initialized"] as? Bool == true)
        #expect(result["positionEncoding"] as? String == "utf-16", "Neovim 0.7 lists no encodings: UTF-16")
        let diagnostics = result["diagnostics"] as? [[String: Any]] ?? []
        let broken = try #require(diagnostics.first { ($0["message"] as? String)?.hasPrefix("broken link to \"nowhere\"") == true },
                                  "no diagnostic for the broken link: \(diagnostics)")
        // Neovim turns the server's UTF-16 column (8, after "Ünïcödé ") into bytes: 12.
        #expect(broken["col"] as? Int == 12)
        let completion = result["completion"] as? [String] ?? []
        #expect(completion.first == "read", "\(completion.prefix(5))")
        #expect(completion.contains("review-budget") && completion.contains("Read 20 pages"))
        let hover = result["hover"] as? String ?? ""
        #expect(hover.hasPrefix("**Read 20 pages** — habit `read`") && hover.contains("streak 20 days"))
        #expect(result["exit"] as? Int == 0, "shutdown and exit end the server with status 0")
    }

    /// Renames `walk` from a link in today's file, both files open with unsaved lines: Neovim's
    /// own handler applies the edit (it checks a document's version against the buffer's), saves
    /// the renamed file and moves it, and `:wall` writes the rest.
    static let renameScript = #"""
    local brain, vault, out = os.getenv("BRAIN_BINARY"), os.getenv("BRAIN_TEST_VAULT"), os.getenv("BRAIN_NVIM_RESULT")
    local result = {}
    local function finish()
      local file = io.open(out, "w")
      file:write(vim.fn.json_encode(result))
      file:close()
      vim.cmd("qall!")
    end
    local ok, problem = pcall(function()
      local client_id = vim.lsp.start_client({
        name = "brain",
        cmd = { brain, "lsp", "--vault", vault },
        root_dir = vault,
        on_exit = function(code) result.exit = code end,
      })
      vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/habits/walk.md"))
      local walk = vim.api.nvim_get_current_buf()
      vim.lsp.buf_attach_client(walk, client_id)
      vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/daily/2026-11-22.md"))
      local daily = vim.api.nvim_get_current_buf()
      vim.lsp.buf_attach_client(daily, client_id)
      result.initialized = vim.wait(30000, function()
        local client = vim.lsp.get_client_by_id(client_id)
        return client ~= nil and client.initialized == true
      end, 20)
      -- Unsaved lines in both buffers: their versions are past the first.
      vim.api.nvim_buf_set_lines(walk, -1, -1, false, { "An unsaved line." })
      vim.api.nvim_buf_set_lines(daily, -1, -1, false, { "Typed, not saved." })
      local walk_line
      for index, line in ipairs(vim.api.nvim_buf_get_lines(daily, 0, -1, false)) do
        if line:find("^%- %[ %] %[%[walk%]%]") then walk_line = index end
      end
      vim.api.nvim_win_set_cursor(0, { walk_line, 9 })
      vim.lsp.buf.rename("Walk more")
      result.renamed = vim.wait(30000, function()
        return vim.api.nvim_buf_get_lines(daily, walk_line - 1, walk_line, false)[1]:find("walk%-more") ~= nil
      end, 20)
      result.versions = { daily = vim.lsp.util.buf_versions[daily] }
      result.daily = vim.api.nvim_buf_get_lines(daily, 0, -1, false)
      vim.cmd("silent! wall")
      vim.lsp.stop_client(client_id)
      vim.wait(30000, function() return result.exit ~= nil end, 20)
    end)
    if not ok then result.error = tostring(problem) end
    finish()
    """#

    @Test func neovimAppliesARenameToOpenBuffers() throws {
        guard let neovim = Self.neovim else {
            print("skipping the Neovim rename test: nvim is not installed (bash .ci/run installs Debian's neovim package)")
            return
        }
        let vault = try TestVault()
        let linking = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/daily")
            .filter { (try? vault.read("daily/" + $0))?.contains("[[walk]]") == true }
        guard let result = try Self.drive(Self.renameScript, vault: vault, neovim: neovim) else { return }
        #expect(result["error"] == nil, "the Lua script failed: \(result["error"] ?? "")")
        #expect(result["renamed"] as? Bool == true, "Neovim did not apply the rename")
        let daily = result["daily"] as? [String] ?? []
        #expect(daily.contains { $0.hasPrefix("- [ ] [[walk-more]]") } && daily.last == "Typed, not saved.")
        // On disk after :wall: the file moved with its unsaved line, every link followed it.
        #expect(!vault.exists("habits/walk.md"))
        let renamed = try vault.read("habits/walk-more.md")
        #expect(renamed.contains("# Walk more") && renamed.hasSuffix("An unsaved line.\n"))
        #expect(linking.count > 10)
        for name in linking {
            let text = try vault.read("daily/" + name)
            #expect(text.contains("[[walk-more]]") && !text.contains("[[walk]]"), "daily/\(name)")
        }
        #expect(try vault.read("daily/2026-11-22.md").hasSuffix("Typed, not saved.\n"))
        #expect(vault.run("validate").status == 0, "no broken link after the rename")
        #expect(result["exit"] as? Int == 0)
    }
}
