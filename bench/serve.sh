#!/usr/bin/env bash
# brain serve under load on the 20k demo (10 years, 40 habits, 20,000 notes): wrk for 30 s with
# 16 connections on GET /api/today while a script checks habits off through the API and the
# command line, then the targets of Step 19 as ratios within this one run. Prints the table and
# writes it into docs/PERFORMANCE.md between the serve-bench markers.
# Usage: bench/serve.sh   (BRAIN_BINARY=path measures another build; DURATION=30s)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work/serve"
BRAIN=${BRAIN_BINARY:-$ROOT/.build/release/brain}
DURATION=${DURATION:-30s}
TODAY=2026-11-22
export BRAIN_NOW="${TODAY}T12:00:00Z" TZ=UTC

source "$ROOT/bench/lib/ensure.sh"
ensure wrk wrk
ensure hyperfine hyperfine
ensure /usr/bin/time time
ensure curl curl

if [[ -z "${BRAIN_BINARY:-}" ]]; then
    echo "== building release"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1)
fi

mkdir -p "$WORK"
D="$WORK/demo20k"
if [[ ! -d "$WORK/demo20k.pristine" ]]; then
    echo "== generating the 20k demo"
    "$BRAIN" demo "$WORK/demo20k.pristine" --years 10 --habits 40 --notes 20000 --date "$TODAY" >/dev/null
fi
rm -rf "$D"
cp -a "$WORK/demo20k.pristine" "$D"
# Active habits only (an archived one refuses a check-off).
HABITS=($(grep -L '^status: \(archived\|paused\)' "$D"/habits/*.md | xargs -n1 basename | sed 's/\.md$//' | head -20))

echo "== the command line"
"$BRAIN" --vault "$D" today --json >/dev/null   # the index cache, warm
hyperfine -N --warmup 2 --runs 15 --export-json "$WORK/cli-today.json" "$BRAIN --vault $D today --json" >/dev/null
CLI_TODAY=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['median'])" "$WORK/cli-today.json")
hyperfine -N --warmup 2 --runs 15 --export-json "$WORK/cli-done.json" "$BRAIN --vault $D done ${HABITS[0]} --date 2026-11-21" >/dev/null
CLI_DONE=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['median'])" "$WORK/cli-done.json")
CLI_PEAK=$(/usr/bin/time -f %M "$BRAIN" --vault "$D" today --json 2>&1 >/dev/null | tail -1)

echo "== the server"
TOKEN=$("$BRAIN" --vault "$D" serve token new bench 2>/dev/null)
# wrk reads as another client (a widget, a second phone): the writer's own reads always show its
# writes (docs/SERVE.md), a reader's may be one recomputation behind.
READER=$("$BRAIN" --vault "$D" serve token new reader 2>/dev/null)
"$BRAIN" --vault "$D" serve --listen 127.0.0.1:0 > "$WORK/serve.out" 2> "$WORK/serve.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q listening "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '127.0.0.1:[0-9]*' "$WORK/serve.out" | head -1 | cut -d: -f2)
URL="http://127.0.0.1:$PORT"
for _ in 1 2 3; do curl -s -o /dev/null -H "Authorization: Bearer $TOKEN" "$URL/api/today"; done

# Check-off through the API, one keep-alive connection: the median of 30.
API_DONE=$(python3 - "$PORT" "$TOKEN" "${HABITS[0]}" <<'PY'
import http.client, json, statistics, sys, time
port, token, habit = int(sys.argv[1]), sys.argv[2], sys.argv[3]
c = http.client.HTTPConnection("127.0.0.1", port)
times = []
for _ in range(30):
    start = time.perf_counter()
    c.request("POST", f"/api/habits/{habit}/done", body=json.dumps({"date": "2026-11-21"}),
              headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    r = c.getresponse(); r.read()
    assert r.status == 200, r.status
    times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
)

# While wrk reads, a check-off a second, through the API and the command line in turn, each on
# its own day.
python3 - "$PORT" "$TOKEN" "$BRAIN" "$D" "$WORK/writes.tsv" "${HABITS[@]}" <<'PY' &
import http.client, json, subprocess, sys, time, datetime
port, token, brain, vault, out, habits = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
day = datetime.date(2026, 11, 20)
done, n = [], 0
end = time.time() + 28
while time.time() < end:
    habit, date = habits[n % len(habits)], (day - datetime.timedelta(days=n // len(habits))).isoformat()
    if n % 2 == 0:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request("POST", f"/api/habits/{habit}/done", body=json.dumps({"date": date}),
                  headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
        r = c.getresponse(); r.read(); c.close()
        ok = r.status == 200
    else:
        ok = subprocess.run([brain, "--vault", vault, "done", habit, "--date", date], capture_output=True).returncode == 0
    done.append((habit, date, "api" if n % 2 == 0 else "cli", ok))
    n += 1
    time.sleep(1)
with open(out, "w") as f:
    for row in done:
        f.write("\t".join(map(str, row)) + "\n")
PY
WRITER=$!
wrk -t2 -c16 -d"$DURATION" --latency -H "Authorization: Bearer $READER" "$URL/api/today" > "$WORK/wrk.txt"
wait $WRITER
PEAK=$(awk '/VmHWM/ { print $2 }' /proc/$SERVER/status)
kill $SERVER; wait $SERVER 2>/dev/null || true
trap - EXIT
cat "$WORK/wrk.txt"

# Every write's line must be in its day's file.
LOST=0; WRITES=0; FAILED=0
while IFS=$'\t' read -r habit date via ok; do
    WRITES=$((WRITES + 1))
    [[ $ok == True ]] || FAILED=$((FAILED + 1))
    grep -q "^- \[x\] \[\[$habit\]\]" "$D/daily/$date.md" 2>/dev/null || LOST=$((LOST + 1))
done < "$WORK/writes.tsv"

python3 - "$WORK/wrk.txt" "$CLI_TODAY" "$CLI_DONE" "$API_DONE" "$CLI_PEAK" "$PEAK" "$WRITES" "$FAILED" "$LOST" "$ROOT/docs/PERFORMANCE.md" <<'PY'
import re, sys
wrk, cli_today, cli_done, api_done, cli_peak, peak, writes, failed, lost, doc = sys.argv[1:]
text = open(wrk).read()
def ms(label):
    m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
p50, p99 = ms("50%"), ms("99%")
requests = re.search(r"(\d+) requests in", text).group(1)
rate = re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)
errors = 0
for m in re.finditer(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text):
    errors += sum(int(x) for x in m.groups())
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
errors += int(non2xx.group(1)) if non2xx else 0
cli_today, cli_done, api_done = float(cli_today) * 1000, float(cli_done) * 1000, float(api_done) * 1000
cli_peak, peak = int(cli_peak) / 1024, int(peak) / 1024
def verdict(ok): return "pass" if ok else "**miss**"
rows = [
    ("warm `GET /api/today`, median under load", f"{p50:.1f} ms", "≤ 0.1× CLI `brain today --json`", f"{p50 / cli_today:.2f}×", verdict(p50 <= 0.1 * cli_today)),
    ("`GET /api/today` p99 under load", f"{p99:.1f} ms", "≤ 5× its median", f"{p99 / p50:.1f}×", verdict(p99 <= 5 * p50)),
    ("check-off through the API (keep-alive, median)", f"{api_done:.1f} ms", "≤ 0.5× CLI `brain done`", f"{api_done / cli_done:.2f}×", verdict(api_done <= 0.5 * cli_done)),
    ("server peak memory (VmHWM)", f"{peak:.0f} MB", "≤ 2× CLI `brain today` peak", f"{peak / cli_peak:.2f}×", verdict(peak <= 2 * cli_peak)),
    ("errors in wrk (socket errors, non-2xx)", str(errors), "0", "", verdict(errors == 0)),
    ("check-offs during the run: failed / lost", f"{failed} / {lost} of {writes}", "0 / 0", "", verdict(failed == "0" and lost == "0")),
]
table = ["| measurement | value | target | ratio | verdict |", "|---|---|---|---|---|"]
table += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
table += ["", f"Context: CLI `brain today --json` {cli_today:.1f} ms (median of 15), CLI `brain done` {cli_done:.1f} ms, "
          f"CLI peak {cli_peak:.0f} MB; wrk -t2 -c16: {requests} requests, {rate} requests/s."]
block = "\n".join(table)
print(block)
content = open(doc).read()
start, end = "<!-- serve-bench:begin (bench/serve.sh) -->", "<!-- serve-bench:end -->"
if start in content:
    head, rest = content.split(start, 1)
    content = head + start + "\n" + block + "\n" + end + rest.split(end, 1)[1]
    open(doc, "w").write(content)
PY
