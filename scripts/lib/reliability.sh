# Shared by the reliability scripts (scripts/fuzz.sh, crash-safety.sh, full-disk.sh,
# concurrency.sh, paths.sh, size.sh): tools, the release build, the sample vault, and the
# figures each script writes into docs/RELIABILITY.md. Source it; do not run it.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# BRAIN_BINARY runs the scripts against another build (an older one, to see a failure come back).
BRAIN="${BRAIN_BINARY:-$ROOT/.build/release/brain}"
SAMPLE="$ROOT/sample-vault"
DOC="$ROOT/docs/RELIABILITY.md"
# Every run sees the same "now": the sample vault's Sunday morning.
export BRAIN_NOW=2026-11-22T09:00:00Z TZ=UTC NO_COLOR=1 SWIFT_BACKTRACE=enable=no

# Every write action, each as one command line on the sample vault (fields separated by |).
WRITE_ACTIONS=(
    "done|read|24|--note|kill test"
    "undo|meditate"
    "skip|run|knee hurts"
    "checkin|morning|--mood|4|--energy|3|--intention|Finish the report"
    "checkin|evening|--mood|3|--reflection|A calm day"
    "rest|--reason|flu"
    "pin|atomic-habits"
    "unpin|how-i-use-brain"
    "rename|read|Read thirty pages"
    "rename|atomic-habits|Atomic habits, the book"
    "new|note|Crash test"
    "new|goal|Crash goal|--template|run-5k"
    "edit|read|--set|target=30|--set|cue=After lunch"
    "delete|zk"
    "goal|progress|emergency-fund|+150"
    "goal|tick|run-5k|5"
    "archive|guitar"
    "review|week|--write"
    "import|loop|$ROOT/Tests/BrainKitTests/Fixtures/loop/Loop Habits CSV 2026-11-20.zip"
)

# work_dir NAME: a clean scratch folder under scripts/work/ (git-ignored).
work_dir() {
    local dir="$ROOT/scripts/work/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    echo "$dir"
}

# ensure COMMAND PACKAGE: installs a Debian package when the command is missing (as root).
ensure() {
    if command -v "$1" >/dev/null 2>&1 || [[ -x "$1" ]]; then return; fi
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing $2"
        apt-get install -y "$2" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
    else
        echo "missing $1: install the Debian package $2" >&2
        exit 1
    fi
}

build_release() {
    [[ -n "${BRAIN_BINARY:-}" ]] && { echo "== using $BRAIN_BINARY"; return; }
    echo "== building brain (release)"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --product brain 2>&1 | tail -1)
}

# fresh_vault DIR: a copy of the sample vault without its cache.
fresh_vault() {
    rm -rf "$1"
    cp -a "$SAMPLE" "$1"
    rm -rf "$1/.brain/cache"
}

# tree_digest DIR: one line per file with its checksum, sorted; the cache (and the lock in it)
# and temporary files of writes (checked on their own) aside.
tree_digest() {
    (cd "$1" && find . -type f ! -path './.brain/cache/*' ! -name '.*.brain-*-*.tmp' -print0 | LC_ALL=C sort -z | xargs -0 -r sha1sum)
}

# temporary_files DIR: files a killed write left behind (see TemporaryName in BrainKit).
temporary_files() {
    find "$1" -name '.*.brain-*-*.tmp' -print
}

# seconds_since START_NANOSECONDS
seconds_since() {
    awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'
}

# record_figures NAME FILE [OPTIONS] [MARKER]: puts FILE between the MARKER (default NAME) markers
# of docs/RELIABILITY.md, stamped as a run of scripts/NAME.sh OPTIONS.
record_figures() {
    local name="$1" section="$2" marker="${4:-$1}"
    local commit dirty
    commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    dirty=$(git -C "$ROOT" status --porcelain -- Sources Package.swift 2>/dev/null | awk 'NR == 1')
    [[ -n "$dirty" ]] && commit="$commit (with uncommitted changes)"
    {
        echo "Last run $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) cores; commit $commit; \`scripts/$name.sh${3:+ $3}\`."
        echo
        cat "$section"
    } > "$section.stamped"
    python3 - "$DOC" "$marker" "$section.stamped" <<'PY'
import sys
doc, name, block = sys.argv[1], sys.argv[2], open(sys.argv[3]).read()
begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
text = open(doc).read()
if begin not in text:
    sys.exit(f"{doc} has no {begin} marker")
start = text.index(begin) + len(begin)
stop = text.index(end)
open(doc, "w").write(text[:start] + "\n" + block.rstrip("\n") + "\n" + text[stop:])
PY
    echo "== figures written to docs/RELIABILITY.md ($marker)"
}
