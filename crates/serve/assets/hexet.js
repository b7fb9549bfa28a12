// Hexet: a playable map. Pick a player, click two neighbouring cells (or drag
// from one to the other on the fitted map; on a zoomed one a drag pans) to
// build a road between them, a bridge where a river runs between; click one
// of your roads to remove it. Networks are tinted in their player's colour,
// the cities and tower they reach are ringed (one ring a player), and the
// scores follow every road. Players may go in turn; "edit any road" lets a
// designer remove anyone's road. A new map, or another road log loaded,
// where roads are built asks first.
//
// The game is its address: the road log rides in `roads=` beside the seed
// and the parameters (the server's `/api/hexet/roads` writes the log as that
// code and reads it back), each road a history entry, and every
// road asks the server for the board of the new address, which replays the
// log. A road log downloads as the JSON `--roads` reads, and loads back.
//
// "Cheapest roads of" draws one city type's cheapest tree over the map (the
// result's `city_type_trees`), the same for every player.
//
// The map is the server's drawing; over it the page lays its own layer of
// cells and roads to click, each cell where the drawing's own
// `polygon.cell` for it lies, so the page never repeats the drawing's
// layout.

import { ApiError, DRAWING, fetchApi } from "./api.js";
import { addStyles, el } from "./form.js";

const SVG = "http://www.w3.org/2000/svg";
/** The players' colours, as `/api/generators` gives them: the map's roads' own. */
let playerColours = ["#111111"];
const colour = (player) => playerColours[player % playerColours.length];

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const key = ([q, r]) => `${q},${r}`;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/**
 * Where the drawing put each cell, read from its `polygon.cell` elements:
 * `center(cell)`, `corners(cell, scale)` (the cell's outline shrunk about its
 * centre) and `size` (a hex's centre-to-corner distance).
 */
function layoutOf(svg) {
  const outlines = new Map();
  for (const polygon of svg.querySelectorAll("polygon.cell[data-q]")) {
    if (polygon.closest(".play")) continue;
    const points = polygon.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    const centre = [0, 1].map((i) => points.reduce((sum, p) => sum + p[i], 0) / points.length);
    outlines.set(`${polygon.dataset.q},${polygon.dataset.r}`, { centre, points });
  }
  const first = outlines.values().next().value;
  const size = first ? Math.hypot(first.points[0][0] - first.centre[0], first.points[0][1] - first.centre[1]) : 1;
  const center = (cell) => outlines.get(key(cell))?.centre ?? [0, 0];
  const corners = (cell, scale = 1) => {
    const outline = outlines.get(key(cell));
    if (!outline) return "";
    const [cx, cy] = outline.centre;
    return outline.points.map(([x, y]) => `${(cx + (x - cx) * scale).toFixed(3)},${(cy + (y - cy) * scale).toFixed(3)}`).join(" ");
  };
  return { size, center, corners };
}

/** A road in the server's drawing, as its SVG writes it. */
const ROAD = /<line class="road"[^>]*\/>\s*/g;

/**
 * Puts the roads of the drawing `text` in place of those shown, when the
 * rest of it is the drawing shown (the same map, legend and caption): the
 * map is not drawn again, only the server's own road lines change. Answers
 * whether it did; otherwise the page shows `text` whole.
 */
function redraw(page, text) {
  const rest = text.replace(ROAD, "");
  const svg = page.board.querySelector(":scope > svg");
  const inPlace = svg !== null && rest === game.drawn;
  game.drawn = rest;
  if (!inPlace) return false;
  for (const road of svg.querySelectorAll("line.road")) road.remove();
  const lines = text.match(ROAD) ?? [];
  if (lines.length) {
    // The roads go before the element that follows them in the drawing:
    // the n-th element of the drawing without roads, as its text counts them
    // (every element starts with `<` and a letter; the root is the first).
    const before = (rest.slice(0, text.indexOf(lines[0])).match(/<[a-zA-Z]/g) ?? []).length - 1;
    const drawn = new DOMParser().parseFromString(`<svg xmlns="${SVG}">${lines.join("")}</svg>`, "image/svg+xml").documentElement;
    const anchor = svg.querySelectorAll("*")[before];
    const roads = [...drawn.children].map((road) => document.importNode(road, true));
    if (anchor) anchor.before(...roads);
    else svg.append(...roads);
  }
  return true;
}

/** Where a page preference is kept between visits. */
const PREFERENCES = "boardwright.hexet.";

const game = {
  /** The board shown: the map with the log replayed (roads, networks, scores). */
  map: null,
  /** The map's cells by `key`. */
  cells: new Map(),
  /** The road log, as `--roads` reads it. */
  log: [],
  /** The settings of the map (the query without the log and the drawing options). */
  settings: null,
  /** The settings of the last map zoomed for taps (see `closeEnough`). */
  tapped: null,
  /** Why the address's roads were not replayed, or "". */
  problem: "",
  /** Road changes wait for the one before them. */
  queue: Promise.resolve(),
  /** Players in turn; any road removable (designers). */
  turns: localStorage.getItem(`${PREFERENCES}turns`) === "true",
  editAny: localStorage.getItem(`${PREFERENCES}edit-any`) === "true",
  player: 0,
  selected: null,
  cursor: null,
  dragFrom: null,
  /** Whether the press under way built a road by a drag or moved the view: its click does nothing more. */
  dragged: false,
  /** The drawing's cell layout, read when the drawing is shown. */
  layout: null,
  /** The element beside the map that holds the panel. */
  panel: null,
  /** The city type whose cheapest roads are drawn, or -1 for none. */
  tree: -1,

  /** The side of `a` that touches `b`, or -1. */
  side(a, b) {
    return this.map.directions.findIndex(([dq, dr]) => a[0] + dq === b[0] && a[1] + dr === b[1]);
  },

  road(player, a, b) {
    return this.map.roads.find((r) => r.player === player && ((same(r.from, a) && same(r.to, b)) || (same(r.from, b) && same(r.to, a))));
  },
};

/** The player whose turn it is: the one after who changed a road last. */
function turn() {
  const last = game.log[game.log.length - 1];
  return last ? (last.player + 1) % game.map.params.players : 0;
}

/** The roads on the map, in words: "the road built", "the 3 roads built". */
function built() {
  const n = game.map.roads.length;
  return n === 1 ? "the road built" : `the ${n} roads built`;
}

/** Builds `a`–`b` for the player picked, or removes it if they have it. */
function toggle(page, a, b) {
  const existing = game.road(game.player, a, b);
  if (existing) return play(page, { player: game.player, from: existing.from, to: existing.to, type: existing.type, action: "remove" });
  const side = game.side(a, b);
  const river = (game.cells.get(key(a)).rivers >> side) & 1;
  return play(page, { player: game.player, from: a, to: b, type: river ? "bridge" : "normal", action: "add" });
}

/** Adds one entry to the log, after the entries sent before it. */
function play(page, entry) {
  if (game.turns && entry.player !== turn()) {
    page.status(`It is Player ${turn() + 1}'s turn`, "error");
    return;
  }
  const verb = entry.action === "remove" ? "removed" : entry.type === "bridge" ? "bridge built" : "road built";
  const done = `Player ${entry.player + 1}: ${verb} [${entry.from}] – [${entry.to}]`;
  // A road refused is said as the player's move, not as an entry of the log.
  const refused = (e) => `${entry.action === "remove" ? "Not removed" : "Not built"}: ${e.message.replace(/^(roads: )?((road )?log )?entry \d+: /, "")}`;
  game.queue = game.queue.then(() => settle(page, [...game.log, entry], done)).then((e) => e && page.status(refused(e), "error"));
}

/** The page's query with `code` as its road log. */
function addressOf(page, code) {
  const q = new URLSearchParams(page.query());
  if (code) q.set("roads", code);
  else q.delete("roads");
  return q.toString();
}

/** The board of `query`: its JSON and its drawing. */
async function fetchBoard(page, query) {
  const [json, svg] = await Promise.all([fetchApi(`/api/hexet/board.json?${query}`), fetchApi(`/api/hexet/board.svg?${query}`, "text")]);
  return { json, svg, downloads: page.downloads(query) };
}

/**
 * Makes `log` the game's, if the server replays it and `goOn` (given the
 * log's code) agrees: the address takes its code as a new history entry and
 * the board is redrawn. Answers the refusal or null; refused or not gone
 * on with, nothing changed.
 */
async function settle(page, log, message, goOn = () => true) {
  const before = page.overrides.get("roads");
  const keep = (code) => (code ? page.overrides.set("roads", code) : page.overrides.delete("roads"));
  let code;
  let query;
  let board;
  try {
    const written = await fetchApi("/api/hexet/roads", "json", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ params: game.map.params, log }),
    });
    ({ code, log } = written);
    keep(code);
    query = page.query();
    board = await fetchBoard(page, query);
  } catch (e) {
    keep(before);
    if (e instanceof ApiError) return e;
    throw e;
  }
  if (!goOn(code)) {
    keep(before);
    return null;
  }
  Object.assign(game, { map: board.json, log, problem: "" });
  history.pushState(null, "", page.address(query));
  page.show(board, query);
  shown(page);
  page.status(message, "ok");
  return null;
}

function undo(page) {
  game.queue = game.queue.then(() => {
    if (!game.log.length) return page.status("Nothing to undo", "ok");
    return settle(page, game.log.slice(0, -1), "Undone").then((e) => e && page.status(e.message, "error"));
  });
}

/**
 * Replaces the game's log by the one in `text`, or says beside the control
 * why not. Another log where roads are built asks first.
 */
function load(page, text) {
  const error = document.getElementById("error-road-log");
  error.textContent = "";
  let log;
  try {
    log = JSON.parse(text);
  } catch (e) {
    error.textContent = `Not loaded: this is not JSON (${e.message})`;
    return;
  }
  game.queue = game.queue.then(async () => {
    // Another log replaces the roads built only if the player says so.
    const current = page.overrides.get("roads") ?? "";
    const replaces = (code) => !game.map.roads.length || code === current ||
      page.discards("Loading this road log starts a new game", built(), built());
    const refused = await settle(page, log, `Road log loaded: ${Array.isArray(log) ? log.length : 0} entries`, replaces);
    if (refused) error.textContent = `Not loaded: ${refused.message}`;
  });
}

function pick(page, cell) {
  if (!game.selected) game.selected = cell;
  else if (same(game.selected, cell)) game.selected = null;
  else if (game.side(game.selected, cell) >= 0) {
    const from = game.selected;
    game.selected = null;
    toggle(page, from, cell);
  } else {
    game.selected = cell;
    page.status("Roads join neighbouring cells: this cell is picked instead; click one of its six neighbours to build", "ok");
  }
  game.cursor = cell;
  marks(page);
}

/** The players reaching each city (by id) and the tower, in player order. */
function reach() {
  const cities = new Map();
  const tower = [];
  for (const net of [...game.map.networks].sort((a, b) => a.player - b.player)) {
    for (const id of net.cities) cities.set(id, [...(cities.get(id) ?? []), net.player]);
    if (net.tower) tower.push(net.player);
  }
  return { cities, tower };
}

/** The clickable layer: networks, what they reach, cells, roads, the selection and the cursor. */
function overlay(page) {
  const svg = page.board.querySelector("svg");
  // Read once a drawing: roads changed in place leave the cells where they were.
  if (game.layout?.svg !== svg) game.layout = { ...layoutOf(svg), svg };
  const { size, center, corners } = game.layout;
  const layer = svgEl("g", { class: "play" });
  const tint = svgEl("g", { class: "networks", "pointer-events": "none" });
  for (const net of game.map.networks) {
    const g = svgEl("g", { class: "network", "data-player": net.player, "data-id": net.id, fill: colour(net.player), "fill-opacity": 0.22 });
    for (const cell of net.cells) g.append(svgEl("polygon", { points: corners(cell, 0.92) }));
    tint.append(g);
  }
  // One ring a player, nested, so that every player reaching a place shows.
  const rings = svgEl("g", { class: "reach", "pointer-events": "none", fill: "none", "stroke-width": size * 0.09 });
  const reached = reach();
  for (const [id, players] of reached.cities) {
    const [cx, cy] = center([game.map.cities[id].q, game.map.cities[id].r]);
    players.forEach((player, k) => rings.append(svgEl("circle", { class: "reached", "data-player": player, "data-city": id, cx, cy, r: size * (0.72 - k * Math.min(0.1, 0.5 / players.length)), stroke: colour(player) })));
  }
  reached.tower.forEach((player, k, all) => rings.append(svgEl("polygon", {
    class: "reached tower", "data-player": player, points: corners(game.map.tower, 0.95 - k * Math.min(0.12, 0.7 / all.length)), stroke: colour(player),
  })));
  const cells = svgEl("g", { class: "cells" });
  for (const cell of game.map.cells) {
    cells.append(svgEl("polygon", { class: "cell", "data-q": cell.q, "data-r": cell.r, points: corners([cell.q, cell.r]), fill: "transparent" }));
  }
  const roads = svgEl("g", { class: "roads" });
  const players = game.map.params.players;
  for (const road of game.map.roads) {
    const [a, b] = [center(road.from), center(road.to)];
    const offset = (road.player - (players - 1) / 2) * size * 0.14;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [ux, uy] = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    // Only the road's middle half takes clicks: the cell centres stay free to
    // pick. A band (a polygon, not a stroked line: a line along an axis has
    // an empty box, which some tools take for nothing at all).
    const point = (t, across) => [a[0] + (b[0] - a[0]) * t + ux * (offset + across), a[1] + (b[1] - a[1]) * t + uy * (offset + across)];
    const half = size * 0.2;
    const band = [point(0.25, half), point(0.75, half), point(0.75, -half), point(0.25, -half)];
    roads.append(svgEl("polygon", {
      class: "road", "data-player": road.player, "data-from": key(road.from), "data-to": key(road.to), "data-type": road.type,
      points: band.map((p) => p.map((v) => v.toFixed(3)).join(",")).join(" "), fill: "transparent",
    }));
  }
  layer.append(tint, svgEl("g", { class: "cheapest", "pointer-events": "none" }), rings, cells, roads, svgEl("g", { class: "marks", "pointer-events": "none" }));
  // A drawing whose roads changed in place keeps its element: the old layer goes.
  svg.querySelector(":scope > g.play")?.remove();
  svg.append(layer);
  cheapest(page);
  marks(page);
}

/** Draws the chosen city type's cheapest roads (the map's `city_type_trees`) as a dashed line along each. */
function cheapest(page) {
  const g = page.board.querySelector(".play .cheapest");
  if (!g || !game.layout) return;
  const { size, center } = game.layout;
  g.replaceChildren();
  const tree = game.map.city_type_trees?.[game.tree];
  if (!tree) return;
  g.setAttribute("data-type", game.tree);
  for (const [from, to] of tree) {
    const [[x1, y1], [x2, y2]] = [center(from), center(to)];
    g.append(svgEl("line", {
      class: "tree-road", x1, y1, x2, y2, stroke: "#000", "stroke-width": size * 0.14, "stroke-linecap": "round", "stroke-dasharray": `${size * 0.25} ${size * 0.2}`,
    }));
  }
}

/** The choice of a city type whose cheapest roads the map shows, with each type's count. */
function treeChoice(page) {
  const roads = game.map.metrics.city_type_roads ?? [];
  const select = el("select", { id: "cheapest-tree" },
    el("option", { value: "-1" }, "none"),
    ...roads.map((n, t) => el("option", { value: String(t), disabled: n === null }, `City type ${t + 1}: ${n === null ? "not worked out" : `${n} road${n === 1 ? "" : "s"}`}`)));
  game.tree = game.tree < roads.length && roads[game.tree] !== null ? game.tree : -1;
  select.value = String(game.tree);
  select.addEventListener("change", () => {
    game.tree = Number(select.value);
    cheapest(page);
  });
  return el("div", { class: "field", title: "The fewest roads that join all of a type's cities and the tower (bridges count as one road): the same for every player" },
    el("label", { for: "cheapest-tree" }, "Cheapest roads of"), select);
}

/** Outlines the selected cell and the keyboard cursor. */
function marks(page) {
  const g = page.board.querySelector(".play .marks");
  if (!g || !game.layout) return;
  const { size, corners } = game.layout;
  g.replaceChildren();
  if (game.selected) g.append(svgEl("polygon", { class: "selected", points: corners(game.selected, 0.85), fill: "none", stroke: colour(game.player), "stroke-width": size * 0.16 }));
  if (game.cursor && page.board.matches(":focus")) g.append(svgEl("polygon", { class: "cursor", "data-q": game.cursor[0], "data-r": game.cursor[1], points: corners(game.cursor, 0.7), fill: "none", stroke: "#000", "stroke-width": size * 0.08, "stroke-dasharray": `${size * 0.2} ${size * 0.15}` }));
}

/** A player's colour swatch. */
const swatch = (player) => el("span", { class: "swatch", style: `background:${colour(player)}` });

/**
 * A check box kept between visits; `disabled`, with `why` said beside it, it
 * shows as off whatever was kept.
 */
function option(page, id, label, name, field, disabled = false, why = "") {
  const input = el("input", { type: "checkbox", id, disabled });
  input.checked = game[field] && !disabled;
  input.addEventListener("change", () => {
    game[field] = input.checked;
    localStorage.setItem(`${PREFERENCES}${name}`, String(input.checked));
    // Players in turn is part of the game: its address carries it to a shared link.
    if (field === "turns") page.keep("turns", input.checked ? "true" : null, "replace");
    if (game.turns) game.player = turn();
    panel(page);
    marks(page);
  });
  return el("label", { class: "check" }, input, ` ${label}`, why && disabled ? el("small", { class: "hint" }, ` (${why})`) : "");
}

/** Whether a player may remove another's road: "Edit any road", which players in turn do not use. */
const editsAny = () => game.editAny && !game.turns;

/** Whose turn it is, players, scores, undo, the road log and the options, beside the map. */
function panel(page) {
  const players = game.map.params.players;
  if (game.turns) game.player = turn();
  game.player = Math.min(game.player, players - 1);
  const radios = [];
  for (let p = 0; p < players; p++) {
    const input = el("input", { type: "radio", name: "player", id: `player-${p}`, value: p });
    input.checked = p === game.player;
    input.disabled = game.turns && p !== game.player;
    input.addEventListener("change", () => {
      game.player = p;
      marks(page);
    });
    radios.push(el("label", { class: "player", for: `player-${p}` }, input, swatch(p), ` Player ${p + 1}`));
  }
  const { tower } = reach();
  const rows = game.map.scores.map((s) =>
    el("tr", { class: s.player === game.player ? "current" : "" }, el("th", { scope: "row" }, swatch(s.player), ` ${s.player + 1}`),
      el("td", { class: "score" }, String(s.score)), el("td", {}, String(s.type_points)),
      el("td", { class: "tower" }, `${s.tower_points}${tower.includes(s.player) ? " ✓" : ""}`), el("td", {}, String(s.completion_points))));
  const scores = el("table", { class: "scores", id: "scores" },
    el("thead", {}, el("tr", {}, el("th", { title: "Player" }, "#"), el("th", {}, "Score"), el("th", {}, "Types"), el("th", {}, "Tower"), el("th", {}, "Complete"))),
    el("tbody", {}, ...rows));
  const nets = el("ul", { class: "network-list", id: "networks" },
    ...game.map.networks.map((n) => el("li", {}, swatch(n.player),
      ` Player ${n.player + 1}, network ${n.id}: ${n.cells.length} cells` + (n.cities.length ? `, cities ${n.cities.join(", ")}` : "") + (n.tower ? ", the tower" : ""))));
  const undoButton = el("button", { type: "button", id: "undo", disabled: game.log.length === 0 }, "Undo");
  undoButton.addEventListener("click", () => undo(page));
  const log = el("a", {
    class: "button", id: "road-log", href: `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(game.log, null, 1))}`,
    download: `hexet-${page.seed.replace(/[^A-Za-z0-9_-]+/g, "_") || "map"}-roads.json`,
  }, "Road log");
  const file = el("input", { type: "file", id: "road-log-file", accept: ".json,application/json" });
  file.addEventListener("change", async () => {
    if (!file.files[0]) return;
    const text = await file.files[0].text();
    // The same file picked again (after a Cancel or a refusal) loads again.
    file.value = "";
    load(page, text);
  });
  const pasted = el("textarea", { id: "road-log-text", rows: 2, placeholder: '[{"player": 0, "from": [3, 4], "to": [3, 5]}]', spellcheck: "false" });
  const pasteButton = el("button", { type: "button", id: "road-log-load" }, "Load");
  pasteButton.addEventListener("click", () => load(page, pasted.value));
  const loadOpen = game.panel.querySelector(".load-log")?.open ?? false;
  const towerLine = tower.length ? `The tower: reached by ${tower.map((p) => `Player ${p + 1}`).join(", ")}.` : "The tower: not reached yet.";
  game.panel.replaceChildren(
    el("p", { class: "error", id: "error-roads", role: "alert" }, game.problem),
    game.turns ? el("p", { class: "turn", id: "turn" }, swatch(game.player), ` Player ${game.player + 1}'s turn`) : "",
    el("fieldset", { class: "players" }, el("legend", {}, "Build as"), ...radios),
    el("div", { class: "scroll" }, scores),
    el("p", { class: "hint", id: "tower-reach" }, towerLine),
    el("div", { class: "game-actions" }, undoButton, log),
    el("div", { class: "options" }, option(page, "turns", "Players in turn", "turns", "turns"), option(page, "edit-any", "Edit any road", "edit-any", "editAny", game.turns, "not while players are in turn: each removes only their own roads")),
    treeChoice(page),
    el("details", { class: "load-log", open: loadOpen }, el("summary", {}, "Load a road log"),
      el("div", { class: "field" }, el("label", { for: "road-log-file" }, "From a file"), file),
      el("div", { class: "field" }, el("label", { for: "road-log-text" }, "Or pasted"), pasted, pasteButton),
      el("p", { class: "error", id: "error-road-log", role: "alert" })),
    game.map.networks.length ? nets : el("p", { class: "hint" }, "No roads yet."),
    el("p", { class: "hint" }, `Click two neighbouring cells (or drag from one to the other) to build a road, a bridge where a river runs between them; click one of your roads to remove it. On a zoomed map a drag moves the map: click the two cells instead. Back (or Undo) takes the last change away. On the map: arrow keys move, Enter picks a cell, ${game.map.params.players > 1 ? `1–${game.map.params.players} choose the player, ` : ""}U undoes.`),
  );
}

function cellOf(target) {
  const cell = target?.closest?.(".cell");
  return cell ? [Number(cell.dataset.q), Number(cell.dataset.r)] : null;
}

/**
 * A click on a road: the player building removes their own road between
 * the same cells; another player's road only with "edit any road".
 */
function removeRoad(page, road) {
  const [from, to] = [road.dataset.from, road.dataset.to].map((t) => t.split(",").map(Number));
  const own = game.road(game.player, from, to);
  const player = own ? game.player : Number(road.dataset.player);
  if (!own && !editsAny()) {
    const how = game.turns ? "players in turn remove only their own roads" : "only they remove it (or switch on “Edit any road”)";
    page.status(`That road is Player ${player + 1}'s: ${how}`, "error");
    return;
  }
  const { type } = own ?? game.road(player, from, to);
  play(page, { player, from, to, type, action: "remove" });
}

/** The map and the game panel side by side on a wide screen. */
const STYLE = `
.play-area { display: grid; grid-template-columns: minmax(0, 1fr) 19rem; gap: 0.8rem; align-items: start; }
.play-area table.scores { font-size: 0.85rem; }
.play-area table.scores th, .play-area table.scores td { padding: 0.1rem 0.35rem; }
.play-area .game { margin: 0; max-height: calc(100vh - 7rem); overflow-y: auto; }
.game .turn { font-weight: 700; margin: 0; }
.game .options { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; }
.game tr.current th { font-weight: 700; }
.game .load-log textarea { width: 100%; }
@media (max-width: 1100px) { .play-area { grid-template-columns: minmax(0, 1fr); } .play-area .game { max-height: none; } }
`;

/** After the board is shown: the play layer, the panel, and the address without roads that were not replayed. */
function shown(page) {
  game.cells = new Map(game.map.cells.map((c) => [key([c.q, c.r]), c]));
  game.turns = page.kept.get("turns") === "true";
  overlay(page);
  panel(page);
  closeEnough(page);
  const address = page.address(page.query());
  if (location.pathname + location.search !== address) history.replaceState(null, "", address);
}

/** The least width of a cell on screen, CSS pixels: a fingertip's tap. */
const TAP = 32;
/** Screens this narrow are phones', tapped rather than clicked. */
const PHONE = "(max-width: 600px)";

/**
 * A new map fitted to a phone's screen with cells under a tap's width is
 * shown zoomed in about the tower, so that a tap finds its cell; Fit shows
 * the whole map. The view is left alone when redrawn for a road.
 */
function closeEnough(page) {
  if (game.tapped === game.settings || !matchMedia(PHONE).matches) return;
  game.tapped = game.settings;
  const cell = page.board.querySelector(".play .cell")?.getBoundingClientRect();
  const svg = page.board.querySelector(":scope > svg")?.getBoundingClientRect();
  if (!cell || !svg || page.zoom.scale !== 1 || cell.width >= TAP) return;
  const tower = page.board.querySelector(`.play .cell[data-q="${game.map.tower[0]}"][data-r="${game.map.tower[1]}"]`).getBoundingClientRect();
  const about = [(tower.x + tower.width / 2 - svg.x) / svg.width, (tower.y + tower.height / 2 - svg.y) / svg.height];
  page.zoom.centre = about;
  page.zoom.zoomBy(TAP / cell.width);
}

export default {
  addressKeys: ["turns"],
  addressValues: { turns: ["true"] },
  // The legend under the map on every screen: the map takes the whole width beside the panel.
  legendBelow: true,

  setup(page) {
    // The address says whether players move in turn; with no word on it, the
    // player's own preference from earlier visits.
    if (!page.kept.has("turns") && game.turns) page.kept.set("turns", "true");
    playerColours = page.info.player_colours;
    addStyles(STYLE);
    const area = el("div", { class: "play-area" });
    game.panel = el("div", { class: "game", "aria-label": "The game" });
    // The zoom buttons go with the map, under it, not under the panel.
    page.board.before(area);
    area.append(el("div", { class: "map" }, page.board, page.zoom.element), game.panel);
    const board = page.board;
    board.tabIndex = 0;
    board.classList.add("playable");
    board.setAttribute("aria-label", "Hexet map: arrow keys move, Enter picks a cell");
    // A press that moves the view (a pinch, or a drag on the zoomed map)
    // builds nothing; a tap picks a cell, a drag on the fitted map builds.
    board.addEventListener("pointerdown", (e) => {
      game.dragged = false;
      game.dragFrom = page.zoom.moved ? null : cellOf(e.target);
    });
    board.addEventListener("pointerup", (e) => {
      const from = game.dragFrom;
      game.dragFrom = null;
      if (page.zoom.moved) {
        game.dragged = true;
        return;
      }
      const to = cellOf(document.elementFromPoint(e.clientX, e.clientY));
      if (from && to && !same(from, to) && game.side(from, to) >= 0) {
        game.selected = null;
        game.dragged = true;
        toggle(page, from, to);
      }
    });
    board.addEventListener("click", (e) => {
      if (game.dragged) return;
      const road = e.target.closest?.(".road");
      if (road) {
        removeRoad(page, road);
        return;
      }
      const cell = cellOf(e.target);
      if (cell) pick(page, cell);
    });
    board.addEventListener("focus", () => {
      if (game.map && !game.cursor) game.cursor = game.map.tower;
      marks(page);
    });
    board.addEventListener("blur", () => marks(page));
    board.addEventListener("keydown", (e) => {
      if (!game.map) return;
      const [q, r] = game.cursor || game.map.tower;
      const row = r + Math.floor(q / 2);
      const at = (nq, nrow) => [nq, nrow - Math.floor(nq / 2)];
      const moves = { ArrowUp: [q, r - 1], ArrowDown: [q, r + 1], ArrowLeft: at(q - 1, row), ArrowRight: at(q + 1, row) };
      if (moves[e.key]) {
        const next = moves[e.key];
        if (game.cells.has(key(next))) game.cursor = next;
        marks(page);
      } else if (e.key === "Enter" || e.key === " ") {
        pick(page, [q, r]);
      } else if (e.key === "u" || e.key === "U" || (e.key === "z" && (e.ctrlKey || e.metaKey))) {
        undo(page);
      } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= game.map.params.players) {
        if (game.turns) page.status(`It is Player ${turn() + 1}'s turn`, "ok");
        else game.player = Number(e.key) - 1;
        panel(page);
        marks(page);
      } else return;
      e.preventDefault();
    });
  },

  /**
   * The board of `query`, its road log replayed. A map changed on the page
   * (another seed or parameter: `record` "push") is a new game; an address
   * (the page opened, Back or Forward: "replace") is replayed with its roads,
   * so Back gives a game left for a new map back. A new game where roads are
   * built asks first; kept, the answer is null and nothing is drawn. Roads
   * the server does not replay are dropped with a message, the map shown
   * without them.
   */
  redraw,

  async load(page, query, record) {
    const settings = new URLSearchParams(query);
    const code = settings.get("roads") ?? "";
    for (const name of [...DRAWING, "roads"]) settings.delete(name);
    if (code && record === "push" && game.settings !== null && settings.toString() !== game.settings) {
      if (game.map.roads.length && !page.discards("These settings make a new map, so they start a new game", built())) return null;
      page.overrides.delete("roads");
      return this.load(page, addressOf(page, ""));
    }
    let board;
    let problem = "";
    try {
      [board, game.log] = await Promise.all([fetchBoard(page, query), code ? fetchApi(`/api/hexet/roads?${query}`).then((r) => r.log) : []]);
    } catch (e) {
      if (!code || e.status === 503) throw e;
      board = await fetchBoard(page, addressOf(page, ""));
      page.overrides.delete("roads");
      game.log = [];
      problem = `The roads in the address were not replayed (${e.message}); the map is shown without them.`;
    }
    Object.assign(game, { map: board.json, settings: settings.toString(), problem, selected: null });
    return board;
  },

  shown,
};
