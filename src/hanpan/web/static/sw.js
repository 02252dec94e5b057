// @ts-check
// The service worker (served as /sw.js, scope "/"): the offline page when the network is down, and the
// server's Web Push notifications ("your turn", a rematch asked for, time running out) shown and opened.
// Plain JavaScript without imports; the pages register it from common.js.
/// <reference lib="webworker" />

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** Bump when what is cached changes: the old cache is dropped on activation. */
const CACHE = "hanpan-offline-v1";
const OFFLINE = "/offline";
const ICON = "/static/icons/icon-192.png";
const BADGE = "/static/icons/badge-96.png";
/** What the offline page needs, kept for when the network is down. */
const PRECACHE = [OFFLINE, "/static/js/offline.js", ICON, BADGE, "/static/icons/icon-512.png", "/static/favicon.svg"];

sw.addEventListener("install", (event) => {
  // each file on its own: one missing file must not stop the worker (the notifications need none of them)
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(new Request(url, { cache: "reload" })).catch(() => undefined))))
    .then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("hanpan-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => sw.clients.claim()));
});

/** When even the cached offline page is missing: the same words, plainer. */
function offlineFallback() {
  const html = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width, initial-scale=1'>"
    + "<title>hanpan — offline</title><p>You are offline. 오프라인 상태입니다.</p>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === "navigate") {
    // a page: always the network's (the game pages must be fresh); the offline page only when it fails
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) || offlineFallback()));
  } else if (PRECACHE.includes(url.pathname)) {
    // what the offline page shows: the network's, else the copy kept at install
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) || Response.error()));
  }
  // anything else (the API, WebSockets, the pages' scripts) goes to the network untouched
});

/** A path of this site to open, from a payload's url; anything else opens the lobby. @param {unknown} value */
function sitePath(value) {
  try {
    const url = new URL(String(value || "/"), sw.location.origin);
    return url.origin === sw.location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}

sw.addEventListener("push", (event) => {
  // the server's payload: {title, body, url, tag, kind, lang}, already in the player's language
  /** @type {Record<string, any>} */
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const tag = data.tag ? String(data.tag) : "";
  const lang = data.lang === "ko" ? "ko" : "en";
  /** @type {NotificationOptions} */
  const options = /** @type {NotificationOptions} */ ({
    body: String(data.body || ""),
    data: { url: sitePath(data.url), kind: String(data.kind || "") },
    icon: ICON,
    badge: BADGE,
    lang,
    // a newer notice about the same game replaces the older one, and still alerts (renotify needs a tag)
    ...(tag ? { tag, renotify: true } : {}),
  });
  event.waitUntil(sw.registration.showNotification(String(data.title || (lang === "ko" ? "한판" : "hanpan")), options));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = new URL(sitePath(event.notification.data && event.notification.data.url), sw.location.origin);
  /** @param {string} href */
  const bare = (href) => href.split("#")[0];
  event.waitUntil((async () => {
    const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
    // a window already on that page (a game page's #token= does not count) comes to the front
    const same = open.find((client) => bare(client.url) === bare(wanted.href));
    if (same) {
      await same.focus();
      return;
    }
    await sw.clients.openWindow(wanted.href);
  })());
});

/** The subscription's key from its base64url text. @param {string} text */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

// the push service changed the subscription (it expired, say): subscribe again and tell the server, with
// the session of whoever is logged in on this browser (nothing happens for nobody)
sw.addEventListener("pushsubscriptionchange", (event) => {
  const change = /** @type {ExtendableEvent & {oldSubscription?: PushSubscription | null}} */ (event);
  change.waitUntil((async () => {
    const who = await fetch("/api/account").then((r) => r.json());
    if (!who.player || !who.csrf) return;
    const headers = { "Content-Type": "application/json", "X-CSRF-Token": String(who.csrf) };
    if (change.oldSubscription) {
      await fetch("/api/account/push/forget", { method: "POST", headers, body: JSON.stringify({ endpoint: change.oldSubscription.endpoint }) });
    }
    const { public_key: key } = await fetch("/api/push/key").then((r) => r.json());
    const subscription = await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(String(key)) });
    const json = subscription.toJSON();
    const lang = (sw.navigator.language || "en").toLowerCase().startsWith("ko") ? "ko" : "en";
    await fetch("/api/account/push", { method: "POST", headers, body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys, lang }) });
  })().catch(() => undefined));
});
