// Harmonies' board: a player's personal board, its hex cells laid out in columns (side A or B), each cell
// with its stack as a small pile, its cube, its name and its height; your own cells are click targets.

import { fmt, hexPoints, SQ3 } from "./hex.js";
import { cardName, colourName, kindName, mark, seatLabel } from "./names.js";
import { cubeMark, pile } from "./pieces.js";

/** @typedef {import("./names.js").Ui} Ui */

const BOARD_R = 28; // hex radius of a personal board's cell

/** The landscape kind a stack makes, if any. @param {Ui} ui @param {string[]} stack */
function stackKind(ui, stack) {
  const kinds = ui.catalog?.kinds || {};
  for (const [kind, info] of Object.entries(kinds)) {
    if ((/** @type {any} */ (info).stacks || []).some((/** @type {string[]} */ s) => s.join(",") === stack.join(","))) return kind;
  }
  return "";
}

/** The columns of a board side. @param {Ui} ui @param {string} side */
export function sideColumns(ui, side) {
  return /** @type {number[]} */ (ui.catalog?.sides?.[side]?.columns || (side === "B" ? [4, 3, 4, 3, 4, 3, 4] : [5, 4, 5, 4, 5]));
}

/**
 * One player's board: every cell's stack as a small pile, cubes, cell names.
 * @param {Ui} ui @param {any} board view.boards[p] @param {string} side "A" or "B" @param {number} p the seat
 * @param {boolean} mine its cells are click targets @param {number} scale
 */
export function boardSvg(ui, board, side, p, mine, scale) {
  const columns = sideColumns(ui, side);
  const R = BOARD_R;
  const h = (SQ3 / 2) * R;
  const pad = 3;
  const width = 1.5 * R * (columns.length - 1) + 2 * R + 2 * pad;
  const rows = Math.max(...columns.map((n, q) => n + (q % 2 ? 0.5 : 0)));
  const height = SQ3 * R * rows + 2 * pad;
  const cells = [];
  /** @type {Element[]} */
  const texts = [];
  for (let q = 0; q < columns.length; q++) {
    for (let row = 0; row < columns[q]; row++) {
      const name = `${String.fromCharCode(97 + q)}${row + 1}`;
      const cx = pad + R + 1.5 * R * q;
      const cy = pad + h + SQ3 * R * (row + (q % 2 ? 0.5 : 0));
      const stack = /** @type {string[]} */ (board.cells?.[name] || []);
      const cube = board.cubes?.[name] || null;
      const isSpirit = !!cube && !!ui.catalog?.spirits?.[cube];
      const kind = stackKind(ui, stack);
      const describeCell = [
        name,
        stack.length ? stack.map((c) => colourName(ui, c)).join(" → ") : ui.tr("empty", "빈 칸"),
        kind ? `(${kindName(ui, kind)})` : "",
        cube ? ui.tr(`${cardName(ui, cube)} cube`, `${cardName(ui, cube)} 큐브`) : "",
      ].filter(Boolean).join(" ");
      const g = ui.svg("g", { class: `hm-cell${stack.length ? "" : " hm-empty"}`, "data-cell": name },
        ui.svg("title", {}, describeCell),
        ui.svg("polygon", { points: hexPoints(cx, cy, R - 0.8), class: "hm-hex" }),
        stack.length ? pile(ui, stack, cx + 1, cy + 13) : null,
        cube ? cubeMark(ui, cx + 19.5, cy + 2, 8.5, isSpirit) : null);
      mark(ui, g, name, p);
      if (mine) ui.bind(g, name, describeCell);
      cells.push(g);
      // the cell's name and height, outside the click target (its accessible name is its title)
      texts.push(ui.svg("text", { x: fmt(cx - R + 4), y: fmt(cy - 3), class: "hm-cellname" }, name));
      if (stack.length > 1) {
        texts.push(ui.svg("text", { x: fmt(cx - R + 8), y: fmt(cy + 9), "text-anchor": "middle", class: "hm-height" }, String(stack.length)));
      }
    }
  }
  return ui.svg("svg", {
    class: `hm-board hm-side-${side}`, viewBox: `0 0 ${fmt(width)} ${fmt(height)}`, width: fmt(width * scale),
    height: fmt(height * scale), role: "group", "aria-label": ui.tr(`Board of ${seatLabel(ui, p)}`, `${seatLabel(ui, p)}의 개인판`),
  }, ...cells, ui.svg("g", { class: "hm-labels", "aria-hidden": "true" }, ...texts));
}
