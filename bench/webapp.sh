#!/usr/bin/env bash
# The web app's speed on the 20k demo (10 years, 40 habits, 20,000 notes), as ratios within one
# run: the Today page's first byte against `brain today`, the page's weight with its script and
# styles, and a tap's round trip in Chromium (the click event to the row showing ✓ confirmed by the
# server, by the page's clock; and, beside it, as chromedriver's commands see it) against `brain done`;
# and the notes list's first byte against `brain list`. Targets (issue 39): ≤ 0.2×, ≤ 100 KB, ≤ 0.5×.
# Usage: bench/webapp.sh   (BRAIN_BINARY=path measures another build; the default is a release build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work/webapp"
BRAIN=${BRAIN_BINARY:-$ROOT/.build/release/brain}
TODAY=2026-11-22
export BRAIN_NOW="${TODAY}T12:00:00Z" TZ=UTC
source "$ROOT/bench/lib/ensure.sh"
ensure curl curl
ensure chromedriver chromium-driver
PYTHON=$(bash "$ROOT/scripts/selenium-venv.sh")
if [[ -z "${BRAIN_BINARY:-}" ]]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1)
fi
mkdir -p "$WORK"
D="$WORK/demo20k"
[[ -d "$WORK/demo20k.pristine" ]] || "$BRAIN" demo "$WORK/demo20k.pristine" --years 10 --habits 40 --notes 20000 --date "$TODAY" >/dev/null
rm -rf "$D" "$D.twin"; cp -a "$WORK/demo20k.pristine" "$D"; cp -a "$WORK/demo20k.pristine" "$D.twin"
"$BRAIN" --vault "$D" today >/dev/null; "$BRAIN" --vault "$D.twin" today >/dev/null   # the index caches, warm
"$BRAIN" --vault "$D" serve --listen 127.0.0.1:0 >"$WORK/out" 2>"$WORK/err" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 200); do grep -q "listening on" "$WORK/out" && break; sleep 0.1; done
BASE=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/out" | head -1)
CODE=$("$BRAIN" --vault "$D" serve pair 2>/dev/null | grep -o 'pair_[0-9a-f]*')
CHROMEDRIVER=$(command -v chromedriver) BASE="$BASE" CODE="$CODE" BRAIN="$BRAIN" VAULT="$D" TWIN="$D.twin" "$PYTHON" - <<'PY'
import os, re, statistics, subprocess, time, urllib.request
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
env = os.environ
base, brain = env["BASE"], env["BRAIN"]
def cli(vault, *words):
    started = time.perf_counter()
    subprocess.run([brain, "--vault", vault, *words], check=True, capture_output=True)
    return time.perf_counter() - started
options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=env["CHROMEDRIVER"]))
driver.get(base + "/pair?code=" + env["CODE"])
driver.find_element(By.CSS_SELECTOR, "form[action='/pair'] button").click()
WebDriverWait(driver, 30).until(lambda d: "/app" in d.current_url)
cookie = "brain-session=" + driver.get_cookie("brain-session")["value"]
def first_byte(path):
    request = urllib.request.Request(base + path, headers={"Cookie": cookie})
    started = time.perf_counter()
    with urllib.request.urlopen(request) as answer:
        answer.read(1)
        elapsed = time.perf_counter() - started
        return elapsed, 1 + len(answer.read())
first_byte("/app")
page = statistics.median(first_byte("/app")[0] for _ in range(15))
today = statistics.median(cli(env["VAULT"], "today") for _ in range(7))
weight = sum(first_byte(path)[1] for path in ["/app", "/app/app.css", "/app/app.js", "/app/offline.js", "/app/sw.js", "/app/apple-touch-icon.png"])
# A tap: habits still open on Today, each clicked once the page has settled (the live update of
# the last tap applied, as a person taps a page at rest) and waited for until the server's answer shows it.
def settle():
    last, same = None, 0
    for _ in range(250):
        now = driver.execute_script("return document.getElementById('main').innerHTML")
        same = same + 1 if now == last else 0
        if same >= 10:
            return
        last = now
        time.sleep(0.02)
# Timed twice: by the page's own clock, from the click event (its timeStamp, when the browser
# made it) to the mutation that shows the row confirmed; and from the WebDriver command that
# clicks to the poll that sees it, which adds chromedriver's protocol round trips (tens of ms
# on a loaded machine) to what a person's tap costs.
driver.execute_script("""
  window.__tap = null;
  document.addEventListener('click', function (event) { if (window.__tap && window.__tap.click === null) window.__tap.click = event.timeStamp; }, true);
  new MutationObserver(function () {
    var tap = window.__tap; if (!tap || tap.click === null || tap.shown !== null) return;
    var e = document.getElementById(tap.id);
    if (e && e.classList.contains('done') && !e.classList.contains('pending')) tap.shown = performance.now();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
""")
rows = driver.execute_script("return Array.from(document.querySelectorAll('li.habit.open form[data-instant=done]')).map(f => f.closest('li').dataset.habit)")[:7]
taps, inPage = [], []
for habit in rows:
    settle()
    button = driver.find_element(By.CSS_SELECTOR, "#h-%s form[data-instant=done] button" % habit)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.__tap = {id: arguments[1], click: null, shown: null}", button, "h-" + habit)
    started = time.perf_counter()
    button.click()
    WebDriverWait(driver, 30, poll_frequency=0.005).until(lambda d: d.execute_script(
        "var e = document.getElementById(arguments[0]); return e && e.classList.contains('done') && !e.classList.contains('pending')", "h-" + habit))
    taps.append(time.perf_counter() - started)
    tap = driver.execute_script("return window.__tap")
    inPage.append((tap["shown"] - tap["click"]) / 1000)
done = statistics.median(cli(env["TWIN"], "done", habit) for habit in rows)
driver.quit()
# The notes list: its first visit reads the whole vault's index (kept from then on); then each
# visit cuts a page from the list worked out once for that index, against the command that
# prints the same 200 notes from the index cache.
notes_first = first_byte("/app/notes")[0]
notes = statistics.median(first_byte("/app/notes")[0] for _ in range(9))
notes_tag = statistics.median(first_byte("/app/notes?tag=" + env.get("NOTES_TAG", "music"))[0] for _ in range(5))
listing = statistics.median(cli(env["VAULT"], "list", "note", "--sort", "modified", "-n", "200") for _ in range(5))
tap = statistics.median(taps)
page_tap = statistics.median(inPage)
print("| measure | value | target |")
print("|---|---|---|")
print("| Today page first byte / `brain today` | %.1f ms / %.1f ms = %.2f× | ≤ 0.2× |" % (page * 1000, today * 1000, page / today))
print("| Today page + app.css, app.js, offline.js, sw.js and its icon | %.1f KB | ≤ 100 KB |" % (weight / 1024))
print("| tap to ✓ in Chromium, the page's clock (click event to the row confirmed) / `brain done` | %.1f ms / %.1f ms = %.2f× (%d taps) | ≤ 0.5× |" % (page_tap * 1000, done * 1000, page_tap / done, len(inPage)))
print("| the same tap from chromedriver's click command to its poll seeing ✓ / `brain done` | %.1f ms / %.1f ms = %.2f× | — |" % (tap * 1000, done * 1000, tap / done))
print("| /app/notes first byte / `brain list note --sort modified -n 200` | %.1f ms / %.1f ms = %.2f× | ≤ 1× |" % (notes * 1000, listing * 1000, notes / listing))
print("| /app/notes?tag=… first byte / the same | %.1f ms / %.1f ms = %.2f× | — |" % (notes_tag * 1000, listing * 1000, notes_tag / listing))
print("| /app/notes first visit after the server starts (the whole index read) | %.1f ms | — |" % (notes_first * 1000))
print("| load average (1 min) | %.2f | — |" % os.getloadavg()[0])
PY
