// A generator's tool page: the form (built from `GET /api/generators`), the
// address bar as a permalink, the board redrawn on every change, metrics and
// downloads. A generator may add its own parts through a module of its name,
// which the page names in a `#generator-module` link (see `Page` below for
// what such a module may use).

import { control, el, onSettled, queryText, sentence } from "./form.js";
import { toInlineToml } from "./toml.js";

const NAME = location.pathname.replace(/^\/+|\/+$/g, "");
const DEBOUNCE_MS = 300;
/** The query keys that change how a board is drawn, not the board. */
export const DRAWING = ["ink_friendly", "paper", "tile", "dpi"];
/** Papers other than the default, as `/api/generators` gives them (set by `main`). */
let PAPERS = [];
/** The default paper's name (set by `main`). */
let DEFAULT_PAPER = "";
/** Layouts of sheets the form offers, other than one: those within the server's most per side (set by `main`). */
const LAYOUTS = [["2x1", "2 side by side"], ["1x2", "2 one above the other"], ["2x2", "2 × 2"], ["3x2", "3 × 2"], ["3x3", "3 × 3"]];
let TILES = [];

/** Fills the drawing options from the server's `drawing`: papers, sheets, pixels per inch. */
function drawingOptions(drawing) {
  DEFAULT_PAPER = drawing.papers[0].name;
  PAPERS = drawing.papers.slice(1).map((p) => p.name);
  const paper = document.getElementById("paper");
  paper.replaceChildren(...drawing.papers.map((p) => el("option", { value: p.name }, p.label)));
  const fits = ([layout]) => layout.split("x").every((n) => Number(n) <= drawing.tile_max);
  TILES = LAYOUTS.filter(fits).map(([layout]) => layout);
  const tile = document.getElementById("tile");
  tile.replaceChildren(el("option", { value: "1x1" }, "One sheet"), ...LAYOUTS.filter(fits).map(([value, label]) => el("option", { value }, label)));
  const dpi = document.getElementById("dpi");
  Object.assign(dpi, { min: drawing.dpi.min, max: drawing.dpi.max, placeholder: drawing.dpi.default });
}

/** A refusal from the API: `{error, parameter}` and the status. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body.error || `the server answered ${status}`);
    this.status = status;
    this.parameter = body.parameter || null;
  }
}

/** Fetches `path`; answers its body as `kind` ("json", "text") or throws an ApiError. */
export async function fetchApi(path, kind = "json", init = {}) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, { error: `the server cannot be reached (${e.message})` });
  }
  if (!response.ok) {
    let body = {};
    try {
      body = await response.json();
    } catch {
      body = { error: `the server answered ${response.status}` };
    }
    throw new ApiError(response.status, body);
  }
  if (response.status === 204) return null;
  return kind === "json" ? response.json() : response.text();
}

/** Parses SVG text into an element. */
export function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") throw new ApiError(0, { error: "the drawing could not be read" });
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  return document.importNode(svg, true);
}

/** A screen wide enough for two pages of a drawing side by side. */
const WIDE = "(min-width: 861px)";

/**
 * Lays a drawing of two pages one above the other (witches' front and back,
 * each a top-level `translate(0 y)` group) side by side, so that both are
 * large enough to read on a wide screen.
 */
function sideBySide(svg) {
  const pages = [...svg.children].filter((g) => g.tagName === "g" && /^translate\(0[ ,]/.test(g.getAttribute("transform") || ""));
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (pages.length !== 2 || box.length !== 4) return;
  const step = Number(pages[1].getAttribute("transform").match(/^translate\(0[ ,]+([\d.]+)\)/)?.[1]);
  const height = box[3] - step;
  if (!(step > 0 && height > 0)) return;
  const gap = step - height;
  pages[1].setAttribute("transform", `translate(${box[2] + gap} 0)`);
  svg.setAttribute("viewBox", `${box[0]} ${box[1]} ${2 * box[2] + gap} ${height}`);
}

/** The box round several boxes (from `getBBox`), as `[x, y, width, height]`. */
function around(boxes) {
  const [x0, y0] = [Math.min(...boxes.map((b) => b.x)), Math.min(...boxes.map((b) => b.y))];
  const [x1, y1] = [Math.max(...boxes.map((b) => b.x + b.width)), Math.max(...boxes.map((b) => b.y + b.height))];
  return [x0, y0, x1 - x0, y1 - y0];
}

/**
 * On a narrow screen, moves a drawing's legend and caption out of it into
 * `holder` under it, as a list in the page's own type (each entry its marks,
 * drawn small, and its words; the legend of the first page that has one,
 * every different caption line), and fits the board to what is left: on a
 * phone a legend in the drawing would be too small to read. The drawing's
 * whole page stays in `data-page`.
 */
function legendBelow(svg, holder) {
  holder.replaceChildren();
  const pages = [...svg.children].filter((g) => g.tagName === "g" && /^translate\(/.test(g.getAttribute("transform") || ""));
  const legends = [...svg.querySelectorAll("g.legend")];
  if (!pages.length || !legends.length) return;
  const captions = [...svg.querySelectorAll("text.caption")];
  const moved = (node) => legends.includes(node) || captions.includes(node);
  // The board: everything else on the pages but their white backgrounds,
  // each page's box moved to where its page lies.
  const boxes = pages.flatMap((page) => {
    const [dx, dy] = (page.getAttribute("transform").match(/translate\(([-\d.]+)[ ,]+([-\d.]+)\)/) ?? [0, 0, 0]).slice(1).map(Number);
    return [...page.children]
      .filter((node, k) => !moved(node) && !(k === 0 && node.tagName === "rect"))
      .map((node) => node.getBBox())
      .map((b) => ({ x: b.x + dx, y: b.y + dy, width: b.width, height: b.height }));
  });
  if (!boxes.length) return;
  const boardBox = around(boxes);
  // An entry is the marks drawn since the last entry, then its words (a
  // text set from its start; a letter on a mark is centred).
  const entries = [];
  let marks = [];
  const first = legends[0].closest("svg > g") ?? legends[0].parentNode;
  for (const legend of legends.filter((l) => first.contains(l))) {
    for (const node of legend.children) {
      if (captions.includes(node)) continue;
      if (node.tagName === "text" && node.getAttribute("text-anchor") === "start") {
        entries.push([marks, node.textContent]);
        marks = [];
      } else {
        marks.push(node);
      }
    }
  }
  const swatch = (nodes) => {
    if (!nodes.length) return el("span", { class: "swatch" });
    const [x, y, w, h] = around(nodes.map((n) => n.getBBox()));
    const small = svg.cloneNode(false);
    for (const name of ["width", "height", "data-box", "data-page"]) small.removeAttribute(name);
    small.setAttribute("viewBox", [x - 0.4, y - 0.4, w + 0.8, h + 0.8].map((v) => Number(v.toFixed(3))).join(" "));
    small.setAttribute("class", "swatch");
    small.setAttribute("aria-hidden", "true");
    small.append(...nodes.map((n) => n.cloneNode(true)));
    return small;
  };
  const lines = [...new Set(captions.map((c) => c.textContent))];
  holder.append(
    el("ul", { class: "legend-list", "aria-label": "Legend" }, ...entries.map(([nodes, words]) => el("li", {}, swatch(nodes), el("span", {}, words)))),
    ...lines.map((line) => el("p", { class: "caption" }, line)),
  );
  for (const node of [...legends, ...captions]) node.setAttribute("display", "none");
  svg.dataset.page = svg.getAttribute("viewBox");
  svg.dataset.box = [boardBox[0] - 2, boardBox[1] - 2, boardBox[2] + 4, boardBox[3] + 4].map((v) => Number(v.toFixed(3))).join(" ");
  svg.setAttribute("viewBox", svg.dataset.box);
}

function randomSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join("");
}

const label = (key) => String(key).replaceAll("_", " ");

function formatValue(value) {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(", ") : "none";
  if (value && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${label(k)}: ${formatValue(v)}`)
      .join(", ");
  }
  return String(value);
}

/** A metric's value: a table for a list of records, text otherwise. */
function metricValue(value) {
  const records = Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v));
  if (!records) return formatValue(value);
  const keys = Object.keys(value[0]);
  // Players are numbered from 1, as on the board.
  const cell = (k, v) => (k === "player" && Number.isInteger(v) ? `Player ${v + 1}` : formatValue(v));
  return el("table", { class: "records" },
    el("thead", {}, el("tr", {}, ...keys.map((k) => el("th", { scope: "col" }, label(k))))),
    el("tbody", {}, ...value.map((row) => el("tr", {}, ...keys.map((k) => el("td", {}, cell(k, row[k])))))));
}

/** The most a board is magnified. */
const MAX_ZOOM = 16;

/**
 * Zoom and pan of the drawing on the board, as its `viewBox`: the wheel or
 * a pinch zooms about the pointer, a drag (not on a playable map's cells)
 * pans, the buttons and the keys + − 0 and the arrows (when the board has
 * focus and a generator's own keys did not take them) do both. The view
 * starts fitted and is kept when the board is redrawn; Fit returns to it.
 */
class Zoom {
  constructor(board) {
    this.board = board;
    /** Magnification, and the centre of the view as fractions of the drawing. */
    this.scale = 1;
    this.centre = [0.5, 0.5];
    this.pointers = new Map();
    new MutationObserver(() => this.apply()).observe(board, { childList: true });
    const button = (label, title, act) => el("button", { type: "button", title, "aria-label": title, onclick: act }, label);
    board.before(el("div", { class: "zoom", role: "group", "aria-label": "Zoom" },
      button("+", "Zoom in", () => this.zoomBy(1.5)),
      button("−", "Zoom out", () => this.zoomBy(1 / 1.5)),
      button("Fit", "Fit the board to its area", () => this.fit())));
    board.addEventListener("wheel", (e) => {
      // Zooming out of a fitted board would do nothing: the page scrolls instead.
      if (this.scale === 1 && e.deltaY > 0) return;
      e.preventDefault();
      this.zoomBy(Math.exp(-e.deltaY / 300), this.at(e));
    }, { passive: false });
    board.addEventListener("pointerdown", (e) => this.down(e));
    board.addEventListener("pointermove", (e) => this.move(e));
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) board.addEventListener(end, (e) => this.pointers.delete(e.pointerId));
    board.parentElement.addEventListener("keydown", (e) => this.key(e));
  }

  /** The drawing's own box: `[x, y, width, height]`. */
  box(svg) {
    svg.dataset.box ??= svg.getAttribute("viewBox") ?? "";
    return svg.dataset.box.split(/[\s,]+/).map(Number);
  }

  /** Sets the drawing's viewBox to the view. */
  apply() {
    const svg = this.board.querySelector(":scope > svg");
    if (!svg) return;
    const [x, y, w, h] = this.box(svg);
    if (!(w > 0 && h > 0)) return;
    const [vw, vh] = [w / this.scale, h / this.scale];
    this.centre = this.centre.map((c) => Math.min(1 - 0.5 / this.scale, Math.max(0.5 / this.scale, c)));
    const view = [x + this.centre[0] * w - vw / 2, y + this.centre[1] * h - vh / 2, vw, vh];
    svg.setAttribute("viewBox", view.map((v) => Number(v.toFixed(4))).join(" "));
    this.board.classList.toggle("zoomed", this.scale > 1);
  }

  /** Where the pointer is, as fractions of the drawing. */
  at(e) {
    const svg = this.board.querySelector(":scope > svg");
    if (!svg) return null;
    const rect = svg.getBoundingClientRect();
    const [fx, fy] = [(e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height];
    return [this.centre[0] + (fx - 0.5) / this.scale, this.centre[1] + (fy - 0.5) / this.scale];
  }

  /** Zooms by `factor`, keeping the point `about` (fractions) where it is on screen. */
  zoomBy(factor, about = null) {
    const scale = Math.min(MAX_ZOOM, Math.max(1, this.scale * factor));
    if (about) this.centre = this.centre.map((c, i) => about[i] + (c - about[i]) * (this.scale / scale));
    this.scale = scale;
    this.apply();
  }

  /** Moves the view by fractions of what is shown. */
  panBy(dx, dy) {
    this.centre = [this.centre[0] + dx / this.scale, this.centre[1] + dy / this.scale];
    this.apply();
  }

  fit() {
    this.scale = 1;
    this.centre = [0.5, 0.5];
    this.apply();
  }

  /** A pointer down: two at once pinch; one pans, unless it started on a
   * playable map's cell or road (where it builds). */
  down(e) {
    const play = Boolean(e.target.closest?.(".play .cell, .play .road"));
    this.pointers.set(e.pointerId, { at: [e.clientX, e.clientY], play });
  }

  /** Whether two pointers are down: a pinch, which builds nothing. */
  get pinching() {
    return this.pointers.size > 1;
  }

  move(e) {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    const rect = this.board.getBoundingClientRect();
    const [x, y] = last.at;
    if (this.pointers.size === 2) {
      // A pinch: the distance between the two fingers sets the zoom.
      const other = [...this.pointers].find(([id]) => id !== e.pointerId)[1].at;
      const before = Math.hypot(x - other[0], y - other[1]);
      const after = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
      if (before > 0) this.zoomBy(after / before, this.at({ clientX: (e.clientX + other[0]) / 2, clientY: (e.clientY + other[1]) / 2 }));
    } else if (this.scale > 1 && !last.play) {
      this.panBy(-(e.clientX - x) / rect.width, -(e.clientY - y) / rect.height);
    }
    last.at = [e.clientX, e.clientY];
  }

  key(e) {
    if (e.defaultPrevented || !this.board.contains(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    const step = 0.2;
    const keys = {
      "+": () => this.zoomBy(1.5), "=": () => this.zoomBy(1.5), "-": () => this.zoomBy(1 / 1.5), "0": () => this.fit(),
      ArrowLeft: () => this.panBy(-step, 0), ArrowRight: () => this.panBy(step, 0), ArrowUp: () => this.panBy(0, -step), ArrowDown: () => this.panBy(0, step),
    };
    if (!keys[e.key]) return;
    keys[e.key]();
    e.preventDefault();
  }
}

/** What the page and a generator's module share. */
class Page {
  constructor(info, module) {
    this.name = NAME;
    this.info = info;
    this.module = module;
    this.board = document.getElementById("board");
    this.zoom = new Zoom(this.board);
    this.extraView = document.getElementById("extra-view");
    this.extraControls = document.getElementById("extra-controls");
    this.readAddress(location.search);
    this.controls = new Map();
    /** The board shown: `{json, svg, query}`. */
    this.shown = null;
    this.sequence = 0;
    this.timer = null;
    /** Settings of the address that were refused and left out: `[parameter, message]`. */
    this.dropped = [];
    /** Whether the last request was refused (the same value sent again is tried again). */
    this.failing = false;
  }

  /** Takes the seed, preset, drawing options and parameters from an address's query string. */
  readAddress(queryString) {
    const search = new URLSearchParams(queryString);
    this.seed = search.get("seed") ?? randomSeed();
    this.preset = search.get("preset") ?? "";
    this.inkFriendly = search.get("ink_friendly") === "true";
    /** A paper other than the default, or "" for the default. */
    this.paper = PAPERS.includes(search.get("paper")) ? search.get("paper") : "";
    /** Sheets one board is printed over ("2x2"), or "" for one. */
    this.tile = TILES.includes(search.get("tile")) ? search.get("tile") : "";
    this.dpi = search.get("dpi") ?? "";
    /** Parameters that differ from the defaults (or the preset): name -> query text. */
    this.overrides = new Map();
    /** The generator module's own state in the address (witches' potions), never sent to the server. */
    this.kept = new Map();
    for (const [key, value] of search) {
      if (this.module.addressKeys?.includes(key)) this.kept.set(key, value);
      else if (!DRAWING.includes(key) && !["seed", "preset"].includes(key)) this.overrides.set(key, value);
    }
  }

  /** The page's address for the board of `query`, with the module's own state. */
  address(query) {
    const q = new URLSearchParams(query);
    for (const [key, value] of this.kept) q.set(key, value);
    return `/${NAME}?${q}`;
  }

  /**
   * Sets (or with null, removes) a piece of the module's own state in the
   * address: a new history entry (`record` "push"), or the entry shown now
   * ("replace").
   */
  keep(key, value, record = "push") {
    if (value === null || value === "") this.kept.delete(key);
    else this.kept.set(key, value);
    const address = this.address(this.shown?.query ?? this.query());
    if (address === location.pathname + location.search) return;
    if (record === "push") history.pushState(null, "", address);
    else history.replaceState(null, "", address);
  }

  /** Shows the state in the form's controls (after the address changed under them). */
  showState() {
    document.getElementById("seed").value = this.seed;
    document.getElementById("preset").value = this.preset;
    document.getElementById("preset-changed").textContent = "";
    document.getElementById("preset-about").textContent = this.info.presets.find((p) => p.name === this.preset)?.about ?? "";
    document.getElementById("ink_friendly").checked = this.inkFriendly;
    document.getElementById("paper").value = this.paper || DEFAULT_PAPER;
    document.getElementById("tile").value = this.tile || "1x1";
    document.getElementById("dpi").value = this.dpi;
    for (const param of this.info.params) {
      const text = this.overrides.get(param.name) ?? queryText(param, param.default) ?? "";
      this.controls.get(param.name)?.setText(text);
    }
  }

  /** The query string of the board asked for (`extra`: more pairs). */
  query(extra = {}) {
    const q = new URLSearchParams();
    q.set("seed", this.seed);
    if (this.preset) q.set("preset", this.preset);
    for (const param of this.info.params) {
      if (this.overrides.has(param.name)) q.set(param.name, this.overrides.get(param.name));
    }
    for (const [key, value] of this.overrides) if (!q.has(key)) q.set(key, value);
    for (const [key, value] of new URLSearchParams(this.drawingQuery())) q.set(key, value);
    for (const [key, value] of Object.entries(extra)) q.set(key, value);
    return q.toString();
  }

  /** The drawing options' query: ink, paper, sheets and PNG resolution, where not the defaults. */
  drawingQuery() {
    const q = new URLSearchParams();
    if (this.inkFriendly) q.set("ink_friendly", "true");
    if (this.paper) q.set("paper", this.paper);
    if (this.tile) q.set("tile", this.tile);
    if (this.dpi) q.set("dpi", this.dpi);
    return q.toString();
  }

  /** Sets a parameter's query text; null, or the default's text with no preset, removes it. */
  setOverride(name, text) {
    const param = this.info.params.find((p) => p.name === name);
    const isDefault = param && !this.preset && text === queryText(param, param.default);
    const before = this.overrides.get(name) ?? null;
    if (text === null || isDefault) this.overrides.delete(name);
    else this.overrides.set(name, text);
    // A value committed twice (Enter, then leaving the field) draws once.
    if ((this.overrides.get(name) ?? null) !== before || this.failing) this.refresh();
  }

  /** Redraws after a short pause (changes in quick succession redraw once). */
  refresh() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refreshNow(), DEBOUNCE_MS);
  }

  /**
   * Draws the board of the state now. A board drawn from a change of setting
   * is a new history entry (`record` "push"); one drawn from the address
   * (the page opened, Back or Forward) replaces the entry ("replace").
   */
  async refreshNow(record = "push") {
    clearTimeout(this.timer);
    const sequence = ++this.sequence;
    const query = this.query();
    this.status("Drawing…", "busy");
    try {
      const board = await (this.module.load ? this.module.load(this, query) : this.load(query));
      if (sequence !== this.sequence) return;
      this.failing = false;
      this.clearErrors();
      this.show(board, query);
      const address = this.address(query);
      if (record === "push" && address !== location.pathname + location.search) history.pushState(null, "", address);
      else history.replaceState(null, "", address);
      for (const [parameter, message] of this.dropped) this.place(parameter, `${message}. The address asked for it; the board is drawn without it.`, true);
      this.dropped = [];
      if (this.module.shown) await this.module.shown(this, board);
      // "ok" only once the generator's own part of the page is drawn too.
      this.status(`Seed “${this.seed}”`, "ok");
    } catch (e) {
      if (sequence !== this.sequence) return;
      // With no board yet, a setting the address gave that is refused is
      // left out, and the board drawn without it.
      if (!this.shown && this.drop(e)) return this.refreshNow("replace");
      this.fail(e);
    }
  }

  /** Leaves out the setting a refusal names, if the state has it; answers whether it did. */
  drop(e) {
    const top = e.parameter ? e.parameter.split(/[.[]/)[0] : null;
    if (top === "preset" && this.preset) this.preset = "";
    else if (top === "dpi" && this.dpi) this.dpi = "";
    else if (top && this.overrides.has(top)) this.overrides.delete(top);
    else return false;
    this.dropped.push([top, e.message]);
    this.showState();
    return true;
  }

  /** The board for `query`: its JSON and its drawing. */
  async load(query) {
    const [json, svg] = await Promise.all([
      fetchApi(`/api/${NAME}/board.json?${query}`, "json"),
      fetchApi(`/api/${NAME}/board.svg?${query}`, "text"),
    ]);
    return { json, svg };
  }

  show(board, query) {
    this.shown = { ...board, query };
    this.showSvg(board.svg);
    this.showMetrics(board.json.metrics || {});
    for (const param of this.info.params) {
      const c = this.controls.get(param.name);
      if (!c) continue;
      const resolved = board.json.params[param.name] ?? null;
      // Lists and tables always show what was used (as JSON); a parameter whose
      // default is "none" (chosen from others) stays blank unless set.
      if (param.allowed.kind === "data") c.set(resolved);
      else if (!this.overrides.has(param.name)) c.set(param.default === null ? null : resolved);
    }
    this.setDownloads(board.downloads || this.downloads(query));
  }

  /** Puts a drawing on the board; answers its element. */
  showSvg(text) {
    const svg = parseSvg(text);
    const wide = matchMedia(WIDE).matches;
    if (wide) sideBySide(svg);
    this.board.replaceChildren(svg);
    const holder = document.getElementById("legend-below");
    if (wide) holder.replaceChildren();
    else legendBelow(svg, holder);
    return svg;
  }

  /**
   * Shows the board's metrics: first the figures the generator's fairness
   * targets name, each with its targets (over many boards), then the rest.
   */
  showMetrics(metrics) {
    const list = document.getElementById("metrics");
    list.replaceChildren();
    const shown = new Set();
    const figures = new Map();
    for (const target of this.info.fairness ?? []) {
      const key = target.metric.split(".")[0];
      if (!(key in metrics)) continue;
      if (!figures.has(target.figure)) figures.set(target.figure, { key, checks: [] });
      figures.get(target.figure).checks.push(target.check);
    }
    // Each figure in words (label, unit, meaning) as the listing describes it.
    const described = new Map((this.info.metrics ?? []).map((m) => [m.name, m]));
    const value = (key) => {
      let unit = described.get(key)?.unit;
      const shown = metricValue(metrics[key]);
      if (metrics[key] === 1 && unit?.endsWith("s")) unit = unit.slice(0, -1);
      return typeof shown === "string" && unit ? `${shown} ${unit}` : shown;
    };
    // A target names its metric by key: said in words instead.
    // (`shares.*.cauldron_cells`, a field of each record, by the field's name).
    const inWords = (check) =>
      check.replace(/\b[a-z]+(?:_[a-z0-9]+)*(?:\.\*(?:\.[a-z]+(?:_[a-z0-9]+)*)?)?/g, (key) => {
        if (key.includes(".*.")) return `“${label(key.split(".*.")[1]).toLowerCase()}”`;
        const name = key.replace(/\.\*$/, "");
        return described.has(name) && (name.includes("_") || name !== key) ? `“${described.get(name).label.toLowerCase()}”` : key;
      });
    const meaning = (key) => el("span", { class: "meaning" }, described.get(key)?.meaning ?? "");
    for (const [figure, { key, checks }] of figures) {
      shown.add(key);
      list.append(
        el("dt", { class: "fair" }, sentence(figure).slice(0, -1)),
        el("dd", { class: "fair" }, value(key), el("span", { class: "target" }, `Target over many boards: ${checks.map(inWords).join("; ")}`)),
      );
    }
    for (const key of Object.keys(metrics)) {
      if (!shown.has(key)) list.append(el("dt", {}, described.get(key)?.label ?? label(key)), el("dd", {}, value(key), meaning(key)));
    }
  }

  /** The download links of `query`'s board: `[label, href, file name]`; the PDF with the rules card where the generator has one. */
  downloads(query) {
    const stem = this.fileStem();
    const card = (ext) => (ext === "pdf" && this.info.rules_card ? "&rules_card=true" : "");
    return [
      ...["pdf", "png", "svg", "json"].map((ext) => [ext.toUpperCase(), `/api/${NAME}/board.${ext}?${query}${card(ext)}`, `${stem}.${ext}`]),
      ["TOML", `/api/${NAME}/config.toml?${query}`, `${stem}.toml`],
    ];
  }

  /** A file name without its extension: the generator, the seed and what differs from the defaults (`universe-Tiamo-players6`). */
  fileStem() {
    const safe = (text) => String(text).replace(/[^A-Za-z0-9_.-]+/g, "_");
    const parts = [NAME, safe(this.seed) || "board"];
    if (this.preset) parts.push(safe(this.preset));
    for (const [name, text] of this.overrides) {
      const param = this.info.params.find((p) => p.name === name);
      parts.push(param?.allowed.kind === "data" ? name : safe(`${name}${text}`));
    }
    if (this.inkFriendly) parts.push("ink_friendly");
    for (const option of [this.paper, this.tile, this.dpi && `${this.dpi}dpi`]) if (option) parts.push(safe(option));
    return parts.join("-").slice(0, 180);
  }

  setDownloads(links) {
    const box = document.getElementById("downloads");
    box.replaceChildren(
      el("span", { class: "label" }, "Download"),
      ...links.map(([label, href, file]) => {
        const link = el("a", { href, download: file, class: "button", "data-format": label.toLowerCase() }, label);
        if (label === "TOML") link.addEventListener("click", (e) => this.downloadConfig(e, link));
        return link;
      }),
    );
  }

  /** Saves the TOML with the seed on its first line, so that `--config` alone gives the board. */
  async downloadConfig(e, link) {
    e.preventDefault();
    try {
      const text = await fetchApi(link.getAttribute("href"), "text");
      const withSeed = /^seed\s*=/m.test(text) ? text : `seed = ${toInlineToml(this.seed)}\n${text}`;
      const url = URL.createObjectURL(new Blob([withSeed], { type: "application/toml" }));
      el("a", { href: url, download: link.getAttribute("download") }).click();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (error) {
      this.status(`The TOML could not be made: ${error.message}`, "error");
    }
  }

  status(message, kind = "ok") {
    const s = document.getElementById("status");
    s.textContent = message;
    s.dataset.kind = kind;
  }

  clearErrors() {
    for (const c of this.controls.values()) c.error("");
    for (const id of ["error-seed", "error-preset", "error-general", "error-dpi", "banner"]) document.getElementById(id).textContent = "";
    if (this.module.error) this.module.error(this, null);
  }

  /** Shows a refusal beside the control at fault; the last good board stays. */
  fail(e) {
    this.clearErrors();
    this.failing = true;
    if (e.status === 503) {
      this.status("The server is busy; trying again…", "error");
      setTimeout(() => this.refresh(), 1000);
      return;
    }
    if (!(e.parameter && this.module.error && this.module.error(this, e))) this.place(e.parameter, e.message);
    this.module.failed?.(this);
    this.status(this.shown ? "Not redrawn: see the message beside the settings" : "No board: see the message beside the settings", "error");
  }

  /**
   * Shows `message` about `parameter` beside its control; a message about a
   * name with no control goes to the settings' general line, or, when
   * `banner`, above the board.
   */
  place(parameter, message, banner = false) {
    const top = parameter ? parameter.split(/[.[]/)[0] : null;
    if (top && this.controls.has(top)) this.controls.get(top).error(message);
    else if (top && document.getElementById(`error-${top}`)) document.getElementById(`error-${top}`).textContent = message;
    else document.getElementById(banner ? "banner" : "error-general").textContent = message;
  }
}

async function main() {
  const list = await fetchApi("/api/generators");
  const info = list.find((g) => g.name === NAME);
  drawingOptions(info.drawing);
  const extra = document.getElementById("generator-module");
  const module = extra ? (await import(extra.href)).default : {};
  const page = new Page(info, module);
  document.getElementById("about").textContent = sentence(info.about);

  const seed = document.getElementById("seed");
  onSettled(seed, () => {
    if (seed.value === page.seed) return;
    page.seed = seed.value;
    page.refreshNow();
  });
  document.getElementById("new-seed").addEventListener("click", () => {
    page.seed = seed.value = randomSeed();
    page.refreshNow();
  });

  if (info.presets.length) {
    document.getElementById("preset-field").hidden = false;
    const select = document.getElementById("preset");
    for (const p of info.presets) select.append(el("option", { value: p.name, title: p.about }, p.name));
    select.addEventListener("change", () => {
      // A preset changes only what it sets: the other settings stay.
      const chosen = info.presets.find((p) => p.name === select.value);
      const was = info.presets.find((p) => p.name === page.preset);
      page.preset = select.value;
      for (const name of chosen?.sets ?? []) page.overrides.delete(name);
      page.showState();
      const changed = [...new Set([...(was?.sets ?? []), ...(chosen?.sets ?? [])])].map((n) => n.replaceAll("_", " "));
      document.getElementById("preset-changed").textContent = changed.length ? `Changed: ${changed.join(", ")}; the other settings are kept.` : "";
      page.refreshNow();
    });
  }

  const ink = document.getElementById("ink_friendly");
  ink.addEventListener("change", () => {
    page.inkFriendly = ink.checked;
    page.refresh();
  });
  const paper = document.getElementById("paper");
  paper.addEventListener("change", () => {
    page.paper = PAPERS.includes(paper.value) ? paper.value : "";
    page.refresh();
  });
  const tile = document.getElementById("tile");
  tile.addEventListener("change", () => {
    page.tile = TILES.includes(tile.value) ? tile.value : "";
    page.refresh();
  });
  const dpi = document.getElementById("dpi");
  onSettled(dpi, () => {
    if (dpi.value.trim() === page.dpi) return;
    page.dpi = dpi.value.trim();
    page.refresh();
  });
  document.getElementById("form").addEventListener("submit", (e) => e.preventDefault());

  const fieldset = document.getElementById("params");
  for (const param of info.params) {
    if (module.claims?.includes(param.name)) continue;
    const c = control(param, (text) => page.setOverride(param.name, text));
    page.controls.set(param.name, c);
    fieldset.append(c.element);
  }
  page.showState();
  // Back and Forward: the board of that address.
  window.addEventListener("popstate", () => {
    page.readAddress(location.search);
    page.showState();
    page.refreshNow("replace");
  });
  if (module.setup) await module.setup(page);
  await page.refreshNow("replace");
}

main().catch((e) => {
  document.getElementById("error-general").textContent = `The page could not start: ${e.message}`;
});
