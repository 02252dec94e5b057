// Harmonies in the browser: draw(body, ui), legend(ui), prompt(body, ui), endReason(body, ui)
// (docs/web-boards.md).
//
// Everything is drawn from body.view (HarmoniesState.view / public_view) and ui.catalog
// (hanpan.games.harmonies.webdata.catalog).  Tokens for choosing a move (docs/notation.md, Harmonies):
//   central space k ........ "space k"        a token in hand ........ its colour, "green"
//   a cell of your board ... its name, "c3"   a held card / spirit ... "cube <id>"
//   a displayed card ....... "card <id>"      its solo discard chip .. "discard <id>"
//   a dealt spirit ......... "keep <id>"      the end-turn button .... "end"
// so "green" then "c3" makes "green c3", and "cube fish" then "d2" makes "cube fish d2".
//
// The table is composed here; its parts come from their modules: pieces.js (tokens, piles, cubes, icons,
// habitat patterns), cards.js (animal and spirit cards), personal_board.js (a player's hex board),
// hex.js (hexagon geometry) and names.js (the Ui type, names in the page's language).

import { animalCard, miniCard, spiritCard } from "./cards.js";
import { hexPoints } from "./hex.js";
import { cardName, colourName, kindName, mark, seatLabel, txt } from "./names.js";
import { boardSvg, sideColumns } from "./personal_board.js";
import { COLOURS, cubeMark, icon, inlineToken, pattern, pile, tokenDisc } from "./pieces.js";

export { pattern }; // a card's habitat, as board.js exported it before the split

/** @typedef {import("./names.js").Ui} Ui */

// --- the table -------------------------------------------------------------------------------------

/** @param {Ui} ui @param {string} cls @param {string} title @param {...any} children */
function section(ui, cls, title, ...children) {
  return ui.h("section", { class: `hm-section ${cls}` }, ui.h("h3", { class: "hm-title" }, title), ...children);
}

/** Counts of each colour as token discs with a number: the pouch. @param {Ui} ui @param {Record<string, number>} counts */
function countRow(ui, counts) {
  return ui.h("div", { class: "hm-counts" }, ...COLOURS.map((c) => ui.h("span", {
    class: "hm-count", title: `${colourName(ui, c)}: ${counts[c] || 0}`,
  }, inlineToken(ui, c, 16, colourName(ui, c)), `×${counts[c] || 0}`)));
}

/** The central board: each space's three tokens. @param {Ui} ui @param {any} view @param {boolean} mine */
function centralSvg(ui, view, mine) {
  const spaces = /** @type {Record<string, number>[]} */ (view.central || []);
  const S = 45;
  const width = S * spaces.length + 2;
  const height = S + 12;
  /** @type {Element[]} */
  const nums = [];
  const parts = spaces.map((space, k) => {
    const cx = 1 + S * k + S / 2;
    const cy = S / 2 + 1;
    const tokens = COLOURS.flatMap((c) => Array(space[c] || 0).fill(c));
    const spots = [[0, -9.5], [-9.5, 6.5], [9.5, 6.5]];
    const token = `space ${k + 1}`;
    const label = ui.tr(`Space ${k + 1}: `, `${k + 1}번 칸: `)
      + (tokens.length ? tokens.map((c) => colourName(ui, c)).join(", ") : ui.tr("empty", "비었음"));
    const g = ui.svg("g", { class: `hm-space${tokens.length ? "" : " hm-empty"}` },
      ui.svg("title", {}, label),
      ui.svg("circle", { cx, cy, r: S / 2 - 1.5, class: "hm-space-ring" }),
      ...tokens.map((c, i) => tokenDisc(ui, c, cx + spots[i % 3][0], cy + spots[i % 3][1], 9)));
    nums.push(ui.svg("text", { x: cx, y: S + 11, "text-anchor": "middle", class: "hm-space-num" }, String(k + 1)));
    mark(ui, g, token, null);
    if (mine) ui.bind(g, token, label);
    return g;
  });
  return ui.svg("svg", {
    class: "hm-central", viewBox: `0 0 ${width} ${height}`, width, height, role: "group",
    "aria-label": ui.tr("Central board", "중앙판"),
  }, ...parts, ui.svg("g", { class: "hm-labels", "aria-hidden": "true" }, ...nums));
}

/** @param {Ui} ui @param {any} score @param {Record<string, string>} labels */
function scoreLine(ui, score, labels) {
  if (!score) return null;
  const cats = ["trees", "mountains", "fields", "buildings", "water", "animals", "spirit"];
  const fallback = /** @type {Record<string, [string, string]>} */ ({
    trees: ["trees", "나무"], mountains: ["mountains", "산"], fields: ["fields", "들판"], buildings: ["buildings", "건물"],
    water: ["water", "물"], animals: ["animals", "동물"], spirit: ["spirit", "정령"], suns: ["suns", "태양"],
  });
  const label = (/** @type {string} */ k) => labels?.[k] || (fallback[k] ? ui.tr(...fallback[k]) : k);
  return ui.h("div", { class: "hm-scores" },
    ...cats.filter((k) => k in score).map((k) => ui.h("span", { class: `hm-score hm-score-${k}` },
      ui.h("span", { class: "hm-score-label" }, label(k)), " ", ui.h("b", {}, String(score[k])))));
}

/** The seats whose board had at most `end_empty_cells` empty cells. @param {Ui} ui @param {any} view */
function fullBoards(ui, view) {
  const side = String(view.options?.side || "A");
  const total = sideColumns(ui, side).reduce((a, b) => a + b, 0);
  const limit = ui.catalog?.end_empty_cells ?? 2;
  /** @type {[number, number][]} seat, empty cells */
  const out = [];
  (view.boards || []).forEach((/** @type {any} */ b, /** @type {number} */ p) => {
    const empty = total - Object.keys(b.cells || {}).length;
    if (empty <= limit) out.push([p, empty]);
  });
  return out;
}

/** "your board had no empty cell left", "Ann's board had only 2 empty cells left" (Korean: 내 개인판에 …).
 * @param {Ui} ui @param {number} p the seat @param {number} n its empty cells @param {boolean} yours */
export function fullBoardText(ui, p, n, yours) {
  const name = yours ? "" : String(seatLabel(ui, p));
  const en = yours ? "your board" : `${name}'s board`;
  const ko = yours ? "내 개인판에" : `${name}의 개인판에`;
  if (n === 0) return ui.tr(`${en} had no empty cell left`, `${ko} 빈 칸이 남지 않았고`);
  return ui.tr(`${en} had only ${n} empty cell${n === 1 ? "" : "s"} left`, `${ko} 빈 칸이 ${n}개만 남았고`);
}

/**
 * Why the game ended, in the page's language ("" while it goes on).
 * @param {any} body @param {Ui} ui
 * @returns {string}
 */
export function endReason(body, ui) {
  const view = body?.view || {};
  if (body?.status !== "finished" && view.status !== "finished") return "";
  const solo = (view.players || (view.boards || []).length) === 1;
  const limit = ui.catalog?.end_empty_cells ?? 2;
  const full = fullBoards(ui, view);
  const pouch = COLOURS.reduce((a, c) => a + (view.pouch?.[c] || 0), 0);
  const when = solo ? ui.tr("at the end of that turn", "그 턴이 끝날 때") : ui.tr("at the end of that round", "그 라운드가 끝날 때");
  const parts = [];
  if (full.length) {
    parts.push(...full.map(([p, n]) => fullBoardText(ui, p, n, p === body.seat)));
  }
  if (pouch === 0) {
    parts.push(ui.tr("the pouch could not refill the central board", "주머니의 토큰으로 중앙판을 다시 채울 수 없었고"));
  }
  if (!parts.length) {
    const turns = view.options?.max_turns;
    if (turns) return ui.tr(`The game stopped at its limit of ${turns} turns.`, `정해진 ${turns}턴이 모두 지나 게임을 멈췄습니다.`);
    return ui.tr("The game is over.", "게임이 끝났습니다.");
  }
  if (ui.lang === "ko") return `${parts.join(" ")} ${when} 게임이 끝났습니다 (빈 칸이 ${limit}개 이하인 개인판이 생기거나 주머니가 비면 끝남).`;
  return `The game ended ${when} because ${parts.join(", and ")} (it ends once a board has ${limit} or fewer empty cells or the pouch runs out).`;
}

/**
 * What the seat to move must do now, in the page's language ("" when it is not your turn).
 * @param {any} body @param {Ui} ui
 * @returns {string}
 */
export function prompt(body, ui) {
  const view = body?.view || {};
  const legal = /** @type {string[]} */ (body?.legal || []);
  if (body?.status === "finished" || body?.seat === null || body?.seat === undefined || !legal.length) return "";
  if (body.current_player !== undefined && body.current_player !== null && body.current_player !== body.seat) return "";
  const has = (/** @type {string} */ w) => legal.some((m) => m.split(" ")[0] === w);
  if (has("keep")) return ui.tr("Keep one of your two Nature's Spirits", "자연의 정령 두 장 중 한 장을 고르세요");
  /** @type {[string, string, string][]} en, ko before "or", ko at the end */
  const also = [];
  if (has("card")) also.push(["take an animal card", "동물 카드를 가져오거나", "동물 카드를 가져오세요"]);
  if (has("cube")) also.push(["place an animal cube", "동물 큐브를 놓거나", "동물 큐브를 놓으세요"]);
  const or = (/** @type {string} */ en, /** @type {string} */ ko) => {
    if (!also.length) return ui.tr(`${en[0].toUpperCase()}${en.slice(1)}`, ko);
    const enAll = [en, ...also.map((a) => a[0])];
    const enText = `${enAll.slice(0, -1).join(", ")} or ${enAll[enAll.length - 1]}`;
    return ui.tr(`${enText[0].toUpperCase()}${enText.slice(1)}`, `${also.map((a) => a[1]).join(" ")} ${ko}`);
  };
  if (has("space")) return or("take the tokens of a central space", "중앙판의 한 칸에서 토큰을 가져오세요");
  const hand = /** @type {Record<string, number>} */ (view.hand || {});
  const held = COLOURS.filter((c) => hand[c]);
  const count = held.reduce((a, c) => a + hand[c], 0);
  if (count) {
    if (count === 1) {
      const c = held[0];
      return or(`place your ${colourName(ui, c).toLowerCase()} token on your board`, `${colourName(ui, c)} 토큰을 개인판에 놓으세요`);
    }
    const names = held.map((c) => colourName(ui, c));
    const enNames = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    return or(`place your ${enNames.toLowerCase()} tokens on your board`, `${names.join(", ")} 토큰 ${count}개를 개인판에 놓으세요`);
  }
  const endings = /** @type {[string, string, string][]} */ ([...also]);
  if (has("discard")) endings.push(["discard a card of the display", "펼친 카드 한 장을 버리거나", "펼친 카드 한 장을 버리세요"]);
  if (has("end")) endings.push(["end your turn", "차례를 마치거나", "차례를 마치세요"]);
  if (!endings.length) return "";
  const en = endings.length === 1 ? endings[0][0]
    : `${endings.slice(0, -1).map((e) => e[0]).join(", ")} or ${endings[endings.length - 1][0]}`;
  const ko = [...endings.slice(0, -1).map((e) => e[1]), endings[endings.length - 1][2]].join(" ");
  return ui.tr(`${en[0].toUpperCase()}${en.slice(1)}`, ko);
}

/**
 * Whether a click target is of the kind the prompt names first (the page keeps one of those in the
 * window): the central spaces while a space may be taken, the two dealt spirits, the board's cells and
 * the tokens in hand while tokens are placed; after that every target.
 * @param {any} body @param {string} token
 * @returns {boolean}
 */
export function focus(body, token) {
  const legal = /** @type {string[]} */ (body?.legal || []);
  const offered = (/** @type {string} */ word) => legal.some((m) => m.split(" ")[0] === word);
  if (offered("space")) return token.startsWith("space ");
  if (offered("keep")) return token.startsWith("keep ");
  const hand = /** @type {Record<string, number>} */ (body?.view?.hand || {});
  if (COLOURS.some((c) => hand[c])) return COLOURS.includes(token) || /^[a-z]\d+$/.test(token);
  return true;
}

/**
 * @param {any} body the page's body (docs/web-boards.md)
 * @param {Ui} ui
 * @returns {Element}
 */
export function draw(body, ui) {
  const view = body.view || {};
  const side = String(view.options?.side || "A");
  const boards = /** @type {any[]} */ (view.boards || []);
  const players = /** @type {number} */ (view.players || boards.length);
  const solo = players === 1;
  const over = body.status === "finished" || view.status === "finished";
  const current = over ? null : (body.current_player ?? view.current_player ?? null);
  const mine = body.seat !== null && body.seat !== undefined && body.seat === current && !over;
  const scores = body.scores || view.scores || [];
  const labels = body.labels || {};
  const legal = /** @type {string[]} */ (body.legal || []);
  const winners = /** @type {number[]} */ (body.winners?.length ? body.winners : view.winners || []);
  // whose area comes first: your own, or (spectator, replay) the seat to move
  const me = /** @type {number} */ (body.seat ?? view.you ?? current ?? 0);
  const you = view.you ?? body.seat ?? null;

  // Chips: side, turn, last round, supplies
  const sideName = txt(ui, ui.catalog?.sides?.[side]?.name, "");
  const chips = [ui.h("span", { class: "hm-chip" }, ui.tr(`Side ${side}`, `${side}면`), sideName ? ` · ${sideName}` : "")];
  if (!over) chips.push(ui.h("span", { class: "hm-chip" }, ui.tr(`Turn ${(view.turn || 0) + 1}`, `${(view.turn || 0) + 1}번째 턴`)));
  if (view.ending && !over) {
    chips.push(ui.h("span", { class: "hm-chip hm-chip-warn" }, icon(ui, "warn", 13), " ", ui.tr("Last round", "마지막 라운드")));
  }
  if (solo && scores[0] && "suns" in scores[0]) {
    chips.push(ui.h("span", { class: "hm-chip hm-chip-suns", title: txt(ui, ui.catalog?.scoring?.suns) },
      icon(ui, "sun", 13), " ", ui.tr(`${scores[0].suns} sun${scores[0].suns === 1 ? "" : "s"}`, `태양 ${scores[0].suns}개`)));
  }
  chips.push(ui.h("span", { class: "hm-chip", title: ui.tr("animal cubes in the supply", "공급처의 동물 큐브") },
    icon(ui, "cube", 13), ui.tr(` cubes ${view.supply ?? "?"}`, ` 큐브 ${view.supply ?? "?"}`)));
  chips.push(ui.h("span", { class: "hm-chip" }, ui.tr(`deck ${view.deck_size ?? "?"}`, `카드 더미 ${view.deck_size ?? "?"}`)));
  if (solo) {
    chips.push(ui.h("span", { class: "hm-chip", title: ui.tr("tokens returned to the box", "상자로 돌아간 토큰") },
      ui.tr(`box ${view.box || 0}`, `상자 ${view.box || 0}`)));
    if ((view.discarded || []).length) {
      chips.push(ui.h("span", {
        class: "hm-chip", title: (view.discarded || []).map((/** @type {string} */ c) => cardName(ui, c)).join(", "),
      }, ui.tr(`discarded ${(view.discarded || []).length}`, `버린 카드 ${(view.discarded || []).length}`)));
    }
  }

  // Central board and pouch
  const pouchTotal = COLOURS.reduce((a, c) => a + (view.pouch?.[c] || 0), 0);
  const central = section(ui, "hm-central-area", ui.tr("Central board", "중앙판"),
    centralSvg(ui, view, mine),
    ui.h("div", { class: "hm-pouch" },
      ui.h("span", { class: "hm-sub" }, ui.tr(`Pouch ${pouchTotal}`, `주머니 ${pouchTotal}`)),
      countRow(ui, view.pouch || {})),
    ui.h("div", { class: "hm-supplies" }, ...chips));

  // The mover's tokens in hand and the end of the turn
  const hand = /** @type {Record<string, number>} */ (view.hand || {});
  const handTokens = COLOURS.flatMap((c) => Array(hand[c] || 0).fill(c));
  /** @type {Element | null} */
  let handArea = null;
  if (current !== null) {
    const items = handTokens.map((c) => {
      const s = ui.svg("svg", { class: "hm-hand-token", width: 36, height: 36, viewBox: "0 0 36 36", "aria-hidden": "true" },
        tokenDisc(ui, c, 18, 18, 15));
      const wrap = ui.h("span", { class: "hm-hand-item", title: colourName(ui, c) }, s);
      if (mine) ui.bind(wrap, c, ui.tr(`${colourName(ui, c)} token`, `${colourName(ui, c)} 토큰`));
      return wrap;
    });
    let note = "";
    const keeping = !!view.options?.spirits && !view.boards?.[current]?.spirit;
    // the two dealt Nature's Spirits, to keep one: shown here, where the turn's choices are
    const dealt = keeping && current === you && Array.isArray(view.dealt?.[current]) ? /** @type {string[]} */ (view.dealt[current]) : [];
    if (dealt.length) {
      for (const id of dealt) items.push(spiritCard(ui, id, { token: mine ? `keep ${id}` : null }));
    } else if (!handTokens.length) {
      note = keeping ? ui.tr("Keeps a Nature's Spirit first", "먼저 자연의 정령을 고름")
        : view.took ? ui.tr("All tokens placed", "토큰을 모두 놓음") : ui.tr("No tokens yet: take a central space", "아직 없음: 중앙판에서 가져옴");
    }
    const showEnd = mine && legal.includes("end");
    const endBtn = ui.h("button", { class: "hm-button", type: "button" }, ui.tr("End turn", "차례 마치기"));
    if (showEnd) ui.bind(endBtn, "end", ui.tr("End the turn", "차례 마치기"));
    const title = dealt.length ? ui.tr("Your two Nature's Spirits", "받은 자연의 정령 두 장")
      : current === me && body.seat === me ? ui.tr("Your tokens in hand", "손에 든 토큰")
      : ui.tr(`In hand: ${seatLabel(ui, current)}`, `손에 든 토큰: ${seatLabel(ui, current)}`);
    handArea = section(ui, "hm-hand", title,
      ui.h("div", { class: "hm-hand-row" }, ...items, note ? ui.h("span", { class: "hm-sub" }, note) : null,
        showEnd ? endBtn : null),
      view.card_taken ? ui.h("div", { class: "hm-sub" }, ui.tr("Card taken this turn", "이번 턴에 카드를 가져감")) : null);
  }

  // The display of animal cards
  const display = /** @type {string[]} */ (view.display || []);
  const displayCards = display.map((id) => {
    const card = animalCard(ui, id, { token: mine ? `card ${id}` : null });
    if (solo && mine && legal.includes(`discard ${id}`)) {
      const btn = ui.h("button", { class: "hm-button hm-discard", type: "button" }, ui.tr("Discard", "버리기"));
      ui.bind(btn, `discard ${id}`, ui.tr(`Discard ${cardName(ui, id)}`, `${cardName(ui, id)} 버리기`));
      return ui.h("div", { class: "hm-card-with" }, card, btn);
    }
    return card;
  });
  const displayArea = section(ui, "hm-display", ui.tr("Animal cards", "동물 카드"),
    ui.h("div", { class: "hm-cards" }, ...displayCards,
      displayCards.length ? null : ui.h("span", { class: "hm-sub" }, ui.tr("none left", "남은 카드 없음"))));

  // A player's area: the large one (yours) or a compact one (the others)
  const limit = ui.catalog?.card_limit ?? 4;
  const area = (/** @type {number} */ p, /** @type {boolean} */ compact) => {
    const board = boards[p] || {};
    const isMover = p === current;
    const mineHere = mine && p === body.seat;
    const score = scores[p];
    const cards = /** @type {{id: string, cubes_placed: number}[]} */ (board.cards || []);
    const cubesOf = (/** @type {string} */ id) => ui.catalog?.animals?.[id]?.cubes ?? 99;
    const held = cards.filter((c) => c.cubes_placed < cubesOf(c.id));
    const heldCount = held.length + (board.spirit && !board.spirit.placed ? 1 : 0); // an unplaced spirit counts
    const done = cards.filter((c) => c.cubes_placed >= cubesOf(c.id));
    /** @param {string} id @returns {[string, number | null][]} */
    const marksOf = (id) => [[`card ${id}`, p], [`cube ${id}`, p], [`keep ${id}`, p]];
    const cardEls = [];
    if (compact) {
      if (board.spirit) cardEls.push(miniCard(ui, board.spirit.id, !!board.spirit.placed, marksOf(board.spirit.id)));
      for (const c of cards) cardEls.push(miniCard(ui, c.id, c.cubes_placed, marksOf(c.id)));
    } else {
      if (board.spirit) {
        const id = board.spirit.id;
        cardEls.push(spiritCard(ui, id, {
          placed: !!board.spirit.placed, token: mineHere && !board.spirit.placed ? `cube ${id}` : null, marks: marksOf(id),
        }));
      } else if (view.options?.spirits && p === you && Array.isArray(view.dealt?.[p]) && p !== current) {
        const choose = ui.tr("Keep one of the two", "둘 중 하나를 고르세요");
        for (const id of view.dealt[p]) cardEls.push(spiritCard(ui, id, { note: choose }));
      }
      for (const c of held) {
        cardEls.push(animalCard(ui, c.id, { placed: c.cubes_placed, token: mineHere ? `cube ${c.id}` : null, marks: marksOf(c.id) }));
      }
    }
    const doneEls = compact ? [] : done.map((c) => miniCard(ui, c.id, c.cubes_placed, marksOf(c.id)));
    const total = score ? score.total : 0;
    let scale = side === "B" ? 1.7 : 1.55;
    if (compact) scale = side === "B" ? 0.62 : 0.72;
    return ui.h("section", {
      class: `hm-player${compact ? " hm-compact" : " hm-me"}${isMover ? " hm-mover" : ""}${p === you ? " hm-you" : ""}`,
      "aria-label": seatLabel(ui, p),
    },
    ui.h("header", { class: "hm-player-head" },
      ui.h("span", { class: "hm-player-name" }, isMover ? icon(ui, "turn", 12) : null, isMover ? " " : "", seatLabel(ui, p)),
      over && winners.includes(p) && !solo ? ui.h("span", { class: "hm-chip hm-chip-win" }, icon(ui, "star", 12), " ", ui.tr("winner", "승리")) : null,
      ui.h("span", { class: "hm-total", title: ui.tr("total score", "총점") }, String(total),
        ui.h("small", {}, ui.tr(" pts", "점")))),
    compact ? null : scoreLine(ui, score, labels),
    ui.h("div", { class: "hm-player-body" },
      ui.h("div", { class: "hm-board-wrap" }, boardSvg(ui, board, side, p, mineHere, scale)),
      ui.h("div", { class: "hm-player-cards" },
        ui.h("div", { class: "hm-sub" }, ui.tr(`Cards held ${heldCount}/${limit}`, `보유 카드 ${heldCount}/${limit}`),
          done.length ? ui.tr(` · complete ${done.length}`, ` · 완성 ${done.length}`) : ""),
        cardEls.length ? ui.h("div", { class: compact ? "hm-minis" : "hm-cards" }, ...cardEls) : null,
        doneEls.length ? ui.h("div", { class: "hm-minis hm-done-cards" }, ...doneEls) : null)));
  };

  const others = boards.map((_, p) => p).filter((p) => p !== me);
  const mineArea = area(me, false);
  const otherAreas = others.map((p) => area(p, true));
  // on a phone the page shows what you act on and the other players as tabs (docs/web-boards.md)
  for (const el of [central, handArea, displayArea, mineArea]) el?.setAttribute("data-phone", "play");
  for (const el of otherAreas) el.setAttribute("data-phone", "others");

  const left = ui.h("div", { class: "hm-left" }, central, handArea, players === 2 ? otherAreas : null);
  return ui.h("div", { class: `hm hm-players-${players} hm-side-${side}`, lang: ui.lang },
    ui.h("div", { class: "hm-main" }, left, mineArea, displayArea),
    players > 2 ? ui.h("div", { class: "hm-others" }, ...otherAreas) : null);
}

/**
 * The rules of every card and spirit and a legend of every symbol.
 * @param {Ui} ui
 * @returns {Element}
 */
export function legend(ui) {
  const cat = ui.catalog || {};
  const tokens = COLOURS.map((c) => ui.h("div", { class: "hm-legend-item" },
    inlineToken(ui, c, 26), ui.h("b", {}, colourName(ui, c))));
  const kinds = Object.entries(cat.kinds || {}).map(([kind, info]) => {
    const stacks = /** @type {string[][]} */ (/** @type {any} */ (info).stacks);
    const desc = stacks.length > 1
      ? ui.tr("red on red, brown or grey", "빨강 아래 빨강·갈색·회색")
      : stacks[0].map((c) => colourName(ui, c)).join(" → ");
    const example = stacks.length > 1 ? ["grey", "red"] : stacks[0];
    return ui.h("div", { class: "hm-legend-item" },
      ui.svg("svg", { class: "hm-inline", width: 34, height: 40, viewBox: "-17 -30 34 40", "aria-hidden": "true" },
        pile(ui, example, 0, 3)),
      pattern(ui, [{ q: 0, r: 0, kind, cube: false }], 13),
      ui.h("span", {}, ui.h("b", {}, kindName(ui, kind)), ` — ${desc}`));
  });
  const item = (/** @type {Element} */ pic, /** @type {string} */ text) => ui.h("div", { class: "hm-legend-item" }, pic, ui.h("span", {}, text));
  const symbols = [
    item(ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, cubeMark(ui, 8, 8, 10, false)),
      ui.tr("animal cube (on a board, or still on a card's track)", "동물 큐브 (개인판 위, 또는 카드 점수 칸 위)")),
    item(ui.svg("svg", { class: "hm-inline", width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" }, cubeMark(ui, 8, 8, 10, true)),
      ui.tr("spirit cube", "정령 큐브")),
    item(pattern(ui, [{ q: 0, r: 0, kind: "tree2", cube: true }], 13),
      ui.tr("on a card's habitat: colours bottom → top, the landscape's icon, its height as dots; the cell with a cube and a thick edge is where the cube goes",
        "카드 서식지: 색은 아래 → 위, 풍경 그림, 높이는 점의 개수; 큐브 표시와 굵은 테두리가 있는 칸이 큐브를 놓는 칸")),
    item(ui.svg("svg", { class: "hm-inline", width: 30, height: 26, viewBox: "-15 -13 30 26", "aria-hidden": "true" },
      ui.svg("polygon", { points: hexPoints(0, 0, 12), class: "hm-legend-go" })),
    ui.tr("green edge: you can click it now (orange: chosen)", "초록 테두리: 지금 누를 수 있음 (주황: 선택됨)")),
    item(ui.svg("svg", { class: "hm-inline", width: 30, height: 26, viewBox: "-15 -13 30 26", "aria-hidden": "true" },
      ui.svg("polygon", { points: hexPoints(0, 0, 12), class: "hm-legend-last" })),
    ui.tr("dashed gold edge: changed by the other player's last turn", "금색 점선 테두리: 상대가 지난 차례에 바꾼 곳")),
    ui.h("div", { class: "hm-legend-item" },
      ui.tr("Board cells: each stack is drawn as a pile, bottom → top; the small number is its height.",
        "개인판 칸: 쌓은 토큰을 아래 → 위로 그림; 작은 숫자는 높이.")),
    ui.h("div", { class: "hm-legend-item" },
      ui.tr("Card track: values top → bottom; cubes leave from the bottom; the highlighted value is what the card scores now.",
        "카드 점수: 위 → 아래; 큐브는 아래부터 옮김; 강조된 값이 지금 점수.")),
  ];
  const scoring = Object.values(cat.scoring || {}).map((pair) => ui.h("li", {}, txt(ui, /** @type {any} */ (pair))));
  const animals = Object.keys(cat.animals || {}).map((id) => animalCard(ui, id));
  const spirits = Object.entries(cat.spirits || {}).map(([id, info]) => ui.h("div", { class: "hm-legend-spirit" },
    spiritCard(ui, id),
    ui.h("div", { class: "hm-sub" }, ui.tr(`Solo: +${info.solo_sun_bonus} sun${info.solo_sun_bonus === 1 ? "" : "s"}`,
      `솔로: 태양 +${info.solo_sun_bonus}`))));
  return ui.h("div", { class: "hm hm-legend", lang: ui.lang },
    section(ui, "", ui.tr("Tokens", "토큰"), ui.h("div", { class: "hm-legend-grid" }, ...tokens)),
    section(ui, "", ui.tr("Landscapes (on boards and cards' habitats)", "풍경 (개인판과 카드의 서식지)"), ui.h("div", { class: "hm-legend-grid" }, ...kinds)),
    section(ui, "", ui.tr("Symbols", "기호"), ui.h("div", { class: "hm-legend-list" }, ...symbols)),
    section(ui, "", ui.tr("Scoring", "점수 계산"), ui.h("ul", { class: "hm-legend-list" }, ...scoring)),
    section(ui, "", ui.tr("Animal cards", "동물 카드"), ui.h("div", { class: "hm-cards" }, ...animals)),
    section(ui, "", ui.tr("Nature's Spirits", "자연의 정령"), ui.h("div", { class: "hm-cards" }, ...spirits)));
}
