"""Players: accounts (a name and an Argon2id password hash), guests, page sessions and bots' API keys.

No web framework here: ``routes_accounts`` puts this on HTTP.  Every method is one short transaction
(call it from a thread); SQLite writes go under the store's write lock, and the slow Argon2 work is done
outside it.  Secrets are never stored in clear: passwords as Argon2id hashes, session cookies and API
keys as their sha256.  A login's errors never tell whether a name exists, and an unknown name costs the
same Argon2 time as a wrong password.

>>> from hanpan.web.storage import Store, utc, utc_now
>>> accounts = Accounts(Store("sqlite://"), hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
>>> player = accounts.register("Alice", "correct horse")
>>> accounts.login("alice", "correct horse", "127.0.0.1") == player
True
>>> accounts.register("ALICE", "another password")
Traceback (most recent call last):
hanpan.web.accounts.AccountRefused: the name 'ALICE' is taken; choose another
>>> cookie, csrf = accounts.new_session(player.id)
>>> accounts.session(cookie) == Session(player, csrf)
True
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from hanpan.web.confusables import name_looks
from hanpan.web.errors import Param, Refusal
from hanpan.web.sanctions import Sanction, in_force
from hanpan.web.schema import api_keys_table, players_table, sessions_table
from hanpan.web.storage import Store, utc, utc_now

log = logging.getLogger("hanpan.web.accounts")

NAME_MIN, NAME_MAX = 3, 20
PASSWORD_MIN, PASSWORD_MAX = 8, 200
LABEL_MAX = 60
MAX_KEYS = 20
SESSION_DAYS = 30
#: every API key starts with this, so it is never taken for a game's seat token
KEY_PREFIX = "hk_"
#: a key's public id: this many hex digits of its hash
KEY_ID_LENGTH = 16
WRONG_LOGIN = "wrong name or password"


class AccountRefused(Refusal):
    """A request about players that cannot be done; ``status`` is the HTTP status to answer with (``code``,
    ``params``: ``hanpan.web.errors``), and ``retry_after`` (whole seconds, or None) when to ask again."""

    detail_limit = 100_000  # the line may list what is allowed at length

    def __init__(self, status: int, message: str, code: str | None = None, params: dict[str, Param] | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(status, message, code, params)
        self.retry_after = max(1, math.ceil(retry_after)) if retry_after is not None else None


@dataclass(frozen=True)
class Player:
    """Someone who plays: an account, or a guest (``guest``: no password, never rated)."""

    id: str
    name: str
    guest: bool
    admin: bool = False  # may moderate the site (hanpan admin grant NAME)


@dataclass(frozen=True)
class Session:
    """A page's session: whose it is and the CSRF token its writes must carry."""

    player: Player
    csrf: str


def name_key(name: str) -> str:
    """The name as it is compared: compatibility-normalised (NFKC) and case-folded.

    >>> name_key("Alice") == name_key("ALICE") == name_key("ａｌｉｃｅ")  # full-width letters too
    True
    >>> name_key("Straße")
    'strasse'
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_name(name: str) -> str:
    """The name as it is kept (stripped, NFC); ``AccountRefused(400)`` unless 3–20 letters or digits.

    Letters and digits of any script count, so Korean names work.

    >>> check_name(" 김철수 ")
    '김철수'
    >>> check_name("a b")
    Traceback (most recent call last):
    hanpan.web.accounts.AccountRefused: a name is 3–20 letters or digits (any script), ...; 'a b' is not
    """
    name = unicodedata.normalize("NFC", name.strip())
    shown = name if len(name) <= 40 else name[:39] + "…"
    if not NAME_MIN <= len(name) <= NAME_MAX or not all(ch.isalnum() for ch in name):
        raise AccountRefused(400, f"a name is {NAME_MIN}–{NAME_MAX} letters or digits (any script), without "
                                  f"spaces or signs; {shown!r} is not", "name_invalid",
                             {"min": NAME_MIN, "max": NAME_MAX, "name": shown})
    key = name_key(name)
    if len(key) > 4 * NAME_MAX or not all(ch.isalnum() for ch in key):  # e.g. '½' compares as '1⁄2'
        raise AccountRefused(400, f"the name {shown!r} holds a character that is not a plain letter or digit; "
                                  f"use letters and digits only", "name_character", {"name": shown})
    return name


def check_password(password: str) -> str:
    """The password as it is hashed (NFKC, as NIST SP 800-63B advises); 400 unless 8–200 characters.

    >>> check_password("short")
    Traceback (most recent call last):
    hanpan.web.accounts.AccountRefused: a password is 8–200 characters; this one has 5
    """
    password = unicodedata.normalize("NFKC", password)
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountRefused(400, f"a password is {PASSWORD_MIN}–{PASSWORD_MAX} characters; "
                                  f"this one has {len(password)}", "password_length",
                             {"min": PASSWORD_MIN, "max": PASSWORD_MAX, "length": len(password)})
    return password


def _sha256(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def key_id(key: str) -> str:
    """A key's public id (not secret: a few hex digits of its hash), as ``Accounts.api_keys`` lists it."""
    return _sha256(key)[:KEY_ID_LENGTH]


class LoginLimiter:
    """Failed logins, in memory: a slow-down per (name, address) pair and a limit per address.

    A pair's first ``free`` failures cost nothing; after them each attempt must wait ``2 ** (n - free)``
    seconds (at most ``longest``) after the pair's last failure, ``n`` its failures so far.  The pair is
    forgotten after ``forget`` seconds without a failure, or at a success.  An address may fail at most
    ``per_address`` times in ``window`` seconds, whatever the names.  Nothing is kept per name alone: a
    stranger's failures slow the stranger down and never lock the owner out (issue 60 §5).

    ``attempt`` counts an attempt as failed before the password is checked (so parallel guesses cannot slip
    past the limit) and refuses with 429 (``retry_after`` set) when the pair or the address must wait;
    ``succeeded`` takes it back and forgets the pair's failures.

    >>> clock = [0.0]
    >>> limiter = LoginLimiter(free=2, now=lambda: clock[0])
    >>> stamps = [limiter.attempt("alice", "10.0.0.1") for _ in range(2)]
    >>> limiter.attempt("alice", "10.0.0.1")
    Traceback (most recent call last):
    hanpan.web.accounts.AccountRefused: too many failed logins for this name from your address; try again in 1 s
    >>> limiter.attempt("alice", "10.0.0.2")  # another address: its own count (the stamp is the time)
    0.0
    >>> clock[0] = 1.0
    >>> limiter.attempt("alice", "10.0.0.1")
    1.0
    """

    def __init__(self, free: int = 5, longest: float = 15 * 60, forget: float = 3600, per_address: int = 20,
                 window: float = 15 * 60, now: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.longest = longest
        self.forget = forget
        self.per_address = per_address
        self.window = window
        self.now = now
        #: (name, address) -> (failures, when the last one came)
        self._pairs: dict[tuple[str, str], tuple[int, float]] = {}
        self._addresses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _pair_wait(self, pair: tuple[str, str], now: float) -> float:
        failures, last = self._pairs.get(pair, (0, now))
        if now - last >= self.forget:
            self._pairs.pop(pair, None)
            return 0.0
        if failures < self.free:
            return 0.0
        return last + min(self.longest, 2.0 ** (failures - self.free)) - now

    def _recent(self, address: str, now: float) -> deque[float]:
        stamps = self._addresses.setdefault(address, deque())
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        return stamps

    def _sweep(self, now: float) -> None:
        """Forget what no longer counts (keeps memory bounded under a spray of names and addresses)."""
        if len(self._pairs) > 10_000:
            for pair in [p for p, (_, last) in self._pairs.items() if now - last >= self.forget]:
                del self._pairs[pair]
        if len(self._addresses) > 10_000:
            for key in [k for k, v in self._addresses.items() if not v or v[-1] <= now - self.window]:
                del self._addresses[key]

    def attempt(self, key: str, address: str) -> float:
        """Count a login attempt for name ``key`` from ``address`` (its stamp); 429 when it must wait."""
        with self._lock:
            now = self.now()
            pair = (key, address)
            wait = self._pair_wait(pair, now)
            if wait > 0:
                raise AccountRefused(429, f"too many failed logins for this name from your address; try again "
                                          f"in {max(1, math.ceil(wait))} s", "login_pair_wait",
                                     {"wait": max(1, math.ceil(wait))}, retry_after=wait)
            stamps = self._recent(address, now)
            if len(stamps) >= self.per_address:
                wait = stamps[len(stamps) - self.per_address] + self.window - now
                raise AccountRefused(429, f"too many login attempts from your address; try again in "
                                          f"{max(1, math.ceil(wait))} s", "login_address_wait",
                                     {"wait": max(1, math.ceil(wait))}, retry_after=wait)
            self._pairs[pair] = (self._pairs.get(pair, (0, now))[0] + 1, now)
            stamps.append(now)
            self._sweep(now)
            return now

    def succeeded(self, key: str, address: str, stamp: float) -> None:
        """The attempt ``stamp`` was right: it is no failure, and the pair's failures are forgotten."""
        with self._lock:
            self._pairs.pop((key, address), None)
            stamps = self._addresses.get(address)
            if stamps is not None and stamp in stamps:
                stamps.remove(stamp)


def _refuse_lookalike(c: Any, name: str, key: str) -> None:
    """409 when another player's name looks like ``name`` (a skeleton the same, another name): ``аli`` with
    a Cyrillic ``а`` beside ``ali`` (issue 60 §7).  Names older than the rule keep theirs."""
    p = players_table.c
    lower, cased = name_looks(name)
    alike = or_(p.name_skeleton == lower, p.name_skeleton_cased == cased)
    row = c.execute(select(p.name).where(alike, p.name_key != key).order_by(p.created_at).limit(1)).first()
    if row is not None:
        raise AccountRefused(409, f"the name {name!r} looks like the name {row.name!r} of another player; "
                                  f"choose another", "name_lookalike", {"name": name, "other": row.name})


class Accounts:
    """Players, sessions and API keys in ``store``'s database."""

    def __init__(self, store: Store, limiter: LoginLimiter | None = None, hasher: PasswordHasher | None = None,
                 now: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.limiter = limiter if limiter is not None else LoginLimiter()
        self.hasher = hasher if hasher is not None else PasswordHasher()  # Argon2id
        self.now = now
        # an unknown name is checked against this, so it costs the same time as a wrong password
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    # --- players -----------------------------------------------------------------------------------
    def _add_player(self, name: str, password_hash: str | None) -> Player:
        player = Player(secrets.token_hex(16), name, password_hash is None)
        key, (lower, cased) = name_key(name), name_looks(name)
        try:
            with self.store._writing(), self.store.engine.begin() as c:
                _refuse_lookalike(c, name, key)
                c.execute(insert(players_table).values(id=player.id, name=name, name_key=key, name_skeleton=lower,
                                                       name_skeleton_cased=cased, password_hash=password_hash,
                                                       created_at=self.now()))
        except IntegrityError:
            raise AccountRefused(409, f"the name {name!r} is taken; choose another", "name_taken",
                                 {"name": name}) from None
        log.info("new %s %s", "guest" if player.guest else "account", player.id)
        return player

    def register(self, name: str, password: str) -> Player:
        """A new account; 400 for a bad name or password, 409 when anyone (a guest too) has the name or one
        that looks like it."""
        name = check_name(name)
        password = check_password(password)
        if self.player_by_name(name) is not None:  # before the slow hash; the unique key decides races
            raise AccountRefused(409, f"the name {name!r} is taken; choose another", "name_taken", {"name": name})
        with self.store.engine.connect() as c:
            _refuse_lookalike(c, name, name_key(name))
        return self._add_player(name, self.hasher.hash(password))

    def guest(self, name: str) -> Player:
        """A guest under ``name`` (no password, never rated); the same name rules and uniqueness."""
        return self._add_player(check_name(name), None)

    def _row(self, where: Any) -> Any:
        with self.store.engine.connect() as c:
            return c.execute(select(players_table).where(where)).first()

    def player(self, player_id: str) -> Player | None:
        row = self._row(players_table.c.id == player_id)
        return Player(row.id, row.name, row.password_hash is None, bool(row.admin)) if row is not None else None

    def player_by_name(self, name: str) -> Player | None:
        """The player whose name compares equal to ``name`` (any case)."""
        row = self._row(players_table.c.name_key == name_key(name.strip()))
        return Player(row.id, row.name, row.password_hash is None, bool(row.admin)) if row is not None else None

    def _verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` matches; a missing hash (unknown name, guest) costs the same time."""
        try:
            self.hasher.verify(password_hash or self._decoy, password)
        except (VerificationError, InvalidHashError):
            return False
        return password_hash is not None

    def login(self, name: str, password: str, address: str) -> Player:
        """The account of ``name`` if ``password`` is its own; 401 otherwise (unknown names alike), 429 when
        this name from this address, or this address, failed too often lately (checked before the password)."""
        try:
            key = name_key(check_name(name))
        except AccountRefused:
            key = name_key(name.strip())
        stamp = self.limiter.attempt(key[:200], address)
        password = unicodedata.normalize("NFKC", password)
        row = self._row(players_table.c.name_key == key)
        if not self._verify(row.password_hash if row is not None else None, password):
            raise AccountRefused(401, WRONG_LOGIN, "login_wrong")
        self.limiter.succeeded(key[:200], address, stamp)
        with self.store.engine.connect() as c:  # told only to whoever knows the password
            banned = in_force(c, row.id, "ban", self.now())
        if banned is not None:
            if banned.until is None:
                raise AccountRefused(403, f"this account is {banned.line()}", "account_banned_for_good",
                                     {"reason": banned.reason})
            raise AccountRefused(403, f"this account is {banned.line()}", "account_banned",
                                 {"until": banned.until.isoformat(), "reason": banned.reason})
        if self.hasher.check_needs_rehash(row.password_hash):
            new_hash = self.hasher.hash(password)
            with self.store._writing(), self.store.engine.begin() as c:
                c.execute(update(players_table).where(players_table.c.id == row.id).values(password_hash=new_hash))
        return Player(row.id, row.name, False)

    def change_password(self, player_id: str, old: str, new: str, keep_session: str | None = None) -> None:
        """Set a new password after checking the old one (403 if wrong; counted like a failed login); every
        session of the player ends except ``keep_session`` (the cookie value of the page that asked), and
        every API key is deleted: a key made from a stolen session must not outlive the new password."""
        new = check_password(new)
        row = self._row(players_table.c.id == player_id)
        if row is None or row.password_hash is None:
            raise AccountRefused(403, "only an account has a password; a guest cannot set one", "guest_no_password")
        stamp = self.limiter.attempt(row.name_key, f"player:{player_id}")
        if not self._verify(row.password_hash, unicodedata.normalize("NFKC", old)):
            raise AccountRefused(403, "the old password is wrong", "password_wrong")
        self.limiter.succeeded(row.name_key, f"player:{player_id}", stamp)
        new_hash = self.hasher.hash(new)
        kept = _sha256(keep_session) if keep_session is not None else ""
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(update(players_table).where(players_table.c.id == player_id).values(password_hash=new_hash))
            c.execute(delete(sessions_table).where(sessions_table.c.player_id == player_id,
                                                   sessions_table.c.id_hash != kept))
            keys = c.execute(delete(api_keys_table).where(api_keys_table.c.player_id == player_id)).rowcount
        log.info("password changed for %s (%d API keys deleted)", player_id, keys)

    # --- sessions ----------------------------------------------------------------------------------
    def new_session(self, player_id: str) -> tuple[str, str]:
        """A new page session: (the cookie's value, its CSRF token); only the value's sha256 is stored."""
        value, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = self.now()
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(sessions_table).where(sessions_table.c.player_id == player_id,
                                                   sessions_table.c.expires_at < now))
            c.execute(insert(sessions_table).values(id_hash=_sha256(value), player_id=player_id, csrf=csrf,
                                                    created_at=now, expires_at=now + timedelta(days=SESSION_DAYS)))
        return value, csrf

    def session(self, cookie_value: str) -> Session | None:
        """The session of a cookie's value; None when unknown or expired."""
        if not cookie_value or len(cookie_value) > 200:
            return None
        query = (select(sessions_table.c.csrf, sessions_table.c.expires_at, players_table.c.id,
                        players_table.c.name, players_table.c.password_hash, players_table.c.admin)
                 .join(players_table, players_table.c.id == sessions_table.c.player_id)
                 .where(sessions_table.c.id_hash == _sha256(cookie_value)))
        with self.store.engine.connect() as c:
            row = c.execute(query).first()
        if row is None or utc(row.expires_at) <= self.now():
            return None
        return Session(Player(row.id, row.name, row.password_hash is None, bool(row.admin)), row.csrf)

    def muted(self, player_id: str) -> Sanction | None:
        """The player's chat mute in force now, or None (their page says why and until when)."""
        with self.store.engine.connect() as c:
            return in_force(c, player_id, "mute", self.now())

    def end_session(self, cookie_value: str) -> None:
        with self.store._writing(), self.store.engine.begin() as c:
            c.execute(delete(sessions_table).where(sessions_table.c.id_hash == _sha256(cookie_value)))

    # --- API keys ----------------------------------------------------------------------------------
    def new_api_key(self, player_id: str, label: str) -> str:
        """A new key for the account's bots, returned this once (only its sha256 is kept); not for guests."""
        label = " ".join(label.split())
        if not 1 <= len(label) <= LABEL_MAX or not label.isprintable():
            raise AccountRefused(400, f"a key's label is 1–{LABEL_MAX} printable characters", "key_label",
                                 {"max": LABEL_MAX})
        player = self.player(player_id)
        if player is None or player.guest:
            raise AccountRefused(403, "only an account can make API keys; a guest cannot", "guest_no_keys")
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        with self.store._writing(), self.store.engine.begin() as c:
            count = len(c.execute(select(api_keys_table.c.key_hash)
                                  .where(api_keys_table.c.player_id == player_id)).all())
            if count >= MAX_KEYS:
                raise AccountRefused(409, f"an account has at most {MAX_KEYS} API keys; delete one first", "keys_max",
                                     {"max": MAX_KEYS})
            c.execute(insert(api_keys_table).values(key_hash=_sha256(key), player_id=player_id, label=label,
                                                    created_at=self.now()))
        log.info("new API key %s for %s", key_id(key), player_id)
        return key

    def api_keys(self, player_id: str) -> list[dict[str, str]]:
        """The account's keys, oldest first: ``id`` (not secret), ``label``, ``created_at`` (ISO 8601)."""
        with self.store.engine.connect() as c:
            rows = c.execute(select(api_keys_table).where(api_keys_table.c.player_id == player_id)
                             .order_by(api_keys_table.c.created_at, api_keys_table.c.key_hash)).all()
        return [{"id": r.key_hash[:KEY_ID_LENGTH], "label": r.label, "created_at": utc(r.created_at).isoformat()}
                for r in rows]

    def delete_api_key(self, player_id: str, key_id: str) -> None:
        """Delete the account's key ``key_id`` (its id from ``api_keys``); 404 when it has none such."""
        if len(key_id) != KEY_ID_LENGTH or any(ch not in "0123456789abcdef" for ch in key_id):
            raise AccountRefused(404, f"no API key {key_id[:40]!r}; a key's id is {KEY_ID_LENGTH} hex digits",
                                 "key_id_malformed", {"key": key_id[:40], "length": KEY_ID_LENGTH})
        with self.store._writing(), self.store.engine.begin() as c:
            done = c.execute(delete(api_keys_table).where(api_keys_table.c.player_id == player_id,
                                                          api_keys_table.c.key_hash.startswith(key_id)))
        if done.rowcount == 0:
            raise AccountRefused(404, f"no API key {key_id!r}", "key_missing", {"key": key_id})

    def player_of_key(self, key: str) -> Player | None:
        """The account an API key belongs to; None for an unknown or deleted key."""
        if not key.startswith(KEY_PREFIX) or len(key) > 200:
            return None
        query = (select(players_table.c.id, players_table.c.name, players_table.c.password_hash, players_table.c.admin)
                 .join(api_keys_table, api_keys_table.c.player_id == players_table.c.id)
                 .where(api_keys_table.c.key_hash == _sha256(key)))
        with self.store.engine.connect() as c:
            row = c.execute(query).first()
        return Player(row.id, row.name, row.password_hash is None, bool(row.admin)) if row is not None else None
