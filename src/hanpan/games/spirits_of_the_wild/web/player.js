// Spirits of the Wild's web board: a player's area, laid out in SVG: the name and total, the action cards,
// the stones in hand, and the five animals' rows (their places, spirit slot and the coyote's column).

import { lastTurn, markWith, ring } from "./last_turn.js";
import { actionCard, coyote, defs, glyph, hit, slot, spiritSlot, stone } from "./pieces.js";
import {
  ANIMALS, SPIRITS, animalName, item, myTurn, named, pts, spread, stoneName, textWidth, times,
} from "./shared.js";

/** @typedef {import("./last_turn.js").Entry} Entry */

const BW = 364; // board width in SVG units
const ROW = 60; // height of an animal's row
const R = 11.5; // stone radius on a board
const STEP = 27; // distance between slots of a place
const SLOTS_X = 86; // where the slots start
const SPIRIT_X = 300; // the spirit slot's centre
const COYOTE_X = 336; // the coyote column's centre

/**
 * The places of an animal: [place id, size, stones on it].
 * @param {string} animal @param {any} stones the animal's entry of board.animals
 * @returns {[string, number, string[]][]}
 */
function placesOf(animal, stones) {
  if (animal === "owl") return [0, 1, 2].map((i) => [`owl${i + 1}`, 2, stones[i] || []]);
  if (animal === "beaver") return [["beaver3", 3, stones[0] || []], ["beaver2", 2, stones[1] || []]];
  if (animal === "rabbit") return [["rabbit", 3, stones || []]];
  if (animal === "salmon") return [["salmon", 6, stones || []]];
  return [["turtle", 5, stones || []]];
}

/**
 * One animal's row.
 * @param {any} body @param {any} ui @param {number} p @param {string} animal @param {number} y
 */
function animalRow(body, ui, p, animal, y) {
  const view = body.view;
  const board = view.boards[p];
  const spirited = (board.spirit_stones || []).includes(animal);
  const coyoteHere = !!view.coyote && view.coyote.player === p && view.coyote.animal === animal;
  const blocked = spirited || coyoteHere;
  const mine = myTurn(body) && p === body.seat;
  const theirs = myTurn(body) && p !== body.seat;
  const phase = view.phase;
  const info = item(ui, "animals", animal);
  const cy = y + 25;
  const facts = lastTurn(ui);
  const row = ui.svg("g", { class: `sotw-row${blocked ? " sotw-blocked" : ""}` });
  row.append(ui.svg("rect", { x: 4, y: y + 2, width: BW - 8, height: ROW - 4, rx: 8,
    class: coyoteHere ? "sotw-row-bg sotw-row-coyote" : "sotw-row-bg", fill: coyoteHere ? "url(#sotw-hatch)" : null }));

  // The name and the points.
  const points = (view.scores[p] || {})[animal] || 0;
  row.append(ui.svg("text", { x: 12, y: y + 23, class: "sotw-animal" }, animalName(ui, animal)));
  const pts = ui.svg("text", { x: 12, y: y + 44, class: "sotw-points" },
    ui.svg("tspan", { class: "sotw-points-n" }, String(points)), ui.tr(points === 1 ? " pt" : " pts", "점"));
  if (spirited) pts.append(ui.svg("tspan", { class: "sotw-double", dx: 5 }, times(ui, (ui.catalog && ui.catalog.spirit_multiplier) || 2)));
  row.append(pts);

  // The slots, place by place, with the points each step is worth below.
  const slotPoints = info.slot_points || [];
  let x = SLOTS_X;
  placesOf(animal, board.animals[animal]).forEach(([place, size, stones], pi) => {
    const w = size * STEP + 4;
    const g = ui.svg("g", { class: "sotw-place" });
    g.append(hit(ui, x, cy - R - 4, w, 2 * R + 8, R + 4));
    g.append(ui.svg("rect", { x, y: cy - R - 4, width: w, height: 2 * R + 8, rx: R + 4, class: "sotw-pill" }));
    // The stones the last turn put here: the newest of each kind placed.
    /** @type {Map<number, Entry>} */
    const markAt = new Map();
    const pending = facts.placed.filter((f) => f.e.seat === p && f.place === place);
    for (let i = stones.length - 1; i >= 0 && pending.length; i--) {
      const k = pending.findIndex((f) => f.kind === stones[i]);
      if (k >= 0) {
        markAt.set(i, pending[k].e);
        pending.splice(k, 1);
      }
    }
    for (let i = 0; i < size; i++) {
      const sx = x + 2 + STEP / 2 + i * STEP;
      const kind = stones[i];
      if (kind) {
        let s = stone(ui, kind, sx, cy, R);
        const put = markAt.get(i);
        if (put) s = markWith(ui, ui.svg("g", { class: "sotw-placed" }, s), put, ui.svg("circle", { cx: sx, cy, r: R + 3, class: "sotw-ring" }));
        if (mine && phase === "deer") {
          const sg = ui.svg("g", { class: "sotw-return" }, hit(ui, sx - R - 2, cy - R - 2, 2 * R + 4, 2 * R + 4, R + 2), s);
          ui.bind(sg, `return ${kind} ${place}`, `${ui.tr("return", "돌려놓기")} ${stoneName(ui, kind)}`);
          g.append(sg);
        } else g.append(s);
      } else g.append(slot(ui, sx, cy, R, blocked));
      const value = (slotPoints[pi] || [])[i];
      if (value !== null && value !== undefined) {
        g.append(ui.svg("text", { x: sx, y: cy + R + 15, "text-anchor": "middle",
          class: i < stones.length ? "sotw-step sotw-step-done" : "sotw-step" }, String(value)));
      }
    }
    const back = facts.returned.find((f) => f.e.seat === p && f.place === place);
    if (back) markWith(ui, g, back.e, ring(ui, x - 3, cy - R - 7, w + 6, 2 * R + 14, R + 7));
    if (mine && phase === "place" && !ui.chosen("spirit")) {
      // With one colour in hand (and maybe the spirit stone) a place names the whole move, so "salmon"
      // does not also offer the spirit stone's "spirit salmon".
      const colours = Object.keys(view.held || {}).filter((k) => k !== "spirit" && view.held[k] > 0);
      const only = colours.length === 1 && !ui.chosen(colours[0]) ? `${colours[0]} ` : "";
      // With only the spirit stone in hand no place takes it ("rabbit" would match "spirit rabbit").
      if (colours.length) ui.bind(g, `${only}${place}`, named(ui, (info.places || [])[pi] || { en: place, ko: place }));
    }
    row.append(g);
    x += w + (animal === "owl" ? 6 : 10);
  });
  if (animal === "beaver") {
    const both = (ui.catalog && ui.catalog.beaver_both) || 14;
    row.append(ui.svg("text", { x: x - 8, y: cy + R + 15, class: "sotw-both" }, ui.tr(`both ${both}`, `모두 ${both}`)));
  }

  // The spirit slot.
  const sg = ui.svg("g", { class: "sotw-spirit" });
  sg.append(hit(ui, SPIRIT_X - 18, cy - 18, 36, 36, 6));
  sg.append(spirited ? stone(ui, "spirit", SPIRIT_X, cy, R + 1) : spiritSlot(ui, SPIRIT_X, cy, R + 1));
  sg.append(ui.svg("text", { x: SPIRIT_X, y: cy + R + 15, "text-anchor": "middle", class: "sotw-step sotw-step-spirit" },
    times(ui, (ui.catalog && ui.catalog.spirit_multiplier) || 2)));
  if (mine && phase === "place") {
    ui.bind(sg, ui.chosen("spirit") ? animal : `spirit ${animal}`,
      ui.tr(`${stoneName(ui, "spirit")} on the ${animalName(ui, animal)}`, `${stoneName(ui, "spirit")}을 ${animalName(ui, animal)}에`));
  }
  const put = facts.spirit.find((f) => f.e.seat === p && f.animal === animal)
    || facts.returned.find((f) => f.e.seat === p && f.kind === "spirit" && f.place === animal);
  if (put) markWith(ui, sg, put.e, ring(ui, SPIRIT_X - 17, cy - 17, 34, 34, 6));
  if (mine && phase === "deer" && spirited) ui.bind(sg, `return spirit ${animal}`, `${ui.tr("return", "돌려놓기")} ${stoneName(ui, "spirit")}`);
  row.append(sg);

  // The coyote's column: the coyote, or where it may go.
  if (coyoteHere) {
    const c = coyote(ui, COYOTE_X, cy - 2, 13);
    if (facts.coyote) markWith(ui, c, facts.coyote, ui.svg("circle", { cx: COYOTE_X, cy: cy - 2, r: 18, class: "sotw-ring" }));
    row.append(c);
    row.append(ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
      ui.tr("coyote", "코요테")));
  }
  if (theirs && phase === "coyote" && !coyoteHere) {
    const target = ui.svg("g", { class: "sotw-coyote-target" },
      hit(ui, 4, y + 2, BW - 8, ROW - 4, 8),
      coyote(ui, COYOTE_X, cy - 2, 13, "sotw-coyote sotw-coyote-ghost"),
      ui.svg("text", { x: COYOTE_X, y: cy + 27, "text-anchor": "middle", class: "sotw-coyote-label" },
        ui.tr("here?", "여기로")));
    ui.bind(target, `coyote ${animal}`, ui.tr(`coyote onto the ${animalName(ui, animal)}`, `코요테를 ${animalName(ui, animal)}(으)로`));
    row.append(target);
  }
  return row;
}

/**
 * A player's whole area: name and total, action cards, stones in hand, the five animals.
 * @param {any} body @param {any} ui @param {number} p
 */
export function playerBoard(body, ui, p) {
  const view = body.view;
  const toMove = view.current_player === p;
  const mine = myTurn(body) && p === body.seat;
  const held = toMove ? spread(view.held || {}) : [];
  const showHand = toMove && (held.length > 0 || view.to_take > 0);
  const winners = body.winners || view.winners || [];
  const parts = [defs(ui)];

  // Header.
  const total = (view.scores[p] || {}).total || 0;
  parts.push(ui.svg("rect", { x: 0, y: 0, width: BW, height: 36, rx: 10, class: `sotw-head sotw-head-${p}` }));
  const name = ui.seatName ? ui.seatName(p) : ui.tr(`Player ${p + 1}`, `플레이어 ${p + 1}`);
  if (toMove) parts.push(glyph(ui, "turn", 17, 18, 9, "sotw-turn"));
  const won = winners.includes(p) && view.status === "finished";
  const totalText = `${won ? ui.tr("wins, ", "승리, ") : ""}${pts(ui, total)}`;
  // a long name ("Ann (left) — greedy plays") is drawn narrower, never under the score and its star
  const nameX = toMove ? 28 : 12;
  const room = BW - 12 - textWidth(totalText, 16) - (won ? 30 : 10) - nameX;
  const squeeze = textWidth(name, 15) > room ? { textLength: Math.max(40, room), lengthAdjust: "spacingAndGlyphs" } : {};
  parts.push(ui.svg("text", { x: nameX, y: 24, class: "sotw-name", ...squeeze }, name));
  parts.push(ui.svg("text", { x: BW - 12, y: 24, "text-anchor": "end", class: "sotw-total" }, totalText));
  if (won) parts.push(glyph(ui, "star", BW - 22 - textWidth(totalText, 16), 18, 8, "sotw-star"));

  // Action cards: two take-1 copies, take 2, add 2, add 3, the spirit card.
  const cards = view.action_cards[p];
  const downCount = (2 - cards.take1) + (cards.take2 ? 0 : 1) + (cards.add2 ? 0 : 1) + (cards.add3 ? 0 : 1);
  const cw = 56;
  const cy0 = 44;
  const ch = 56;
  const canCard = mine && view.phase === "card";
  /** @type {[string, boolean, number][]} */
  const deck = [
    ["take1", cards.take1 >= 1, -1], ["take1", cards.take1 >= 2, 1], ["take2", !!cards.take2, 0],
    ["add2", !!cards.add2, 0], ["add3", !!cards.add3, 0], ["spirit", true, 0],
  ];
  const facts = lastTurn(ui);
  deck.forEach(([card, up, half], i) => {
    const x = 4 + i * (cw + 4) + (card === "spirit" ? 2 : 0);
    // The card the last turn used: for take 1, the copy that turned face down last.
    let used = facts.cards.find((e) => e.seat === p
      && (e.move.trim() === card || (card === "spirit" && SPIRITS.includes(e.move.trim()))));
    if (card === "take1" && used && cards.take1 !== (half < 0 ? 0 : 1)) used = undefined;
    parts.push(actionCard(ui, card, up, x, cy0, cw - (card === "spirit" ? 2 : 0), ch, {
      token: canCard && up && card !== "spirit" ? card : undefined,
      ready: card === "spirit" && downCount >= 3,
      half: card === "take1" ? half : 0,
      mark: used,
    }));
  });
  let y = cy0 + ch + 8;

  // Stones in hand (the player to move), or how many are still to take.
  if (showHand) {
    parts.push(ui.svg("rect", { x: 4, y, width: BW - 8, height: 38, rx: 8, class: "sotw-hand" }));
    parts.push(ui.svg("text", { x: 14, y: y + 24, class: "sotw-hand-label" }, ui.tr("In hand", "손에 든 돌")));
    let hx = 100;
    held.forEach((kind) => {
      const g = ui.svg("g", { class: "sotw-held" }, hit(ui, hx - 15, y + 4, 30, 30, 15), stone(ui, kind, hx, y + 19, 12));
      if (mine && view.phase === "place") ui.bind(g, kind, `${ui.tr("place", "놓기")} ${stoneName(ui, kind)}`);
      parts.push(g);
      hx += 32;
    });
    if (view.to_take > 0) {
      parts.push(ui.svg("text", { x: hx - 4, y: y + 24, class: "sotw-hint" },
        ui.tr(`take ${view.to_take} from the tray`, `접시에서 ${view.to_take}개 가져오기`)));
    }
    y += 44;
  }

  for (const animal of ANIMALS) {
    parts.push(animalRow(body, ui, p, animal, y));
    y += ROW;
  }
  const height = y + 4;
  return ui.svg("svg", {
    viewBox: `0 0 ${BW} ${height}`, class: `sotw-svg sotw-board${toMove ? " sotw-to-move" : ""}`,
    role: "group", "aria-label": name,
  }, parts);
}
