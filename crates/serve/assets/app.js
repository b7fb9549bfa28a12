// A generator's tool page: the form (built from `GET /api/generators`), the
// address bar as a permalink, the board redrawn on every change, metrics and
// downloads. A generator may add its own parts through a module of its name,
// which the page names in a `#generator-module` link (see `Page` below for
// what such a module may use).

import { DRAWING, drawingKeys, fetchApi } from "./api.js";
import { control, el, onSettled, queryText, sentence } from "./form.js";
import { WIDE, legendBelow, parseSvg, sideBySide } from "./svg.js";
import { toInlineToml } from "./toml.js";
import { Zoom } from "./zoom.js";

const NAME = location.pathname.replace(/^\/+|\/+$/g, "");
const DEBOUNCE_MS = 300;
/** Papers other than the default, as `/api/generators` gives them (set by `main`). */
let PAPERS = [];
/** The default paper's name (set by `main`). */
let DEFAULT_PAPER = "";
/** Each paper's name in words ("a4" is "A4"; set by `main`). */
const PAPER_LABELS = new Map();
/** Layouts of sheets the form offers other than one ("2x3": columns × rows), within the server's most per side (set by `main`). */
let TILES = [];

/** A layout of sheets in words: "One sheet", "2 side by side", "6: 3 across, 2 down". */
function layoutLabel(layout) {
  const [cols, rows] = layout.split("x").map(Number);
  if (cols * rows === 1) return "One sheet";
  if (rows === 1) return `${cols} side by side`;
  if (cols === 1) return `${rows} one above the other`;
  return `${cols * rows}: ${cols} across, ${rows} down`;
}

/** Sheets of a paper in words: "A3", "6 sheets of A4 (3 across, 2 down)". */
function sheetsWords(paper, tile) {
  const [cols, rows] = tile.split("x").map(Number);
  const name = PAPER_LABELS.get(paper) ?? paper;
  return cols * rows === 1 ? name : `${cols * rows} sheets of ${name} (${cols} across, ${rows} down)`;
}

/** Fills the drawing options from the server's `drawing`: papers, sheets, pixels per inch. */
function drawingOptions(drawing) {
  drawingKeys(drawing);
  DEFAULT_PAPER = drawing.papers[0].name;
  PAPERS = drawing.papers.slice(1).map((p) => p.name);
  for (const p of drawing.papers) PAPER_LABELS.set(p.name, p.label);
  const paper = document.getElementById("paper");
  paper.replaceChildren(...drawing.papers.map((p) => el("option", { value: p.name }, p.label)));
  // Every layout up to the most per side, fewest sheets first.
  const sides = Array.from({ length: drawing.tile_max }, (_, i) => i + 1);
  const layouts = sides.flatMap((rows) => sides.map((cols) => [cols, rows]));
  layouts.sort((a, b) => a[0] * a[1] - b[0] * b[1] || a[1] - b[1]);
  TILES = layouts.map(([cols, rows]) => `${cols}x${rows}`).filter((t) => t !== "1x1");
  const tile = document.getElementById("tile");
  tile.replaceChildren(...["1x1", ...TILES].map((value) => el("option", { value }, layoutLabel(value))));
  const dpi = document.getElementById("dpi");
  Object.assign(dpi, { min: drawing.dpi.min, max: drawing.dpi.max, placeholder: drawing.dpi.default });
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
    /** Settings of the address that were refused and left out: `[parameter, message]`. */
    this.dropped = [];
    this.readAddress(location.search);
    this.controls = new Map();
    /** The board shown: `{json, svg, query}`. */
    this.shown = null;
    this.sequence = 0;
    this.timer = null;
    /** Whether the last request was refused (the same value sent again is tried again). */
    this.failing = false;
  }

  /**
   * Takes the seed, preset, drawing options and parameters from an
   * address's query string. A setting whose `%` escapes do not make text,
   * or a value the generator's own part of the page does not take, is left
   * out and named (see `dropped`).
   */
  readAddress(queryString) {
    const search = new URLSearchParams();
    for (const piece of queryString.replace(/^\?/, "").split("&").filter(Boolean)) {
      const [rawKey, ...rest] = piece.split("=");
      const decode = (text) => decodeURIComponent(text.replace(/\+/g, " "));
      try {
        search.append(decode(rawKey), decode(rest.join("=")));
      } catch {
        const key = /^[\w-]+$/.test(rawKey) ? rawKey : "a setting";
        this.dropped.push([key, `The address's ${key} “${rest.join("=")}” is not readable text (a broken % escape)`]);
      }
    }
    for (const [key, allowed] of Object.entries(this.module.addressValues ?? {})) {
      const value = search.get(key);
      if (value !== null && !allowed.includes(value)) {
        search.delete(key);
        this.dropped.push([key, `The address's ${key} “${value}” is not allowed: it is ${allowed.join(" or ")}, or left out`]);
      }
    }
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
    this.module.fromAddress?.(this);
  }

  /**
   * The page's address for the board of `query`, with the module's own
   * state (which may stand for some of the query's settings: `toAddress`).
   */
  address(query) {
    const q = new URLSearchParams(query);
    this.module.toAddress?.(q, this);
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

  /**
   * Sets a parameter's query text; null, or the default's text where the
   * preset (if any) does not set the parameter, removes it.
   */
  setOverride(name, text) {
    const param = this.info.params.find((p) => p.name === name);
    const presetSets = this.info.presets.find((p) => p.name === this.preset)?.sets ?? [];
    const isDefault = param && !presetSets.includes(name) && text === queryText(param, param.default);
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
      const board = await (this.module.load ? this.module.load(this, query, record) : this.load(query));
      // No board: the player kept the game in progress (see `discards`).
      if (sequence !== this.sequence || board === null) return;
      this.failing = false;
      this.clearErrors();
      this.show(board, query);
      const address = this.address(query);
      if (record === "push" && address !== location.pathname + location.search) history.pushState(null, "", address);
      else history.replaceState(null, "", address);
      for (const [parameter, message] of this.dropped) this.place(parameter, `${message}. The address asked for it; the board is drawn without it.`, true);
      this.dropped = [];
      this.fitted(query);
      if (this.module.shown) await this.module.shown(this, board, record);
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

  /**
   * Asks before a change ends the game in progress: `reason` says why
   * ("These settings make a new map, so they start a new game"), `lost`
   * what goes ("the 3 roads built"), `kept` what Cancel keeps (by default
   * the old settings and `lost`). Answers whether to go on; kept, the
   * settings of the game, which the address holds, are shown again.
   */
  discards(reason, lost, kept = `the old settings and ${lost}`) {
    if (confirm(`${reason}: ${lost} will be cleared.\n\nOK: start the new game. Cancel: keep ${kept}.`)) return true;
    this.readAddress(location.search);
    this.showState();
    this.failing = false;
    this.clearErrors();
    this.status(`Kept ${kept}`, "ok");
    return false;
  }

  /**
   * Leaves out the setting a refusal names, if the state has it; answers
   * whether it did. A board that does not print on the paper chosen keeps
   * its settings: what would print it is offered instead (`remedies`).
   */
  drop(e) {
    if (e.status === 422 && e.why) return false;
    const top = e.parameter ? e.parameter.split(/[.[ ]/)[0] : null;
    if (top === "preset" && this.preset) this.preset = "";
    else if (top === "dpi" && this.dpi) this.dpi = "";
    else if (top && this.overrides.has(top)) {
      this.overrides.delete(top);
      this.module.dropped?.(this, top);
    } else return false;
    this.dropped.push([top, e.why ? `${label(top)}: ${e.why}` : e.message]);
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
    // A module may change the drawing shown in place (hexet: its roads).
    if (!this.module.redraw?.(this, board.svg)) this.showSvg(board.svg);
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

  /**
   * Puts a drawing on the board; answers its element. The legend moves below
   * on a narrow screen, or on every screen for a module that asks
   * (`legendBelow`, hexet: its map then fills the width).
   */
  showSvg(text) {
    const svg = parseSvg(text);
    const below = this.module.legendBelow || !matchMedia(WIDE).matches;
    if (!below) sideBySide(svg);
    this.board.replaceChildren(svg);
    const holder = document.getElementById("legend-below");
    if (below) legendBelow(svg, holder);
    else holder.replaceChildren();
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

  /**
   * Shows a refusal (the server's, or the page's own of what is typed)
   * beside the control at fault, and says in the heading that the board
   * was not redrawn; the last good board stays.
   */
  fail(e) {
    this.clearErrors();
    this.failing = true;
    if (e.status === 503) {
      this.status("The server is busy; trying again…", "error");
      setTimeout(() => this.refresh(), 1000);
      return;
    }
    if (!(e.parameter && this.module.error && this.module.error(this, e))) this.place(e.parameter, e.why ? sentence(e.why) : e.message);
    if (Array.isArray(e.printsOn) || (e.parameter && e.parameter === this.info.size)) this.remedies(e);
    this.module.failed?.(this);
    this.status(this.shown ? "Not redrawn: the board shown is the previous one; see the message beside the settings" : "No board: see the message beside the settings", "error");
  }

  /**
   * Asks how large this seed's board prints on the paper and sheets chosen
   * (`fit.json`) and says it under the size field; answers the fit, or null
   * (no size, another board asked for since, or no answer).
   */
  async fitted(query) {
    const size = this.info.size;
    if (!size || !this.controls.has(size)) return null;
    // Said of the paper and sheets asked about, and only while they are the ones chosen.
    const on = sheetsWords(this.paper || DEFAULT_PAPER, this.tile || "1x1");
    let fit;
    try {
      fit = await fetchApi(`/api/${NAME}/fit.json?${query}`, "json");
    } catch {
      return null;
    }
    if (query !== this.query()) return null;
    const what = label(size);
    const note =
      fit.prints === null
        ? `On ${on}, this seed's board is drawn at no ${what}; it is made as JSON only.`
        : fit.prints === fit.served
          ? `On ${on}, this seed's board is drawn at every ${what} this server makes.`
          : `On ${on}, this seed's board is drawn up to ${what} ${fit.prints}; larger, as JSON only${fit.served === null ? "" : ` (up to ${fit.served})`}.`;
    this.controls.get(size).note(note);
    return fit;
  }

  /**
   * Offers, beside the field at fault, what would draw a board refused for
   * its size: the papers and sheets that would print it, the nearest size
   * below that draws on the paper chosen, or the board as JSON only.
   */
  async remedies(e) {
    const size = this.info.size;
    const query = this.query();
    const fit = await this.fitted(query);
    const field = this.controls.get(e.parameter) ?? this.controls.get(size);
    if (query !== this.query() || !field) return;
    const button = (text, run) => el("button", { type: "button", class: "choice", onclick: run }, text);
    const choices = (e.printsOn ?? []).map(({ paper, tile }) =>
      button(`Print on ${sheetsWords(paper, tile)}`, () => {
        this.paper = PAPERS.includes(paper) ? paper : "";
        this.tile = TILES.includes(tile) ? tile : "";
        this.showState();
        this.refreshNow();
      }),
    );
    const resize = (value) =>
      button(`${sentence(label(size)).slice(0, -1)} ${value}`, () => {
        this.setOverride(size, String(value));
        this.showState();
      });
    const asked = fit?.value ?? null;
    const drawn = fit?.below ?? fit?.prints ?? null;
    if (drawn !== null && (asked === null || drawn < asked)) choices.push(resize(drawn));
    // The board is made, though not drawn here: as JSON; over the server's
    // cap, as JSON at the largest size it makes.
    const made = Array.isArray(e.printsOn);
    const json = (value) => {
      const q = new URLSearchParams(query);
      if (value !== null) q.set(size, String(value));
      return el("a", { class: "button choice", href: `/api/${NAME}/board.json?${q}`, download: `${this.fileStem()}.json` }, value === null ? "JSON only (no drawing)" : `JSON only, ${label(size)} ${value}`);
    };
    if (made) choices.push(json(null));
    else if (fit?.served != null && fit.served !== drawn && (asked === null || fit.served < asked)) choices.push(json(fit.served));
    if (!choices.length) return;
    const nowhere = made && !e.printsOn.length ? " No paper or number of sheets draws it." : "";
    field.error(`${sentence(e.why ?? e.message)}${nowhere} What to do:`, choices);
  }


  /**
   * Shows `message` about `parameter` beside its control; a message about a
   * name with no control goes to the settings' general line, or, when
   * `banner`, above the board.
   */
  place(parameter, message, banner = false) {
    const top = parameter ? parameter.split(/[.[ ]/)[0] : null;
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
    const c = control(param, (text) => page.setOverride(param.name, text), (message) => page.fail({ parameter: param.name, message }));
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
