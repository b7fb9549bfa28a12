// Starship: the pipeline's stages in order, each with an on/off switch and
// its parameters expandable, as in the original editor; a slider shows the
// ship after any stage.

import { fetchApi } from "./app.js";
import { el } from "./form.js";
import { toInlineToml } from "./toml.js";

const SVG = "http://www.w3.org/2000/svg";
/** Tile colours by legend meaning; parts not listed get one from their role's family. */
const COLOURS = { floor: "#e8e4d8", armor: "#5b6470", cockpit: "#2a6fdb", reactor: "#f4b400", ammo_supply: "#d7263d", power_storage: "#7b2cbf", crew_quarters: "#2a9d8f", bunks: "#8fc07a" };

function tileColour(meaning) {
  if (COLOURS[meaning]) return COLOURS[meaning];
  if (meaning.startsWith("thruster")) return "#f77f00";
  if (meaning.startsWith("weapon")) return "#8c564b";
  return "#8d99ae";
}

/** Lines up the pipeline in use with the default one: default stages missing from it are shown switched off. */
function align(defaults, used) {
  const stages = [];
  let j = 0;
  for (const stage of defaults) {
    if (j < used.length && used[j].stage === stage.stage) stages.push({ on: true, params: structuredClone(used[j++]) });
    else stages.push({ on: false, params: structuredClone(stage) });
  }
  for (; j < used.length; j++) stages.push({ on: true, params: structuredClone(used[j]) });
  return stages;
}

/** An input for one field of a stage; `set(value)` stores an edit. */
function fieldInput(id, label, value, set) {
  if (typeof value === "boolean") {
    const box = el("input", { type: "checkbox", id });
    box.checked = value;
    box.addEventListener("change", () => set(box.checked));
    return el("label", { class: "check", for: id }, box, ` ${label}`);
  }
  if (typeof value === "number") {
    const input = el("input", { type: "number", id, step: "any", value: String(value) });
    input.addEventListener("input", () => {
      const n = Number(input.value);
      set(input.value.trim() !== "" && Number.isFinite(n) ? n : input.value);
    });
    return el("label", { for: id }, label, input);
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) {
    const inputs = value.map((v, k) => fieldInput(`${id}-${k}`, `[${k}]`, v, (x) => {
      value[k] = x;
      set(value);
    }));
    return el("div", { class: "array" }, el("span", {}, label), ...inputs);
  }
  if (Array.isArray(value)) {
    // A list of tables (machine variants): one group per item.
    return el("div", { class: "items" }, el("span", {}, label),
      ...value.map((item, k) => el("fieldset", { class: "item" }, el("legend", {}, `${label}[${k}]`),
        ...Object.entries(item).map(([key, v]) => fieldInput(`${id}-${k}-${key}`, key, v, (x) => {
          item[key] = x;
          set(value);
        })))));
  }
  const input = el("input", { type: "text", id, value: String(value), maxlength: 64 });
  input.addEventListener("input", () => set(input.value));
  return el("label", { for: id }, label, input);
}

export default {
  claims: ["pipeline"],

  setup(page) {
    this.defaults = page.info.params.find((p) => p.name === "pipeline").default;
    this.stages = null;
    this.list = el("ol", { class: "stages", id: "stages" });
    this.error = this.error.bind(this);
    page.extraControls.append(
      el("fieldset", { class: "pipeline" }, el("legend", {}, "Stages"),
        el("p", { class: "hint" }, "The pipeline, in order. Switch a stage off to leave it out; open it to change its parameters."),
        el("p", { class: "error", id: "error-pipeline", role: "alert" }),
        this.list),
    );
    this.slider = el("input", { type: "range", id: "stage-slider", min: 1, max: 1, value: 1, step: 1 });
    this.label = el("output", { for: "stage-slider", id: "stage-label" });
    this.slider.addEventListener("input", () => this.view(page));
    page.extraView.append(el("div", { class: "stage-view" }, el("label", { for: "stage-slider" }, "Ship after stage"), this.slider, this.label));
  },

  /** Sends the stages that are on as the `pipeline` parameter. */
  changed(page) {
    const used = this.stages.filter((s) => s.on).map((s) => s.params);
    const same = JSON.stringify(used) === JSON.stringify(this.defaults);
    page.setOverride("pipeline", same ? null : toInlineToml(used));
  },

  renderList(page) {
    this.list.replaceChildren(...this.stages.map((stage, i) => {
      const id = `stage-${i}`;
      const toggle = el("input", { type: "checkbox", id: `${id}-on`, "aria-label": `Stage ${stage.params.stage} on` });
      toggle.checked = stage.on;
      toggle.addEventListener("change", () => {
        stage.on = toggle.checked;
        item.classList.toggle("off", !stage.on);
        this.changed(page);
      });
      const fields = Object.entries(stage.params)
        .filter(([key]) => key !== "stage")
        .map(([key, value]) => fieldInput(`${id}-${key}`, key, value, (x) => {
          stage.params[key] = x;
          this.changed(page);
        }));
      const body = fields.length ? el("details", {}, el("summary", {}, "parameters"), ...fields) : el("span", { class: "hint" }, "no parameters");
      const item = el("li", { class: stage.on ? "stage" : "stage off", "data-stage": stage.params.stage },
        el("div", { class: "stage-head" }, toggle, el("label", { for: `${id}-on` }, stage.params.stage.replaceAll("_", " "))),
        body,
        el("p", { class: "error", role: "alert" }));
      return item;
    }));
  },

  /** An error about `pipeline[i]…` goes beside the i-th stage that is on. */
  error(page, e) {
    for (const p of this.list.querySelectorAll(".error")) p.textContent = "";
    document.getElementById("error-pipeline").textContent = "";
    if (!e || !e.parameter || !e.parameter.startsWith("pipeline")) return false;
    const index = Number((e.parameter.match(/^pipeline\[(\d+)\]/) || [])[1]);
    const on = [...this.list.children].filter((li, i) => this.stages[i].on);
    const target = Number.isInteger(index) && on[index] ? on[index].querySelector(".error") : document.getElementById("error-pipeline");
    target.textContent = e.message;
    return true;
  },

  /** With no ship yet, the default stages stay editable, so that a first ship that fails can be mended. */
  failed(page) {
    if (!this.stages && !page.overrides.has("pipeline")) {
      this.stages = align(this.defaults, this.defaults);
      this.renderList(page);
    }
  },

  async shown(page, board) {
    if (!this.stages) {
      this.stages = align(this.defaults, board.json.params.pipeline);
      this.renderList(page);
    }
    this.snapshots = [];
    try {
      this.snapshots = (await fetchApi(`/api/starship/steps?${page.shown.query}`)).snapshots;
    } catch (e) {
      page.status(`Stages not shown: ${e.message}`, "error");
    }
    this.slider.max = Math.max(1, this.snapshots.length);
    this.slider.value = this.slider.max;
    this.view(page);
  },

  /** Shows the ship after the slider's stage: the last is the finished drawing. */
  view(page) {
    const k = Number(this.slider.value);
    const snapshot = this.snapshots[k - 1];
    this.label.textContent = snapshot ? `${k} of ${this.snapshots.length}: ${snapshot.stage.replaceAll("_", " ")}` : "";
    if (!snapshot || k === this.snapshots.length) {
      page.showSvg(page.shown.svg);
      return;
    }
    const legend = page.shown.json.legend;
    const rows = snapshot.tiles;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `-1 -1 ${rows[0].length + 2} ${rows.length + 2}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `The ship after stage ${snapshot.stage}`);
    svg.classList.add("stage-tiles");
    rows.forEach((row, y) => {
      [...row].forEach((ch, x) => {
        if (ch === " ") return;
        const rect = document.createElementNS(SVG, "rect");
        Object.entries({ x, y, width: 1, height: 1, fill: tileColour(legend[ch] || "other") }).forEach(([a, v]) => rect.setAttribute(a, v));
        svg.append(rect);
      });
    });
    page.board.replaceChildren(svg);
  },
};
