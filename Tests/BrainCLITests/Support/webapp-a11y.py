"""The web app installable, offline and accessible, in Debian's chromium through chromium-driver.

Run by ServeInstallTests with: VAULT (a vault), BRAIN (the binary), SIZE ("phone": 390x844 with
touch, or "desktop": 1280x800), AXE (axe-core's axe.min.js) and CHROMEDRIVER. The script runs
`brain serve` itself on a port it picks, because it stops the server and starts it again on the
same address (a service worker belongs to one origin). Steps:

1. icons: the manifest lists PNG icons of 192 and 512 px (one maskable); each decodes (signature,
   chunk CRCs, zlib, row filters) as a PNG of its stated size drawn in the manifest's colours;
   the page links an apple-touch-icon of 180 px.
2. axe: every /app page (the navigation's links and every /app link found on a page, so new
   pages are covered) in light and dark, axe-core injected: no serious or critical violation;
   every control at least 44 x 44 px; no console error or CSP violation. Then, the vault's
   `theme:` set to each other theme in turn (the server started again to read it), Today, the
   habits list, a habit's page and a note in light and dark: no serious or critical violation.
3. offline: the server stopped, Today and Check-in open again show their last state with the
   notice; a habit checked off meanwhile with `brain done`, the server started again: the page
   is live by itself (notice gone, the check-off shown).
4. sign-out: the browser forgets every page it kept (caches empty); with the server stopped,
   Today is not shown any more.

Prints one line per step and "ok" at the end; exits 1 at the first failure.
"""
import json, os, re, socket, struct, subprocess, sys, time, urllib.request, zlib
from collections import deque
from urllib.parse import urljoin, urlparse
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.common.exceptions import WebDriverException

env = os.environ
VAULT, BRAIN, SIZE, AXE = env["VAULT"], env["BRAIN"], env["SIZE"], env["AXE"]


def fail(message):
    print("FAIL " + message, flush=True)
    sys.exit(1)


def run(*words):
    result = subprocess.run([BRAIN, "--vault", VAULT, *words], capture_output=True, text=True, env=dict(env))
    if result.returncode != 0:
        fail("brain %s: %s" % (" ".join(words), result.stderr))
    return result.stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()
BASE = "http://127.0.0.1:%d" % PORT


class Server:
    """`brain serve` on PORT, started and stopped by this script."""

    def __init__(self):
        self.process = None

    def start(self):
        self.process = subprocess.Popen([BRAIN, "--vault", VAULT, "serve", "--listen", "127.0.0.1:%d" % PORT],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(env))
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", PORT), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    fail("brain serve did not start: " + self.process.stderr.read().decode())
                time.sleep(0.05)
        fail("brain serve did not listen on %d" % PORT)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# MARK: PNG

def png_pixels(data, where):
    """The size and RGBA rows of a PNG, every chunk's CRC checked; fails on anything else."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(where + ": not a PNG signature")
    at, chunks = 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc = struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]
        if zlib.crc32(kind + body) & 0xffffffff != crc:
            fail("%s: chunk %s has a wrong CRC" % (where, kind))
        chunks.append((kind, body))
        at += 12 + length
    if chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        fail(where + ": IHDR first and IEND last are missing")
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    channels = {2: 3, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace != 0:
        fail("%s: expected 8-bit RGB(A), not interlaced (depth %d, colour type %d)" % (where, depth, color))
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        fail("%s: %d bytes of image data for %dx%d" % (where, len(raw), width, height))
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind != 0:
                fail("%s: row filter %d" % (where, kind))
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def pixel(image, fx, fy):
    width, height, channels, rows = image
    x, y = int(fx * (width - 1)), int(fy * (height - 1))
    return tuple(rows[y][x * channels:x * channels + 3])


def near(rgb, hex_colour):
    want = tuple(int(hex_colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return all(abs(a - b) <= 3 for a, b in zip(rgb, want))


def fetch(path, cookie=None):
    request = urllib.request.Request(BASE + path, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def icon(path, size, manifest, where):
    status, kind, data = fetch(path)
    if status != 200 or kind != "image/png":
        fail("%s: %s answered %d %s" % (where, path, status, kind))
    image = png_pixels(data, path)
    if image[:2] != (size, size):
        fail("%s: %s is %dx%d, not %dx%d" % (where, path, image[0], image[1], size, size))
    # icon.svg: the accent to the edges (maskable: nothing of the drawing near them) and the
    # seed in the page colour below the middle.
    for corner in [(0.02, 0.02), (0.98, 0.02), (0.02, 0.98), (0.98, 0.98), (0.5, 0.05)]:
        if not near(pixel(image, *corner), manifest["theme_color"]):
            fail("%s: %s at %s is %s, not the icon's %s" % (where, path, corner, pixel(image, *corner), manifest["theme_color"]))
    if not near(pixel(image, 0.5, 0.72), manifest["background_color"]):
        fail("%s: %s has no seed in %s" % (where, path, manifest["background_color"]))


def check_icons(driver):
    status, kind, body = fetch("/app/manifest.webmanifest")
    manifest = json.loads(body)
    pngs = {(entry["sizes"], entry.get("purpose", "any")): entry["src"] for entry in manifest["icons"] if entry["type"] == "image/png"}
    for size in (192, 512):
        key = ("%dx%d" % (size, size), "any")
        if key not in pngs:
            fail("the manifest lists no %d px PNG icon: %s" % (size, manifest["icons"]))
        icon(pngs[key], size, manifest, "manifest")
    if ("512x512", "maskable") not in pngs:
        fail("the manifest lists no maskable 512 px PNG icon")
    icon(pngs[("512x512", "maskable")], 512, manifest, "maskable")
    links = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('link[rel=apple-touch-icon]'), function (l) { return l.getAttribute('href'); })")
    if len(links) != 1:
        fail("Today links %d apple-touch-icons" % len(links))
    icon(links[0], 180, manifest, "apple-touch-icon")
    print("ok icons: PNGs of 180, 192 and 512 px drawn as icon.svg, listed and linked", flush=True)


# MARK: Browser

def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]:
        options.add_argument(argument)
    if SIZE == "phone":
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"})
    else:
        options.add_argument("--window-size=1280,800")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=env.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    if SIZE != "phone":
        driver.set_window_size(1280, 800)
    driver.set_script_timeout(60)
    return driver


def pair(driver):
    code = re.search(r"pair_[0-9a-f]{64}", run("serve", "pair")).group(0)
    driver.get(BASE + "/pair?code=" + code)
    driver.find_element(By.CSS_SELECTOR, "form[action='/pair'] button").click()
    WebDriverWait(driver, 10).until(lambda d: urlparse(d.current_url).path == "/app")


def worker_ready(driver):
    """Waits for the service worker to control the page (a reload after its first install)."""
    state = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        if (!('serviceWorker' in navigator)) return done('no serviceWorker');
        navigator.serviceWorker.ready.then(function (r) { done(r.active ? r.scope : 'not active'); }, function (e) { done('error ' + e); });
        setTimeout(function () { done('timeout'); }, 20000);
    """)
    if not state.startswith(BASE + "/app"):
        fail("the service worker is not ready: " + state)
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        fail("the service worker does not control " + driver.current_url)
    print("ok the service worker controls the app (scope %s)" % state, flush=True)


def offline_shown(driver):
    return driver.execute_script("var n = document.getElementById('offline'); return !!n && !n.hidden && n.offsetHeight > 0")


def main_text(driver):
    return driver.execute_script("var m = document.getElementById('main'); return m ? m.textContent : ''")


def app_links(driver):
    """Every same-origin link under /app on the page (without its fragment)."""
    hrefs = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('a[href]'), function (a) { return a.href; })")
    found = []
    for href in hrefs:
        url = urlparse(href)
        if url.netloc != "127.0.0.1:%d" % PORT or not (url.path == "/app" or url.path.startswith("/app/")):
            continue
        if re.search(r"\.(css|js|png|svg|webmanifest|ics)$", url.path) or url.path == "/app/events":
            continue
        found.append(url.path + ("?" + url.query if url.query else ""))
    return found


AXE_SOURCE = open(AXE).read()
KEPT = """
    var done = arguments[arguments.length - 1];
    caches.keys().then(function (k) { done(k); }, function (e) { done(['error ' + e]); });"""


def axe(driver):
    driver.execute_script(AXE_SOURCE)
    result = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations'] }).then(function (r) { done(JSON.stringify(r.violations)); }, function (e) { done('error ' + e); });
    """)
    if result.startswith("error"):
        fail("axe-core did not run: " + result)
    return [v for v in json.loads(result) if v.get("impact") in ("serious", "critical")]


def crawl(driver):
    """Every /app page reachable from Today, each checked by axe-core in light and dark."""
    queue, seen, problems = deque(["/app"]), {"/app"}, []
    while queue:
        path = queue.popleft()
        driver.get(BASE + path)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        for link in app_links(driver):
            if link not in seen and len(seen) < 60:
                seen.add(link)
                queue.append(link)
        # Touch targets: every control (a field's visually hidden radio excepted: its label is
        # the target) at least 44 x 44 px; links inside running text are exempt, as in WCAG.
        small = driver.execute_script("""
            return Array.from(document.querySelectorAll('button, summary, select, textarea, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), nav a, label:has(> input[type=radio]), input[type=radio] + label'))
              .filter(e => e.offsetParent !== null)
              .map(e => [(e.textContent || e.name || e.tagName).trim().slice(0, 30), e.getBoundingClientRect()])
              .filter(p => p[1].width < 44 || p[1].height < 44).map(p => p[0] + ' ' + Math.round(p[1].width) + 'x' + Math.round(p[1].height))""")
        if small:
            problems.append("%s: controls smaller than 44 x 44 px: %s" % (path, small))
            print("  " + problems[-1], flush=True)
        errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        if errors:
            problems.append("%s: console errors or CSP violations: %s" % (path, errors))
            print("  " + problems[-1], flush=True)
        for scheme in ["light", "dark"]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for violation in axe(driver):
                for node in violation["nodes"][:5]:
                    problems.append("%s %s %s: %s [%s] %s" % (path, scheme, violation["impact"], violation["id"], violation["help"],
                                                             " ".join(node["target"]) if isinstance(node["target"][0], str) else node["target"]))
                    print("  " + problems[-1] + "\n    " + node.get("failureSummary", "").replace("\n", "\n    "), flush=True)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    if problems:
        fail("%d problems at %s (above)" % (len(problems), SIZE))
    print("ok axe-core: no serious or critical violation, no control under 44 x 44 px, no console error on %d pages (%s), light and dark: %s" % (len(seen), SIZE, " ".join(sorted(seen))), flush=True)
    return seen


CONFIG = os.path.join(VAULT, ".brain", "config.yml")
# The other themes' pages: Today, the habits list, a habit's page and a note (the crawl has
# checked every page in the vault's own theme).
THEME_PAGES = ["/app", "/app/habits", "/app/habits/read", "/app/notes/notes/morning-routine"]


def set_theme(server, theme):
    """The vault's `theme:` set to `theme` (or the config put back when theme is the original
    text), and the server started again to read it."""
    server.stop()
    with open(CONFIG) as f:
        text = f.read()
    if re.search(r"(?m)^theme:.*$", text):
        text = re.sub(r"(?m)^theme:.*$", "theme: " + theme, text)
    else:
        text += "\ntheme: %s\n" % theme
    with open(CONFIG, "w") as f:
        f.write(text)
    server.start()


def themes(driver, server):
    """axe-core on THEME_PAGES in every other theme, light and dark: the palettes' contrast."""
    original = open(CONFIG).read()
    own = (re.search(r"(?m)^theme:\s*(\w+)", original) or [None, "forest"])[1].lower()
    problems, checked = [], []
    try:
        for theme in [t for t in ["ember", "ocean", "forest", "aurora", "sand"] if t != own]:
            set_theme(server, theme)
            for path in THEME_PAGES:
                driver.get(BASE + path)
                WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
                shown = driver.execute_script("return document.documentElement.getAttribute('data-theme')")
                if shown != theme:
                    fail("%s shows the theme %s, not the vault's %s" % (path, shown, theme))
                for scheme in ["light", "dark"]:
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    for violation in axe(driver):
                        for node in violation["nodes"][:5]:
                            problems.append("%s %s %s: %s %s" % (theme, path, scheme, violation["id"], " ".join(map(str, node["target"]))))
                            print("  " + problems[-1] + "\n    " + node.get("failureSummary", "").replace("\n", "\n    "), flush=True)
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            checked.append(theme)
    finally:
        server.stop()
        with open(CONFIG, "w") as f:
            f.write(original)
        server.start()
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
              and "ERR_CONNECTION_REFUSED" not in entry["message"] and "Failed to fetch" not in entry["message"]]
    if errors:
        problems.append("console errors or CSP violations in the other themes: %s" % errors)
        print("  " + problems[-1], flush=True)
    if problems:
        fail("%d problems in the other themes (above)" % len(problems))
    print("ok axe-core in the themes %s (besides %s), light and dark: %s" % (" ".join(checked), own, " ".join(THEME_PAGES)), flush=True)


def main():
    server = Server()
    server.start()
    driver = browser()
    try:
        pair(driver)
        worker_ready(driver)
        check_icons(driver)
        pages = crawl(driver)
        if not {"/app", "/app/checkin", "/app/habits", "/app/goals", "/app/notes"} <= pages:
            fail("the crawl missed the navigation's pages: %s" % sorted(pages))
        themes(driver, server)

        # Offline: the last state of the pages, with the notice.
        driver.get(BASE + "/app/checkin")
        checkin = main_text(driver)
        driver.get(BASE + "/app")
        today = main_text(driver)
        if offline_shown(driver):
            fail("the offline notice shows while the server is up")
        server.stop()
        for path, text in [("/app", today), ("/app/checkin", checkin), ("/app", today)]:
            driver.get(BASE + path)
            if main_text(driver) != text:
                fail("offline, %s is not its last state:\n%s" % (path, main_text(driver)[:400]))
            if not offline_shown(driver):
                fail("offline, %s does not say the server cannot be reached" % path)
        print("ok offline: Today and Check-in show their last state and say the server cannot be reached", flush=True)

        # Back: a change made while the server was away shows by itself.
        habit = driver.execute_script("""
            var rows = document.querySelectorAll('li.habit.open[id^="h-"]');
            for (var i = 0; i < rows.length; i++) if (rows[i].querySelector('form[data-instant=done]')) return rows[i].id.slice(2);
            return null;""")
        if not habit:
            fail("Today has no open habit to check off")
        run("done", habit)
        server.start()
        try:
            WebDriverWait(driver, 15, poll_frequency=0.1).until(
                lambda d: not offline_shown(d) and "done" in (d.execute_script(
                    "var e = document.getElementById(arguments[0]); return e ? e.className : ''", "h-" + habit) or "").split())
        except Exception:
            fail("the server back, Today did not come back live with %s done (offline notice %s)" % (habit, offline_shown(driver)))
        print("ok the server back: the page is live again by itself, %s checked off in a terminal shown" % habit, flush=True)

        # Signing out forgets every kept page.
        kept = driver.execute_async_script(KEPT)
        if "brain-pages" not in kept:
            fail("before signing out the browser keeps no pages: %s" % kept)
        driver.find_element(By.CSS_SELECTOR, "form[action='/app/signout'] button").click()
        WebDriverWait(driver, 10).until(lambda d: "Signed out" in d.title)
        kept = driver.execute_async_script(KEPT)
        if kept:
            fail("after signing out the browser still keeps %s" % kept)
        status = None
        try:
            status = fetch("/app", cookie=None)[0]
        except urllib.error.HTTPError as error:
            status = error.code
        if status != 401:
            fail("/app without a session answered %s" % status)
        # What the console said while the server was up counts whole (apart from the refused
        # connections of the offline part above).
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                  and "ERR_CONNECTION_REFUSED" not in entry["message"] and "Failed to fetch" not in entry["message"]]
        server.stop()
        try:
            driver.get(BASE + "/app")
            if "Today" in driver.title or "Today" in main_text(driver):
                fail("after signing out, Today is still shown offline")
        except WebDriverException as error:
            if "ERR_CONNECTION_REFUSED" not in str(error):
                raise
        print("ok signing out forgets the kept pages: offline, Today is no longer shown", flush=True)
        # The server stopped, loading /app fails: Chromium says ERR_CONNECTION_REFUSED, or
        # ERR_FAILED when the signed-out page's service worker is still winding down and passes
        # the failure on. Any other error counts.
        errors += [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                   and not any(word in entry["message"] for word in ("ERR_CONNECTION_REFUSED", "ERR_FAILED", "Failed to fetch"))]
        if errors:
            fail("console errors or CSP violations: %s" % json.dumps(errors))
    finally:
        driver.quit()
        server.stop()
    print("ok", flush=True)


main()
