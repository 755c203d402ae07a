#!/usr/bin/env bash
# Paths: names with ../, absolute paths, 300-byte names, NFC and NFD spellings, links out of the
# vault, symbolic links inside it pointing out, and `.brain`, `.brain/cache`, the lock and the
# cache file each a symbolic link to a folder beside the vault. Every command runs under strace:
# no file beside the vault may be opened, listed, created, renamed or removed, and no file
# anywhere outside the vault written; the folder beside it must be unchanged at the end.
# (A NUL byte cannot be passed in a process's arguments; BrainKit's tests pass it in-process.)
#
# Usage: scripts/paths.sh [--quick]   (installs strace from Debian when missing)
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

MODE=full
[[ "${1:-}" == "--quick" ]] && MODE=quick
ensure strace strace
ensure python3 python3
WORK=$(work_dir paths)
build_release

LONG=$(printf 'x%.0s' $(seq 1 300))
NFC=$(printf 'Caf\xc3\xa9')
NFD=$(printf 'Cafe\xcc\x81')
COMMANDS=(
    "index" "validate" "today" "stats" "list|--json" "tags" "orphans" "graph" "search|secret"
    "show|../outside/secret" "show|OUTSIDE/secret.md" "show|../outside/secret.md" "show|linked"
    "links|escape" "backlinks|/etc/passwd" "pin|../outside/secret" "pin|notes/linked.md"
    "edit|../outside/secret.md|--set|title=x" "edit|notes/folder/secret.md|--set|title=x"
    "rename|zk|../../outside/evil" "rename|zk|/tmp/evil" "rename|zk|$LONG"
    "delete|../outside/secret.md" "restore|../../outside/secret.md" "restore|../outside"
    "new|note|../../outside/evil" "new|note|/etc/evil" "new|note|$LONG" "new|note|$NFC" "new|note|$NFD"
    "show|$NFD" "done|../outside/secret" "done|read" "goal|progress|../outside/secret|3"
    "checkin|morning|--mood|4|--intention|../../outside"
)
# How the vault is set up for each pass: links out first, then one of brain's own paths a link.
SETUPS=("links-out" "brain-is-a-link" "cache-folder-is-a-link" "lock-is-a-link" "cache-file-is-a-link")
[[ $MODE == quick ]] && SETUPS=("links-out" "brain-is-a-link")

# setup NAME BASE: a sandbox BASE with vault/ (the sample) and outside/ beside it.
setup() {
    local name="$1" base="$2"
    rm -rf "$base"; mkdir -p "$base/outside/cache" "$base/outside/brain"
    printf 'secret\n' > "$base/outside/secret.md"
    printf 'week-start: sunday\n' > "$base/outside/brain/config.yml"
    printf 'not a cache\n' > "$base/outside/index.bin"
    fresh_vault "$base/vault"
    local v="$base/vault"
    printf '[[../../outside/secret]] [s](../../outside/secret.md) [t](%s/outside/secret.md)\n' "$base" > "$v/notes/escape.md"
    ln -s "$base/outside/secret.md" "$v/notes/linked.md"
    ln -s "$base/outside" "$v/notes/folder"
    case "$name" in
        brain-is-a-link) rm -rf "$v/.brain"; ln -s "$base/outside/brain" "$v/.brain" ;;
        cache-folder-is-a-link) ln -s "$base/outside/cache" "$v/.brain/cache" ;;
        lock-is-a-link) mkdir -p "$v/.brain/cache"; ln -s "$base/outside/made-by-brain" "$v/.brain/cache/lock" ;;
        cache-file-is-a-link) mkdir -p "$v/.brain/cache"; ln -s "$base/outside/index.bin" "$v/.brain/cache/index.bin" ;;
    esac
}

TRACES="$WORK/traces"
mkdir -p "$TRACES"
FAILS=0
RUNS=0
for name in "${SETUPS[@]}"; do
    base="$WORK/$name"
    setup "$name" "$base"
    before=$(cd "$base/outside" && find . -print0 | LC_ALL=C sort -z | xargs -0 ls -ld --time-style=+%s.%N 2>/dev/null; find "$base/outside" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum)
    for command in "${COMMANDS[@]}"; do
        command=${command//OUTSIDE/$base/outside}
        IFS='|' read -r -a words <<< "$command"
        RUNS=$(( RUNS + 1 ))
        trace="$TRACES/$name-$RUNS"
        (cd "$base/vault" && strace -f -qq -e trace=%file -e signal=none -o "$trace" \
            "$BRAIN" --vault "$base/vault" "${words[@]}" >/dev/null 2>"$trace.err") || true
        if grep -q -e 'Fatal error' -e 'Program crashed' "$trace.err"; then
            echo "   FAIL $name: brain ${words[*]} crashed"; FAILS=$(( FAILS + 1 ))
        fi
        if ! python3 - "$trace" "$base" "$base/vault" > "$trace.verdict" <<'PY'
import os, re, sys
trace, base, vault = sys.argv[1], os.path.realpath(sys.argv[2]), os.path.realpath(sys.argv[3])
writes = {"creat", "mkdir", "mkdirat", "rename", "renameat", "renameat2", "unlink", "unlinkat", "rmdir", "link", "linkat",
          "symlink", "symlinkat", "truncate", "chmod", "fchmodat", "chown", "fchownat", "utimensat"}
opens = {"open", "openat", "openat2", "creat"}
bad = []
cwd = vault
for line in open(trace, errors="replace"):
    m = re.match(r"\d+\s+(\w+)\((.*)", line)
    if not m:
        continue
    call, rest = m.group(1), m.group(2)
    if call not in writes and call not in opens:
        continue
    if " = -1 " in line and call not in writes:
        continue
    paths = re.findall(r'"((?:[^"\\]|\\.)*)"', rest)
    if not paths:
        continue
    relative_to = cwd
    for raw in paths[:2]:
        path = bytes(raw, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace").replace("\0", "")
        full = os.path.normpath(path if path.startswith("/") else os.path.join(relative_to, path))
        inside = full == vault or full.startswith(vault + "/")
        beside = full == base or full.startswith(base + "/")
        writing = call in writes or (call in opens and re.search(r"O_(WRONLY|RDWR|CREAT|TRUNC)", rest))
        if inside:
            # Inside the vault, but through a link out of it?
            real = os.path.realpath(full)
            if os.path.exists(full) and not (real == vault or real.startswith(vault + "/")) and (call in opens or writing):
                bad.append(f"{call} of {path} leads to {real}")
            continue
        if beside and (call in opens or writing):
            bad.append(f"{call} {path}")
        elif writing and " = -1 " not in line and not full.startswith(("/dev/", "/proc/")):
            bad.append(f"{call} {path} (write outside the vault)")
print("\n".join(sorted(set(bad))))
sys.exit(1 if bad else 0)
PY
        then
            echo "   FAIL $name: brain ${words[*]}:"; sed 's/^/      /' "$trace.verdict"; FAILS=$(( FAILS + 1 ))
        else
            rm -f "$trace" "$trace.err" "$trace.verdict"
        fi
    done
    after=$(cd "$base/outside" && find . -print0 | LC_ALL=C sort -z | xargs -0 ls -ld --time-style=+%s.%N 2>/dev/null; find "$base/outside" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum)
    if [[ "$before" != "$after" ]]; then
        echo "   FAIL $name: the folder beside the vault changed"; FAILS=$(( FAILS + 1 ))
        diff <(echo "$before") <(echo "$after") | head -5
    fi
    printf '   %-24s %d commands traced\n' "$name" "${#COMMANDS[@]}"
done

SECTION="$WORK/section.md"
{
    echo "| measure | result |"
    echo "|---|---:|"
    echo "| vault set-ups (links out; \`.brain\`, \`.brain/cache\`, the lock, the cache file each a link out) | ${#SETUPS[@]} |"
    echo "| commands per set-up (reads and writes naming paths out, 300-byte and NFC/NFD names) | ${#COMMANDS[@]} |"
    echo "| commands traced with strace | $RUNS |"
    echo "| files beside the vault opened, listed or changed; files outside it written | $FAILS |"
} > "$SECTION"
cat "$SECTION"
if [[ $FAILS != 0 ]]; then echo "paths: FAIL"; exit 1; fi
[[ $MODE == full ]] && record_figures paths "$SECTION"
echo "paths: pass"
