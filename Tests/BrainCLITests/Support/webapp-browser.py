"""Drives the web app of `brain serve` in Debian's chromium through chromium-driver (selenium).

Run by ServeBrowserTests with: BASE (the server), PAIR and PAIR_NOJS (two pairing links), VAULT
and TWIN (the served vault and a copy of it), BRAIN (the binary), SIZE ("phone": 390x844 with
touch, or "desktop": 1280x800) and optionally SHOTS (a folder for screenshots). Every tap is
compared with the file `brain` writes for the same command in the twin vault. Prints one line per
step and "ok" at the end; exits 1 at the first failure.
"""
import json, os, subprocess, sys, time
from selenium import webdriver
from selenium.webdriver.common.by import By
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
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=env.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    if SIZE != "phone":
        driver.set_window_size(1280, 800)
    return driver


def console_errors(driver, where):
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if errors:
        fail("%s: console errors or CSP violations: %s" % (where, json.dumps(errors)))


def shot(driver, name):
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, "webapp-%s-%s.png" % (name, SIZE)))


def habit(driver, habit_id):
    return driver.find_element(By.ID, "h-" + habit_id)


def wait_state(driver, habit_id, state, timeout=10):
    def settled(d):
        try:
            classes = habit(d, habit_id).get_attribute("class").split()
        except Exception:
            return False
        return state in classes and "pending" not in classes
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(settled)


def pair(driver, link):
    driver.get(link)
    driver.find_element(By.CSS_SELECTOR, "form[action='/pair'] button").click()
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
        habit(driver, "meditate").find_element(By.CSS_SELECTOR, "form[data-instant=done] button").click()
        WebDriverWait(driver, 10, poll_frequency=0.01).until(lambda d: "done" in habit(d, "meditate").get_attribute("class"))
        print("tap shown in %d ms" % ((time.time() - started) * 1000), flush=True)
        wait_state(driver, "meditate", "done")
        brain(TWIN, "done", "meditate")
        same_file("a tap checks meditate off")
        # A measurable habit: the number pad with its unit and target.
        row = habit(driver, "read")
        row.find_element(By.CSS_SELECTOR, "details.pad > summary").click()
        field = row.find_element(By.NAME, "value")
        if field.get_attribute("inputmode") != "decimal":
            fail("the amount field does not open a number pad")
        field.send_keys("12")
        row.find_element(By.CSS_SELECTOR, "details.pad button:not([name])").click()
        wait_state(driver, "read", "done")
        brain(TWIN, "done", "read", "12")
        same_file("an amount for read")
        # Skip with a reason.
        row = habit(driver, "run")
        row.find_element(By.CSS_SELECTOR, "details.skipper > summary").click()
        row.find_element(By.NAME, "reason").send_keys("knee hurts")
        row.find_element(By.CSS_SELECTOR, "details.skipper button").click()
        wait_state(driver, "run", "skipped")
        brain(TWIN, "skip", "run", "knee", "hurts")
        same_file("skip run with a reason")
        # Undo.
        habit(driver, "meditate").find_element(By.CSS_SELECTOR, "form[data-instant=undo] button").click()
        wait_state(driver, "meditate", "open")
        brain(TWIN, "undo", "meditate")
        same_file("undo meditate")
        console_errors(driver, "Today after taps")
        # A change in a terminal shows on the open page without a reload.
        driver.execute_script("window.brainMarker = 1")
        started = time.time()
        brain(VAULT, "done", "walk", "6000")
        brain(TWIN, "done", "walk", "6000")
        wait_state(driver, "walk", "done", timeout=20)
        print("a terminal's change shown in %d ms" % ((time.time() - started) * 1000), flush=True)
        if driver.execute_script("return window.brainMarker") != 1:
            fail("the page reloaded to show the change")
        print("ok a terminal's brain done shows without a reload", flush=True)
        shot(driver, "today-done")
        # Both check-ins.
        driver.get(BASE + "/app/checkin")
        for label in ["m-mood-4", "m-energy-3"]:
            driver.find_element(By.CSS_SELECTOR, "label[for=%s]" % label).click()
        driver.find_elements(By.NAME, "intention")[0].send_keys("Ship the app")
        driver.find_element(By.CSS_SELECTOR, "form[action='/app/checkin/morning'] button").click()
        WebDriverWait(driver, 10).until(lambda d: "Ship the app" in d.find_element(By.ID, "main").text)
        brain(TWIN, "checkin", "morning", "--mood", "4", "--energy", "3", "--intention", "Ship the app")
        same_file("the morning check-in")
        driver.find_element(By.CSS_SELECTOR, "label[for=e-mood-5]").click()
        driver.find_element(By.NAME, "reflection").send_keys("A good day.\nSecond line.")
        driver.find_element(By.CSS_SELECTOR, "form[action='/app/checkin/evening'] button").click()
        WebDriverWait(driver, 10).until(lambda d: "Second line." in d.find_element(By.ID, "main").text)
        brain(TWIN, "checkin", "evening", "--mood", "5", "--reflection", "A good day.\nSecond line.")
        same_file("the evening check-in")
        console_errors(driver, "Check-in")
        shot(driver, "checkin")
        # Touch targets: every control at least 44 x 44 px.
        for path in ["/app", "/app/checkin"]:
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
        habit(driver, "drink-water").find_element(By.CSS_SELECTOR, "form[data-instant=done] button").click()
        WebDriverWait(driver, 10).until(lambda d: "done" in habit(d, "drink-water").get_attribute("class"))
        brain(TWIN, "done", "drink-water")
        same_file("without JavaScript, the form checks drink-water off")
        console_errors(driver, "Today without JavaScript")
    finally:
        driver.quit()
    print("ok", flush=True)


main()
