// Hexet: a playable map. Pick a player, click two neighbouring cells (or drag
// from one to the other) to build a road between them, a bridge where a
// river runs between; click a road to remove it. Networks are tinted in
// their player's colour, the cities and tower they reach are ringed, and the
// scores follow every road. Undo; download the road log (`--roads` replays it).
//
// The map is the server's drawing of the held game; over it the page lays
// its own layer of cells and roads to click, each cell where the drawing's
// own `polygon.cell` for it lies, so the page never repeats the drawing's
// layout.

import { ApiError, DRAWING, fetchApi } from "./app.js";
import { el } from "./form.js";

const SVG = "http://www.w3.org/2000/svg";
/** Players' colours, as in hexet's drawing. */
const PLAYER_COLOURS = ["#D7263D", "#1B4F9C", "#F49D37", "#6A2E8C", "#2A9D8F", "#8C564B", "#E377C2", "#111111"];

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

const game = {
  id: null,
  map: null,
  cells: new Map(),
  roads: [],
  networks: [],
  scores: [],
  history: [],
  player: 0,
  selected: null,
  cursor: null,
  dragFrom: null,
  /** The drawing's cell layout, read when the drawing is shown. */
  layout: null,

  /** The side of `a` that touches `b`, or -1. */
  side(a, b) {
    return this.map.directions.findIndex(([dq, dr]) => a[0] + dq === b[0] && a[1] + dr === b[1]);
  },

  road(player, a, b) {
    return this.roads.find((r) => r.player === player && ((same(r.from, a) && same(r.to, b)) || (same(r.from, b) && same(r.to, a))));
  },
};

/** Builds `a`–`b` for the player picked, or removes it if they have it. */
function toggle(page, a, b) {
  const existing = game.road(game.player, a, b);
  if (existing) return apply(page, { player: game.player, from: existing.from, to: existing.to, type: existing.type, action: "remove" });
  const side = game.side(a, b);
  const river = (game.cells.get(key(a)).rivers >> side) & 1;
  return apply(page, { player: game.player, from: a, to: b, type: river ? "bridge" : "normal", action: "add" });
}

/** Sends one road-log entry; on success redraws (and remembers it for undo). */
async function apply(page, entry, undoable = true) {
  try {
    const after = await fetchApi(`/api/hexet/games/${game.id}/roads`, "json", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(entry),
    });
    Object.assign(game, { roads: after.roads, networks: after.networks, scores: after.scores });
    if (undoable) game.history.push(entry);
    const verb = entry.action === "remove" ? "removed" : entry.type === "bridge" ? "bridge built" : "road built";
    page.status(`Player ${entry.player + 1}: ${verb} [${entry.from}] – [${entry.to}]`, "ok");
    await redraw(page);
  } catch (e) {
    page.status(e instanceof ApiError ? e.message : `Road not sent: ${e.message}`, "error");
  }
}

function undo(page) {
  const last = game.history.pop();
  if (!last) {
    page.status("Nothing to undo", "ok");
    return;
  }
  apply(page, { ...last, action: last.action === "remove" ? "add" : "remove" }, false);
}

async function redraw(page) {
  const svg = await fetchApi(`/api/hexet/games/${game.id}/board.svg?${page.drawingQuery()}`, "text");
  page.showSvg(svg);
  overlay(page);
  panel(page);
  page.showMetrics({ ...page.shown.json.metrics, roads: game.roads.length });
}


/** The page's downloads, the drawings and JSON being the game's, roads included. */
function downloads(page, query) {
  return page.downloads(query).map(([label, href, file]) =>
    ["PDF", "PNG", "SVG", "JSON"].includes(label) ? [label, `/api/hexet/games/${game.id}/board.${label.toLowerCase()}?${page.drawingQuery()}`, file] : [label, href, file]);
}

function pick(page, cell) {
  if (!game.selected) game.selected = cell;
  else if (same(game.selected, cell)) game.selected = null;
  else if (game.side(game.selected, cell) >= 0) {
    const from = game.selected;
    game.selected = null;
    toggle(page, from, cell);
  } else game.selected = cell;
  game.cursor = cell;
  marks(page);
}

/** The clickable layer: networks, cells, roads, the selection and the cursor. */
function overlay(page) {
  const svg = page.board.querySelector("svg");
  game.layout = layoutOf(svg);
  const { size, center, corners } = game.layout;
  const layer = svgEl("g", { class: "play" });
  const tint = svgEl("g", { class: "networks", "pointer-events": "none" });
  for (const net of game.networks) {
    const colour = PLAYER_COLOURS[net.player % PLAYER_COLOURS.length];
    const g = svgEl("g", { class: "network", "data-player": net.player, "data-id": net.id, fill: colour, "fill-opacity": 0.22 });
    for (const cell of net.cells) g.append(svgEl("polygon", { points: corners(cell, 0.92) }));
    for (const id of net.cities) {
      const city = game.map.cities[id];
      g.append(svgEl("circle", { class: "reached", cx: center([city.q, city.r])[0], cy: center([city.q, city.r])[1], r: size * 0.62, fill: "none", stroke: colour, "stroke-width": size * 0.1, "stroke-opacity": 1 }));
    }
    if (net.tower) {
      g.append(svgEl("polygon", { class: "reached", points: corners(game.map.tower, 0.8), fill: "none", stroke: colour, "stroke-width": size * 0.1, "stroke-opacity": 1 }));
    }
    tint.append(g);
  }
  const cells = svgEl("g", { class: "cells" });
  for (const cell of game.map.cells) {
    cells.append(svgEl("polygon", { class: "cell", "data-q": cell.q, "data-r": cell.r, points: corners([cell.q, cell.r]), fill: "transparent" }));
  }
  const roads = svgEl("g", { class: "roads" });
  const players = game.map.params.players;
  for (const road of game.roads) {
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
  layer.append(tint, cells, roads, svgEl("g", { class: "marks", "pointer-events": "none" }));
  svg.append(layer);
  marks(page);
}

/** Outlines the selected cell and the keyboard cursor. */
function marks(page) {
  const g = page.board.querySelector(".play .marks");
  if (!g || !game.layout) return;
  const { size, corners } = game.layout;
  g.replaceChildren();
  if (game.selected) g.append(svgEl("polygon", { class: "selected", points: corners(game.selected, 0.85), fill: "none", stroke: PLAYER_COLOURS[game.player], "stroke-width": size * 0.16 }));
  if (game.cursor && page.board.matches(":focus")) g.append(svgEl("polygon", { class: "cursor", "data-q": game.cursor[0], "data-r": game.cursor[1], points: corners(game.cursor, 0.7), fill: "none", stroke: "#000", "stroke-width": size * 0.08, "stroke-dasharray": `${size * 0.2} ${size * 0.15}` }));
}

/** Players, scores, networks, undo and the road log beside the map. */
function panel(page) {
  const players = game.map.params.players;
  const radios = [];
  for (let p = 0; p < players; p++) {
    const input = el("input", { type: "radio", name: "player", id: `player-${p}`, value: p });
    input.checked = p === game.player;
    input.addEventListener("change", () => {
      game.player = p;
      marks(page);
    });
    radios.push(el("label", { class: "player", for: `player-${p}` }, input, el("span", { class: "swatch", style: `background:${PLAYER_COLOURS[p % 8]}` }), ` Player ${p + 1}`));
  }
  const rows = game.scores.map((s) =>
    el("tr", {}, el("th", { scope: "row" }, el("span", { class: "swatch", style: `background:${PLAYER_COLOURS[s.player % 8]}` }), ` ${s.player + 1}`),
      el("td", { class: "score" }, String(s.score)), el("td", {}, String(s.type_points)), el("td", {}, String(s.tower_points)), el("td", {}, String(s.completion_points))));
  const scores = el("table", { class: "scores", id: "scores" },
    el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Score"), el("th", {}, "Types"), el("th", {}, "Tower"), el("th", {}, "Complete"))),
    el("tbody", {}, ...rows));
  const nets = el("ul", { class: "network-list", id: "networks" },
    ...game.networks.map((n) => el("li", {}, el("span", { class: "swatch", style: `background:${PLAYER_COLOURS[n.player % 8]}` }),
      ` Player ${n.player + 1}, network ${n.id}: ${n.cells.length} cells` + (n.cities.length ? `, cities ${n.cities.join(", ")}` : "") + (n.tower ? ", the tower" : ""))));
  const undoButton = el("button", { type: "button", id: "undo", disabled: game.history.length === 0 }, "Undo");
  undoButton.addEventListener("click", () => undo(page));
  const log = el("a", { class: "button", id: "road-log", href: `/api/hexet/games/${game.id}/log`, download: `hexet-${page.seed.replace(/[^A-Za-z0-9_-]+/g, "_") || "map"}-roads.json` }, "Road log");
  page.extraView.querySelector(".game").replaceChildren(
    el("fieldset", { class: "players" }, el("legend", {}, "Build as"), ...radios),
    el("div", { class: "game-actions" }, undoButton, log),
    el("div", { class: "scroll" }, scores),
    game.networks.length ? nets : el("p", { class: "hint" }, "No roads yet."),
    el("p", { class: "hint" }, "Click two neighbouring cells (or drag from one to the other) to build a road, a bridge where a river runs between them; click a road to remove it. On the map: arrow keys move, Enter picks a cell, 1–8 choose the player, U undoes."),
  );
}

function cellOf(target) {
  const cell = target?.closest?.(".cell");
  return cell ? [Number(cell.dataset.q), Number(cell.dataset.r)] : null;
}

export default {
  setup(page) {
    page.extraView.append(el("div", { class: "game", "aria-label": "The game" }));
    const board = page.board;
    board.tabIndex = 0;
    board.classList.add("playable");
    board.setAttribute("aria-label", "Hexet map: arrow keys move, Enter picks a cell");
    board.addEventListener("pointerdown", (e) => (game.dragFrom = cellOf(e.target)));
    board.addEventListener("pointerup", (e) => {
      const from = game.dragFrom;
      game.dragFrom = null;
      const to = cellOf(document.elementFromPoint(e.clientX, e.clientY));
      if (from && to && !same(from, to) && game.side(from, to) >= 0) {
        game.selected = null;
        game.dragged = true;
        toggle(page, from, to);
      }
    });
    board.addEventListener("click", (e) => {
      if (game.dragged) {
        game.dragged = false;
        return;
      }
      const road = e.target.closest?.(".road");
      if (road) {
        const [from, to] = [road.dataset.from, road.dataset.to].map((t) => t.split(",").map(Number));
        apply(page, { player: Number(road.dataset.player), from, to, type: road.dataset.type, action: "remove" });
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
      } else if (/^[1-8]$/.test(e.key) && Number(e.key) <= game.map.params.players) {
        game.player = Number(e.key) - 1;
        panel(page);
        marks(page);
      } else return;
      e.preventDefault();
    });
  },

  /** Checks the parameters on the map, then starts a game on it (a change of drawing options keeps the game). */
  async load(page, query) {
    const settings = new URLSearchParams(query);
    for (const key of DRAWING) settings.delete(key);
    if (game.id && game.settings === settings.toString()) {
      const svg = await fetchApi(`/api/hexet/games/${game.id}/board.svg?${page.drawingQuery()}`, "text");
      return { json: game.map, svg, downloads: downloads(page, query) };
    }
    const map = await fetchApi(`/api/hexet/board.json?${query}`);
    const created = await fetchApi("/api/hexet/games", "json", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seed: page.seed, params: map.params }),
    });
    if (game.id) fetch(`/api/hexet/games/${game.id}`, { method: "DELETE" }).catch(() => {});
    Object.assign(game, {
      id: created.id, map: created, settings: settings.toString(), roads: created.roads, networks: created.networks, scores: created.scores,
      history: [], selected: null, cursor: null, player: Math.min(game.player, created.params.players - 1),
      cells: new Map(created.cells.map((c) => [key([c.q, c.r]), c])),
    });
    const svg = await fetchApi(`/api/hexet/games/${game.id}/board.svg?${page.drawingQuery()}`, "text");
    return { json: created, svg, downloads: downloads(page, query) };
  },

  shown(page) {
    overlay(page);
    panel(page);
    page.showMetrics({ ...page.shown.json.metrics, roads: game.roads.length });
  },
};
