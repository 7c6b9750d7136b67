#!/usr/bin/env python3
"""Browser flows of issue 47 on the form fixture (LoanForm: Save shows a summary its DataStore keeps,
`KeepsState`), two `scene-host serve` instances on one PostgreSQL session store behind nginx, driven by
scripts/cluster-tests.sh, which starts the processes and hands each flow the commands it runs. Real
Chromium through Selenium. Each subcommand prints `cluster: NAME passed` or `cluster: NAME failed: WHY`
and exits 0 or 1. Loopback only; every wait is bounded.

  kill-reload PROXY KILL_ALL START_ALL    Save; kill -9 every instance, start them again; Reload:
                                          the saved summary, no notice; the next Saves apply
  two-tabs URL_A URL_B HOLD               two tabs of one browser Save at the same moment: instance A
                                          holds its action once claimed while the file HOLD is missing
                                          (`SCENE_HOST_TEST_ACTION_HOLD`), so the other tab's Save comes
                                          while it is under way; then HOLD is made. One result, and one
                                          truthful stale-form answer offering the typed text back
  outage PROXY PAUSE RESUME KILL START    the store stopped during a Save, then back; an instance
                                          killed: each next Save is applied at once and shows its result
"""
import subprocess
import sys
import time

from cluster_flows import failed, passed

NOTICE_ID = "error"
NOT_SAVED = "were not saved: another tab or window moved the app on"


def chromium():
    from selenium import webdriver
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options)


def loaded(driver):
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.readyState") == "complete")


def text(driver):
    loaded(driver)
    return driver.execute_script("return document.body ? document.body.innerText : ''")


def summary(driver):
    loaded(driver)
    return driver.execute_script("var s = document.getElementById('summary'); return s ? s.textContent : ''")


def notice(driver):
    loaded(driver)
    return driver.execute_script(f"var n = document.getElementById('{NOTICE_ID}'); return n ? n.innerText : ''")


def fill(driver, notes, notify=True, days="2"):
    """Types the form (not sent): notes, the notify toggle, the loan's days."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    area = driver.find_element(By.ID, "area-notes")
    area.clear()
    area.send_keys(notes)
    toggle = driver.find_element(By.ID, "toggle-notify")
    if toggle.is_selected() != notify:
        toggle.click()
    Select(driver.find_element(By.ID, "choice-days")).select_by_value(days)


def save(driver):
    """Clicks Save and waits until the next page has replaced this one."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.ID, "button-save").click()

    def replaced(_driver):
        try:
            page.is_enabled()
            return False
        except WebDriverException:
            return True
    WebDriverWait(driver, 60).until(replaced)
    loaded(driver)


def run(command):
    subprocess.run(command, shell=True, check=True, timeout=120)


def kill_reload(proxy, kill_all, start_all):
    name = "form: Save, kill -9, Reload"
    driver = chromium()
    try:
        driver.get(proxy + "/")
        fill(driver, "first line\nsecond line")
        save(driver)
        shown = summary(driver)
        if "notify true, 28 days" not in shown or "notes 2 lines" not in shown:
            return failed(name, "Save did not show its summary: " + shown)
        run(kill_all)
        run(start_all)
        driver.refresh()
        if summary(driver) != shown or notice(driver):
            return failed(name, f"after the kill the page shows {summary(driver)!r} with notice {notice(driver)!r}, not {shown!r}")
        for lines, notes in ((1, "one"), (3, "a\nb\nc")):
            fill(driver, notes)
            save(driver)
            if f"notes {lines} lines" not in summary(driver) or notice(driver):
                return failed(name, f"a Save after the restart showed {summary(driver)!r} with notice {notice(driver)!r}")
        driver.back()
        driver.forward()
        driver.refresh()
        if "notes 3 lines" not in summary(driver):
            return failed(name, "Back, Forward and Reload lost the last Save: " + summary(driver))
        return passed(name + " (the saved summary, no notice)")
    finally:
        driver.quit()


def two_tabs(url_a, url_b, hold):
    import os
    where = "one instance" if url_a == url_b else "two instances"
    name = f"form: two tabs Save at once ({where})"
    driver = chromium()
    try:
        open(hold, "w").close()
        driver.get(url_a + "/")
        fill(driver, "made the session")
        save(driver)
        first = driver.current_window_handle
        driver.get(url_a + "/s/LoanForm")
        fill(driver, "typed in tab one", days="0")
        driver.switch_to.new_window("tab")
        second = driver.current_window_handle
        driver.get(url_b + "/s/LoanForm")
        fill(driver, "typed in tab two", days="1")
        # Tab one's Save is held on instance A once claimed; tab two's comes while it is under way.
        os.remove(hold)
        driver.switch_to.window(first)
        driver.execute_script("document.getElementById('button-save').click()")
        time.sleep(0.5)
        driver.switch_to.window(second)
        driver.execute_script("document.getElementById('button-save').click()")
        time.sleep(0.5)
        open(hold, "w").close()
        pages = {}
        for tab, typed in ((first, "typed in tab one"), (second, "typed in tab two")):
            driver.switch_to.window(tab)
            deadline = time.time() + 60
            while time.time() < deadline and "/s/LoanForm" not in driver.current_url:
                time.sleep(0.1)
            pages[typed] = (summary(driver), notice(driver), text(driver))
        applied = [typed for typed, (shown, said, _) in pages.items() if "notes 1 lines" in shown and not said]
        refused = [typed for typed, (_, said, body) in pages.items() if NOT_SAVED in said and typed in body]
        if len(applied) != 1 or len(refused) != 1 or applied == refused:
            return failed(name, f"expected one result and one stale-form answer offering its text: {pages}")
        # The loser's page shows the winner's values: the truth, not its own.
        winner_days = "7 days" if applied[0] == "typed in tab one" else "14 days"
        if winner_days not in pages[refused[0]][0]:
            return failed(name, f"the refused tab does not show the applied Save: {pages[refused[0]][0]!r}")
        return passed(name)
    finally:
        driver.quit()


def outage(proxy, pause, resume, kill, start):
    name = "form: the next Save after a store outage and after a kill"
    driver = chromium()
    try:
        driver.get(proxy + "/")
        fill(driver, "before")
        save(driver)
        run(pause)
        try:
            fill(driver, "during the outage")
            save(driver)
            said = text(driver)
        finally:
            run(resume)
        if "session store" not in said:
            return failed(name, "a Save during the outage was not refused as the store being away: " + said[:300])
        driver.get(proxy + "/s/LoanForm")
        fill(driver, "right after\nthe outage")
        started = time.time()
        save(driver)
        took = time.time() - started
        if "notes 2 lines" not in summary(driver) or notice(driver):
            return failed(name, f"the Save after the outage showed {summary(driver)!r} with {notice(driver)!r} after {took:.1f} s")
        if took >= 4:
            return failed(name, f"the Save after the outage waited {took:.1f} s (a claim left behind was waited for)")
        run(kill)
        run(start)
        driver.get(proxy + "/s/LoanForm")
        fill(driver, "after\nthe\nkill")
        started = time.time()
        save(driver)
        took = time.time() - started
        if "notes 3 lines" not in summary(driver) or notice(driver):
            return failed(name, f"the Save after the kill showed {summary(driver)!r} with {notice(driver)!r} after {took:.1f} s")
        return passed(name + f" (answered in {took:.2f} s)")
    finally:
        driver.quit()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    flow, arguments = sys.argv[1], sys.argv[2:]
    flows = {"kill-reload": (kill_reload, 3), "two-tabs": (two_tabs, 3), "outage": (outage, 5)}
    if flow not in flows or len(arguments) != flows[flow][1]:
        print(__doc__)
        return 2
    return flows[flow][0](*arguments)


if __name__ == "__main__":
    sys.exit(main())
