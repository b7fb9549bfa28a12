// A drawing from the server made ready for the page: parsed, its pages side
// by side on a wide screen, or its legend moved below as HTML on a narrow one.

import { ApiError } from "./api.js";
import { el } from "./form.js";

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
export const WIDE = "(min-width: 861px)";

/**
 * Lays a drawing of two pages one above the other (witches' front and back,
 * each a top-level `translate(0 y)` group) side by side, so that both are
 * large enough to read on a wide screen.
 */
export function sideBySide(svg) {
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
  // A loop, not Math.min(...boxes): a large map has more boxes than a call takes arguments.
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
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
export function legendBelow(svg, holder) {
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
