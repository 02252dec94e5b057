"""deploy/: the reverse proxies' configs and the systemd units (docs/deploy.md).

Three kinds of checks:

- **agreement with the server**, no tool needed: the proxies' body limits are at least the server's
  (``hanpan.web.middleware``), nginx's WebSocket location matches the app's WebSocket route and no other,
  every proxied location passes ``Host`` unchanged and the forwarded headers, the access logs hold no
  tokens, the units run ``hanpan serve`` with options it has, and the public name is the same everywhere;
- **the tools' own checks** when the tool is installed (``nginx -t``, ``caddy validate`` / ``caddy
  adapt``, ``systemd-analyze verify``), else a skip that names the package;
- **a game through the proxy**: a real ``hanpan serve`` behind nginx and behind Caddy (each on
  throwaway ports, a self-signed or Caddy's own local certificate, one upstream process down), with
  requests, a too large body, the WebSocket with this site's and another site's Origin, and the
  per-client socket limit seeing each client's own address through the proxy.
"""

from __future__ import annotations

import asyncio
import dataclasses
import http.client
import inspect
import json
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.routing import Route, WebSocketRoute

from hanpan.cli.main import build_parser
from hanpan.web.middleware import BODY_LIMIT, RECORD_LIMIT
from hanpan.web.serve import check_db_url
from hanpan.web.settings import ConnectionLimits, from_options

from .helpers import assert_code
from .server import free_port, hanpan_command, running_server

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = DEPLOY / "nginx.conf"
CADDYFILE = DEPLOY / "Caddyfile"
UNITS = ("hanpan.service", "hanpan-bots.service")
ENV_FILE = DEPLOY / "hanpan.env"
#: the public name the configs are written for (the operator replaces it everywhere)
PUBLIC = "play.example.org"
#: where the units expect hanpan (a venv in /opt/hanpan)
INSTALLED = "/opt/hanpan/bin/hanpan"
WAIT = 20.0


def tool(name: str, package: str) -> str:
    """The tool's path, or a skip that says how to get it."""
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian: apt-get install {package}): its check of deploy/ "
                    "cannot run here")
    return found


# --- nginx.conf, read as nginx reads it ------------------------------------------------------------------
@dataclass
class Directive:
    name: str
    args: list[str]
    block: list[Directive] | None = None


NGINX_TOKEN = re.compile(r"""\s*(?:#[^\n]*|("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')|([{};])|([^\s{};'"]+))""", re.S)


def parse_nginx(text: str) -> list[Directive]:
    """nginx's configuration as a tree of directives (comments dropped, quotes taken off).

    >>> [(d.name, d.args, [c.name for c in d.block or []]) for d in parse_nginx("a 1; b { c 'x y'; } # z")]
    [('a', ['1'], []), ('b', [], ['c'])]
    """
    tokens: list[tuple[str, str]] = []  # (kind, text): "word" or "punct"
    for match in NGINX_TOKEN.finditer(text):
        quoted, punct, word = match.groups()
        if quoted is not None:
            tokens.append(("word", quoted[1:-1]))
        elif punct is not None:
            tokens.append(("punct", punct))
        elif word is not None:
            tokens.append(("word", word))

    def block(i: int) -> tuple[list[Directive], int]:
        out: list[Directive] = []
        words: list[str] = []
        while i < len(tokens):
            kind, value = tokens[i]
            i += 1
            if kind == "word":
                words.append(value)
            elif value == ";":
                out.append(Directive(words[0], words[1:]))
                words = []
            elif value == "{":
                inner, i = block(i)
                out.append(Directive(words[0], words[1:], inner))
                words = []
            else:  # }
                return out, i
        assert not words, f"nginx.conf ends inside a directive: {words}"
        return out, i

    return block(0)[0]


def named(directives: list[Directive], name: str) -> list[Directive]:
    return [d for d in directives if d.name == name]


def effective(levels: list[list[Directive]], name: str) -> list[Directive]:
    """A directive as nginx applies it at the innermost level: inherited from the level above only when the
    level sets none (so one proxy_set_header in a location drops all the server's)."""
    for level in reversed(levels):
        found = named(level, name)
        if found:
            return found
    return []


def nginx_size(text: str) -> int:
    """>>> nginx_size("16k"), nginx_size("1m"), nginx_size("100")
    (16384, 1048576, 100)
    """
    units = {"k": 1024, "m": 1024**2, "g": 1024**3}
    last = text[-1].lower()
    return int(text[:-1]) * units[last] if last in units else int(text)


def nginx_seconds(text: str) -> float:
    """>>> nginx_seconds("10s"), nginx_seconds("1h"), nginx_seconds("500ms"), nginx_seconds("30")
    (10.0, 3600.0, 0.5, 30.0)
    """
    match = re.fullmatch(r"(\d+)(ms|s|m|h|d)?", text)
    assert match, f"not an nginx time: {text!r}"
    scale = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, None: 1.0}[match.group(2)]
    return int(match.group(1)) * scale


@dataclass
class NginxSite:
    http: list[Directive]
    server: list[Directive]  # the TLS server of the public name
    upstreams: dict[str, list[Directive]]

    def locations(self) -> dict[str, list[Directive]]:
        """Each location's directives by its match (``/``, ``= /api/replay``, ``~ ^…$``)."""
        return {" ".join(d.args): d.block or [] for d in named(self.server, "location")}

    def websocket_pattern(self) -> re.Pattern[str]:
        (found,) = [d.args[1] for d in named(self.server, "location") if d.args[0] in ("~", "~*")]
        return re.compile(found)


def nginx_site(text: str | None = None) -> NginxSite:
    top = parse_nginx(text if text is not None else NGINX.read_text("utf-8"))
    (http,) = named(top, "http")
    http_block = http.block or []
    tls = [d.block or [] for d in named(http_block, "server")
           if any("ssl" in listen.args for listen in named(d.block or [], "listen"))
           and any(PUBLIC in name.args for name in named(d.block or [], "server_name"))]
    assert len(tls) == 1, "nginx.conf needs one TLS server block for the public name"
    upstreams = {d.args[0]: d.block or [] for d in named(http_block, "upstream")}
    return NginxSite(http_block, tls[0], upstreams)


# --- the app's routes -------------------------------------------------------------------------------------
def app_routes() -> tuple[list[str], list[tuple[str, set[str]]]]:
    """The app's WebSocket paths and its HTTP routes with their methods (no database is opened)."""
    from hanpan.web.app import create_app

    sockets: list[str] = []
    pages: list[tuple[str, set[str]]] = []

    def walk(routes: list[Any]) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)  # a router the app includes
            if inner is not None:
                walk(inner.routes)
            elif isinstance(route, WebSocketRoute):
                sockets.append(route.path)
            elif isinstance(route, Route):
                pages.append((route.path, set(route.methods or ())))

    walk(create_app("sqlite://").routes)
    return sockets, pages


def sample(path: str) -> str:
    """A route's path with each parameter filled in: /api/games/{game_id}/ws -> /api/games/Ab3dE/ws."""
    return re.sub(r"\{[^}]+\}", "Ab3dE", path)


# --- agreement with the server (no tool needed) ----------------------------------------------------------
def test_nginx_body_limits_are_at_least_the_servers() -> None:
    site = nginx_site()
    levels = [site.http, site.server]
    general = effective(levels, "client_max_body_size")
    assert general and nginx_size(general[0].args[0]) >= BODY_LIMIT
    replay = site.locations()["= /api/replay"]
    (record,) = effective([*levels, replay], "client_max_body_size")
    assert nginx_size(record.args[0]) >= RECORD_LIMIT
    assert "/api/replay" in {path for path, methods in app_routes()[1] if "POST" in methods}
    # nginx's own 413 is the server's kind of answer: one line of JSON with "detail"
    (handler,) = [d.block or [] for d in named(site.server, "location") if d.args == ["@too_large"]]
    (answer,) = named(handler, "return")
    assert answer.args[0] == "413"
    assert_code(json.loads(answer.args[1].replace("\\n", "\n")))


def test_nginx_websocket_location_is_the_apps_route_and_no_other() -> None:
    sockets, pages = app_routes()
    assert sockets == ["/api/games/{game_id}/ws"]
    site = nginx_site()
    pattern = site.websocket_pattern()
    for path in sockets:
        assert pattern.search(sample(path)), f"nginx's WebSocket location misses {path}"
    for path, _methods in pages:
        assert not pattern.search(sample(path)), f"nginx's WebSocket location would take {path}"
    ws = site.locations()[f"~ {pattern.pattern}"]
    levels = [site.http, site.server, ws]
    headers = {d.args[0].lower(): d.args[1] for d in effective(levels, "proxy_set_header")}
    assert headers["upgrade"] == "$http_upgrade" and headers["connection"].lower() == "upgrade"
    assert effective(levels, "proxy_http_version")[0].args == ["1.1"]
    # a page stays open for hours; uvicorn pings every 20 s, so only a dead peer reaches these
    for name in ("proxy_read_timeout", "proxy_send_timeout"):
        (timeout,) = effective(levels, name)
        assert nginx_seconds(timeout.args[0]) >= 600, f"{name} is short for a game's WebSocket"


def test_nginx_passes_host_unchanged_and_the_client_address_to_every_location() -> None:
    site = nginx_site()
    proxied = {match: block for match, block in site.locations().items() if named(block, "proxy_pass")}
    assert {"/", "= /api/replay"} <= set(proxied) and len(proxied) == 3
    for match, block in proxied.items():
        levels = [site.http, site.server, block]
        headers = {d.args[0].lower(): d.args[1] for d in effective(levels, "proxy_set_header")}
        # $http_host keeps the port: a WebSocket's Origin (https://name:port) must equal Host
        assert headers.get("host") == "$http_host", f"location {match} does not pass Host unchanged"
        assert headers.get("x-forwarded-for") in ("$remote_addr", "$proxy_add_x_forwarded_for"), match
        assert headers.get("x-forwarded-proto") == "$scheme", match
        (target,) = named(block, "proxy_pass")
        assert target.args[0].removeprefix("http://") in site.upstreams, match


def test_nginx_timeouts_follow_the_servers() -> None:
    import uvicorn

    site = nginx_site()
    limits = ConnectionLimits()
    (header,) = named(site.http, "client_header_timeout")
    assert nginx_seconds(header.args[0]) <= limits.header_timeout
    (body,) = named(site.http, "client_body_timeout")  # between two reads: a 16 KiB body at hanpan's rate
    assert nginx_seconds(body.args[0]) <= limits.body_grace + 16 * 1024 / limits.min_body_rate
    (send,) = named(site.http, "send_timeout")
    assert nginx_seconds(send.args[0]) <= limits.stall_timeout
    # nginx must drop a kept-alive upstream connection before uvicorn does, or a request meets a closing one
    uvicorn_keep_alive = inspect.signature(uvicorn.Config).parameters["timeout_keep_alive"].default
    for name, upstream in site.upstreams.items():
        (keepalive,) = named(upstream, "keepalive_timeout")
        assert nginx_seconds(keepalive.args[0]) < uvicorn_keep_alive, name
        assert named(upstream, "server"), f"upstream {name} lists no hanpan process"


SECRET_VARIABLES = ("$request ", "$request_uri", "$args", "$query_string", "$arg_", "$http_authorization",
                    "$http_cookie", "$http_sec_websocket_protocol", "$http_referer")


def test_access_logs_hold_no_tokens() -> None:
    site = nginx_site()
    formats = {d.args[0]: " ".join(d.args[1:]) + " " for d in named(site.http, "log_format")}
    logs = named(site.http, "access_log") + named(site.server, "access_log")
    assert logs, "nginx.conf should say which access log it keeps"
    for log in logs:
        if log.args[0] == "off":
            continue
        assert len(log.args) >= 2 and log.args[1] in formats, "nginx's default log format has the query"
        text = formats[log.args[1]]
        assert not [v for v in SECRET_VARIABLES if v in text], f"log format {log.args[1]} may log a token"
    # Caddy logs no requests unless told to (a log directive, here only in a comment)
    assert not [line for line in caddy_lines() if line.split()[0] == "log"]


def caddy_lines() -> list[str]:
    """The Caddyfile's lines without comments and blank lines."""
    out = []
    for line in CADDYFILE.read_text("utf-8").splitlines():
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if line:
            out.append(line)
    return out


def caddy_bytes(text: str) -> int:
    """A size as Caddy reads it (go-humanize: KB = 1000, KiB = 1024).

    >>> caddy_bytes("1MiB"), caddy_bytes("1MB"), caddy_bytes("16KiB")
    (1048576, 1000000, 16384)
    """
    match = re.fullmatch(r"(\d+)\s*([kmg]i?)?b?", text.lower())
    assert match, f"not a Caddy size: {text!r}"
    unit = match.group(2) or ""
    base = 1024 if unit.endswith("i") else 1000
    return int(match.group(1)) * base ** ("kmg".index(unit[0]) + 1 if unit else 0)


def test_caddyfile_agrees_with_the_server() -> None:
    lines = caddy_lines()
    sizes = [caddy_bytes(line.split()[1]) for line in lines if line.startswith("max_size ")]
    assert sizes and min(sizes) >= RECORD_LIMIT >= BODY_LIMIT
    assert [line for line in lines if line.startswith("reverse_proxy ")]
    assert not [line for line in lines if re.match(r"header_up\s+[-+]?Host\b", line, re.I)], \
        "Caddy passes Host unchanged by default, and hanpan needs it so"
    assert f"{PUBLIC} {{" in lines


def test_the_health_check_is_a_cheap_get_that_answers_200(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from hanpan.web.app import create_app

    from .helpers import TEST_SETTINGS

    (health,) = [line.split()[1] for line in caddy_lines() if line.startswith("health_uri ")]
    assert health in [path for path, methods in app_routes()[1] if "GET" in methods]
    with TestClient(create_app(f"sqlite:///{tmp_path}/h.sqlite3", settings=TEST_SETTINGS)) as client:
        answer = client.get(health)
        assert answer.status_code == 200 and answer.json() == {"player": None, "csrf": None}


DEPLOY_MD = DEPLOY.parent / "docs" / "deploy.md"


def doc_blocks(kind: str) -> list[str]:
    """The fenced blocks of docs/deploy.md in ``kind`` (console, text)."""
    return re.findall(rf"```{kind}\n(.*?)```", DEPLOY_MD.read_text("utf-8"), re.S)


def doc_commands(program: str) -> list[list[str]]:
    """The ``hanpan serve`` / ``hanpan bots`` command lines docs/deploy.md shows (as typed, or as
    hanpan.env hands them to the units), each as the arguments after ``hanpan``."""
    found: list[list[str]] = []
    for block in doc_blocks("console"):
        for line in block.splitlines():
            if line.startswith(("$ ", "# ")):
                words = shlex.split(line[2:], comments=True)
                for i, word in enumerate(words[:-1]):
                    if word.endswith("hanpan") and words[i + 1] == program and "--help" not in words:
                        found.append(words[i + 1:])
    for block in doc_blocks("text"):
        env = env_file(block)
        if program == "serve" and "HANPAN_SERVE_ARGS" in env:
            found.append(["serve", "--db", env["HANPAN_DB"], *env["HANPAN_SERVE_ARGS"].split()])
        if program == "bots" and "HANPAN_BOTS_ARGS" in env:
            found.append(["bots", "--db", env["HANPAN_DB"], *env["HANPAN_BOTS_ARGS"].split()])
    return found


@pytest.mark.parametrize("program", ["serve", "bots"])
def test_the_commands_in_deploy_md_are_ones_hanpan_has(program: str) -> None:
    commands = doc_commands(program)
    assert len(commands) >= 2, f"docs/deploy.md shows too few hanpan {program} commands to check"
    for argv in commands:
        args = build_parser().parse_args(argv)  # an option hanpan lacks raises UsageError, naming it
        if getattr(args, "db", None):
            check_db_url(args.db)
        if program == "serve" and getattr(args, "workers", 1) > 1:
            assert args.db.startswith("postgresql"), f"--workers needs PostgreSQL: {argv}"


def test_the_answers_shown_in_deploy_md_are_the_servers(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from hanpan.web.app import create_app

    from .helpers import TEST_SETTINGS

    shown = [line for block in doc_blocks("console") for line in block.splitlines()]
    settings = dataclasses.replace(TEST_SETTINGS, allowed_hosts=("localhost", PUBLIC))
    with TestClient(create_app(f"sqlite:///{tmp_path}/h.sqlite3", settings=settings)) as client:
        served = client.get("/api/account", headers={"Host": PUBLIC})
        refused = client.get("/api/account", headers={"Host": "evil.example"})
    assert served.status_code == 200 and served.text in shown
    assert refused.status_code == 400 and refused.text in shown


# --- the systemd units --------------------------------------------------------------------------------------
def unit_entries(name: str) -> list[tuple[str, str, str]]:
    """A unit file's (section, key, value), in order (keys may repeat: no configparser)."""
    out, section = [], ""
    for line in (DEPLOY / name).read_text("utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        out.append((section, key.strip(), value.strip()))
    return out


def env_file(text: str) -> dict[str, str]:
    values = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values


def exec_start(name: str, env_text: str | None = None) -> list[str]:
    """The unit's ExecStart as systemd expands it: its Environment=, then the env file (deploy/hanpan.env
    as installed, or ``env_text``); ``${VAR}`` is one word, ``$VAR`` splits at spaces."""
    entries = unit_entries(name)
    env: dict[str, str] = {}
    for _, key, value in entries:
        if key == "Environment":
            k, _, v = value.partition("=")
            env[k] = v
    env.update(env_file(env_text if env_text is not None else ENV_FILE.read_text("utf-8")))
    (command,) = [value for _, key, value in entries if key == "ExecStart"]
    argv: list[str] = []
    for word in command.split():
        whole = re.fullmatch(r"\$\{(\w+)\}", word)
        bare = re.fullmatch(r"\$(\w+)", word)
        if whole:
            argv.append(env.get(whole.group(1), ""))
        elif bare:
            argv.extend(env.get(bare.group(1), "").split())
        else:
            argv.append(word)
    return argv


def test_the_service_runs_hanpan_serve_as_the_proxies_expect() -> None:
    argv = exec_start("hanpan.service")
    assert argv[0] == INSTALLED
    args = build_parser().parse_args(argv[1:])  # an option hanpan serve lacks raises UsageError here
    assert args.command == "serve"
    settings = from_options(args)
    assert PUBLIC in settings.allowed_hosts, "the Host check would refuse the public name"
    assert args.host == "127.0.0.1"
    # X-Forwarded-For is believed from the proxy on this machine, as named (hanpan believes none by default)
    assert args.forwarded_allow_ips == "127.0.0.1"
    # the proxies send to this address
    site = nginx_site()
    assert f"{args.host}:{args.port}" in [d.args[0] for d in named(site.upstreams["hanpan"], "server")]
    assert f"reverse_proxy {args.host}:{args.port} {{" in caddy_lines()
    # the SQLite file lies in the service's own state folder, which HANPAN_DATA_DIR names too
    entries = {key: value for _, key, value in unit_entries("hanpan.service")}
    state = f"/var/lib/{entries['StateDirectory']}"
    assert check_db_url(args.db) == f"sqlite:///{state}/hanpan.sqlite3"
    assert f"HANPAN_DATA_DIR={state}" in [v for _, k, v in unit_entries("hanpan.service") if k == "Environment"]
    assert entries["StateDirectoryMode"] == "0700" and entries["UMask"] == "0077"
    # hanpan serve raises its soft open-file limit to --max-connections + 256, up to the hard one
    assert int(entries["LimitNOFILE"]) >= ConnectionLimits().max_connections + 256


def test_the_units_are_hardened() -> None:
    for name in UNITS:
        entries = {key: value for _, key, value in unit_entries(name)}
        assert entries["User"] == "hanpan" and entries["NoNewPrivileges"] == "yes", name
        assert entries["ProtectSystem"] == "strict" and entries["ProtectHome"] == "yes", name
        assert entries["CapabilityBoundingSet"] == "" and entries["PrivateTmp"] == "yes", name


def test_the_bots_service_runs_a_command_hanpan_has() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    if "bots" not in (commands.choices or {}):
        pytest.skip("hanpan bots is not in this tree yet (it comes with the PostgreSQL queue of decisions); "
                    "hanpan-bots.service runs it")
    postgres = env_file(ENV_FILE.read_text("utf-8").replace("#HANPAN_DB=", "HANPAN_DB="))["HANPAN_DB"]
    assert postgres.startswith("postgresql+psycopg://")
    text = ENV_FILE.read_text("utf-8") + f"\nHANPAN_DB={postgres}\n"
    argv = exec_start("hanpan-bots.service", text)
    args = parser.parse_args(argv[1:])
    assert argv[0] == INSTALLED and args.command == "bots" and check_db_url(args.db) == postgres


def test_the_public_name_is_the_same_everywhere() -> None:
    site = nginx_site()
    (names,) = [d.args for d in named(site.server, "server_name")]
    sites = [line.removesuffix(" {") for line in caddy_lines() if line.endswith("{") and line != "{"
             and "." in line.split()[0]]
    allowed = from_options(build_parser().parse_args(exec_start("hanpan.service")[1:])).allowed_hosts
    assert names == [PUBLIC] and sites == [PUBLIC] and PUBLIC in allowed


# --- the tools' own checks -----------------------------------------------------------------------------------
def self_signed(folder: Path) -> tuple[Path, Path]:
    openssl = tool("openssl", "openssl")
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "2", "-subj", f"/CN={PUBLIC}", "-addext", f"subjectAltName=DNS:{PUBLIC}",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def nginx_in(folder: Path, ports: tuple[int, int] | None = None, upstreams: tuple[str, ...] = ()) -> Path:
    """deploy/nginx.conf with its files in ``folder`` (certificate, logs, pid, temp files); with ``ports``
    (HTTP, HTTPS) it listens there on IPv4 only and sends to ``upstreams``."""
    cert, key = self_signed(folder)
    (folder / "logs").mkdir()
    (folder / "temp").mkdir()
    text = NGINX.read_text("utf-8")
    for old, new in ((f"/etc/letsencrypt/live/{PUBLIC}/fullchain.pem", str(cert)),
                     (f"/etc/letsencrypt/live/{PUBLIC}/privkey.pem", str(key)),
                     ("/var/log/nginx/", f"{folder}/logs/"), ("/run/nginx.pid", f"{folder}/nginx.pid")):
        assert old in text
        text = text.replace(old, new)
    temp = "".join(f"    {kind}_temp_path {folder}/temp/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    text = text.replace("http {\n", "http {\n" + temp, 1)
    if os.geteuid() != 0:  # the user directive means something only to a master running as root
        text = re.sub(r"(?m)^user .*;$", "", text)
    if ports is not None:
        text = re.sub(r"(?m)^\s*listen \[::\]:.*$", "", text)
        text = re.sub(r"(listen\s+)80\b", rf"\g<1>127.0.0.1:{ports[0]}", text)
        text = re.sub(r"(listen\s+)443\b", rf"\g<1>127.0.0.1:{ports[1]}", text)
        servers = "".join(f"        server {address} max_fails=3 fail_timeout=10s;\n" for address in upstreams)
        text = re.sub(r"(?m)^\s*server 127\.0\.0\.1:8000 [^\n]*\n", servers, text)
    path = folder / "nginx.conf"
    path.write_text(text, "utf-8")
    return path


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A temporary folder nginx's workers can reach when they run as another user (pytest's are 0700)."""
    folder = Path(tempfile.mkdtemp(prefix="hanpan-deploy-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_nginx_accepts_the_config(open_folder: Path) -> None:
    nginx = tool("nginx", "nginx")
    config = nginx_in(open_folder)
    done = subprocess.run([nginx, "-t", "-c", str(config), "-p", f"{open_folder}/"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "test is successful" in done.stderr


def caddy_env(folder: Path) -> dict[str, str]:
    """Caddy's own files (certificates, autosave) in ``folder``, not the user's home."""
    return {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
            "XDG_CONFIG_HOME": str(folder / "config")}


def test_caddy_accepts_the_caddyfile(tmp_path: Path) -> None:
    caddy = tool("caddy", "caddy")
    done = subprocess.run([caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path, env=caddy_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "Valid configuration" in done.stdout + done.stderr
    assert "not formatted" not in done.stderr, "run: caddy fmt --overwrite deploy/Caddyfile"
    # what Caddy makes of it: the body limit in bytes, Host left alone
    adapted = subprocess.run([caddy, "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                             capture_output=True, text=True, timeout=60, cwd=tmp_path, env=caddy_env(tmp_path))
    assert adapted.returncode == 0, adapted.stderr
    handlers = list(_handlers(json.loads(adapted.stdout)))
    limits = [h["max_size"] for h in handlers if h.get("handler") == "request_body"]
    assert limits and min(limits) >= RECORD_LIMIT
    (proxy,) = [h for h in handlers if h.get("handler") == "reverse_proxy"]
    assert "Host" not in json.dumps(proxy.get("headers", {}))
    assert proxy["health_checks"]["active"]["uri"] == "/api/account"


def _handlers(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if "handler" in node:
            yield node
        for value in node.values():
            yield from _handlers(value)
    elif isinstance(node, list):
        for value in node:
            yield from _handlers(value)


def test_systemd_verifies_the_units(tmp_path: Path) -> None:
    analyze = tool("systemd-analyze", "systemd")
    hanpan = hanpan_command()[0]  # verify wants ExecStart's program to exist: this checkout's hanpan
    for name in UNITS:
        text = (DEPLOY / name).read_text("utf-8")
        assert INSTALLED in text
        (tmp_path / name).write_text(text.replace(INSTALLED, hanpan), "utf-8")
    done = subprocess.run([analyze, "verify", "--man=no", *UNITS], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    said = (done.stdout + done.stderr).strip()
    # unknown keys and bad values are only warnings (status 0): any line about the units fails too
    assert done.returncode == 0 and not [line for line in said.splitlines() if ".service" in line], said


# --- a game through the proxy ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def hanpan_upstream(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A hanpan serve for the proxies, as deploy/ runs it: the public name allowed, and one WebSocket per
    client address (so the test sees whether the proxy's clients keep their own addresses)."""
    folder = tmp_path_factory.mktemp("upstream")
    proxies = build_parser().parse_args(exec_start("hanpan.service")[1:]).forwarded_allow_ips
    with running_server(f"sqlite:///{folder}/hanpan.sqlite3", folder / "server.log",
                        ["--allowed-host", PUBLIC, "--forwarded-allow-ips", str(proxies),
                         "--max-sockets-per-client", "1"]) as base:
        yield base.removeprefix("http://")


@dataclass
class Client:
    """Requests to the proxy on 127.0.0.1 as a browser at https://play.example.org:PORT sends them."""

    port: int
    cafile: Path

    def context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cafile))

    def request(self, method: str, path: str, body: bytes | None = None, source: str = "127.0.0.1",
                headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=WAIT, source_address=(source, 0))
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        connection.sock = self.context().wrap_socket(raw, server_hostname=PUBLIC)
        try:
            connection.request(method, path, body, {"Host": f"{PUBLIC}:{self.port}",
                                                    "Content-Type": "application/json", **(headers or {})})
            answer = connection.getresponse()
            return answer.status, answer.read()
        finally:
            connection.close()

    def json(self, method: str, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        status, text = self.request(method, path, json.dumps(body).encode() if body is not None else None, **kwargs)
        return status, json.loads(text)

    def websocket(self, path: str, origin: str | None = None, source: str = "127.0.0.1",
               subprotocols: list[str] | None = None, headers: dict[str, str] | None = None) -> Any:
        from websockets.asyncio.client import connect

        return connect(f"wss://{PUBLIC}:{self.port}{path}", ssl=self.context(), host="127.0.0.1",
                       port=self.port, server_hostname=PUBLIC, local_addr=(source, 0),
                       origin=origin or f"https://{PUBLIC}:{self.port}",  # type: ignore[arg-type]
                       subprotocols=subprotocols, additional_headers=headers or {}, open_timeout=WAIT)


def plain_get(port: int, path: str, host: str = PUBLIC) -> tuple[int, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("GET", path, headers={"Host": host})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}
    finally:
        connection.close()


def check_through_proxy(client: Client, http_port: int, sources: tuple[str, str, str]) -> None:
    """What a player's browser does through the proxy, and what the proxy must keep from the server."""
    pytest.importorskip("websockets.asyncio.client", reason="the WebSocket checks need websockets >= 13 (dev)")
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    status, headers = plain_get(http_port, "/play/x")
    assert status in (301, 308) and headers["location"].startswith(f"https://{PUBLIC}"), (status, headers)
    # the health check, over TLS
    assert client.json("GET", "/api/account") == (200, {"player": None, "csrf": None})
    # one upstream process is down: every request still gets through (nginx and Caddy try the next)
    games = [client.json("POST", "/api/games", {"game": "spirits_of_the_wild", "seats": ["human", "human"]})
             for _ in range(4)]
    assert [status for status, _ in games] == [201] * 4, games
    game = games[0][1]
    # a body over the server's limit: 413, one line of JSON, from the proxy or the server
    status, text = client.request("POST", "/api/games", b"x" * (BODY_LIMIT + 1))
    assert status == 413
    assert_code(json.loads(text))

    ws_path = f"/api/games/{game['id']}/ws"
    own, other, third = sources

    async def sockets() -> None:
        # the seat's page: its token as a subprotocol, this site's Origin (= Host, passed unchanged)
        async with client.websocket(ws_path, source=third,
                                 subprotocols=["hanpan", f"token.{game['seats'][0]['token']}"]) as seat:
            body = json.loads(await asyncio.wait_for(seat.recv(), WAIT))
            assert seat.subprotocol == "hanpan" and body["seat"] == 0 and body["legal"]
        # another site's page may not open it
        with pytest.raises(InvalidStatus) as refused:
            async with client.websocket(ws_path, origin="https://evil.example", source=third):
                pass
        assert refused.value.response.status_code == 403
        # one socket per client address: two clients behind the proxy are two addresses, and a client
        # cannot pass for another by sending X-Forwarded-For itself
        async with client.websocket(ws_path, source=own) as first, client.websocket(ws_path, source=other) as second:
            assert json.loads(await asyncio.wait_for(first.recv(), WAIT))["seat"] is None
            assert json.loads(await asyncio.wait_for(second.recv(), WAIT))["seat"] is None
            async with client.websocket(ws_path, source=own, headers={"X-Forwarded-For": "203.0.113.7"}) as again:
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(again.recv(), WAIT)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013

    asyncio.run(sockets())


def loopback_sources(first: int) -> tuple[str, str, str]:
    """Three loopback addresses to send from (Linux answers all of 127/8), so the server sees three clients."""
    sources = (f"127.0.0.{first}", f"127.0.0.{first + 1}", f"127.0.0.{first + 2}")
    for source in sources:
        with socket.socket() as s:
            try:
                s.bind((source, 0))
            except OSError:
                pytest.skip(f"cannot send from {source} here (the per-client checks need several loopback addresses)")
    return sources


def wait_for(check: Any, what: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{what} exited: {log.read_text('utf-8', 'replace')[-2000:]}")
        try:
            if check():
                return
        except (OSError, ssl.SSLError, http.client.HTTPException):
            pass
        time.sleep(0.1)
    raise AssertionError(f"{what} did not come up in {WAIT} s: {log.read_text('utf-8', 'replace')[-2000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_a_game_through_nginx(open_folder: Path, request: pytest.FixtureRequest) -> None:
    nginx = tool("nginx", "nginx")
    sources = loopback_sources(10)
    upstream = request.getfixturevalue("hanpan_upstream")
    http_port, https_port = free_port(), free_port()
    config = nginx_in(open_folder, (http_port, https_port), (upstream, f"127.0.0.1:{free_port()}"))
    log = open_folder / "logs" / "error.log"
    process = subprocess.Popen([nginx, "-c", str(config), "-p", f"{open_folder}/", "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        client = Client(https_port, open_folder / "fullchain.pem")
        wait_for(lambda: client.request("GET", "/api/account")[0] == 200, "nginx", process, log)
        check_through_proxy(client, http_port, sources)
        # names it does not serve get nothing, on either port
        with pytest.raises((http.client.RemoteDisconnected, ConnectionResetError)):
            plain_get(http_port, "/", host="evil.example")
        with pytest.raises(ssl.SSLError), socket.create_connection(("127.0.0.1", https_port), timeout=WAIT) as raw:
            ssl.create_default_context().wrap_socket(raw, server_hostname="evil.example")
        # the access log names paths, never a query or a token
        access = (open_folder / "logs" / "access.log").read_text("utf-8")
        assert "/api/games/" in access and "token" not in access and "?" not in access
    finally:
        stop(process)


def test_a_game_through_caddy(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    caddy = tool("caddy", "caddy")
    sources = loopback_sources(20)
    upstream = request.getfixturevalue("hanpan_upstream")
    http_port, https_port = free_port(), free_port()
    storage = tmp_path / "storage"
    # Caddy's own CA instead of Let's Encrypt, throwaway ports, no admin endpoint, nothing in the trust store
    text = CADDYFILE.read_text("utf-8").replace(
        "{\n", f"{{\n\tadmin off\n\thttp_port {http_port}\n\thttps_port {https_port}\n\tlocal_certs\n"
               f"\tskip_install_trust\n\tstorage file_system {storage}\n", 1)
    assert "reverse_proxy 127.0.0.1:8000 {" in text
    text = text.replace("reverse_proxy 127.0.0.1:8000 {", f"reverse_proxy {upstream} 127.0.0.1:{free_port()} {{")
    config = tmp_path / "Caddyfile"
    config.write_text(text, "utf-8")
    log = tmp_path / "caddy.log"
    with open(log, "wb") as out:
        process = subprocess.Popen([caddy, "run", "--config", str(config), "--adapter", "caddyfile"],
                                   stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path, env=caddy_env(tmp_path))
    try:
        client = Client(https_port, storage / "pki" / "authorities" / "local" / "root.crt")
        wait_for(lambda: client.cafile.exists() and client.request("GET", "/api/account")[0] == 200,
                 "caddy", process, log)
        check_through_proxy(client, http_port, sources)
    finally:
        stop(process)


def test_the_grafana_dashboard_reads_only_metrics_the_server_has() -> None:
    """deploy/grafana-dashboard.json (Grafana itself is not installable here): a dashboard Grafana imports
    (title, uid, panels placed on its 24-column grid, each with Prometheus queries), and every metric a
    query names is one ``/metrics`` serves."""
    from hanpan.web.metrics import Metrics

    dashboard = json.loads((DEPLOY / "grafana-dashboard.json").read_text("utf-8"))
    assert dashboard["title"] and dashboard["uid"] and isinstance(dashboard["schemaVersion"], int)
    served = Metrics()
    served.gauge("hanpan_websockets_open", "", lambda: 0)  # the gauges the hub and the app add
    exposed = {(family.name, family.type) for family in served.registry.collect()}
    names = {name for name, _ in exposed} | {"hanpan_games_playing", "hanpan_games_in_memory",
                                                "hanpan_computer_seats_waiting", "hanpan_analysis_waiting"}
    kinds = dict(exposed)
    ids = set()
    for panel in dashboard["panels"]:
        ids.add(panel["id"])
        grid = panel["gridPos"]
        assert 0 <= grid["x"] and grid["x"] + grid["w"] <= 24 and grid["h"] > 0, panel["title"]
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            for metric in re.findall(r"\b(hanpan_\w+)", target["expr"]):
                base = re.sub(r"_(total|bucket|count|sum)$", "", metric)
                assert base in names, (panel["title"], metric)
                if metric.endswith("_bucket"):
                    assert kinds.get(base) == "histogram", metric
                if metric.endswith("_total"):
                    assert kinds.get(base) == "counter", metric
    assert len(ids) == len(dashboard["panels"])
