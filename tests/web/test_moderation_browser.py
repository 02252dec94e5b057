"""Moderation in a real browser (issue 63): a player reports a message from the game's chat; the admin
page shows it with the messages around it; the admin mutes its writer from there, and the writer's chat
says why and until when; the admin looks the player up and bans them, and the banned player's login says
why; the audit log lists each action; a player without the role is turned away; the page in Korean.
Screenshots go to docs/screenshots/ (admin-report.png, admin-muted.png, chat-muted.png, admin-ban.png,
login-banned.png, admin-ko.png)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from hanpan.cli.main import main

from .browser import DOC_SHOTS, new_page

PASSWORD = "correct horse battery"
WAIT = 30_000  # ms


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``hanpan serve`` on a fresh SQLite database: its base URL and the database's URL (for hanpan admin)."""
    from .browser import missing
    from .conftest import need
    from .server import running_server

    need(missing())
    folder = tmp_path_factory.mktemp("moderation-db")
    url = f"sqlite:///{folder}/games.sqlite3"
    with running_server(url, folder / "server.log") as base:
        yield base, url


class Person:
    """A browser context and page of a player registered through the API, and their API calls."""

    def __init__(self, browser: Any, base: str, name: str, lang: str = "en", register: bool = True) -> None:
        self.base, self.name = base, name
        self.context, self.page, self.errors = new_page(browser, lang=lang)
        answer = self.context.request.post(f"{base}/api/account/{'register' if register else 'login'}",
                                           data={"name": name, "password": PASSWORD})
        assert answer.ok, answer.text()
        self.csrf = answer.json()["csrf"]

    def post(self, path: str, body: Any) -> Any:
        answer = self.context.request.post(self.base + path, data=body, headers={"X-CSRF-Token": self.csrf})
        assert answer.ok, (path, answer.text())
        return answer.json() if answer.status != 204 else None

    def page_errors(self) -> list[str]:
        """Errors of the page's own (a refused request's 4xx is the browser's line, not the page's)."""
        return [e for e in self.errors if "the server responded with a status of 4" not in e]


def open_admin(page: Any, base: str) -> None:
    page.goto(base + "/admin")
    page.wait_for_selector("main.admin[data-ready=true]", timeout=WAIT)


def test_a_report_handled_from_the_message_to_a_mute_then_a_ban(site: tuple[str, str], browser: Any) -> None:
    base, db = site
    moe, ann, bob = (Person(browser, base, name) for name in ("Moe", "Ann", "Bob"))
    assert main(["admin", "grant", "Moe", "--reason", "site moderator", "--db", db]) == 0
    table = ann.post("/api/tables", {"game": "spirits_of_the_wild", "seats": [{"kind": "me"}, {"kind": "open"}],
                                     "pace": {"kind": "turn", "limit_s": 86400, "on_timeout": "level:greedy"}})
    game_id = bob.post(f"/api/tables/{table['id']}/join", {})["game_id"]
    for who, text in ((ann, "good luck"), (bob, "you too"), (ann, "nice move"),
                      (bob, "you play like a potato, idiot"), (ann, "please stop")):
        who.post(f"/api/tables/{table['id']}/chat", {"text": text})

    # Ann reports the message from her game's chat
    ann.page.goto(f"{base}/play/{game_id}")
    insult = ann.page.locator("#chat-list li", has_text="potato")
    insult.wait_for(timeout=WAIT)
    ann.page.once("dialog", lambda dialog: dialog.accept())
    insult.locator(".chat-report").click()
    ann.page.wait_for_selector("#chat-list .chat-reported", timeout=WAIT)

    # the admin page: the report with its context, then a mute from it
    open_admin(moe.page, base)
    card = moe.page.locator(".report-card")
    assert card.count() == 1
    assert "Bob's message" in card.locator("h3").inner_text()
    context = card.locator(".admin-context li").all_inner_texts()
    assert [line.split(": ", 1)[1] for line in context] == ["good luck", "you too", "nice move",
                                                          "you play like a potato, idiot", "please stop"]
    assert "potato" in card.locator(".admin-context li.reported").inner_text()
    assert "Reported by Ann" in card.locator(".admin-reports").inner_text()
    assert "no reason given" in card.locator(".admin-reports").inner_text()  # the chat's Report asks for none
    moe.page.screenshot(path=str(DOC_SHOTS / "admin-report.png"), full_page=True)
    card.locator("button", has_text="Mute Bob").click()
    assert "Write a reason first" in card.locator(".error").inner_text()  # nothing done without a reason
    card.locator("input.reason").fill("insults in chat")
    card.locator("select[id$=mute-length]").select_option("60")
    card.locator("button", has_text="Mute Bob").click()
    moe.page.wait_for_selector("#no-reports", timeout=WAIT)
    assert "Bob cannot write in chats until" in moe.page.inner_text("#admin-status")
    moe.page.wait_for_selector("#audit tr[data-action=mute]", timeout=WAIT)
    row = moe.page.locator("#audit tbody tr").first.inner_text()
    assert "Moe" in row and "muted" in row and "player:Bob" in row and "insults in chat" in row
    moe.page.screenshot(path=str(DOC_SHOTS / "admin-muted.png"), full_page=True)

    # Bob's chat says why and until when, instead of the form
    bob.page.goto(f"{base}/play/{game_id}")
    notice = bob.page.locator("#chat-muted")
    notice.wait_for(timeout=WAIT)
    assert "You cannot write in chats until" in notice.inner_text() and "insults in chat" in notice.inner_text()
    assert bob.page.locator("#chat-input").count() == 0
    bob.page.locator("section.chat").screenshot(path=str(DOC_SHOTS / "chat-muted.png"))

    # the admin looks Bob up and bans him for 7 days
    moe.page.fill("#player-name", "bob")
    moe.page.click("#player-look")
    moe.page.wait_for_selector("#player-shown h3", timeout=WAIT)
    assert "muted until" in moe.page.inner_text("#player-shown")
    moe.page.fill("#player-reason", "threats after the mute")
    moe.page.select_option("#player-ban-length", "7")
    moe.page.locator("#player-shown button", has_text="Ban Bob").click()
    expect(moe.page.locator("#admin-status")).to_contain_text("Bob is banned", timeout=WAIT)
    assert "seats handed to computer players: 1" in moe.page.inner_text("#admin-status")
    moe.page.wait_for_selector("#audit tr[data-action=ban]", timeout=WAIT)
    actions = moe.page.eval_on_selector_all("#audit tbody tr", "rows => rows.map(r => r.dataset.action)")
    assert actions == ["ban", "mute", "grant"]
    moe.page.screenshot(path=str(DOC_SHOTS / "admin-ban.png"), full_page=True)

    # Bob's session has ended; logging in again says why and until when
    bob.page.goto(f"{base}/")
    bob.page.click("#account-open")
    bob.page.fill("#acct-name", "Bob")
    bob.page.fill("#acct-password", PASSWORD)
    bob.page.click("#acct-login")
    expect(bob.page.locator("#acct-error")).not_to_be_empty(timeout=WAIT)
    said = bob.page.inner_text("#acct-error")
    assert said.startswith("This account is banned until") and said.endswith("threats after the mute"), said
    bob.page.screenshot(path=str(DOC_SHOTS / "login-banned.png"))

    # a player without the role is turned away (the server refuses the data anyway)
    open_admin(ann.page, base)
    assert ann.page.locator("#admin-only").count() == 1 and ann.page.locator("#reports").count() == 0
    assert ann.page.locator("#admin-link").count() == 0 and moe.page.locator("#admin-link").count() == 1

    # in Korean
    moe_ko = Person(browser, base, "Moe", lang="ko", register=False)
    open_admin(moe_ko.page, base)
    assert moe_ko.page.inner_text("h1") == "관리"
    audit = moe_ko.page.inner_text("#audit")
    assert "이용 정지" in audit and "채팅 금지" in audit and "관리자 지정" in audit
    moe_ko.page.screenshot(path=str(DOC_SHOTS / "admin-ko.png"), full_page=True)
    for person in (moe, ann, bob, moe_ko):
        assert person.page_errors() == [], (person.name, person.page_errors())
        person.context.close()
