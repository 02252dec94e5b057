// The admin page (/admin): the reported chat messages, each with the messages around it and what can be
// done about it (mute its writer, ban them, hide the message, dismiss the reports, close the table); a
// player looked up by name (their sanctions, mute, ban, lift); the audit log of every admin action.  Every
// action needs a reason: the player reads it, and so does the audit log.  The server checks the admin
// role on every request (hanpan.web.routes_admin); this page only draws.

import { api, currentLang, header, t, whoami } from "./common.js";
import { when } from "./errors.js";
import { h } from "./ui.js";

const lang = currentLang();
document.documentElement.lang = lang;
document.title = `${t("admin_title", lang)} — hanpan`;
const root = /** @type {HTMLElement} */ (document.getElementById("app"));
/** what the last action did, at the top of the page (the card it was done on may be gone once done) */
const status = /** @type {HTMLElement} */ (h("p", { class: "notice ok", role: "status", id: "admin-status", hidden: "hidden" }));

/** @typedef {{kind: string, reason: string, until: string | null, by: string}} Sanction */
/** @typedef {{id: number, name: string, text: string, at: string, hidden: boolean, reported: boolean}} Line */
/** @typedef {{message: number, table: string, text: string, sender: string, at: string, hidden: boolean,
 *             reports: {by: string, reason: string, at: string}[], context: Line[],
 *             sanctions: Record<string, Sanction>}} Report */
/** @typedef {{id: number, at: string, actor: string, action: string, target: string, reason: string,
 *             details: Record<string, any>}} AuditLine */

/** mute lengths offered (minutes) and ban lengths (days; null: for good) */
const MUTES = [10, 60, 24 * 60, 7 * 24 * 60];
const BANS = [1, 7, 30, null];

/** A length in words. @param {number} minutes */
function minutesText(minutes) {
  if (minutes % (24 * 60) === 0) return daysText(minutes / (24 * 60));
  if (minutes % 60 === 0) return t(minutes === 60 ? "one_hour" : "n_hours", lang, { n: minutes / 60 });
  return t("n_minutes", lang, { n: minutes });
}

/** @param {number} days */
function daysText(days) {
  return t(days === 1 ? "one_day" : "n_days", lang, { n: days });
}

/** A sanction in one line. @param {Sanction} s */
function sanctionText(s) {
  const until = s.until ? t("until", lang, { when: when(s.until, lang) }) : t("for_good", lang);
  return `${t(s.kind === "mute" ? "muted" : "banned", lang)} ${until} — ${s.reason} (${s.by})`;
}

/** @param {unknown} e */
function failure(e) {
  return e && typeof e === "object" && "message" in e ? String(e.message) : String(e);
}

/**
 * The reason field and the buttons of one subject's actions: each button asks the server with the reason
 * typed, then says what was done and calls `done`.
 * @param {string} id a prefix for the elements' ids
 * @param {{label: string, cls?: string, act: (reason: string) => Promise<string>, extra?: Element}[]} actions
 * @param {() => void} done
 */
function actionForm(id, actions, done) {
  const reason = /** @type {HTMLInputElement} */ (h("input", { id: `${id}-reason`, class: "reason", maxlength: 300,
    required: "required", placeholder: t("admin_reason_placeholder", lang), "aria-label": t("admin_reason", lang) }));
  const error = h("p", { class: "error", role: "alert", id: `${id}-error` });
  const row = h("div", { class: "admin-actions" });
  for (const action of actions) {
    const button = h("button", { type: "button", class: action.cls || "", "data-action": action.label }, action.label);
    button.addEventListener("click", async () => {
      error.textContent = "";
      if (!reason.value.trim()) {
        error.textContent = t("admin_reason_needed", lang);
        reason.focus();
        return;
      }
      try {
        status.textContent = await action.act(reason.value.trim());
        status.hidden = false;
        reason.value = "";
        done();
      } catch (e) {
        error.textContent = failure(e);
      }
    });
    row.append(h("span", { class: "admin-action" }, action.extra || "", button));
  }
  return h("div", { class: "admin-form" },
    h("label", { class: "field" }, h("span", {}, t("admin_reason", lang)), reason), row, error);
}

/** A choice of lengths. @param {string} id @param {(number | null)[]} values @param {(v: number | null) => string} label */
function lengthSelect(id, values, label) {
  return /** @type {HTMLSelectElement} */ (h("select", { id, "aria-label": t("admin_length", lang) },
    ...values.map((v, i) => h("option", { value: v === null ? "" : String(v), selected: i === 1 ? "selected" : null }, label(v)))));
}

/** Mute and ban of `name` (and lifting them): the actions of a report and of a player looked up.
 * @param {string} id @param {string} name @param {number | null} message the reported message, if any */
function sanctionActions(id, name, message) {
  const mute = lengthSelect(`${id}-mute-length`, MUTES, (v) => minutesText(Number(v)));
  const ban = lengthSelect(`${id}-ban-length`, BANS, (v) => (v === null ? t("for_good", lang) : daysText(Number(v))));
  const path = `/api/admin/players/${encodeURIComponent(name)}`;
  const extra = message === null ? {} : { message };
  return [
    { label: t("admin_mute", lang, { name }), extra: mute, act: async (/** @type {string} */ reason) => {
      const answer = await api(`${path}/mute`, { method: "POST", body: { minutes: Number(mute.value), reason, ...extra } });
      return t("admin_done_mute", lang, { name, until: when(answer.sanction.until, lang) });
    } },
    { label: t("admin_ban", lang, { name }), cls: "danger", extra: ban, act: async (/** @type {string} */ reason) => {
      const answer = await api(`${path}/ban`, { method: "POST",
        body: { days: ban.value === "" ? null : Number(ban.value), reason, ...extra } });
      return t("admin_done_ban", lang, { name, seats: answer.seats_taken_over });
    } },
  ];
}

/** One reported message: the context, the reports, the actions. @param {Report} r @param {() => void} done */
function reportCard(r, done) {
  const id = `report-${r.message}`;
  const context = h("ol", { class: "admin-context", "aria-label": t("admin_context", lang) },
    ...r.context.map((m) => h("li", { class: m.reported ? "reported" : m.hidden ? "hidden-message" : "" },
      h("span", { class: "when" }, when(m.at, lang)), " ", h("b", {}, m.name), ": ", m.text,
      m.hidden ? h("span", { class: "tag" }, ` ${t("admin_hidden", lang)}`) : "")));
  const reports = h("ul", { class: "admin-reports" },
    ...r.reports.map((x) => h("li", {}, t("admin_reported_by", lang, { name: x.by, when: when(x.at, lang) }), " — ",
      x.reason === "-" ? h("i", {}, t("admin_no_reason", lang)) : h("q", {}, x.reason))));
  const inForce = Object.values(r.sanctions).map((s) => h("p", { class: "notice bad" }, `${r.sender}: ${sanctionText(s)}`));
  const actions = [
    ...sanctionActions(id, r.sender, r.message),
    { label: t("admin_hide", lang), act: async (/** @type {string} */ reason) => {
      await api(`/api/admin/messages/${r.message}/hide`, { method: "POST", body: { reason } });
      return t("admin_done_hide", lang);
    } },
    { label: t("admin_dismiss", lang), act: async (/** @type {string} */ reason) => {
      await api(`/api/admin/reports/${r.message}/dismiss`, { method: "POST", body: { reason } });
      return t("admin_done_dismiss", lang);
    } },
    { label: t("admin_close_table", lang), act: async (/** @type {string} */ reason) => {
      await api(`/api/admin/tables/${encodeURIComponent(r.table)}/close`, { method: "POST", body: { reason } });
      return t("admin_done_close", lang);
    } },
  ];
  return h("article", { class: "panel report-card", id, "data-message": String(r.message) },
    h("h3", {}, t("admin_report_title", lang, { name: r.sender }), " ",
      h("a", { href: `/table/${encodeURIComponent(r.table)}` }, t("admin_table", lang, { id: r.table }))),
    context, reports, ...inForce, actionForm(id, actions, done));
}

/** The reports section: the unhandled ones (or the handled, by the toggle). @param {() => void} changed */
function reportsSection(changed) {
  const list = h("div", { id: "report-list" });
  const toggle = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "show-handled" }));
  const box = h("section", { class: "panel", id: "reports", "aria-labelledby": "reports-title" },
    h("h2", { id: "reports-title" }, t("admin_reports", lang)),
    h("label", { class: "inline" }, toggle, " ", t("admin_show_handled", lang)), list);
  const load = async () => {
    try {
      const { reports } = await api(`/api/admin/reports?handled=${toggle.checked}`);
      list.replaceChildren(...(reports.length ? reports.map((/** @type {Report} */ r) => reportCard(r, () => { changed(); load(); }))
        : [h("p", { class: "help", id: "no-reports" }, t(toggle.checked ? "admin_no_handled" : "admin_no_reports", lang))]));
      list.setAttribute("data-count", String(reports.length));
    } catch (e) {
      list.replaceChildren(h("p", { class: "error", role: "alert" }, failure(e)));
    }
  };
  toggle.addEventListener("change", load);
  return { box, load };
}

/** Look a player up by name: their sanctions now and lately, and mute, ban or lift. @param {() => void} changed */
function playerSection(changed) {
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "player-name", maxlength: 20, required: "required", autocomplete: "off" }));
  const shown = h("div", { id: "player-shown" });
  const error = h("p", { class: "error", role: "alert", id: "player-error" });
  const look = async () => {
    error.textContent = "";
    try {
      const p = await api(`/api/admin/players/${encodeURIComponent(name.value.trim())}`);
      /** @type {Sanction[]} */
      const now = Object.values(p.sanctions);
      const lift = now.map((s) => ({ label: t(s.kind === "mute" ? "admin_unmute" : "admin_unban", lang), act: async (/** @type {string} */ reason) => {
        await api(`/api/admin/players/${encodeURIComponent(p.name)}/lift`, { method: "POST", body: { kind: s.kind, reason } });
        return t("admin_done_lift", lang, { name: p.name });
      } }));
      shown.replaceChildren(
        h("h3", {}, p.name, p.guest ? ` (${t("guest", lang)})` : "", p.admin ? ` · ${t("admin_is_admin", lang)}` : ""),
        ...(now.length ? now.map((s) => h("p", { class: "notice bad" }, sanctionText(s))) : [h("p", { class: "help" }, t("admin_no_sanction", lang))]),
        p.history.length ? h("ul", { class: "admin-history" }, ...p.history.map((/** @type {any} */ x) =>
          h("li", {}, when(x.at, lang), " ", sanctionText(x), x.lifted ? ` · ${t("admin_lifted", lang, { when: when(x.lifted, lang) })}` : ""))) : "",
        actionForm("player", [...sanctionActions("player", p.name, null), ...lift], () => { changed(); look(); }));
    } catch (e) {
      shown.replaceChildren();
      error.textContent = failure(e);
    }
  };
  const form = h("form", { id: "player-form", class: "inline-form", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); look(); } },
    h("label", { class: "field" }, h("span", {}, t("name", lang)), name), h("button", { type: "submit", id: "player-look" }, t("admin_look", lang)));
  return h("section", { class: "panel", id: "player", "aria-labelledby": "player-title" },
    h("h2", { id: "player-title" }, t("admin_player", lang)), form, error, shown);
}

/** What an audit line's details say, in one short line. @param {AuditLine} line */
function detailsText(line) {
  const d = line.details;
  const out = [];
  if ("until" in d) out.push(d.until ? t("until", lang, { when: when(d.until, lang) }) : t("for_good", lang));
  if (d.text) out.push(`“${d.text}”`);
  if (d.kind) out.push(t(d.kind === "mute" ? "muted" : "banned", lang));
  if (d.was) out.push(t("admin_was", lang, { status: d.was }));
  return out.join(" · ");
}

/** The audit log, newest first. */
function auditSection() {
  const body = h("tbody", {});
  const box = h("section", { class: "panel", id: "audit", "aria-labelledby": "audit-title" },
    h("h2", { id: "audit-title" }, t("admin_audit", lang)),
    h("div", { class: "table-scroll" }, h("table", { class: "audit-log" },
      h("thead", {}, h("tr", {}, ...["admin_when", "admin_who", "admin_what", "admin_on", "admin_reason", "admin_details"]
        .map((k) => h("th", { scope: "col" }, t(k, lang))))), body)));
  const load = async () => {
    const { log } = await api("/api/admin/audit?limit=50");
    body.replaceChildren(...log.map((/** @type {AuditLine} */ x) => h("tr", { "data-action": x.action },
      h("td", {}, when(x.at, lang)), h("td", {}, x.actor), h("td", {}, t(`audit_${x.action}`, lang)),
      h("td", {}, x.target), h("td", {}, x.reason), h("td", {}, detailsText(x)))));
    box.setAttribute("data-count", String(log.length));
  };
  return { box, load };
}

async function main() {
  const page = h("main", { class: "page admin" }, h("h1", {}, t("admin_title", lang)));
  root.replaceChildren(header(lang), page);
  const who = await whoami();
  if (!who.player || !who.admin) {
    page.append(h("section", { class: "panel", id: "admin-only" }, h("p", {}, t(who.player ? "admin_not_admin" : "admin_login", lang))));
    page.setAttribute("data-ready", "true");
    return;
  }
  const audit = auditSection();
  const reports = reportsSection(() => audit.load());
  page.append(h("p", { class: "help" }, t("admin_intro", lang)), status, reports.box, playerSection(() => audit.load()), audit.box);
  await Promise.all([reports.load(), audit.load()]);
  page.setAttribute("data-ready", "true");
}

main().catch((e) => {
  document.body.append(h("p", { class: "error" }, String(e.message || e)));
});
