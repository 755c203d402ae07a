#!/usr/bin/env bash
# Benchmark of brain against ripgrep on a 10,000-note corpus and on demo vaults.
# Usage: bench/run.sh [--quick]   (--quick: fewer runs, no 100,000-note vault)
# Writes the results table into docs/PERFORMANCE.md between the bench markers.
set -euo pipefail

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work"
RESULTS="$WORK/results"
BRAIN="$ROOT/.build/release/brain"
RUNS=5
LIMIT=${BENCH_LIMIT:-60}
[[ $QUICK == 1 ]] && LIMIT=${BENCH_LIMIT:-20}   # seconds; a slower command is reported as a timeout
[[ $QUICK == 1 ]] && RUNS=3
mkdir -p "$RESULTS"
rm -f "$RESULTS"/*.json "$RESULTS/rows.tsv"

# --- tools -------------------------------------------------------------------------------
ensure() { # command package
    if command -v "$1" >/dev/null 2>&1 || [[ -x "$1" ]]; then return; fi
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing $2"
        apt-get install -y "$2" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
    else
        echo "missing $1: install the Debian package $2 (not root, so not installing it)" >&2
        exit 1
    fi
}
ensure hyperfine hyperfine
ensure rg ripgrep
ensure jq jq
ensure /usr/bin/time time

echo "== building release"
(cd "$ROOT" && swift build -c release 2>&1 | tail -1)

# --- vaults ------------------------------------------------------------------------------
source "$ROOT/bench/lib/corpus.sh"
corpus_vault || { echo "interconnected-markdown-10k.tgz not found (set BRAIN_CORPORA)" >&2; exit 1; }

TODAY=$(date +%F)
GENERATION=()
demo() { # folder years habits notes
    local dir="$WORK/$1" stamp="$1 $2 $3 $4 $TODAY $(git -C "$ROOT" rev-parse HEAD:Sources/BrainKit/Demo 2>/dev/null)"
    if [[ -f "$dir.stamp" && "$(cat "$dir.stamp")" == "$stamp" && -d "$dir" ]]; then return; fi
    rm -rf "$dir" "$dir.stamp"
    echo "== generating $1 ($2 years, $3 habits, $4 notes)"
    local start end
    start=$(date +%s.%N)
    "$BRAIN" demo "$dir" --years "$2" --habits "$3" --notes "$4" --date "$TODAY"
    end=$(date +%s.%N)
    GENERATION+=("$1	$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b-a}')")
    echo "$stamp" > "$dir.stamp"
}
demo demo20k 10 40 20000
demo habits10y 10 40 0
[[ $QUICK == 0 ]] && demo demo100k 10 40 100000

# --- measuring ---------------------------------------------------------------------------
# Each measurement: median seconds (hyperfine) and peak RSS in kB (/usr/bin/time), one row.
row() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$RESULTS/rows.tsv"; }

measure() { # name prepare command
    local name="$1" prepare="$2" command="$3" json="$RESULTS/$1.json"
    local args=(--warmup 1 --runs "$RUNS" --export-json "$json" --style basic)
    [[ -n "$prepare" ]] && args+=(--prepare "$prepare")
    # No intermediate shell (-N), so that its start-up is not measured.
    args+=(-N)
    hyperfine "${args[@]}" "$command" >/dev/null 2>&1 || hyperfine --ignore-failure "${args[@]}" "$command" >/dev/null 2>&1
    local median peak
    median=$(jq '.results[0].median' "$json")
    [[ -n "$prepare" ]] && bash -c "$prepare"
    /usr/bin/time -f %M -o "$RESULTS/peak" bash -c "exec $command" >/dev/null 2>&1 || true
    peak=$(tail -1 "$RESULTS/peak")
    row "$name" "$median" "$peak"
    printf '  %-40s %8.4f s %8s kB\n' "$name" "$median" "$peak"
}

measure_brain() { # name prepare vault words...
    local name="$1" prepare="$2" vault="$3"; shift 3
    # One probe run first: a command that does not exist yet exits 64 with "unknown command"
    # (reported n/a); one slower than $LIMIT seconds is reported as a timeout, not measured.
    [[ -n "$prepare" ]] && bash -c "$prepare"
    local err status=0
    err=$(timeout "$LIMIT" "$BRAIN" --vault "$vault" "$@" 2>&1 >/dev/null) || status=$?
    if [[ $status == 64 && "$err" == *"unknown command"* ]]; then
        row "$name" "n/a" "n/a"; printf '  %-40s n/a (command not available)\n' "$name"; return
    fi
    if [[ $status == 124 ]]; then
        row "$name" "timeout" "n/a"; printf '  %-40s > %s s (not measured)\n' "$name" "$LIMIT"; return
    fi
    measure "$name" "$prepare" "$BRAIN --vault $vault$(printf ' %q' "$@")"
}

# A word in a modest number of lines (a few hundred to a few thousand).
pick_word() { # dir
    local word lines
    for word in quantum lantern harbour garden window station bridge river letter project; do
        lines=$(rg -c "$word" "$1" 2>/dev/null | awk -F: '{s+=$NF} END{print s+0}')
        if (( lines >= 200 && lines <= 5000 )); then echo "$word"; return; fi
    done
    echo garden
}

# The most linked note of a vault (by its wikilink target).
most_linked() { # dir
    rg -o --no-filename -N '\[\[[^\]|#]+' "$1" | sed 's/^\[\[//' | sort | uniq -c | sort -rn | awk 'NR == 1 { $1=""; sub(/^ /, ""); print }'
}

bench_vault() { # label dir
    local label="$1" dir="$2" note word first
    echo "== $label: $dir"
    word=$(pick_word "$dir")
    note=$(most_linked "$dir")
    first=$(rg --files -g '*.md' "$dir" | sort | awk 'NR == 1')
    echo "  search word: $word; backlinks of: $note"
    echo "$label	word	$word" >> "$RESULTS/info.tsv"
    echo "$label	note	$note" >> "$RESULTS/info.tsv"
    measure "$label rg link scan" "" "rg -o '\[\[[^\]]+\]\]' $dir"
    measure "$label rg -c $word" "" "rg -c $word $dir"
    measure_brain "$label index (cold)" "rm -rf $dir/.brain/cache" "$dir" index
    measure_brain "$label index (no change)" "" "$dir" index
    measure_brain "$label index (one file changed)" "echo 'one more line' >> '$first'" "$dir" index
    # `brain index` also counts diagnostics; `brain tags` on an empty cache times the index build alone.
    measure_brain "$label tags (cold)" "rm -rf $dir/.brain/cache" "$dir" tags
    measure_brain "$label backlinks" "" "$dir" backlinks "$note"
    measure_brain "$label tags" "" "$dir" tags
    measure_brain "$label search $word" "" "$dir" search "$word"
}

rm -f "$RESULTS/info.tsv"
bench_vault "10k corpus" "$CORPUS"
RG_LINKS=$(rg -o '\[\[[^\]]+\]\]' "$CORPUS" | wc -l)
BRAIN_LINKS=$(timeout "$LIMIT" "$BRAIN" --vault "$CORPUS" index --json | jq '.links' || echo "timeout")
echo "  links: rg $RG_LINKS, brain $BRAIN_LINKS"

bench_vault "20k demo" "$WORK/demo20k"
measure_brain "20k demo today" "" "$WORK/demo20k" today
measure_brain "20k demo stats" "" "$WORK/demo20k" stats
# The prompt line against the start of the program itself; the HTML report of the whole vault.
measure "brain --version" "" "$BRAIN --version"
measure_brain "20k demo status" "" "$WORK/demo20k" status
measure_brain "20k demo report" "rm -f $RESULTS/report.html" "$WORK/demo20k" report --out "$RESULTS/report.html"
echo "  report: $(wc -c < "$RESULTS/report.html") bytes"
# The same 10 years of 40 habits without the 20,000 notes: the analytics alone.
measure_brain "habits-only stats" "" "$WORK/habits10y" stats
if [[ $QUICK == 0 ]]; then
    D="$WORK/demo100k"
    echo "== 100k demo: $D"
    measure_brain "100k demo index (cold)" "rm -rf $D/.brain/cache" "$D" index
    measure_brain "100k demo index (no change)" "" "$D" index
    measure_brain "100k demo tags (cold)" "rm -rf $D/.brain/cache" "$D" tags
    measure_brain "100k demo backlinks" "" "$D" backlinks "$(most_linked "$D")"
    measure_brain "100k demo tags" "" "$D" tags
fi

# --- table -------------------------------------------------------------------------------
value() { awk -F'\t' -v n="$1" -v c="${2:-2}" '$1 == n { print $c }' "$RESULTS/rows.tsv"; }
RG=$(value "10k corpus rg link scan")
TABLE="$RESULTS/table.md"
{
    echo "| measurement | time (median) | peak memory | target | ratio | result |"
    echo "|---|---:|---:|---|---:|---|"
} > "$TABLE"
# name, reference time, limit (ratio), target text
target_for() {
    local name="$1" word
    case "$name" in
        "10k corpus index (cold)") echo "$RG 2 ≤ 2× rg link scan" ;;
        "10k corpus tags (cold)") echo "$RG 2 ≤ 2× rg link scan (index build alone)" ;;
        *"index (no change)") echo "" ;;
        *"index (one file changed)") echo "$(value "${name% (one file changed)} (no change)") 1.1 ≤ 1.1× no-change index" ;;
        "10k corpus backlinks"|"10k corpus tags") echo "$RG 0.5 ≤ 0.5× rg link scan (10k)" ;;
        "20k demo backlinks"|"20k demo tags") echo "$(value "20k demo rg link scan") 0.5 ≤ 0.5× rg link scan (20k)" ;;
        "habits-only stats") echo "$RG 0.5 ≤ 0.5× rg link scan (10k)" ;;
        *" search "*) word=${name##* }; echo "$(value "${name%% search*} rg -c $word") 1.5 ≤ 1.5× rg -c $word" ;;
        "20k demo stats") echo "$RG 0.5 ≤ 0.5× rg link scan (10k)" ;;
        "20k demo status") echo "$(value "brain --version") 2 ≤ 2× brain --version" ;;
        "20k demo report") echo "1 2 ≤ 2 s" ;;
        "100k demo index (cold)") echo "$(value "10k corpus index (cold)") 12 ≤ 12× 10k cold index" ;;
        *) echo "" ;;
    esac
}
OVERALL=0
while IFS=$'\t' read -r name median peak; do
    spec=$(target_for "$name")
    reference=${spec%% *}; rest=${spec#* }; limit=${rest%% *}; text=${rest#* }
    time_text="n/a"; memory_text="n/a"; ratio_text=""; result=""
    [[ "$median" == "timeout" ]] && time_text="> $LIMIT s"
    [[ "$median" != "n/a" && "$median" != "timeout" ]] && time_text=$(awk -v m="$median" 'BEGIN{ if (m < 1) printf "%.1f ms", m*1000; else printf "%.2f s", m }')
    [[ "$peak" != "n/a" && -n "$peak" ]] && memory_text=$(awk -v k="$peak" 'BEGIN{ printf "%.0f MB", k/1024 }')
    if [[ -n "$spec" ]]; then
        if [[ "$median" == "timeout" ]]; then
            result="**fail** (timeout)"; OVERALL=1
        elif [[ "$median" == "n/a" || -z "$reference" || "$reference" == "n/a" || "$reference" == "timeout" ]]; then
            result="n/a"
        else
            ratio_text=$(awk -v m="$median" -v r="$reference" 'BEGIN{ printf "%.2f×", m/r }')
            if awk -v m="$median" -v r="$reference" -v l="$limit" 'BEGIN{ exit !(m <= r*l) }'; then result="pass"; else result="**fail**"; OVERALL=1; fi
        fi
    else
        text=""
    fi
    if [[ "$name" == "100k demo index (cold)" && "$peak" != "n/a" ]]; then
        text="$text; peak ≤ 400 MB"
        if (( peak > 400 * 1024 )); then result="**fail** (memory)"; OVERALL=1; fi
    fi
    echo "| $name | $time_text | $memory_text | $text | $ratio_text | $result |" >> "$TABLE"
done < "$RESULTS/rows.tsv"
if [[ "$BRAIN_LINKS" == "timeout" ]]; then LINKS_RESULT="n/a (index timed out)"
elif [[ "$RG_LINKS" == "$BRAIN_LINKS" ]]; then LINKS_RESULT="pass"
else LINKS_RESULT="**fail**"; OVERALL=1; fi
echo "| 10k corpus links found | $BRAIN_LINKS | | = rg's $RG_LINKS | | $LINKS_RESULT |" >> "$TABLE"
for generated in "${GENERATION[@]}"; do
    echo "| generate ${generated%%	*} with brain demo | ${generated##*	} s | | | | |" >> "$TABLE"
done

CPU=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || sysctl -n machdep.cpu.brand_string)
COMMIT=$(git -C "$ROOT" rev-parse --short HEAD)
DIRTY=$(git -C "$ROOT" status --porcelain -- Sources Package.swift | awk 'NR == 1')
[[ -n "$DIRTY" ]] && COMMIT="$COMMIT (with uncommitted changes)"
MODE="full"; [[ $QUICK == 1 ]] && MODE="quick (--quick: $RUNS runs, no 100k vault)"
SECTION="$RESULTS/section.md"
{
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) cores, $CPU; commit $COMMIT; $MODE, $RUNS runs after 1 warm-up."
    echo "Reproduce with \`bench/run.sh\` (or \`bench/run.sh --quick\`)."
    echo
    cat "$TABLE"
    echo
    echo "Search words: $(awk -F'\t' '$2=="word" { printf "%s%s: %s", sep, $1, $3; sep="; " }' "$RESULTS/info.tsv"). Backlinks of: $(awk -F'\t' '$2=="note" { printf "%s%s: %s", sep, $1, $3; sep="; " }' "$RESULTS/info.tsv")."
} > "$SECTION"

DOC="$ROOT/docs/PERFORMANCE.md"
if [[ -f "$DOC" ]] && grep -q '<!-- bench:begin -->' "$DOC"; then
    awk -v section="$SECTION" '
        /<!-- bench:begin -->/ { print; while ((getline line < section) > 0) print line; skip = 1; next }
        /<!-- bench:end -->/ { skip = 0 }
        !skip { print }' "$DOC" > "$DOC.tmp" && mv "$DOC.tmp" "$DOC"
else
    { echo "# Performance"; echo; echo "<!-- bench:begin -->"; cat "$SECTION"; echo "<!-- bench:end -->"; } > "$DOC"
fi
echo
cat "$SECTION"
exit $OVERALL
