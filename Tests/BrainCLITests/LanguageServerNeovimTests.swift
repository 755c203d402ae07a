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

    @Test func neovimGetsDiagnosticsCompletionAndHover() throws {
        guard let neovim = Self.neovim else {
            print("skipping the Neovim test: nvim is not installed (bash .ci/run installs Debian's neovim package)")
            return
        }
        let vault = try TestVault()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brain-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("drive.lua")
        let output = folder.appendingPathComponent("result.json")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: neovim)
        process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + script.path]
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
            return
        }
        let data = try Data(contentsOf: output)
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
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
}
