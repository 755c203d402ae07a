#!/usr/bin/env bash
# Benchmark of `brain lsp` on the 10,000-note corpus: the time from sending a didChange to
# receiving its publishDiagnostics, over the real pipes, for typing in a note's body (the target
# is under 20 ms) and for edits that change a title (every link of the vault resolved again).
# Usage: bench/lsp.sh [CHANGES]   (default 300 changes of each kind)
# BRAIN_BINARY=path measures another build; BRAIN_CORPORA=folder says where the corpus is.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work"
CHANGES=${1:-300}
BRAIN=${BRAIN_BINARY:-$ROOT/.build/release/brain}
command -v python3 >/dev/null || { echo "python3 is needed to drive the server" >&2; exit 1; }

if [[ -z "${BRAIN_BINARY:-}" ]]; then
    echo "== building release"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1)
fi

source "$ROOT/bench/lib/corpus.sh"
corpus_vault || { echo "interconnected-markdown-10k.tgz not found (set BRAIN_CORPORA); nothing measured"; exit 0; }
# A warm index, as an editor finds it after the first start.
"$BRAIN" --vault "$CORPUS" index >/dev/null

python3 - "$BRAIN" "$CORPUS" "$CHANGES" <<'PY'
import json, os, statistics, subprocess, sys, time

brain, vault, changes = sys.argv[1], sys.argv[2], int(sys.argv[3])
process = subprocess.Popen([brain, "lsp", "--vault", vault], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

def send(message):
    body = json.dumps(message).encode()
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    process.stdin.flush()

def receive():
    length = None
    while True:
        line = process.stdout.readline()
        if not line:
            sys.exit(f"brain lsp stopped (exit status {process.wait()})")
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(process.stdout.read(length))

def wait(predicate):
    while True:
        message = receive()
        if predicate(message):
            return message

started = time.perf_counter()
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
wait(lambda m: m.get("id") == 1)
initialized = time.perf_counter() - started
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

# The note with the most links: the largest file to parse on every keystroke.
names = sorted(n for n in os.listdir(vault) if n.endswith(".md"))
def links(name):
    with open(os.path.join(vault, name), encoding="utf-8", errors="replace") as f:
        return f.read().count("[[")
name = max(names, key=links)
path = os.path.join(vault, name)
with open(path, encoding="utf-8") as f:
    text = f.read()
uri = "file://" + "/".join(__import__("urllib.parse").parse.quote(part) for part in path.split("/"))
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
lines = text.split("\n")
last = len(lines) - 1
version = 1

def measure(count, edit):
    global version
    times = []
    for step in range(count):
        version += 1
        change = edit(step)
        begin = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version)
        times.append((time.perf_counter() - begin) * 1000)
    return times

def typing(step):
    # Type a word and a link at the end of the note, a character at a time, then delete it.
    word = " [[garden]] x"
    position = step % (len(word) + 1)
    if position < len(word):
        column = len(lines[last]) + position
        return {"range": {"start": {"line": last, "character": column}, "end": {"line": last, "character": column}},
                "text": word[position]}
    return {"range": {"start": {"line": last, "character": len(lines[last])},
                      "end": {"line": last, "character": len(lines[last]) + len(word)}}, "text": ""}

def retitle(step):
    # A first line `# Title N`: the note's title changes on every edit.
    if step == 0:
        return {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "# Retitled 0\n"}
    return {"range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 10 + len(str(step - 1))}},
            "text": str(step)}

body = measure(changes, typing)
title = measure(max(changes // 10, 10), retitle)
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
wait(lambda m: m.get("id") == 2)
send({"jsonrpc": "2.0", "method": "exit"})
code = process.wait()

def row(label, times):
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"| {label} | {len(times)} | {statistics.median(times):.1f} ms | {p90:.1f} ms | {times[-1]:.1f} ms |")

print(f"initialize (index of {len(names)} notes, warm cache): {initialized * 1000:.0f} ms; note edited: {name} ({links(name)} links, {len(text.encode())} bytes); exit status {code}")
print("| didChange → publishDiagnostics | changes | median | 90th percentile | max |")
print("|---|---:|---:|---:|---:|")
row("typing in the body (target < 20 ms)", body)
row("changing the note's title", title)
PY
