"""Who may call each route of the server: one table, shown in docs/api.md and checked by
tests/web/test_authorization.py (a route the app serves that is missing here fails that test, and each
rule is tried: without credentials, with the wrong ones, with the right ones).

The rules:
- ``anyone``: no credentials needed (what it shows is what anyone may know).
- ``seat``: a seat of the game: its token (``Authorization: Bearer TOKEN``), or at a lobby table's game
  the player sitting there (their session cookie with the ``X-CSRF-Token`` header, or their bot's API key).
- ``player``: a logged-in player, guest or account: the session cookie (with ``X-CSRF-Token`` when the
  request changes something) or an account's API key (``Bearer hk_…``).
- ``account``: a player with an account, not a guest.
- ``page``: the account's own page session (never an API key), with ``X-CSRF-Token`` for a change.
- ``table player``: a player sitting at that table.
- ``creator``: the player who made that table.
- ``admin``: an account given the admin role (``hanpan admin grant NAME``), from its page session (never an
  API key), with ``X-CSRF-Token`` for a change.
- ``operator``: a client at an address the server was given (``--metrics-from``; this machine's own by
  default): what the people running the site read.
"""

from __future__ import annotations

ANYONE = "anyone"
SEAT = "seat"
PLAYER = "player"
ACCOUNT = "account"
PAGE = "page"
TABLE_PLAYER = "table player"
CREATOR = "creator"
OPERATOR = "operator"
ADMIN = "admin"

#: (method, path) -> (rule, what it is for)
AUTHORIZATION: dict[tuple[str, str], tuple[str, str]] = {
    # what there is
    ("GET", "/api/meta"): (ANYONE, "the games, their options, the computer levels with their ratings"),
    ("GET", "/api/catalog/{game_id}"): (ANYONE, "a game's static data for its board"),
    # games
    ("POST", "/api/games"): (ANYONE, "practice or hot seat: every seat's token goes to whoever asks (one person)"),
    ("GET", "/api/games"): (ANYONE, "games in progress and finished (no secrets)"),
    ("GET", "/api/games/{game_id}"): (ANYONE, "the game as a spectator sees it; a seat sees its own view"),
    ("POST", "/api/games/{game_id}/moves"): (SEAT, "a move of your seat"),
    ("POST", "/api/games/{game_id}/undo"): (SEAT, "take back your seat's last decision"),
    ("POST", "/api/games/{game_id}/abandon"): (SEAT, "give up a practice game (it ends unfinished)"),
    ("GET", "/api/games/{game_id}/record"): (ANYONE, "the record, once the game is over"),
    ("GET", "/api/games/{game_id}/replay"): (ANYONE, "a finished game's replay"),
    ("POST", "/api/replay"): (ANYONE, "replay a record file"),
    ("GET", "/api/games/{game_id}/analysis"): (ANYONE, "a finished game's review: its progress, or the review"),
    ("POST", "/api/games/{game_id}/analysis"): (ANYONE, "review a finished game (new ones rate limited per address)"),
    ("POST", "/api/games/{game_id}/hint"): (SEAT, "a hint for your seat to move, where no other person plays"),
    ("WS", "/api/games/{game_id}/ws"): (ANYONE, "pushes: a spectator's view; a seat's own with its token or session, "
                                              "and that seat's moves (each checked as POST …/moves is)"),
    # players
    ("GET", "/api/account"): (ANYONE, "who you are (none when logged out) and your CSRF token"),
    ("POST", "/api/account/register"): (ANYONE, "make an account and log in"),
    ("POST", "/api/account/guest"): (ANYONE, "play as a guest under a name"),
    ("POST", "/api/account/login"): (ANYONE, "log in (rate limited per name and address)"),
    ("POST", "/api/account/logout"): (ANYONE, "end your session (nothing without one)"),
    ("POST", "/api/account/password"): (PAGE, "change your password (other sessions end, API keys deleted)"),
    ("GET", "/api/account/keys"): (PAGE, "your bots' API keys (never the keys themselves)"),
    ("POST", "/api/account/keys"): (PAGE, "a new API key, shown once"),
    ("DELETE", "/api/account/keys/{key_id}"): (PAGE, "delete an API key"),
    # notifications
    ("GET", "/api/push/key"): (ANYONE, "the server's VAPID public key (what a page subscribes with)"),
    ("GET", "/api/account/notifications"): (PLAYER, "your notification settings, address and devices"),
    ("PUT", "/api/account/notifications"): (PLAYER, "change which events reach you, how, and your quiet hours"),
    ("POST", "/api/account/push"): (PLAYER, "allow push notifications on a device"),
    ("POST", "/api/account/push/forget"): (PLAYER, "stop push notifications on a device"),
    ("POST", "/api/account/email"): (ACCOUNT, "set or remove your address for notification mails (a link confirms it)"),
    ("POST", "/api/email/confirm"): (ANYONE, "confirm an address: the secret token of its mail's link"),
    ("POST", "/api/unsubscribe"): (ANYONE, "stop notification mails: the secret token of a mail's link"),
    # tables
    ("GET", "/api/tables"): (ANYONE, "the lobby: open public tables (and a player's own tables)"),
    ("POST", "/api/tables"): (PLAYER, "make a table; you sit at its seat 'me'"),
    ("GET", "/api/tables/{table_id}"): (ANYONE, "a table, by its id (a private table is reached by its link)"),
    ("POST", "/api/tables/{table_id}/join"): (PLAYER, "sit at an open seat or the one kept for you"),
    ("POST", "/api/tables/{table_id}/start"): (CREATOR, "start with computer levels in the empty seats"),
    ("POST", "/api/tables/{table_id}/leave"): (TABLE_PLAYER, "stand up, or resign from the game"),
    ("POST", "/api/tables/{table_id}/rematch"): (TABLE_PLAYER, "a rematch of an ended game"),
    ("POST", "/api/tables/{table_id}/rematch/decline"): (TABLE_PLAYER, "decline (or withdraw) that rematch"),
    ("POST", "/api/tables/{table_id}/chat"): (TABLE_PLAYER, "write in the table's chat"),
    ("POST", "/api/tables/{table_id}/chat/{message_id}/report"): (PLAYER, "report a chat message"),
    ("GET", "/api/players/{name}"): (ANYONE, "a player's profile"),
    ("GET", "/api/leaderboard/{game_id}"): (ANYONE, "a game's leaderboard"),
    # pages and files
    ("GET", "/"): (ANYONE, "the lobby page"),
    ("GET", "/play/{game_id}"): (ANYONE, "the game page"),
    ("GET", "/replay"): (ANYONE, "the replay page"),
    ("GET", "/replay/{game_id}"): (ANYONE, "a game's replay page"),
    ("GET", "/table/{table_id}"): (ANYONE, "a table's page"),
    ("GET", "/players/{name}"): (ANYONE, "a profile page"),
    ("GET", "/leaderboard"): (ANYONE, "the leaderboard page"),
    ("GET", "/settings"): (ANYONE, "the notification settings page (it asks you to log in)"),
    ("GET", "/unsubscribe"): (ANYONE, "the page of a mail's unsubscribe link"),
    ("GET", "/sw.js"): (ANYONE, "the service worker (notifications, the offline page)"),
    ("GET", "/manifest.webmanifest"): (ANYONE, "the web app manifest (installing the site)"),
    ("GET", "/offline"): (ANYONE, "the page shown without a network"),
    ("GET", "/static/games/{game_id}/{name}"): (ANYONE, "a game's board script and styles"),
    ("GET", "/static"): (ANYONE, "the pages' scripts and styles"),
    ("GET", "/openapi.json"): (ANYONE, "the API's description"),
    # moderation
    ("GET", "/api/admin/reports"): (ADMIN, "reported chat messages with the messages around them"),
    ("POST", "/api/admin/reports/{message_id}/dismiss"): (ADMIN, "a message's reports were wrong: handled"),
    ("POST", "/api/admin/messages/{message_id}/hide"): (ADMIN, "hide a chat message from every page"),
    ("GET", "/api/admin/players/{name}"): (ADMIN, "a player's sanctions in force and lately"),
    ("POST", "/api/admin/players/{name}/mute"): (ADMIN, "mute a player's chat for some minutes"),
    ("POST", "/api/admin/players/{name}/ban"): (ADMIN, "ban an account: sessions end, seats taken over"),
    ("POST", "/api/admin/players/{name}/lift"): (ADMIN, "end a mute or a ban now"),
    ("POST", "/api/admin/tables/{table_id}/close"): (ADMIN, "close a table: its game ends unrated"),
    ("GET", "/api/admin/audit"): (ADMIN, "the audit log of every admin action"),
    ("GET", "/admin"): (ANYONE, "the admin page (it asks an admin to log in)"),
    # running the site
    ("GET", "/metrics"): (OPERATOR, "Prometheus metrics: moves, pushes' latency, sockets, queues, errors"),
    ("GET", "/healthz"): (ANYONE, "the process answers"),
    ("GET", "/readyz"): (ANYONE, "the database answers and is migrated (503 otherwise)"),
    ("GET", "/docs"): (ANYONE, "the API explorer"),
    ("GET", "/docs/oauth2-redirect"): (ANYONE, "the API explorer's helper"),
    ("GET", "/redoc"): (ANYONE, "the API reference"),
}
