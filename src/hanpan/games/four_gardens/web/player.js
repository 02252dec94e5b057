// 신들의 정원 / Four Gardens in the browser: a player's area (see board.js).
//
// Its heading (seat, turn, actions, landscape cards, score), hand, storage, kept bonus and whim tiles,
// the moves with no object as chips, and the garden; the seat playing also gets the supply and the tower.

import { bind, CARD_H, CARD_W, colourOf, COLOURS, GODS, nm, RES, seatLabel, sizeOf, title, whimText } from "./context.js";
import { cardSvg, colourIcon, colourShape, pileMark, seatDot, sym, tokenDisc } from "./pieces.js";
import { supplyRow, towerPanel } from "./table.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** One player's area. `own`: the area of the seat playing, drawn first and full size (hand first). */
export function playerPanel(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ own) {
  const { h, tr } = c.ui;
  const { v, body } = c;
  const p = v.players[seat];
  const isViewer = seat === c.viewer;
  const mover = c.toMove && isViewer;
  const current = v.current_player === seat && body.status === "playing";
  const need = c.cat.end_landscapes ? c.cat.end_landscapes[String(v.players.length)] : null;
  const winner = (v.winners || []).includes(seat) && body.status === "finished";
  const score = p.score || {};
  const reached = need !== null && p.landscapes >= need;
  const ts = v.turn_state || {};
  const pips = [];
  if (current && ts.actions_allowed) {
    for (let i = 0; i < ts.actions_allowed; i++) pips.push(sym(c, i < ts.actions_done ? "dot" : "ring", 10, "#2e6b31"));
  }
  const head = h("div", { class: "fg-phead" },
    seatDot(c, seat), h("b", {}, " ", seatLabel(c, seat)),
    current ? h("span", { class: "fg-tag fg-tag-turn" }, sym(c, "turn", 9, "#fff"), tr(" to move", " 차례")) : null,
    pips.length ? h("span", { class: "fg-pips", title: tr(`actions done: ${ts.actions_done} of ${ts.actions_allowed}`, `한 행동: ${ts.actions_allowed}번 중 ${ts.actions_done}번`) }, ...pips) : null,
    winner ? h("span", { class: "fg-tag fg-tag-win" }, sym(c, "star", 9, "#fff"), tr(" winner", " 승리")) : null,
    h("span", { class: "fg-spacer" }),
    h("span", { class: "fg-small fg-lcount", title: need ? tr(`landscape cards in the garden; when a player has ${need}, the round is finished and the game ends`,
      `정원의 풍경 카드 수; 누군가 ${need}장이 되면 그 라운드를 마치고 게임이 끝남`) : "" },
    reached ? sym(c, "flag", 11, "#7a3b12") : null, tr(" landscape cards ", " 풍경 카드 "), h("b", {}, String(p.landscapes)),
    need ? (reached ? tr(` (end: ${need}+)`, ` (종료: ${need}장 이상)`) : tr(` (end at ${need})`, ` (${need}장에 종료)`)) : ""),
    h("span", { class: "fg-score", title: scoreText(c, score) }, tr(" score ", " 점수 "), h("b", {}, String(score.total ?? ""))));
  const parts = [head];
  if (body.status !== "playing") parts.push(h("div", { class: "fg-small fg-breakdown" }, scoreText(c, score)));
  const side = h("div", { class: "fg-side" }, storageRow(c, seat, mover));
  if (own) side.append(supplyRow(c));
  const extras = tilesRow(c, seat, mover);
  if (extras) side.append(extras);
  if (own) {
    const chips = chipsRow(c);
    if (chips) side.append(chips);
  }
  const top = h("div", { class: "fg-prow" }, handRow(c, seat, mover, own), side);
  if (own) top.append(towerPanel(c));
  parts.push(top, gardenGrid(c, seat, mover));
  return h("section", { class: "fg-panel fg-player" + (own ? " fg-own" : " fg-other") + (current ? " fg-current" : "") + (isViewer ? " fg-viewer" : "") }, ...parts);
}

function scoreText(/** @type {Ctx} */ c, /** @type {any} */ score) {
  const { tr } = c.ui;
  const gods = GODS.map((g) => `${nm(c, g)} ${score[g] ?? 0}`).join(" + ");
  return `${gods} + ${tr("bonus", "보너스")} ${score.bonus ?? 0} + ${tr("whims", "변덕")} ${score.whims ?? 0} = ${score.total ?? 0}`;
}

/** The garden: a group per landscape colour (its mark, cards done / size, a place per position). */
function gardenGrid(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const { v } = c;
  const p = v.players[seat];
  const ts = v.turn_state;
  /** @type {Record<string, any>} */
  const at = {};
  for (const card of p.garden) at[`${card.colour}/${card.copy}/${card.slot}`] = card;
  const tolerant = p.whims && p.whims.tolerance;
  const groups = [];
  for (const colour of COLOURS) {
    const size = sizeOf(c, colour);
    const rows = [];
    let done = 0;
    for (const copy of [1, 2]) {
      const any = p.garden.some((/** @type {any} */ card) => card.colour === colour && card.copy === copy);
      if (copy === 2 && !(any || (tolerant && size <= 3))) continue;
      done += p.garden.filter((/** @type {any} */ card) => card.colour === colour && card.copy === copy && card.side === "landscape").length;
      const cells = [];
      for (let pos = 1; pos <= size; pos++) {
        const card = at[`${colour}/${copy}/${pos}`];
        if (!card) {
          cells.push(svg("svg", { class: "fg-card fg-slot", width: CARD_W, height: CARD_H, viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: "img",
            "aria-label": tr(`${nm(c, colour)} ${pos}: empty`, `${nm(c, colour)} ${pos}: 비어 있음`) },
          title(c, tr(`${nm(c, colour)} ${pos}: empty`, `${nm(c, colour)} ${pos}: 비어 있음`)),
          svg("rect", { x: 2, y: 2, width: CARD_W - 4, height: CARD_H - 4, rx: 6, fill: "#fff", "fill-opacity": 0.5, stroke: colourOf(c, colour), "stroke-width": 1.4, "stroke-dasharray": "4 3" }),
          colourShape(c, colour, CARD_W / 2 - 8, CARD_H / 2, 7, { opacity: 0.8 }),
          svg("text", { x: CARD_W / 2 + 6, y: CARD_H / 2 + 5, "font-size": 14, "font-weight": 700, fill: "#555", text: String(pos) })));
        } else if (card.side === "landscape") {
          cells.push(cardSvg(c, card, { side: "landscape", markToken: `c${card.id}`, markSeat: seat }));
        } else {
          const id = String(card.id);
          const gave = ts.gave && ts.gave[id] ? ts.gave[id] : [];
          const got = ts.got && ts.got[id] ? ts.got[id] : [];
          const extra = (gave.length ? tr(` · gave ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${gave.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 줌`) : "")
            + (got.length ? tr(` · received ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} this rearrange`, ` · 이번 재배치에서 ${got.map((/** @type {string} */ r) => nm(c, r)).join(", ")} 받음`) : "");
          const token = mover ? `c${card.id}` : (c.toMove ? `oppress c${card.id}` : undefined);
          const el = cardSvg(c, card, {
            side: "base", tokens: card.tokens, token, tokenBind: mover, oppressed: v.oppressed === card.id, gave, got, extra,
            markToken: `c${card.id}`, markSeat: seat,
          });
          c.ui.mark(el, `oppress c${card.id}`);
          cells.push(el);
        }
      }
      rows.push(h("div", { class: "fg-gcells" }, ...cells));
    }
    const copies = rows.length;
    const label = h("div", { class: "fg-glabel", title: tr(`${nm(c, colour)} landscape (${size} cards)`, `${nm(c, colour)} 전경 (${size}장)`) },
      colourIcon(c, colour, 16), h("span", { class: "fg-small" }, `${done}/${size * copies}`));
    groups.push(h("div", { class: "fg-ggroup" }, label, h("div", { class: "fg-gstack" }, ...rows)));
  }
  return h("div", { class: "fg-garden" }, ...groups);
}

function storageRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, svg, tr } = c.ui;
  const p = c.v.players[seat];
  const held = RES.flatMap((r) => Array(p.storage[r]).fill(r));
  const cap = Math.max(p.capacity, held.length);
  const slot = 22;
  const count = held.length;
  const box = svg("svg", { class: "fg-storage", width: cap * slot + 4, height: slot + 4, viewBox: `0 0 ${cap * slot + 4} ${slot + 4}`,
    role: "img", "aria-label": tr(`storage: ${count} of ${p.capacity}`, `창고: ${p.capacity}칸 중 ${count}칸`) });
  for (let i = 0; i < cap; i++) {
    box.append(svg("rect", { x: 2 + i * slot, y: 2, width: slot - 2, height: slot - 2, rx: 3, fill: "#f1ede2", stroke: "#a39a83" }));
    const r = held[i];
    if (r) {
      const t = tokenDisc(c, r, 2 + i * slot + (slot - 2) / 2, 2 + (slot - 2) / 2, 7.5, true);
      t.append(title(c, nm(c, r)));
      if (mover && c.phase === "rearrange") bind(c, t, `${r} storage`, tr(`move ${nm(c, r)} from storage`, `창고의 ${nm(c, r)} 옮기기`));
      box.append(t);
    }
  }
  const wrap = h("div", { class: "fg-storage-row", title: tr(`storage: ${count} of ${p.capacity} slots used`, `창고: ${p.capacity}칸 중 ${count}칸 사용`) },
    h("span", { class: "fg-small" }, tr("Storage", "창고")), box, h("span", { class: "fg-small" }, `${count}/${p.capacity}`));
  if (mover && (c.phase === "put" || c.phase === "rearrange")) bind(c, wrap, "storage", tr("storage", "창고"));
  if (seat !== c.viewer) {
    c.ui.mark(wrap, "storage", seat);
    c.ui.mark(wrap, "return", seat);
    c.ui.mark(wrap, "rotate", seat);
  }
  return wrap;
}

function tilesRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const items = [];
  for (const t of p.bonus_tiles) {
    const pile = c.byId[t.pile];
    const el = h("span", { class: "fg-chip fg-bonus", title: pile ? `${nm(c, t.pile)} ${t.value}: ${tr(pile.text.en, pile.text.ko)}` : t.pile },
      pileMark(c, t.pile), ` ${nm(c, t.pile)} ${t.value}`);
    c.ui.mark(el, `bonus ${t.pile}`, seat);
    items.push(el);
  }
  /** @type {Record<string, string[]>} */
  const stateText = { held: ["kept", "보유"], face_down: ["face down", "뒷면"], removed: ["used", "사용함"], placed: ["placed", "놓음"] };
  /** @type {Record<string, string>} */
  const useToken = { foresight: "foresight", grace: "grace", upheaval: "upheaval", oppression: "oppress" };
  for (const [id, st] of Object.entries(p.whims || {})) {
    const s = stateText[st] || [st, st];
    const el = h("span", { class: `fg-chip fg-whimchip fg-w-${st}`, title: whimText(c, id) }, sym(c, "sparkle", 10), " ", nm(c, id), h("span", { class: "fg-small" }, ` (${tr(s[0], s[1])})`));
    if (mover && st === "held" && useToken[id]) bind(c, el, useToken[id], whimText(c, id));
    c.ui.mark(el, `whim ${id}`, seat);
    c.ui.mark(el, useToken[id] || id, seat);
    items.push(el);
  }
  if (!items.length) return null;
  return h("div", { class: "fg-tiles" }, ...items);
}

function handRow(/** @type {Ctx} */ c, /** @type {number} */ seat, /** @type {boolean} */ mover, /** @type {boolean} */ own) {
  const { h, tr } = c.ui;
  const p = c.v.players[seat];
  const isViewer = seat === c.viewer;
  const draws = (c.ui.recent || []).filter((/** @type {any} */ e) => e.seat === seat && e.move === "draw").length;
  const cards = p.hand.map((/** @type {any} */ card, /** @type {number} */ i) => {
    let el;
    if (card.action) {
      const hidden = isViewer && card.public === false;
      el = cardSvg(c, card, {
        side: "base", token: mover ? `c${card.id}` : undefined,
        extra: hidden ? tr(" · drawn blind: others know only its landscape side", " · 덱에서 뽑음: 다른 사람은 풍경 면만 앎") : tr(" · taken face up", " · 공개된 카드"),
        markToken: isViewer ? undefined : `take c${card.id}`, markSeat: seat,
      });
    } else {
      el = cardSvg(c, card, { side: "known" });
      if (!isViewer && i >= p.hand.length - draws) c.ui.mark(el, "draw", seat);
    }
    return el;
  });
  return h("div", { class: "fg-hand" }, h("div", { class: "fg-small" }, own ? tr(`Your hand (${p.hand.length})`, `손패 (${p.hand.length})`) : tr(`Hand (${p.hand.length})`, `손패 (${p.hand.length})`)),
    h("div", { class: "fg-row" }, ...cards));
}

// --- moves with no object on the table: chips --------------------------------------------------------

/** Heads of moves with no object on the table: offered as chips. */
function chipMoves(/** @type {Ctx} */ c) {
  return c.legal.filter((m) => {
    const head = m.split(" ")[0];
    return ["done", "end", "consecrate", "collect", "foresight", "grace"].includes(head) || m === "comeback keep";
  });
}

function chipText(/** @type {Ctx} */ c, /** @type {string} */ m) {
  const { tr } = c.ui;
  /** @type {Record<string, string[]>} */
  const words = {
    done: ["done", "마치기"], end: ["end actions", "행동 마치기"],
    "consecrate storage": ["Consecration: +storage", "축성: 창고 확장"], "consecrate keep": ["Consecration: keep (points)", "축성: 보관 (점수)"],
    "collect up": ["collect from floor 1 up", "1층부터 위로 수집"], "collect down": ["collect from floor 4 down", "4층부터 아래로 수집"],
    foresight: ["use Foresight", "예지 사용"], grace: ["use Grace", "은총 사용"], "comeback keep": ["Comeback: keep (points)", "재기: 보관 (점수)"],
  };
  const w = words[m];
  return w ? tr(w[0], w[1]) : m;
}

function chipsRow(/** @type {Ctx} */ c) {
  const { h } = c.ui;
  const chips = chipMoves(c).map((m) => {
    const icon = m === "done" ? sym(c, "check") : m === "end" ? sym(c, "stop") : null;
    const b = h("span", { class: "fg-chip fg-movechip" }, icon, icon ? " " : "", chipText(c, m));
    const hint = c.body.hints && c.body.hints[m] ? c.body.hints[m] : chipText(c, m);
    bind(c, b, m, hint);
    b.setAttribute("title", hint);
    return b;
  });
  return chips.length ? h("div", { class: "fg-chips" }, ...chips) : null;
}
