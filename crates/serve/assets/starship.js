// Starship: the pipeline's stages in order, each with an on/off switch and
// its parameters expandable, as in the original editor, and moved,
// duplicated, removed or added; a slider shows the ship after any stage,
// as the server draws it. The address keeps the list as its differences
// from the default pipeline (`stages=0-5;6!;7-13`: see `encode`), so that a
// stage removed stays removed and switched off stays off.

import { fetchApi } from "./api.js";
import { el } from "./form.js";
import { toInlineToml } from "./toml.js";

/** Small buttons beside a stage's name (inline: the page's stylesheet is shared). */
const TOOL_STYLE = "padding: 0 0.35rem; font-size: 0.8rem; line-height: 1.4; font-weight: normal;";

/**
 * The pipeline in use, in its order, with each default stage of a kind it
 * does not have shown switched off where the default pipeline has it.
 */
function align(defaults, used) {
  const stages = used.map((params) => ({ on: true, params: structuredClone(params) }));
  const kinds = new Set(used.map((p) => p.stage));
  let at = 0;
  for (const stage of defaults) {
    const found = stages.findIndex((s, i) => i >= at && s.params.stage === stage.stage);
    if (found >= 0) at = found + 1;
    else if (!kinds.has(stage.stage)) stages.splice(at++, 0, { on: false, params: structuredClone(stage) });
  }
  return stages;
}

/** The default pipeline, as the listing gives it. */
const defaultsOf = (page) => page.info.params.find((p) => p.name === "pipeline").default;

/** `value` as JSON with every table's keys in order, so that equal data writes alike. */
const canonical = (value) => JSON.stringify(value, (key, v) =>
  v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);

/** Whether two values are the same data, whatever the order of their keys. */
const same = (a, b) => canonical(a) === canonical(b);

/**
 * The list as the address keeps it: each stage as the number (from 0) of a
 * default stage of its kind (the next one in order where there is one),
 * `!` when it is off, and its fields that differ from that stage's as a
 * JSON object; a stage of a kind the default pipeline lacks by its kind's
 * name. Runs of default stages in order, on and unchanged, are written
 * `a-b`. The default pipeline itself is ""; a pipeline with one change
 * stays a few characters.
 */
function encode(stages, defaults) {
  const items = [];
  let next = 0;
  for (const stage of stages) {
    const kind = stage.params.stage;
    let k = defaults.findIndex((d, i) => i >= next && d.stage === kind);
    if (k < 0) k = defaults.findIndex((d) => d.stage === kind);
    if (k >= 0) next = k + 1;
    const base = k >= 0 ? defaults[k] : { stage: kind };
    const diff = Object.fromEntries(Object.entries(stage.params).filter(([key, v]) => !same(v, base[key])));
    const changes = Object.keys(diff).length ? JSON.stringify(diff) : "";
    const last = items[items.length - 1];
    if (k >= 0 && stage.on && !changes && last?.to === k - 1) last.to = k;
    else if (k >= 0 && stage.on && !changes) items.push({ from: k, to: k });
    else items.push({ text: `${k >= 0 ? k : kind}${stage.on ? "" : "!"}${changes}` });
  }
  const text = items.map((i) => i.text ?? (i.from === i.to ? `${i.from}` : `${i.from}-${i.to}`)).join(";");
  return text === `0-${defaults.length - 1}` ? "" : text;
}

/** The list an address's `stages` text gives (see `encode`); throws, in words, when it does not read. */
function decode(text, defaults) {
  // Items are separated by ";" outside their JSON.
  const items = [];
  let depth = 0, quoted = false, start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if ((c === ";" || c === undefined) && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  const stages = [];
  for (const item of items) {
    const run = item.match(/^(\d+)-(\d+)$/);
    if (run) {
      const [from, to] = [Number(run[1]), Number(run[2])];
      if (from > to || to >= defaults.length) throw new Error(`“${item}” is not a run of the ${defaults.length} default stages`);
      for (let k = from; k <= to; k++) stages.push({ on: true, params: structuredClone(defaults[k]) });
      continue;
    }
    const one = item.match(/^(\d+|[a-z_]+)(!?)(\{.*\})?$/s);
    const base = one && (/^\d+$/.test(one[1]) ? defaults[Number(one[1])] : { stage: one[1] });
    if (!base) throw new Error(`“${item}” names no stage; a stage is a default stage's number, 0 to ${defaults.length - 1}, or a kind's name`);
    let changes = {};
    if (one[3]) {
      try {
        changes = JSON.parse(one[3]);
      } catch {
        throw new Error(`the changes “${one[3]}” are not JSON`);
      }
    }
    const params = { ...structuredClone(base), ...changes, stage: base.stage };
    stages.push({ on: one[2] !== "!", params });
  }
  if (stages.length === 0 || stages.length > 64) throw new Error(`${stages.length} stages; a pipeline has 1 to 64`);
  return stages;
}

/** A field's doc and what it allows, from the listing, shown under it. */
function hint(rule) {
  if (!rule) return null;
  const allowed = rule.allowed ? ` Allowed: ${rule.allowed}.` : "";
  return el("small", { class: "hint" }, `${rule.doc}${allowed}`);
}

/** A number input held to `rule`'s bounds. */
function numberInput(id, value, rule, set) {
  const attrs = { type: "number", id, step: "any", value: String(value) };
  if (rule?.min != null) attrs.min = rule.min;
  if (rule?.max != null) attrs.max = rule.max;
  const input = el("input", attrs);
  input.addEventListener("input", () => {
    const n = Number(input.value);
    set(input.value.trim() !== "" && Number.isFinite(n) ? n : input.value);
  });
  return input;
}

/**
 * An input for one field of a stage; `set(value)` stores an edit and
 * `rule(name)` gives a field's doc and range from the listing (`name` is
 * `variants.w` for a field of a variant).
 */
function fieldInput(id, name, value, set, rule) {
  const label = name.split(".").pop();
  if (typeof value === "boolean") {
    const box = el("input", { type: "checkbox", id });
    box.checked = value;
    box.addEventListener("change", () => set(box.checked));
    return el("label", { class: "check", for: id }, box, ` ${label}`, hint(rule(name)));
  }
  if (typeof value === "number") {
    return el("label", { for: id }, label, numberInput(id, value, rule(name), set), hint(rule(name)));
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    const inputs = value.map((v, k) => el("label", { for: `${id}-${k}` }, `[${k}]`, numberInput(`${id}-${k}`, v, rule(name), (x) => {
      value[k] = x;
      set(value);
    })));
    return el("div", { class: "array" }, el("span", {}, label), ...inputs, hint(rule(name)));
  }
  if (Array.isArray(value)) {
    // A list of tables (machine variants): one group per item.
    return el("div", { class: "items" }, el("span", {}, label), hint(rule(name)),
      ...value.map((item, k) => el("fieldset", { class: "item" }, el("legend", {}, `${label}[${k}]`),
        ...Object.entries(item).map(([key, v]) => fieldInput(`${id}-${k}-${key}`, `${name}.${key}`, v, (x) => {
          item[key] = x;
          set(value);
        }, rule)))));
  }
  // Text: as many characters as the listing allows.
  const input = el("input", { type: "text", id, value: String(value), maxlength: rule(name)?.max ?? undefined });
  input.addEventListener("input", () => set(input.value));
  return el("label", { for: id }, label, input, hint(rule(name)));
}

/** A stage's field with the place for its error: `data-field` is its name in the server's messages. */
function field(id, key, value, set, rule) {
  return el("div", { class: "field", "data-field": key }, fieldInput(`${id}-${key}`, key, value, set, rule), el("p", { class: "error", role: "alert" }));
}

/** A small button that does `act`, unless `disabled`. */
function tool(text, label, act, disabled = false) {
  return el("button", { type: "button", style: TOOL_STYLE, "aria-label": label, title: label, disabled, onclick: act }, text);
}

export default {
  claims: ["pipeline"],
  addressKeys: ["stages"],

  /**
   * The address's `stages` read into the list and the `pipeline` sent; an
   * address without them leaves the list to the ship drawn (the default
   * pipeline, or an address's whole `pipeline`).
   */
  fromAddress(page) {
    const text = page.kept.get("stages");
    const defaults = defaultsOf(page);
    if (text === undefined) {
      if (!page.overrides.has("pipeline")) this.stages = null;
      return;
    }
    try {
      this.stages = decode(text, defaults);
    } catch (e) {
      page.kept.delete("stages");
      page.dropped.push(["pipeline", `The address's stages “${text}” do not read: ${e.message}`]);
      this.stages = null;
      return;
    }
    const used = this.stages.filter((s) => s.on).map((s) => s.params);
    if (same(used, defaults)) page.overrides.delete("pipeline");
    else page.overrides.set("pipeline", toInlineToml(used));
    if (this.list) this.renderList(page);
  },

  /** The address carries the list's differences, not the whole pipeline. */
  toAddress(q, page) {
    if (page.kept.has("stages")) q.delete("pipeline");
  },

  /** The address's pipeline was refused and left out: its list goes with it. */
  dropped(page, name) {
    if (name !== "pipeline") return;
    page.kept.delete("stages");
    this.stages = null;
  },

  setup(page) {
    const pipeline = page.info.params.find((p) => p.name === "pipeline");
    this.defaults = pipeline.default;
    /** Each stage field's doc and range, by `stage.field`. */
    this.rules = new Map((pipeline.fields ?? []).map((f) => [`${f.table}.${f.name}`, f]));
    // The list the address gave, if any (fromAddress).
    this.stages ??= null;
    this.viewing = 0;
    this.list = el("ol", { class: "stages", id: "stages" });
    this.error = this.error.bind(this);
    // Each kind of stage once, with the default pipeline's settings, to add.
    this.kinds = [...new Map(this.defaults.map((s) => [s.stage, s])).values()];
    this.kind = el("select", { id: "stage-kind", "aria-label": "Kind of stage to add" },
      ...this.kinds.map((s) => el("option", { value: s.stage }, s.stage.replaceAll("_", " "))));
    const add = el("button", { type: "button", id: "stage-add" }, "Add stage");
    add.addEventListener("click", () => {
      this.stages ??= align(this.defaults, this.defaults);
      this.stages.push({ on: true, params: structuredClone(this.kinds.find((s) => s.stage === this.kind.value)) });
      this.edited(page);
    });
    page.extraControls.append(
      el("fieldset", { class: "pipeline" }, el("legend", {}, "Stages"),
        el("p", { class: "hint" }, "The pipeline, in order. Switch a stage off to leave it out, open it to change its parameters, move it, duplicate it or remove it."),
        el("p", { class: "error", id: "error-pipeline", role: "alert" }),
        this.list,
        el("div", { class: "stage-add", style: "display: flex; gap: 0.4rem; align-items: center;" }, this.kind, add)),
    );
    this.slider = el("input", { type: "range", id: "stage-slider", min: 1, max: 1, value: 1, step: 1 });
    this.label = el("output", { for: "stage-slider", id: "stage-label" });
    this.slider.addEventListener("input", () => this.view(page));
    page.extraView.append(el("div", { class: "stage-view" }, el("label", { for: "stage-slider" }, "Ship after stage"), this.slider, this.label));
    if (this.stages) this.renderList(page);
  },

  /**
   * Sends the stages that are on as the `pipeline` parameter, and keeps the
   * list in the address (a change that sends the same pipeline, such as a
   * stage switched off removed, is a new address all the same).
   */
  changed(page) {
    const used = this.stages.filter((s) => s.on).map((s) => s.params);
    const text = encode(this.stages, this.defaults);
    const before = page.overrides.get("pipeline") ?? null;
    const kept = page.kept.get("stages") ?? "";
    if (text) page.kept.set("stages", text);
    else page.kept.delete("stages");
    page.setOverride("pipeline", same(used, this.defaults) ? null : toInlineToml(used));
    if ((page.overrides.get("pipeline") ?? null) === before && text !== kept && page.shown) page.keep("stages", text || null);
  },

  /** The list changed shape: redrawn, and the ship with it. */
  edited(page) {
    this.renderList(page);
    this.changed(page);
  },

  renderList(page) {
    const n = this.stages.length;
    this.list.replaceChildren(...this.stages.map((stage, i) => {
      const id = `stage-${i}`;
      const name = stage.params.stage.replaceAll("_", " ");
      const toggle = el("input", { type: "checkbox", id: `${id}-on`, "aria-label": `Stage ${stage.params.stage} on` });
      toggle.checked = stage.on;
      toggle.addEventListener("change", () => {
        stage.on = toggle.checked;
        item.classList.toggle("off", !stage.on);
        this.changed(page);
      });
      const move = (to) => {
        this.stages.splice(to, 0, ...this.stages.splice(i, 1));
        this.edited(page);
      };
      const tools = el("span", { class: "stage-tools", style: "margin-left: auto; display: flex; gap: 0.2rem;" },
        tool("↑", `Move ${name} up`, () => move(i - 1), i === 0),
        tool("↓", `Move ${name} down`, () => move(i + 1), i === n - 1),
        tool("Copy", `Duplicate ${name}`, () => {
          this.stages.splice(i + 1, 0, structuredClone(stage));
          this.edited(page);
        }),
        tool("✕", `Remove ${name}`, () => {
          this.stages.splice(i, 1);
          this.edited(page);
        }, n === 1));
      const fields = Object.entries(stage.params)
        .filter(([key]) => key !== "stage")
        .map(([key, value]) => field(id, key, value, (x) => {
          stage.params[key] = x;
          this.changed(page);
        }, (name) => this.rules.get(`${stage.params.stage}.${name}`)));
      const body = fields.length ? el("details", {}, el("summary", {}, "parameters"), ...fields) : el("span", { class: "hint" }, "no parameters");
      const item = el("li", { class: stage.on ? "stage" : "stage off", "data-stage": stage.params.stage },
        el("div", { class: "stage-head" }, toggle, el("label", { for: `${id}-on` }, name), tools),
        body,
        el("p", { class: "error", role: "alert" }));
      return item;
    }));
  },

  /**
   * An error about `pipeline[i] (kind).field…` goes beside that field of the
   * i-th stage that is on (its parameters opened), or beside the stage; one
   * about a kind of stage (`pipeline (reactor)`: none, or two) beside the
   * first stage of that kind, saying to switch it on, or above the list,
   * saying to add one. The message leaves out the server's `pipeline[i]`
   * (counted from 0 among the stages on): where it stands says which.
   */
  error(page, e) {
    for (const p of this.list.querySelectorAll(".error")) p.textContent = "";
    document.getElementById("error-pipeline").textContent = "";
    if (!e || !e.parameter || !e.parameter.startsWith("pipeline")) return false;
    const [, index, key] = e.parameter.match(/^pipeline\[(\d+)\](?: \([^)]*\))?(?:\.(\w+))?/) || [];
    const [, kind] = e.parameter.match(/^pipeline \((\w+)\)$/) || [];
    const items = [...this.list.children];
    const on = items.filter((li, i) => this.stages?.[i]?.on);
    let message = e.message.replace(/^parameter `[^`]*`: /, "");
    let item = index !== undefined ? on[Number(index)] : null;
    if (kind) {
      item = items.find((li) => li.dataset.stage === kind && li.classList.contains("off")) ?? items.find((li) => li.dataset.stage === kind);
      const name = kind.replaceAll("_", " ");
      message += item?.classList.contains("off") ? `. Switch ${name} on.` : item ? "." : `. Add a ${name} stage below.`;
    }
    const at = item && key ? item.querySelector(`.field[data-field="${key}"]`) : null;
    if (at) at.closest("details").open = true;
    const target = at ? at.querySelector(":scope > .error") : item ? item.querySelector(":scope > .error") : document.getElementById("error-pipeline");
    target.textContent = message;
    (at ?? item)?.scrollIntoView({ block: "nearest" });
    return true;
  },

  /** With no ship yet, the default stages stay editable, so that a first ship that fails can be mended. */
  failed(page) {
    if (!this.stages && !page.overrides.has("pipeline")) {
      this.stages = align(this.defaults, this.defaults);
      this.renderList(page);
    }
  },

  /**
   * A ship drawn: the list is made from it the first time, and again when
   * the address (Back, Forward: `record` "replace") gives a ship whose
   * stages are not the list's.
   */
  shown(page, board, record) {
    const used = board.json.params.pipeline;
    const listed = this.stages?.filter((s) => s.on).map((s) => s.params);
    if (!this.stages || (record === "replace" && !same(listed, used))) {
      this.stages = align(this.defaults, used);
      this.renderList(page);
    }
    // The drawing shown is the finished ship: the ship after the last stage.
    this.slider.max = Math.max(1, board.json.stages.length);
    this.slider.value = this.slider.max;
    this.viewing++;
    this.mark(page, Number(this.slider.value));
  },

  /** Labels the slider and the drawing with stage `k` (from 1). */
  mark(page, k) {
    const stages = page.shown.json.stages;
    const text = `${k} of ${stages.length}: ${(stages[k - 1] || "").replaceAll("_", " ")}`;
    this.label.textContent = text;
    const svg = page.board.querySelector("svg");
    svg.dataset.stage = String(k);
    svg.setAttribute("aria-label", `The ship after stage ${text}`);
  },

  /** Shows the ship after the slider's stage, as the server draws it. */
  async view(page) {
    const k = Number(this.slider.value);
    const viewing = ++this.viewing;
    const { query } = page.shown;
    this.label.textContent = `${k} of ${page.shown.json.stages.length}: …`;
    try {
      const svg = await fetchApi(`/api/starship/snapshot-${k - 1}.svg?${query}`, "text");
      if (viewing !== this.viewing || query !== page.shown.query) return;
      page.showSvg(svg);
      this.mark(page, k);
    } catch (e) {
      if (viewing === this.viewing) page.status(`Stage not shown: ${e.message}`, "error");
    }
  },
};
