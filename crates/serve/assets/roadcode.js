// A hexet road log written as the `roads=` of a web address, and read back:
// the format of the library's `hexet::road_code` module, whose documentation
// describes it (each road the same number of letters of the URL-safe base64
// alphabet, one number made of the first end's offset column and row, the
// side towards the other end, the player, bridge or not, and add or remove).
// Entries are the road log's `{player, from, to, type, action}`, cells as
// axial `[q, r]`.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Players a code can name. */
const PLAYERS = 8;
/** Axial offsets of the neighbours, by side number (as the board's `directions`). */
const DIRECTIONS = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

/** A refused code or entry: `index` is the road at fault, counted from 0. */
export class RoadCodeError extends Error {
  constructor(index, reason) {
    super(`road ${index + 1}: ${reason}`);
    this.index = index;
  }
}

/** Different roads a `width` × `height` map has codes for. */
const roads = (width, height) => width * height * 6 * PLAYERS * 4;

/** Letters per road on a `width` × `height` map. */
export function letters(width, height) {
  let n = 1;
  for (let reach = 64; reach < roads(width, height); reach *= 64) n++;
  return n;
}

const floorHalf = (q) => Math.floor(q / 2);

/** `log` as a code for a `width` × `height` map; throws a RoadCodeError for an entry it cannot write. */
export function encode(width, height, log) {
  const size = letters(width, height);
  return log.map((entry, index) => {
    const [q, r] = entry.from;
    const side = DIRECTIONS.findIndex(([dq, dr]) => q + dq === entry.to[0] && r + dr === entry.to[1]);
    if (side < 0) throw new RoadCodeError(index, `cells [${entry.from}] and [${entry.to}] are not neighbours`);
    const [column, row] = [q, r + floorHalf(q)];
    if (column < 0 || column >= width || row < 0 || row >= height) throw new RoadCodeError(index, `cell [${entry.from}] is off the map`);
    if (!(entry.player >= 0 && entry.player < PLAYERS)) throw new RoadCodeError(index, `player ${entry.player} is not one of 0 to ${PLAYERS - 1}`);
    let value = column * height + row;
    value = value * 6 + side;
    value = value * PLAYERS + entry.player;
    value = value * 2 + (entry.type === "bridge" ? 1 : 0);
    value = value * 2 + (entry.action === "remove" ? 1 : 0);
    let text = "";
    for (let k = 0; k < size; k++) {
      text = ALPHABET[value % 64] + text;
      value = Math.floor(value / 64);
    }
    return text;
  }).join("");
}

/** The road log `code` gives on a `width` × `height` map; throws a RoadCodeError for a bad code. */
export function decode(width, height, code) {
  const size = letters(width, height);
  if (code.length % size !== 0) {
    throw new RoadCodeError(Math.floor(code.length / size), `the code is ${code.length} letters long; on this map every road is ${size} letters, so it is cut short`);
  }
  const log = [];
  for (let index = 0; index * size < code.length; index++) {
    let value = 0;
    for (const letter of code.slice(index * size, (index + 1) * size)) {
      const digit = ALPHABET.indexOf(letter);
      if (digit < 0) throw new RoadCodeError(index, `“${letter}” is not a letter of a road code (A–Z, a–z, 0–9, - and _)`);
      value = value * 64 + digit;
    }
    if (value >= roads(width, height)) throw new RoadCodeError(index, "the code names no road on this map");
    const action = value % 2 ? "remove" : "add";
    value = Math.floor(value / 2);
    const type = value % 2 ? "bridge" : "normal";
    value = Math.floor(value / 2);
    const player = value % PLAYERS;
    value = Math.floor(value / PLAYERS);
    const [dq, dr] = DIRECTIONS[value % 6];
    value = Math.floor(value / 6);
    const [column, row] = [Math.floor(value / height), value % height];
    const from = [column, row - floorHalf(column)];
    log.push({ player, from, to: [from[0] + dq, from[1] + dr], type, action });
  }
  return log;
}
