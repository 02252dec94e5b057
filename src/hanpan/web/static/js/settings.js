// The notification settings (/settings): which events reach the player by push and by e-mail, quiet hours
// in their time zone, their e-mail address (set, waiting for its confirmation, confirmed), and push
// notifications on this device (the browser's permission, the service worker's subscription, the server
// told).  The settings are kept with the Save button.  A mail's confirmation link, /settings?confirm=TOKEN,
// is posted from here (no login needed) and its outcome shown first.

import { ApiError, api, currentLang, header, t, whoami } from "./common.js";
import { h, icon } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
document.title = `${t("settings_title", lang)} — hanpan`;
const root = /** @type {HTMLElement} */ (document.getElementById("app"));

const EVENTS = ["turn", "rematch", "late"];
const CHANNELS = ["push", "mail"];
const QUIET_DEFAULT = { from: "22:00", to: "08:00" };
/** how long turning push on waits for the browser's push service */
const SUBSCRIBE_SECONDS = 30;

/** @typedef {Record<string, boolean>} Channels push, mail */
/** @typedef {{events: Record<string, Channels>, quiet: {from: string, to: string} | null, tz: string}} Settings */
/** @typedef {{settings: Settings, email: {address: string, confirmed: boolean} | null, mail_available: boolean,
 *             mail_minutes: number, devices: number, guest: boolean}} Notifications */

/** A failure in one line: an API error in the page's language, a browser's exception as it says it. @param {unknown} e */
function reason(e) {
  const text = e && typeof e === "object" && "message" in e ? String(e.message) : String(e);
  return text.replace(/\s+/g, " ").trim() || String(e);
}

/** This device's time zone (IANA). */
function deviceZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The time zones to choose from: the browser's list, with `extra` (the one set, the device's) in it. @param {string[]} extra */
function zones(extra) {
  /** @type {string[]} */
  let all = [];
  try {
    all = Intl.supportedValuesOf("timeZone");
  } catch {
    all = [];
  }
  return [...new Set([...all, ...extra, "UTC"])].sort();
}

/** The server's public key (base64url) as the bytes pushManager.subscribe takes.
 * @param {string} text @returns {Uint8Array<ArrayBuffer>} */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const text8 = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text8.length));
  for (let i = 0; i < text8.length; i++) bytes[i] = text8.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with `key`. @param {PushSubscription} subscription @param {Uint8Array} key */
function madeWith(subscription, key) {
  const used = subscription.options.applicationServerKey;
  if (!used) return true;  // the browser does not say: taken as the same
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** `promise`, or after `seconds` a failure saying so (a browser whose push service cannot be reached may
 * never settle its subscribe()). @template T @param {Promise<T>} promise @param {number} seconds @returns {Promise<T>} */
function within(promise, seconds) {
  return Promise.race([promise, new Promise((_resolve, reject) => {
    setTimeout(() => reject(new Error(t("push_timeout", lang, { n: seconds }))), seconds * 1000);
  })]);
}

/** A mail's confirmation link: posted once, its outcome in a line at the top; the token leaves the address bar.
 * @param {string} token */
function confirmEmail(token) {
  const url = new URL(location.href);
  url.searchParams.delete("confirm");
  history.replaceState(null, "", url.pathname + url.search);
  const line = h("p", { id: "confirm-result", class: "notice", role: "status" }, t("confirm_working", lang));
  api("/api/email/confirm", { method: "POST", body: { token } }).then((answer) => {
    line.textContent = t("confirm_done", lang, { address: String(answer.address || "") });
    line.classList.add("ok");
    line.setAttribute("data-state", "confirmed");
  }).catch((e) => {
    line.textContent = t("confirm_failed", lang, { reason: reason(e) });
    line.classList.add("bad");
    line.setAttribute("data-state", "failed");
  });
  return line;
}

/** Push notifications on this device: the permission asked, the worker's subscription made and sent, or
 * undone. @param {Notifications} data */
function deviceSection(data) {
  const state = h("p", { id: "push-state", class: "state-line", role: "status" });
  const error = h("p", { id: "push-error", class: "error", role: "alert" });
  const count = h("p", { id: "push-devices", class: "help" });
  const on = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "push-on", class: "primary" }, icon("bell"), " ", t("push_on", lang)));
  const off = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "push-off" }, t("push_off", lang)));
  const supported = window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  /** @type {Promise<Uint8Array<ArrayBuffer>> | null} */
  let keyPromise = null;
  const serverKey = () => {
    if (!keyPromise) keyPromise = api("/api/push/key").then((answer) => keyBytes(String(answer.public_key)));
    return keyPromise;
  };
  const devices = (/** @type {number} */ n) => { count.textContent = t("push_devices", lang, { n }); };
  devices(data.devices);

  /** The service worker's registration (registered by common.js too; the same one), once it is active. */
  async function registration() {
    await navigator.serviceWorker.register("/sw.js");
    return navigator.serviceWorker.ready;
  }

  /** This device's subscription, when it was made with the server's key now. */
  async function subscription() {
    const found = await navigator.serviceWorker.getRegistration("/");
    const current = found ? await found.pushManager.getSubscription() : null;
    if (!current) return null;
    const key = await serverKey().catch(() => null);
    return key && !madeWith(current, key) ? null : current;
  }

  /** @param {string} which on, off, denied, unsupported @param {string} text */
  const show = (which, text) => {
    state.textContent = text;
    state.setAttribute("data-state", which);
    state.className = `state-line state-${which}`;
    on.hidden = which === "on" || which === "unsupported";
    off.hidden = which !== "on";
  };

  async function draw() {
    if (!supported) {
      show("unsupported", t(window.isSecureContext ? "device_unsupported" : "device_insecure", lang));
      return null;
    }
    if (Notification.permission === "denied") {
      show("denied", t("device_denied", lang));
      return null;
    }
    const current = Notification.permission === "granted" ? await subscription().catch(() => null) : null;
    show(current ? "on" : "off", t(current ? "device_on" : "device_off", lang));
    return current;
  }

  /** The server told of this device's subscription (it may be new to this account). @param {PushSubscription} made */
  async function send(made) {
    const json = made.toJSON();
    const keys = json.keys || {};
    const answer = await api("/api/account/push", { method: "POST",
      body: { endpoint: made.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, lang } });
    devices(Number(answer.devices));
  }

  on.addEventListener("click", async () => {
    error.textContent = "";
    on.disabled = true;
    state.textContent = t("push_working", lang);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        error.textContent = t(permission === "denied" ? "device_denied" : "device_dismissed", lang);
        return;
      }
      /** @type {PushSubscription} */
      let made;
      try {
        const worker = await registration();
        const key = await serverKey();
        const old = await worker.pushManager.getSubscription();
        if (old && key && !madeWith(old, key)) await old.unsubscribe();
        made = old && key && madeWith(old, key) ? old
          : await within(worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key || undefined }), SUBSCRIBE_SECONDS);
      } catch (e) {
        error.textContent = e instanceof ApiError ? reason(e) : t("push_failed", lang, { reason: reason(e) });
        return;
      }
      await send(made);
    } catch (e) {
      error.textContent = reason(e);
    } finally {
      on.disabled = false;
      await draw();
    }
  });

  off.addEventListener("click", async () => {
    error.textContent = "";
    off.disabled = true;
    try {
      const found = await navigator.serviceWorker.getRegistration("/");
      const current = found ? await found.pushManager.getSubscription() : null;
      if (current) {
        const endpoint = current.endpoint;
        await current.unsubscribe();
        const answer = await api("/api/account/push/forget", { method: "POST", body: { endpoint } });
        devices(Number(answer.devices));
      }
    } catch (e) {
      error.textContent = reason(e);
    } finally {
      off.disabled = false;
      await draw();
    }
  });

  // a subscription this browser holds is told to the server again: it then belongs to whoever is logged in
  draw().then((current) => (current ? send(current) : null)).catch(() => null);

  return h("section", { class: "panel", id: "device-panel", "aria-labelledby": "device-title" },
    h("h2", { id: "device-title" }, t("device_title", lang)),
    state,
    h("p", { class: "settings-actions" }, on, off),
    error, count);
}

/** What the notes under the table say of e-mails for `data` (nothing when none can be sent: the column is
 * hidden, and the e-mail part below says why). @param {Notifications} data */
function mailNotes(data) {
  if (!data.mail_available || data.guest) return [];
  const notes = [t("mail_note", lang, { n: data.mail_minutes })];
  if (!data.email || !data.email.confirmed) notes.push(t("mail_needs_address", lang));
  return notes;
}

/** The events × channels, quiet hours and time zone, kept with Save. @param {Notifications} data
 * @param {(data: Notifications) => void} changed what the page redraws with the server's answer */
function settingsForm(data, changed) {
  const settings = data.settings;
  /** @type {Record<string, HTMLInputElement>} */
  const boxes = {};
  const mailOff = !data.mail_available || data.guest;
  const rows = EVENTS.map((event) => h("tr", { "data-event": event },
    h("th", { scope: "row" }, t(`event_${event}`, lang)),
    ...CHANNELS.map((channel) => {
      const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: `ev-${event}-${channel}`,
        "aria-label": t("event_channel", lang, { event: t(`event_${event}`, lang), channel: t(`channel_${channel}`, lang) }),
        checked: settings.events[event] && settings.events[event][channel] ? "checked" : null,
        disabled: channel === "mail" && mailOff ? "disabled" : null }));
      boxes[`${event}-${channel}`] = box;
      return h("td", { class: "check" }, box);
    })));
  const notes = h("ul", { class: "help notify-notes", id: "mail-notes" });
  const drawNotes = (/** @type {Notifications} */ d) => notes.replaceChildren(
    h("li", {}, t("push_note", lang)), ...mailNotes(d).map((n) => h("li", {}, n)));
  drawNotes(data);

  const quietOff = /** @type {HTMLInputElement} */ (h("input", { type: "radio", name: "quiet", id: "quiet-off", value: "off",
    checked: settings.quiet ? null : "checked" }));
  const quietOn = /** @type {HTMLInputElement} */ (h("input", { type: "radio", name: "quiet", id: "quiet-on", value: "on",
    checked: settings.quiet ? "checked" : null }));
  const quiet = settings.quiet || QUIET_DEFAULT;
  const from = /** @type {HTMLInputElement} */ (h("input", { type: "time", id: "quiet-from", value: quiet.from, step: 60, required: "required" }));
  const to = /** @type {HTMLInputElement} */ (h("input", { type: "time", id: "quiet-to", value: quiet.to, step: 60, required: "required" }));
  const times = h("div", { class: "quiet-times" },
    h("label", {}, h("span", {}, t("quiet_from", lang)), " ", from),
    h("label", {}, h("span", {}, t("quiet_to", lang)), " ", to));
  const quietShown = () => {
    from.disabled = to.disabled = !quietOn.checked;
    times.classList.toggle("off", !quietOn.checked);
  };
  quietShown();

  // without quiet hours the zone matters to nothing: the server's default (UTC) gives way to the device's
  const device = deviceZone();
  const zone = !settings.quiet && settings.tz === "UTC" ? device : settings.tz;
  const tz = /** @type {HTMLSelectElement} */ (h("select", { id: "tz", "aria-describedby": "tz-help" },
    ...zones([zone, device]).map((z) => h("option", { value: z, selected: z === zone ? "selected" : null }, z.replace(/_/g, " ")))));

  const status = h("p", { id: "save-status", class: "save-status", role: "status" });
  const error = h("p", { id: "save-error", class: "error", role: "alert" });
  const save = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", id: "save", class: "primary" }, t("save", lang)));

  /** The settings as the form shows them. @returns {Settings} */
  const read = () => ({
    events: Object.fromEntries(EVENTS.map((event) => [event,
      { push: boxes[`${event}-push`].checked, mail: boxes[`${event}-mail`].checked }])),
    quiet: quietOn.checked ? { from: from.value.slice(0, 5), to: to.value.slice(0, 5) } : null,
    tz: tz.value,
  });

  const form = h("form", { id: "settings-form", class: "panel", "aria-labelledby": "events-title", novalidate: "novalidate",
    onsubmit: async (/** @type {Event} */ e) => {
      e.preventDefault();
      error.textContent = "";
      if (quietOn.checked && (!from.value || !to.value)) {
        error.textContent = `${t("quiet_title", lang)}: ${t("quiet_from", lang)} / ${t("quiet_to", lang)}`;
        return;
      }
      save.disabled = true;
      status.textContent = t("saving", lang);
      status.className = "save-status";
      try {
        const answer = /** @type {Notifications} */ (await api("/api/account/notifications", { method: "PUT", body: read() }));
        status.textContent = t("saved", lang);
        status.className = "save-status ok";
        status.setAttribute("data-state", "saved");
        changed(answer);
      } catch (err) {
        status.textContent = "";
        status.setAttribute("data-state", "failed");
        error.textContent = reason(err);
      } finally {
        save.disabled = false;
      }
    } },
  h("h2", { id: "events-title" }, t("events_title", lang)),
  h("table", { class: mailOff ? "notify-events no-mail" : "notify-events", id: "events" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("event_col", lang)),
      ...CHANNELS.map((c) => h("th", { scope: "col", class: "channel" }, t(`channel_${c}`, lang))))),
    h("tbody", {}, ...rows)),
  notes,
  h("fieldset", { class: "quiet" }, h("legend", {}, t("quiet_title", lang)),
    h("label", { class: "choice" }, quietOff, " ", t("quiet_off", lang)),
    h("label", { class: "choice" }, quietOn, " ", t("quiet_on", lang)),
    times,
    h("p", { class: "help" }, t("quiet_help", lang)),
    h("label", { class: "field" }, h("span", {}, t("time_zone", lang)), tz),
    h("p", { class: "help", id: "tz-help" }, t("tz_help", lang, { tz: device }))),
  h("div", { class: "settings-actions" }, save, status),
  error);
  form.addEventListener("change", () => {
    quietShown();
    status.textContent = t("unsaved", lang);
    status.className = "save-status unsaved";
    status.setAttribute("data-state", "unsaved");
  });

  /** The mail column and notes after the address changed. @param {Notifications} d */
  const mailChanged = (d) => {
    drawNotes(d);
    for (const event of EVENTS) boxes[`${event}-mail`].disabled = mailOff;
  };
  return { form, mailChanged };
}

/** The e-mail address: its state, a field to set a new one (a confirmation mail goes to it), removing it.
 * @param {Notifications} data @param {(data: Notifications) => void} changed */
function emailSection(data, changed) {
  const box = h("section", { class: "panel", id: "email-panel", "aria-labelledby": "email-title" });
  const title = h("h2", { id: "email-title" }, t("email_title", lang));
  if (!data.mail_available || data.guest) {
    box.replaceChildren(title, h("p", { id: "email-state", class: "help",
      "data-state": data.mail_available ? "guest" : "unavailable" }, t(data.mail_available ? "email_guest" : "email_unavailable", lang)));
    return box;
  }
  const state = h("p", { id: "email-state", class: "state-line" });
  const waiting = /** @type {HTMLElement} */ (h("p", { class: "help", id: "email-help" }, t("email_waiting_help", lang)));
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "email", id: "email", name: "email", autocomplete: "email",
    maxlength: 254, required: "required", inputmode: "email", placeholder: "name@example.org" }));
  const remove = /** @type {HTMLButtonElement} */ (h("button", { type: "button", id: "email-remove" }, t("email_remove", lang)));
  const status = h("p", { id: "email-status", class: "save-status ok", role: "status" });
  const error = h("p", { id: "email-error", class: "error", role: "alert" });
  /** @param {Notifications} d */
  const draw = (d) => {
    const email = d.email;
    const which = !email ? "none" : email.confirmed ? "confirmed" : "waiting";
    state.setAttribute("data-state", which);
    state.className = `state-line state-${which === "confirmed" ? "on" : which === "waiting" ? "waiting" : "off"}`;
    state.textContent = !email ? t("email_none", lang) : t(email.confirmed ? "email_confirmed" : "email_waiting", lang, { address: email.address });
    remove.hidden = !email;
    waiting.hidden = which !== "waiting";
  };
  /** @param {string | null} address */
  const post = async (address) => {
    error.textContent = status.textContent = "";
    try {
      const answer = /** @type {Notifications} */ (await api("/api/account/email", { method: "POST", body: { address, lang } }));
      draw(answer);
      changed(answer);
      status.textContent = address ? t("email_sent", lang, { address }) : t("email_removed", lang);
      input.value = "";
    } catch (e) {
      error.textContent = reason(e);
    }
  };
  remove.addEventListener("click", () => post(null));
  const form = h("form", { id: "email-form", onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    if (!input.checkValidity()) {
      error.textContent = input.validationMessage;
      return;
    }
    post(input.value.trim());
  } },
  h("label", { class: "field email-field" }, h("span", {}, t("email_field", lang)), input),
  h("p", { class: "settings-actions" }, h("button", { type: "submit", id: "email-set" }, t("email_set", lang)), remove));
  draw(data);
  box.replaceChildren(title, state, waiting, form, status, error);
  return box;
}

async function main() {
  const confirm = new URLSearchParams(location.search).get("confirm");
  const top = confirm ? confirmEmail(confirm) : null;
  const page = h("main", { class: "page settings" }, h("h1", {}, t("settings_title", lang)), top);
  root.replaceChildren(header(lang), page);
  const loginNeeded = () => page.append(h("section", { class: "panel", id: "login-needed" },
    h("p", {}, t("settings_login", lang)), h("p", {}, h("a", { href: "/", class: "button", id: "to-lobby" }, t("settings_to_lobby", lang)))));
  const { player } = await whoami();
  if (!player) {
    loginNeeded();
    return;
  }
  /** @type {Notifications} */
  let data;
  try {
    data = await api("/api/account/notifications");
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) loginNeeded();
    else page.append(h("p", { class: "error", role: "alert", id: "load-error" }, reason(e)));
    return;
  }
  /** @type {{form: Element, mailChanged: (d: Notifications) => void}} */
  const events = settingsForm(data, (d) => events.mailChanged(d));
  page.append(h("p", { class: "help" }, t("settings_intro", lang)),
    deviceSection(data), events.form, emailSection(data, (d) => events.mailChanged(d)));
  page.setAttribute("data-ready", "true");
}

main().catch((e) => {
  document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
