"""Drives the web app's habit and note pages, and two devices at once, in Debian's chromium.

Run by ServeAppPagesBrowserTests with what webapp-browser.py takes (BASE, VAULT, TWIN, BRAIN,
SIZE, CHROMEDRIVER) and PAIR and PAIR_OTHER, two pairing links: one per device. Uses that
script's helpers. Prints one line per step and "ok" at the end; exits 1 at the first failure.
"""
import importlib.util, json, os, subprocess, time
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

spec = importlib.util.spec_from_file_location("webapp", os.path.join(os.path.dirname(os.path.abspath(__file__)), "webapp-browser.py"))
app = importlib.util.module_from_spec(spec)
spec.loader.exec_module(app)
env, BASE, VAULT, TWIN = app.env, app.BASE, app.VAULT, app.TWIN
fail, brain, same_file, tap, settle, row_of, wait_state = app.fail, app.brain, app.same_file, app.tap, app.settle, app.row_of, app.wait_state


def path_of(driver):
    return driver.execute_script("return location.pathname")


def habit_page(driver):
    """Today's › opens a habit's page; its check-off comes back to it, writing brain done's file."""
    driver.get(BASE + "/app")
    tap(driver.find_element(By.CSS_SELECTOR, "#h-read a.more"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/habits/read")
    for needed in ["stat-best", "stat-streak", "card-day", "card-week", "card-month"]:
        if not driver.find_elements(By.ID, needed):
            fail("the habit page has no #" + needed)
    if not driver.find_elements(By.CSS_SELECTOR, "svg.year rect") or not driver.find_elements(By.CSS_SELECTOR, "svg.strength path"):
        fail("the habit page has no year grid or strength line")
    app.console_errors(driver, "a habit's page")
    app.shot(driver, "habit")
    print("ok Today's row opens the habit's page", flush=True)
    driver.get(BASE + "/app/habits/strength")
    tap(driver.find_element(By.CSS_SELECTOR, "form[action='/app/habits/strength/done'] button"))
    WebDriverWait(driver, 10).until(lambda d: "Undo today" in app.main_text(d))
    if path_of(driver) != "/app/habits/strength":
        fail("the check-off did not come back to the habit's page: " + path_of(driver))
    brain(TWIN, "done", "strength")
    same_file("the habit page checks strength off and stays on it")
    app.console_errors(driver, "a habit's page after a check-off")


def habits_list(driver):
    """The Habits tab lists the habits `brain stats` lists; a row opens its habit's page."""
    driver.get(BASE + "/app")
    tap(driver.find_element(By.CSS_SELECTOR, "nav a[href='/app/habits']"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/habits")
    listed = [a.get_attribute("href").rsplit("/", 1)[-1] for a in driver.find_elements(By.CSS_SELECTOR, "ul.all li > a")]
    printed = subprocess.run([app.BRAIN, "--vault", VAULT, "stats", "--json"], capture_output=True, text=True, env=dict(env), check=True)
    stats = [row["id"] for row in json.loads(printed.stdout)["habits"]]
    if listed != stats:
        fail("the habits list shows %s, brain stats lists %s" % (listed, stats))
    app.console_errors(driver, "Habits")
    app.shot(driver, "habits")
    tap(driver.find_element(By.CSS_SELECTOR, "ul.all a[href='/app/habits/run']"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/habits/run")
    print("ok the Habits tab lists what brain stats lists and opens a habit's page", flush=True)


def notes(driver):
    """The list opens a note; a [[link]] in the rendered note opens the note it names."""
    driver.get(BASE + "/app/notes")
    app.console_errors(driver, "Notes")
    app.shot(driver, "notes")
    tap(driver.find_element(By.CSS_SELECTOR, "ul.notes a[href='/app/notes/notes/morning-routine']"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/notes/notes/morning-routine")
    app.console_errors(driver, "a note")
    app.shot(driver, "note")
    tap(driver.find_element(By.CSS_SELECTOR, "article.prose a[href='/app/notes/notes/insight-never-miss-twice']"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/notes/notes/insight-never-miss-twice")
    backlinks = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "ul.lines a")]
    if "Morning routine" not in backlinks:
        fail("the linked note does not list Morning routine among its backlinks: %s" % backlinks)
    app.console_errors(driver, "a linked note")
    print("ok a [[link]] in a note opens the linked note", flush=True)
    tap(driver.find_element(By.CSS_SELECTOR, "nav a[href='/app/notes']"))
    WebDriverWait(driver, 10).until(lambda d: path_of(d) == "/app/notes")
    field = driver.find_element(By.NAME, "q")
    field.send_keys("snooze")
    tap(driver.find_element(By.CSS_SELECTOR, "form[role=search] button"))
    WebDriverWait(driver, 10).until(lambda d: "Wake up (no snooze)." in app.main_text(d))
    app.console_errors(driver, "a search")
    print("ok a search finds a note's line", flush=True)


def touch_targets(driver):
    """Every control of the new pages (and Today's › links) is at least 44 x 44 px."""
    for path in ["/app", "/app/habits/read", "/app/notes", "/app/notes/notes/morning-routine"]:
        driver.get(BASE + path)
        small = driver.execute_script("""
            return Array.from(document.querySelectorAll('button, summary, nav a, .habit a.more, .pins a, ul.notes a, ul.lines a, a.tag, input'))
              .filter(e => e.offsetParent !== null)
              .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
              .filter(p => p[1].width < 44 || p[1].height < 44).map(p => p[0] + ' ' + p[1].width + 'x' + p[1].height)""")
        if small:
            fail("%s: controls smaller than 44 x 44 px: %s" % (path, small))
        overflow = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth + 1")
        if overflow:
            fail("%s: the page is wider than the screen" % path)
        app.console_errors(driver, path)
    print("ok touch targets on the habit and note pages", flush=True)


def two_devices(first, second):
    """A tap on one device shows ✓ on the other, open on Today, without a reload."""
    for driver in (first, second):
        driver.get(BASE + "/app")
    settle(first)
    first.execute_script("window.brainMarker = 1")
    started = time.time()
    tap(second.find_element(By.CSS_SELECTOR, "#h-no-doomscrolling form[data-instant=done] button"))
    wait_state(first, "no-doomscrolling", "done", timeout=20)
    elapsed = (time.time() - started) * 1000
    print("the other device's tap shown in %d ms" % elapsed, flush=True)
    if first.execute_script("return window.brainMarker") != 1:
        fail("the page reloaded to show the other device's tap")
    if "\u2713" not in row_of(first, "no-doomscrolling")[1]:
        fail("the other device does not show the check mark")
    brain(TWIN, "done", "no-doomscrolling")
    same_file("a tap on one device shows on the other without a reload")
    app.console_errors(first, "Today on the other device")
    app.console_errors(second, "Today on the tapping device")


def main():
    first = app.browser()
    second = None
    try:
        app.pair(first, env["PAIR"])
        habit_page(first)
        habits_list(first)
        notes(first)
        touch_targets(first)
        second = app.browser()
        app.pair(second, env["PAIR_OTHER"])
        two_devices(first, second)
    finally:
        first.quit()
        if second:
            second.quit()
    print("ok", flush=True)


main()
