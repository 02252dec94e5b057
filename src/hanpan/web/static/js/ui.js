// The `ui` object the page lends a game's board module (docs/web-boards.md).

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @param {Element} el @param {Record<string, any>} attrs @param {(Node | string | null | undefined | false)[]} children
 */
function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key === "class") el.setAttribute("class", String(value));
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return el;
}

/** An SVG element. @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An HTML element. @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * @param {{lang: string, catalog: any, body: any, chooser: import("./moves.js").Chooser | null,
 *          onToken: (token: string) => void, seatName: (seat: number) => string}} opts
 */
export function makeUi(opts) {
  const { lang, catalog, chooser, onToken, seatName } = opts;
  const clickable = (/** @type {string} */ token) => !!chooser && chooser.clickable(token);
  const chosen = (/** @type {string} */ token) => !!chooser && chooser.chosen(token);
  return {
    lang,
    catalog,
    seatName,
    svg,
    h,
    /** @param {string} en @param {string} ko */
    tr: (en, ko) => (lang === "ko" ? ko : en),
    clickable,
    chosen,
    /** @param {Element} el @param {string} token @param {string} [label] */
    bind(el, token, label) {
      if (!clickable(token)) return;
      el.classList.add(chosen(token) ? "chosen" : "clickable");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("data-token", token);
      el.setAttribute("aria-label", label || token);
      el.addEventListener("click", (event) => {
        event.stopPropagation();
        onToken(token);
      });
      el.addEventListener("keydown", (event) => {
        const key = /** @type {KeyboardEvent} */ (event).key;
        if (key === "Enter" || key === " ") {
          event.preventDefault();
          onToken(token);
        }
      });
    },
  };
}
