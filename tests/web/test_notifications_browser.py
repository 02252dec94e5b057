"""Notifications, the installable app and the offline page in a real browser (issue 62, the page's side).

A registered player opens the notification settings with the notifications allowed: the service worker is
registered and active, turning push on says in one line why this browser could not subscribe (headless
Chromium reaches no push service), the settings are saved and come back.  A push message delivered to the
worker through the DevTools protocol, as the server's would come, shows a notification with the payload's
title, body and link (headless Chromium draws no system notification: the test draws the one the worker
reports into the page for the screenshot).  The lobby is installable (its manifest, in each language), a
page asked for offline shows the offline page, and the unsubscribe page and a bad confirmation link say
what they do.  Screenshots go to docs/screenshots/ (notification.png, settings.png, settings-phone.png).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .browser import CHROMIUM_ARGS, DESKTOP, DOC_SHOTS, PHONE, chromium_path, new_page

PASSWORD = "correct horse battery"
#: what the server pushes for "your turn" (routes_notifications / notify_texts), already in the player's language
PAYLOAD = {"title": "hanpan: your turn", "body": "Your turn in Four Gardens, against Mina and computer (hard).",
           "url": "/play/g-notify-1", "tag": "game:g-notify-1", "kind": "turn", "lang": "en"}
#: a wait for the page or the worker (the machine may be busy)
WAIT = 30.0


def logged_in(browser: Any, base: str, name: str, size: tuple[int, int] = DESKTOP, lang: str = "en",
              guest: bool = False) -> tuple[Any, Any, list[str]]:
    """A new browser context whose session is a player registered (or a guest started) through the API."""
    context, page, errors = new_page(browser, size, lang)
    body = {"name": name} if guest else {"name": name, "password": PASSWORD}
    answer = context.request.post(f"{base}/api/account/{'guest' if guest else 'register'}", data=body)
    assert answer.ok, answer.text()
    return context, page, errors


def until(check: Callable[[], Any], what: str, seconds: float = WAIT) -> Any:
    """``check()`` again until it gives something true; fails saying ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"waited {seconds:.0f} s for {what}"
        time.sleep(0.1)


def browser_notice(error: str) -> bool:
    """Chromium's own console line when a page subscribes in a context without a profile on disk (every
    Playwright context): no error of the page's."""
    return "does not support the Push API in incognito mode" in error


def no_side_scroll(page: Any) -> None:
    wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide[0]} px wide in a {wide[1]} px window"


def open_settings(page: Any, base: str) -> None:
    page.goto(base + "/settings")
    page.wait_for_selector("main.settings[data-ready=true]", timeout=WAIT * 1000)


def worker_state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("""async () => { const r = await navigator.serviceWorker.ready;
        return {state: r.active && r.active.state, script: r.active && r.active.scriptURL, scope: r.scope,
                controlled: !!navigator.serviceWorker.controller}; }"""))


def activated(page: Any) -> dict[str, Any]:
    """The service worker's state once it is active (``ready`` already resolves while it is activating)."""
    return dict(until(lambda: (state := worker_state(page))["state"] == "activated" and state,
                      "the service worker to be activated"))


def registration_id(page: Any, cdp: Any, base: str) -> str:
    """The worker's registration id from the DevTools protocol (ServiceWorker.workerRegistrationUpdated)."""
    seen: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: seen.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")

    def found() -> str | None:
        page.wait_for_timeout(100)  # the protocol's events come in while Playwright waits
        ours = [r for r in seen if r["scopeURL"] == base + "/" and not r.get("isDeleted")]
        return str(ours[-1]["registrationId"]) if ours else None
    return str(until(found, "the service worker's registration"))


#: the notifications the worker shows now, as getNotifications() reports them
NOTIFICATIONS_JS = """async () => { const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).map((n) => ({title: n.title, body: n.body, tag: n.tag, icon: n.icon,
      badge: n.badge, lang: n.lang, data: n.data})); }"""

#: A DRAWING, made by this test, of the notification the service worker showed: headless Chromium shows no
#: system notification, so its title, body and icon (as getNotifications() gave them) are drawn into a fixed
#: box on the page, captioned as such, for the screenshot.  The page itself draws nothing like it.
DRAW_JS = """(n) => {
  const box = document.createElement('div');
  box.id = 'test-drawn-notification';
  box.style.cssText = 'position:fixed;right:16px;top:64px;z-index:99;width:360px;background:#fff;color:#222;'
    + 'border:1px solid #c9c9c9;border-radius:10px;box-shadow:0 8px 28px #0005;padding:10px 12px;'
    + 'font:14px system-ui,sans-serif;display:grid;grid-template-columns:48px 1fr;gap:4px 10px';
  const img = document.createElement('img');
  img.src = n.icon; img.width = 48; img.height = 48; img.alt = ''; img.style.gridRow = 'span 2';
  const title = document.createElement('b'); title.textContent = n.title;
  const body = document.createElement('span'); body.textContent = n.body;
  const caption = document.createElement('small');
  caption.textContent = 'Drawn by the test from getNotifications(): the notification the service worker showed ('
    + n.data.url + ')';
  caption.style.cssText = 'grid-column:1/-1;color:#6a6a6a;border-top:1px dotted #ccc;padding-top:4px';
  box.append(img, title, body, caption);
  document.body.append(box);
}"""


def test_settings_service_worker_and_a_push_shown(server: str, browser: Any) -> None:
    context, page, errors = logged_in(browser, server, "Noti")
    context.grant_permissions(["notifications"], origin=server)
    open_settings(page, server)

    # (a) the service worker: registered by the page, active, scope "/", and this page under it
    worker = activated(page)
    assert worker["scope"] == server + "/", worker
    assert worker["script"] == server + "/sw.js", worker
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT * 1000)
    assert page.evaluate("Notification.permission") == "granted"
    assert page.get_attribute("#push-state", "data-state") == "off"
    assert page.locator("#settings-link").count() == 1  # the header's link to this page

    # turning push on: permission granted, then the subscription; here no push service answers, and the page
    # says so in one line (where one does, the device is on and the server counts it)
    page.click("#push-on")
    page.wait_for_function("""() => document.querySelector('#push-error').textContent
        || document.querySelector('#push-state').dataset.state === 'on'""", timeout=WAIT * 1000)
    failure = page.locator("#push-error").inner_text()
    if failure:
        assert failure.startswith("This browser could not subscribe to push notifications: "), failure
        assert "\n" not in failure.strip() and len(failure.split(": ", 1)[1]) > 3, failure
        print(f"turning push on: {failure}")
        assert page.get_attribute("#push-state", "data-state") == "off"
    else:
        assert "1" in page.locator("#push-devices").inner_text()

    # the settings: a channel off, quiet hours on, saved, and read back from the server
    page.uncheck("#ev-rematch-push")
    page.check("#quiet-on")
    page.fill("#quiet-from", "23:00")
    page.fill("#quiet-to", "07:30")
    page.select_option("#tz", "Asia/Seoul")
    assert page.get_attribute("#save-status", "data-state") == "unsaved"
    page.click("#save")
    page.wait_for_selector("#save-status[data-state=saved]", timeout=WAIT * 1000)
    kept = context.request.get(server + "/api/account/notifications").json()
    assert kept["settings"]["events"]["rematch"] == {"push": False, "mail": True}
    assert kept["settings"]["quiet"] == {"from": "23:00", "to": "07:30"} and kept["settings"]["tz"] == "Asia/Seoul"
    open_settings(page, server)
    assert not page.is_checked("#ev-rematch-push") and page.is_checked("#ev-turn-push")
    assert page.input_value("#quiet-from") == "23:00" and page.input_value("#tz") == "Asia/Seoul"
    # the e-mail part: this test server has no SMTP server, and the page says so (else: an address waits)
    if kept["mail_available"]:
        page.fill("#email", "noti@example.org")
        page.click("#email-set")
        page.wait_for_selector("#email-state[data-state=waiting]", timeout=WAIT * 1000)
    else:
        assert page.get_attribute("#email-state", "data-state") == "unavailable"
        assert page.is_disabled("#ev-turn-mail")
    page.screenshot(path=str(DOC_SHOTS / "settings.png"), full_page=True)

    # (b) a push message as the server's, delivered to the worker through the DevTools protocol
    cdp = context.new_cdp_session(page)
    registration = registration_id(page, cdp, server)
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": server, "registrationId": registration, "data": json.dumps(PAYLOAD)})
    shown = until(lambda: page.evaluate(NOTIFICATIONS_JS), "the notification the service worker shows")
    assert len(shown) == 1, shown
    note = shown[0]
    assert note["title"] == PAYLOAD["title"] and note["body"] == PAYLOAD["body"], note
    assert note["data"]["url"] == PAYLOAD["url"] and note["tag"] == PAYLOAD["tag"] and note["lang"] == "en", note
    assert note["icon"] == server + "/static/icons/icon-192.png", note
    # a second push about the same game replaces the first (the same tag)
    again = {**PAYLOAD, "body": "Your turn in Four Gardens, against Mina."}
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": server, "registrationId": registration, "data": json.dumps(again)})
    until(lambda: [n for n in page.evaluate(NOTIFICATIONS_JS) if n["body"] == again["body"]], "the second notification")
    now = page.evaluate(NOTIFICATIONS_JS)
    assert len(now) == 1 and now[0]["title"] == again["title"], now
    page.evaluate(DRAW_JS, now[0])  # a drawing of what the worker shows now (see DRAW_JS)
    page.screenshot(path=str(DOC_SHOTS / "notification.png"))
    assert not [e for e in errors if not browser_notice(e)], errors
    context.close()


def test_settings_on_a_phone_in_korean(server: str, browser: Any) -> None:
    context, page, errors = logged_in(browser, server, "알림이", PHONE, "ko")
    open_settings(page, server)
    assert "알림 설정" in page.locator("h1").inner_text()
    assert page.locator("#events th[scope=row]").all_inner_texts() == \
        ["내 차례가 되었을 때", "누군가 다시 하기를 청했을 때", "한 수 시간이 곧 끝날 때"]
    no_side_scroll(page)
    page.screenshot(path=str(DOC_SHOTS / "settings-phone.png"), full_page=True)
    # the manifest follows the page's language
    assert page.get_attribute("link[rel=manifest]", "href") == "/manifest.webmanifest?lang=ko"
    manifest = context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"] == server + "/manifest.webmanifest?lang=ko", manifest
    assert json.loads(manifest["data"])["short_name"] == "한판"
    assert not errors, errors
    context.close()


def test_a_guest_is_told_to_register_for_mail_and_nobody_to_log_in(server: str, browser: Any) -> None:
    context, page, _errors = logged_in(browser, server, "Gast", guest=True)
    open_settings(page, server)
    state = page.get_attribute("#email-state", "data-state")
    assert state in ("guest", "unavailable"), state
    assert page.locator("#email").count() == 0
    context.close()
    context, page, _errors = new_page(browser, PHONE)
    page.goto(server + "/settings")
    page.wait_for_selector("#login-needed")
    assert "Log in" in page.locator("#login-needed").inner_text()
    assert page.get_attribute("#to-lobby", "href") == "/"
    no_side_scroll(page)
    # a mail's confirmation link that is not (or no longer) valid: the page says it could not confirm
    page.goto(server + "/settings?confirm=not-a-token")
    page.wait_for_selector("#confirm-result[data-state=failed]", timeout=WAIT * 1000)
    assert page.locator("#confirm-result").inner_text().startswith("The address could not be confirmed: ")
    assert "confirm=" not in page.url  # the token leaves the address bar
    context.close()


def test_the_unsubscribe_page_explains_and_asks(server: str, browser: Any) -> None:
    for lang, button in (("en", "Stop these e-mails"), ("ko", "이런 메일 그만 받기")):
        context, page, _errors = new_page(browser, PHONE, lang)
        page.goto(server + "/unsubscribe?p=nobody&t=wrong")
        page.wait_for_selector("#unsubscribe")
        assert page.locator("#unsubscribe").inner_text() == button
        page.click("#unsubscribe")  # a wrong token: the server refuses, the page says so and nothing is done
        page.wait_for_function("() => document.querySelector('#unsub-error').textContent", timeout=WAIT * 1000)
        assert page.get_attribute("#unsub-status", "data-state") is None
        no_side_scroll(page)
        page.goto(server + "/unsubscribe")
        page.wait_for_selector("#unsub-panel")
        assert page.locator("#unsubscribe").is_hidden() and page.locator("#unsub-error").inner_text()
        context.close()


def test_the_lobby_is_installable_and_offline_says_so(server: str, browser: Any, tmp_path: Path) -> None:
    # a profile on disk: Chromium installs no app from a context without one (Playwright's new contexts are
    # such: "in-incognito"), so this browser is launched with its own
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_path(), args=CHROMIUM_ARGS,
        viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, locale="en-US", reduced_motion="reduce")
    context.add_init_script("localStorage.setItem('hanpan.lang', 'en');")
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    activated(page)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT * 1000)

    # (c) installable: the manifest parses, and Chromium finds nothing that stops installing the app
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"] == server + "/manifest.webmanifest"
    data = json.loads(manifest["data"])
    assert data["short_name"] == "hanpan" and data["display"] == "standalone" and data["start_url"] == "/"
    assert {"any", "maskable"} <= {icon["purpose"] for icon in data["icons"]}
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    # (d) offline: a page asked for now comes from the worker's copy of the offline page
    context.set_offline(True)
    page.goto(server + "/leaderboard")
    page.wait_for_selector("html.chosen-en")
    text = page.locator("body").inner_text()
    assert "You are offline" in text and "오프라인 상태입니다" not in text, text
    assert page.url == server + "/leaderboard"
    # back online, the button loads the page asked for
    context.set_offline(False)
    page.click("#retry-en")
    page.wait_for_selector("#lb-game", timeout=WAIT * 1000)
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors
    context.close()
