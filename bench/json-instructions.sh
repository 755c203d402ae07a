#!/usr/bin/env bash
# Every read command's --json against its text output, in instructions (valgrind's callgrind):
# the same count on every run, whatever else the machine is doing, so it can be measured on a
# shared machine where bench/run.sh's times cannot.
# Usage: bench/json-instructions.sh [BRAIN]   (default: the release build, .build/release/brain)
#        ONLY="list search backlinks" bench/json-instructions.sh   (only these commands)
# Needs the vaults bench/run.sh makes (bench/work/corpus/10000, bench/work/demo20k); makes them
# when missing. Prints a Markdown table: command, vault, text, --json, ratio.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work"
BRAIN=${1:-"$ROOT/.build/release/brain"}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
source "$ROOT/bench/lib/ensure.sh"
ensure valgrind valgrind
ensure rg ripgrep
ensure jq jq
source "$ROOT/bench/lib/corpus.sh"
corpus_vault || { echo "interconnected-markdown-10k.tgz not found (set BRAIN_CORPORA)" >&2; exit 1; }
DEMO="$WORK/demo20k"
if [[ ! -d "$DEMO" ]]; then
    "$BRAIN" demo "$DEMO" --years 10 --habits 40 --notes 20000 --date "$(date +%F)" >/dev/null
fi

# The instructions of one run, its output to a file (as a script's would be).
instructions() { # vault words...
    local vault="$1"; shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BRAIN" --vault "$vault" "$@" \
        >"$OUT/output" 2>"$OUT/log" || true
    awk '/Collected :/ { print $NF }' "$OUT/log"
}

# The most linked note and a word in a few hundred to a few thousand lines, as bench/run.sh picks them.
most_linked() { rg -o --no-filename -N '\[\[[^\]|#]+' "$1" | sed 's/^\[\[//' | sort | uniq -c | sort -rn | awk 'NR == 1 { $1=""; sub(/^ /, ""); print }'; }
pick_word() {
    local word lines
    for word in quantum lantern harbour garden window station bridge river letter project; do
        lines=$(rg -c "$word" "$1" 2>/dev/null | awk -F: '{s+=$NF} END{print s+0}')
        if (( lines >= 200 && lines <= 5000 )); then echo "$word"; return; fi
    done
    echo garden
}

echo "| command | vault | text | \`--json\` | ratio |"
echo "|---|---|---:|---:|---:|"
for vault in "$CORPUS" "$DEMO"; do
    name="10k corpus"; [[ "$vault" == "$DEMO" ]] && name="20k demo"
    "$BRAIN" --vault "$vault" index >/dev/null 2>&1 || true   # the index cache up to date
    note=$(most_linked "$vault"); word=$(pick_word "$vault")
    habit=$("$BRAIN" --vault "$vault" stats --json 2>/dev/null | jq -r '.habits[0].id // empty')
    runs=(
        "index" "list" "pins" "orphans" "tags" "validate" "search $word"
        "show $note" "links $note" "backlinks $note" "graph|graph --dot"
        "today" "status" "log" "days" "stats" "heatmap" "week" "month" "goals" "areas" "coach"
        "review week" "help"
    )
    [[ -n "$habit" ]] && runs+=("stats $habit" "explain $habit")
    for run in "${runs[@]}"; do
        # "json words|text words" when the text output needs other words than --json.
        json_words=${run%%|*}; text_words=${run#*|}
        read -r -a jw <<< "$json_words"; read -r -a tw <<< "$text_words"
        [[ -n "${ONLY:-}" && " $ONLY " != *" ${jw[0]} "* ]] && continue
        # A note's name may hold spaces: it is the rest of the line.
        case "${jw[0]}" in show|links|backlinks) jw=("${jw[0]}" "$note"); tw=("${tw[0]}" "$note") ;; esac
        text=$(instructions "$vault" "${tw[@]}")
        json=$(instructions "$vault" "${jw[@]}" --json)
        label="${jw[0]}"; [[ "${jw[0]}" == search || "${jw[0]}" == review ]] && label="${jw[*]}"
        [[ "${jw[0]}" == show || "${jw[0]}" == links || "${jw[0]}" == backlinks ]] && label="${jw[0]} (most linked)"
        [[ "${jw[0]}" == stats || "${jw[0]}" == explain ]] && (( ${#jw[@]} > 1 )) && label="${jw[0]} HABIT"
        [[ "${jw[0]}" == graph ]] && label="graph (text: --dot)"
        awk -v l="$label" -v v="$name" -v t="$text" -v j="$json" 'BEGIN {
            if (t == "" || j == "") { printf "| %s | %s | %s | %s | n/a |\n", l, v, t, j; exit }
            printf "| %s | %s | %.1fM | %.1fM | %.2f× |\n", l, v, t / 1e6, j / 1e6, j / t }'
    done
done
