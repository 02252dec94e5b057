// Harmonies' board: the geometry of its SVG drawings: numbers written to two decimals, the corners of a
// flat-topped hexagon, the band of one between two heights, a polygon's points.

export const SQ3 = Math.sqrt(3);

/** @param {number} n */
export const fmt = (n) => (Math.round(n * 100) / 100).toString();

/** Corners of a flat-topped hexagon. @param {number} cx @param {number} cy @param {number} r */
export function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${fmt(cx + r * Math.cos(a))},${fmt(cy + r * Math.sin(a))}`);
  }
  return pts.join(" ");
}

/**
 * The part of a flat-topped hexagon between two heights (y grows downwards), as polygon points.
 * @param {number} cx @param {number} cy @param {number} r @param {number} y0 top @param {number} y1 bottom
 */
export function hexBand(cx, cy, r, y0, y1) {
  const w = (/** @type {number} */ y) => r - Math.abs(y) / SQ3;
  /** @type {[number, number][]} */
  const pts = [[-w(y0), y0], [w(y0), y0]];
  if (y0 < 0 && y1 > 0) pts.push([r, 0]);
  pts.push([w(y1), y1], [-w(y1), y1]);
  if (y0 < 0 && y1 > 0) pts.push([-r, 0]);
  return pts.map(([x, y]) => `${fmt(cx + x)},${fmt(cy + y)}`).join(" ");
}

/** Points of a polygon from [x, y] pairs. @param {number[][]} pts */
export const poly = (pts) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
