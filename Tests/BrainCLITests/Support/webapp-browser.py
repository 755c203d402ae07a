"""Drives the web app of `brain serve` in Debian's chromium through chromium-driver (selenium).

Run by ServeBrowserTests with: BASE (the server), PAIR and PAIR_NOJS (two pairing links), VAULT
and TWIN (the served vault and a copy of it), BRAIN (the binary), SIZE ("phone": 390x844 with
touch, or "desktop": 1280x800) and optionally SHOTS (a folder for screenshots). Every tap is
compared with the file `brain` writes for the same command in the twin vault. Prints one line per
step and "ok" at the end; exits 1 at the first failure.
"""
import json, os, re, subprocess, sys, time
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

env = os.environ
BASE, VAULT, TWIN, BRAIN, SIZE = env["BASE"], env["VAULT"], env["TWIN"], env["BRAIN"], env["SIZE"]
SHOTS = env.get("SHOTS")
DAY = "daily/2026-11-22.md"
failures = []


def fail(message):
    print("FAIL " + message, flush=True)
    sys.exit(1)


def brain(vault, *words):
    result = subprocess.run([BRAIN, "--vault", vault, *words], capture_output=True, text=True, env=dict(env))
    if result.returncode != 0:
        fail("brain %s: %s" % (" ".join(words), result.stderr))


def same_file(step):
    with open(os.path.join(VAULT, DAY)) as a, open(os.path.join(TWIN, DAY)) as b:
        served, twin = a.read(), b.read()
    if served != twin:
        fail("%s: the daily file differs from the one brain writes\n--- app\n%s\n--- brain\n%s" % (step, served, twin))
    print("ok " + step, flush=True)


def browser(javascript=True):
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
    if not javascript:
        # The app's script never loads, so every form posts as the browser does it alone. (Turning
        # all script off also stops the driver's own commands in chromium-driver.)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/app/app.js"]})
    return driver


def console_errors(driver, where):
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if errors:
        fail("%s: console errors or CSP violations: %s" % (where, json.dumps(errors)))


def shot(driver, name, at=None):
    """With SHOTS: the page as it is, light, then dark (the device's setting, emulated); from its
    top, or with the element `at` (a CSS selector) scrolled to the top of the window."""
    if not SHOTS:
        return
    if at:
        driver.execute_script("var e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'start'}); else window.scrollTo(0, 0)", at)
    else:
        driver.execute_script("window.scrollTo(0, 0)")
    for scheme in ["light", "dark"]:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        time.sleep(0.1)
        driver.save_screenshot(os.path.join(SHOTS, "webapp-%s-%s-%s.png" % (name, SIZE, scheme)))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def habit(driver, habit_id):
    return driver.find_element(By.ID, "h-" + habit_id)


SCRIPTS = {"on": True}


def tap(element):
    """Scrolls the element to the middle of the screen (off the sticky bar) and taps it."""
    if SCRIPTS["on"]:
        element.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def settle(driver):
    """Waits until the page stops changing (a live update may follow a tap's own answer)."""
    last, same = None, 0
    for _ in range(100):
        now = driver.execute_script("return document.getElementById('main').innerHTML")
        same = same + 1 if now == last else 0
        if same >= 5:
            return
        last = now
        time.sleep(0.02)


def row_of(driver, habit_id):
    """The row's classes and text, read in one step (the page may replace it any time)."""
    return driver.execute_script(
        "var e = document.getElementById(arguments[0]); return e ? [e.className, e.textContent] : ['', '']", "h-" + habit_id)


def main_text(driver):
    return driver.execute_script("var m = document.getElementById('main'); return m ? m.textContent : ''")


def wait_state(driver, habit_id, state, timeout=10):
    def settled(d):
        classes = row_of(d, habit_id)[0].split()
        return state in classes and "pending" not in classes
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(settled)


def pair(driver, printed):
    # `brain serve pair` prints the link for the default port: its code, on this server.
    code = re.search(r"pair_[0-9a-f]{64}", printed).group(0)
    driver.get(BASE + "/pair?code=" + code)
    tap(driver.find_element(By.CSS_SELECTOR, "form[action='/pair'] button"))
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/app") or "/app#" in d.current_url)
    if "Today" not in driver.title:
        fail("pairing did not lead to Today: " + driver.title)
    print("ok pairing signs in and opens Today", flush=True)


def main():
    driver = browser()
    try:
        pair(driver, env["PAIR"])
        console_errors(driver, "Today")
        shot(driver, "today")
        # One tap checks a habit off; the row shows it at once and the file is brain done's.
        started = time.time()
        tap(habit(driver, "no-doomscrolling").find_element(By.CSS_SELECTOR, "form[data-instant=done] button"))
        WebDriverWait(driver, 10, poll_frequency=0.01).until(lambda d: "done" in row_of(d, "no-doomscrolling")[0])
        print("tap shown in %d ms" % ((time.time() - started) * 1000), flush=True)
        wait_state(driver, "no-doomscrolling", "done")
        brain(TWIN, "done", "no-doomscrolling")
        same_file("a tap checks no-doomscrolling off")
        # A measurable habit: the number pad with its unit and target.
        settle(driver)
        row = habit(driver, "read")
        tap(row.find_element(By.CSS_SELECTOR, "details.pad > summary"))
        field = row.find_element(By.NAME, "value")
        if field.get_attribute("inputmode") != "decimal":
            fail("the amount field does not open a number pad")
        field.send_keys("12")
        tap(row.find_element(By.CSS_SELECTOR, "details.pad button:not([name])"))
        WebDriverWait(driver, 10, poll_frequency=0.02).until(lambda d: "12 of 20 pages" in row_of(d, "read")[1] and "pending" not in row_of(d, "read")[0])
        brain(TWIN, "done", "read", "12")
        same_file("an amount for read")
        # Skip with a reason.
        settle(driver)
        row = habit(driver, "guitar")
        tap(row.find_element(By.CSS_SELECTOR, "details.skipper > summary"))
        row.find_element(By.NAME, "reason").send_keys("sore fingers")
        tap(row.find_element(By.CSS_SELECTOR, "details.skipper button"))
        wait_state(driver, "guitar", "skipped")
        brain(TWIN, "skip", "guitar", "sore", "fingers")
        same_file("skip guitar with a reason")
        # Undo.
        settle(driver)
        tap(habit(driver, "no-doomscrolling").find_element(By.CSS_SELECTOR, "form[data-instant=undo] button"))
        wait_state(driver, "no-doomscrolling", "open")
        brain(TWIN, "undo", "no-doomscrolling")
        same_file("undo no-doomscrolling")
        console_errors(driver, "Today after taps")
        # A change in a terminal shows on the open page without a reload.
        settle(driver)
        driver.execute_script("window.brainMarker = 1")
        started = time.time()
        brain(VAULT, "done", "call-family")
        brain(TWIN, "done", "call-family")
        wait_state(driver, "call-family", "done", timeout=20)
        print("a terminal's change shown in %d ms" % ((time.time() - started) * 1000), flush=True)
        if driver.execute_script("return window.brainMarker") != 1:
            fail("the page reloaded to show the change")
        print("ok a terminal's brain done shows without a reload", flush=True)
        shot(driver, "today-done")
        # Both check-ins.
        driver.get(BASE + "/app/checkin")
        for label in ["m-mood-4", "m-energy-3"]:
            tap(driver.find_element(By.CSS_SELECTOR, "label[for=%s]" % label))
        driver.find_elements(By.NAME, "intention")[0].send_keys("Ship the app")
        tap(driver.find_element(By.CSS_SELECTOR, "form[action='/app/checkin/morning'] button"))
        WebDriverWait(driver, 10).until(lambda d: "Ship the app" in main_text(d))
        brain(TWIN, "checkin", "morning", "--mood", "4", "--energy", "3", "--intention", "Ship the app")
        same_file("the morning check-in")
        tap(driver.find_element(By.CSS_SELECTOR, "label[for=e-mood-5]"))
        driver.find_element(By.NAME, "reflection").send_keys("A good day.\nSecond line.")
        tap(driver.find_element(By.CSS_SELECTOR, "form[action='/app/checkin/evening'] button"))
        WebDriverWait(driver, 10).until(lambda d: "Second line." in main_text(d))
        brain(TWIN, "checkin", "evening", "--mood", "5", "--reflection", "A good day.\nSecond line.")
        same_file("the evening check-in")
        console_errors(driver, "Check-in")
        shot(driver, "checkin")
        # Tick a milestone on the Goals page.
        driver.get(BASE + "/app/goals")
        before = open(os.path.join(VAULT, "goals/finish-a1-course.md")).read()
        tap(driver.find_element(By.CSS_SELECTOR, "button[aria-label='Unit 3: food: tick']"))
        WebDriverWait(driver, 10).until(lambda d: open(os.path.join(VAULT, "goals/finish-a1-course.md")).read() != before)
        brain(TWIN, "goal", "tick", "finish-a1-course", "3")
        with open(os.path.join(VAULT, "goals/finish-a1-course.md")) as a, open(os.path.join(TWIN, "goals/finish-a1-course.md")) as b:
            if a.read() != b.read():
                fail("the ticked milestone differs from brain goal tick's")
        print("ok tick a milestone", flush=True)
        console_errors(driver, "Goals")
        shot(driver, "goals")
        # The report page: brain report's, with the organism animated, and no CSP violation.
        driver.get(BASE + "/app/report")
        if not driver.find_elements(By.CSS_SELECTOR, "svg.plant"):
            fail("the report page has no organism")
        moving = driver.execute_script("return getComputedStyle(document.querySelector('svg.plant')).animationName")
        if moving in ("", "none"):
            fail("the organism does not move: " + str(moving))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        still = driver.execute_script("return getComputedStyle(document.querySelector('svg.plant')).animationName")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        if still != "none":
            fail("the organism moves under prefers-reduced-motion: " + str(still))
        console_errors(driver, "Report")
        print("ok the report's organism breathes, and rests under reduced motion", flush=True)
        shot(driver, "report")
        shot(driver, "organism", at="svg.plant")
        # Touch targets: every control at least 44 x 44 px.
        for path in ["/app", "/app/checkin", "/app/goals"]:
            driver.get(BASE + path)
            small = driver.execute_script("""
                return Array.from(document.querySelectorAll('button, summary, nav a, .checkin a, .scale label'))
                  .filter(e => e.offsetParent !== null)
                  .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
                  .filter(p => p[1].width < 44 || p[1].height < 44).map(p => p[0] + ' ' + p[1].width + 'x' + p[1].height)""")
            if small:
                fail("%s: controls smaller than 44 x 44 px: %s" % (path, small))
            console_errors(driver, path)
        print("ok touch targets", flush=True)
    finally:
        driver.quit()
    # Without JavaScript the same check-off works through the form.
    driver = browser(javascript=False)
    try:
        pair(driver, env["PAIR_NOJS"])
        tap(habit(driver, "strength").find_element(By.CSS_SELECTOR, "form[data-instant=done] button"))
        WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException, JavascriptException]).until(
            lambda d: d.current_url.endswith("#h-strength") and "done" in row_of(d, "strength")[0].split())
        brain(TWIN, "done", "strength")
        same_file("without JavaScript, the form checks strength off")
        if driver.execute_script("return performance.getEntriesByType('resource').some(e => e.name.endsWith('/app/app.js') && e.responseStatus === 200)"):
            fail("the app's script loaded in the browser without it")
        if not driver.current_url.endswith("/app#h-strength"):
            fail("the form did not redirect back to the habit: " + driver.current_url)
    finally:
        driver.quit()
    print("ok", flush=True)


if __name__ == "__main__":
    main()
