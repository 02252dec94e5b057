"""Sending: Web Push (VAPID, aes128gcm-encrypted payloads, by ``pywebpush``) and mail (SMTP, by
``aiosmtplib``).  Both block while they talk to another server, so the notifier calls them on its own
threads, never on the event loop.

The server's VAPID key is made at its first start and kept in its database (``server_secrets``), never
in the repository; its public half is what a page subscribes with (``GET /api/push/key``).

>>> key = new_vapid_pem()
>>> len(public_key(key))  # the uncompressed P-256 point, base64url without padding
87
"""

from __future__ import annotations

import asyncio
import base64
import email.policy
import email.utils
import json
import logging
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization

from hanpan.web.notify_store import Subscription
from hanpan.web.settings import SmtpSettings

log = logging.getLogger("hanpan.web")
#: how long a push service keeps a notification for a device that is off (seconds)
PUSH_TTL = 24 * 3600
PUSH_TIMEOUT = 10.0


def new_vapid_pem() -> str:
    """A new VAPID private key (P-256), as PEM text."""
    from py_vapid import Vapid

    vapid = Vapid()
    vapid.generate_keys()
    pem: bytes = vapid.private_pem()
    return pem.decode()


def public_key(private_pem: str) -> str:
    """The applicationServerKey a page subscribes with: base64url of the uncompressed public point."""
    from py_vapid import Vapid

    vapid = Vapid.from_pem(private_pem.encode())
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Gone(Exception):
    """The push service says the subscription no longer exists (404 or 410): forget it."""


def endpoint_refused(endpoint: str, services: tuple[str, ...]) -> str | None:
    """Why the server will not post to a subscription's ``endpoint``, or None when it may.

    A page hands the server the endpoint, so the server posts only to the push services ``services``
    names (``hanpan serve --push-service``): otherwise any page could make it post to an address only it
    reaches, its database's or a cloud's metadata service (a server-side request forgery).  An entry is a
    host (``fcm.googleapis.com``; ``*.push.apple.com`` for its subdomains), https only; ``http://HOST``
    also allows plain http to that host (a push service on this machine); ``:PORT`` pins the port.

    >>> endpoint_refused("https://fcm.googleapis.com/fcm/send/abc", ("fcm.googleapis.com",)) is None
    True
    >>> endpoint_refused("https://web.push.apple.com/QGx", ("*.push.apple.com",)) is None
    True
    >>> endpoint_refused("https://169.254.169.254/latest/meta-data", ("fcm.googleapis.com",))
    'the endpoint must be at a known push service (fcm.googleapis.com), not 169.254.169.254'
    >>> endpoint_refused("http://fcm.googleapis.com/fcm/send/abc", ("fcm.googleapis.com",))
    'the endpoint must start with https://'
    >>> endpoint_refused("http://127.0.0.1:8123/push/1", ("http://127.0.0.1",)) is None
    True
    """
    try:
        parts = urlsplit(endpoint)
        host, port = (parts.hostname or "").rstrip(".").lower(), parts.port
    except ValueError:
        return "the endpoint must be a URL"
    if parts.scheme not in ("https", "http") or not host or parts.username is not None or parts.password is not None:
        return "the endpoint must be a URL like https://HOST/PATH"
    for entry in services:
        scheme, _, rest = entry.rpartition("://")
        pattern, _, pinned = rest.lower().partition(":")
        if parts.scheme == "http" and scheme != "http":
            continue
        if pinned and port != int(pinned):
            continue
        if pattern == host or (pattern.startswith("*.") and host.endswith(pattern[1:])):
            return None
    if parts.scheme == "http" and not any(entry.startswith("http://") for entry in services):
        return "the endpoint must start with https://"
    return f"the endpoint must be at a known push service ({', '.join(services)}), not {host}"


def push(subscription: Subscription, payload: dict[str, Any], private_pem: str, subject: str) -> int:
    """Send ``payload`` (JSON) to one device; the push service's status.  ``Gone`` when the device
    unsubscribed; other failures raise ``pywebpush.WebPushException``.  A redirect is not followed (it
    could lead anywhere :func:`endpoint_refused` keeps the server from): the push fails."""
    import requests

    with requests.Session() as session:
        session.max_redirects = 0  # a 3xx raises instead of posting again elsewhere
        return _push(subscription, payload, private_pem, subject, session)


def _push(subscription: Subscription, payload: dict[str, Any], private_pem: str, subject: str, session: Any) -> int:
    from py_vapid import Vapid
    from pywebpush import WebPushException, webpush

    try:
        response = webpush(subscription.info(), data=json.dumps(payload, ensure_ascii=False),
                           vapid_private_key=Vapid.from_pem(private_pem.encode()),
                           vapid_claims={"sub": subject}, ttl=PUSH_TTL, timeout=PUSH_TIMEOUT,
                           headers={"Urgency": "normal"}, requests_session=session)
    except WebPushException as e:
        if e.status_code in (404, 410):
            raise Gone(subscription.endpoint) from None
        raise
    return int(getattr(response, "status_code", 201))


def send_mail(smtp: SmtpSettings, to: str, subject: str, text: str, headers: dict[str, str] | None = None) -> None:
    """Send one plain-text mail (on the calling thread: its own event loop for aiosmtplib)."""
    import aiosmtplib

    # lines up to SMTP's 998: a long link in List-Unsubscribe stays one plain <URL>, not encoded words
    message = EmailMessage(policy=email.policy.SMTP.clone(max_line_length=998))
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = subject
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(text)
    # flattened here: aiosmtplib would fold with its own policy (78 columns)
    raw = message.as_bytes(policy=message.policy.clone(linesep="\r\n"))
    address = email.utils.parseaddr(smtp.sender)[1] or smtp.sender
    asyncio.run(aiosmtplib.send(raw, sender=address, recipients=[to], hostname=smtp.host, port=smtp.port,
                                username=smtp.username, password=smtp.password, start_tls=smtp.starttls, timeout=30))
