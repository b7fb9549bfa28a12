// Zoom and pan of the board's drawing.

import { el } from "./form.js";

/** The most a board is magnified. */
const MAX_ZOOM = 16;
/** How far a press may wobble, in CSS pixels, and still be a tap rather than a drag. */
const TAP_SLOP = 8;

/**
 * Zoom and pan of the drawing on the board, as its `viewBox`: the wheel or
 * a pinch zooms about the pointer, a drag pans, the buttons under the board
 * and the keys + − 0 and the arrows (when the board has focus and a
 * generator's own keys did not take them) do both. The view starts fitted
 * and is kept when the board is redrawn; Fit returns to it. `moved` says
 * whether a press moved the view (a pan or a pinch): a playable map builds
 * nothing on such a press, only on a tap.
 */
export class Zoom {
  constructor(board) {
    this.board = board;
    /** Magnification, and the centre of the view as fractions of the drawing. */
    this.scale = 1;
    this.centre = [0.5, 0.5];
    this.pointers = new Map();
    /** Whether the press under way, or the last one, moved the view. */
    this.moved = false;
    new MutationObserver(() => this.apply()).observe(board, { childList: true });
    const button = (label, title, act) => el("button", { type: "button", title, "aria-label": title, onclick: act }, label);
    /** The buttons, under the board: over it they would hide its corner. */
    this.element = el("div", { class: "zoom", role: "group", "aria-label": "Zoom" },
      button("+", "Zoom in", () => this.zoomBy(1.5)),
      button("−", "Zoom out", () => this.zoomBy(1 / 1.5)),
      button("Fit", "Fit the board to its area", () => this.fit()));
    board.after(this.element);
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

  /** A pointer down: the first starts a press, a second makes it a pinch. */
  down(e) {
    if (!this.pointers.size) this.moved = false;
    this.pointers.set(e.pointerId, { at: [e.clientX, e.clientY] });
    if (this.pointers.size > 1) this.moved = true;
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
    } else if (this.scale > 1) {
      // A tap's wobble pans nothing: the press stays a tap until it moves further.
      if (!this.moved && Math.hypot(e.clientX - x, e.clientY - y) < TAP_SLOP) return;
      this.moved = true;
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
