// Universe: "show relaxation" plays the points moving from the jittered grid
// to their final places over a few seconds, the invisible obstacles that
// push them shown faintly, then the edges, the missions and the node types
// appear, and the drawing comes back.

import { ApiError, fetchApi } from "./api.js";
import { el } from "./form.js";

const SVG = "http://www.w3.org/2000/svg";
/** The largest node radius of universe's drawing, in grid units. */
const NODE_RADIUS = 0.3;
/** How long the points take to reach their places. */
const PLAY_MS = 4000;

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * The points at `share` (0 to 1) of the way through `snapshots`, measured
 * by how far the points have moved rather than by iterations: most of the
 * movement is in the first few iterations, and played by iteration it would
 * be over at once. `moved[k]` is the movement up to snapshot `k`.
 */
function pointsAt(snapshots, moved, share) {
  const total = moved[moved.length - 1];
  const goal = share * total;
  let k = 0;
  while (k < moved.length - 2 && moved[k + 1] < goal) k++;
  const span = moved[k + 1] - moved[k];
  const t = span > 0 ? Math.min(1, Math.max(0, (goal - moved[k]) / span)) : 1;
  const [from, to] = [snapshots[k].points, snapshots[k + 1]?.points ?? snapshots[k].points];
  // The iteration the points are moving towards.
  return { iteration: t > 0 && snapshots[k + 1] ? k + 1 : k, points: from.map(([x, y], i) => [x + (to[i][0] - x) * t, y + (to[i][1] - y) * t]) };
}

/** The movement of all points up to each snapshot (0 at the first). */
function movement(snapshots) {
  const moved = [0];
  for (let k = 1; k < snapshots.length; k++) {
    const [a, b] = [snapshots[k - 1].points, snapshots[k].points];
    moved.push(moved[k - 1] + a.reduce((sum, [x, y], i) => sum + Math.hypot(b[i][0] - x, b[i][1] - y), 0));
  }
  return moved;
}

/** Grid units to millimetres as the drawing (`svg`) placed the board's
 * nodes: read from its westmost and eastmost nodes' `data-x`, `data-y`. */
function layout(board, svg) {
  const drawn = (id) => {
    const g = svg.querySelector(`g.node[data-id="${id}"]`);
    return [Number(g.dataset.x), Number(g.dataset.y)];
  };
  const byX = [...board.nodes].sort((a, b) => a.x - b.x);
  const [west, east] = [byX[0], byX[byX.length - 1]];
  const unit = (drawn(east.id)[0] - drawn(west.id)[0]) / (east.x - west.x || 1);
  const origin = [drawn(west.id)[0] - west.x * unit, drawn(west.id)[1] - west.y * unit];
  // The drawing's whole page, whatever part of it the view shows.
  const [, , width, height] = (svg.dataset.page || svg.dataset.box || svg.getAttribute("viewBox")).split(/[\s,]+/).map(Number);
  return { unit, page: [width, height], at: ([x, y]) => [origin[0] + x * unit, origin[1] + y * unit] };
}

let playing = null;

async function play(page, button, every) {
  if (playing) {
    playing.stop = true;
    return;
  }
  if (!page.shown) {
    page.status("No board to play yet: see the message beside the settings", "error");
    return;
  }
  const run = (playing = { stop: false });
  button.textContent = "Stop";
  button.dataset.state = "playing";
  const svg = page.board.querySelector("svg");
  let layer = null;
  try {
    const steps = await fetchApi(`/api/universe/steps?${page.shown.query}&every=${every}`);
    if (!steps.snapshots.length) {
      page.status("No relaxation snapshots are recorded for this board", "error");
      button.dataset.state = "unavailable";
      return;
    }
    const board = page.shown.json;
    const { unit, page: size, at } = layout(board, svg);
    layer = svgEl("g", { class: "relaxation" });
    layer.append(svgEl("rect", { x: 0, y: 0, width: size[0], height: size[1], fill: "#ffffff" }));
    const edges = svgEl("g", { stroke: "#888888", "stroke-width": 0.02 * unit, opacity: 0 });
    layer.append(edges);
    const points = steps.snapshots[0].points.map(() => svgEl("circle", { class: "point", r: NODE_RADIUS * unit * 0.6, fill: "#2a6fdb" }));
    layer.append(...points);
    svg.append(layer);
    // The obstacles, faintly, while the points move.
    const obstacles = svgEl("g", { class: "obstacles", fill: "#9aa5b1", "fill-opacity": 0.25, stroke: "#9aa5b1", "stroke-dasharray": `${0.05 * unit}` });
    for (const [x, y, r] of steps.snapshots[0].obstacles ?? []) {
      const [cx, cy] = at([x, y]);
      obstacles.append(svgEl("circle", { cx, cy, r: r * unit, "stroke-width": 0.02 * unit }));
    }
    layer.insertBefore(obstacles, edges);
    const moved = movement(steps.snapshots);
    const start = performance.now();
    for (;;) {
      if (run.stop) return;
      const share = Math.min(1, (performance.now() - start) / PLAY_MS);
      const shown = pointsAt(steps.snapshots, moved, share);
      shown.points.forEach((p, i) => {
        const [x, y] = at(p);
        points[i]?.setAttribute("cx", x);
        points[i]?.setAttribute("cy", y);
      });
      const iteration = steps.snapshots[shown.iteration].iteration ?? shown.iteration * every;
      page.status(`Relaxation: iteration ${iteration} of ${board.params.iterations}`, "busy");
      if (share >= 1) break;
      await nextFrame();
    }
    obstacles.remove();
    // Then the edges, then missions and types, from the finished board.
    for (const [a, b] of board.edges) {
      const [x1, y1] = at([board.nodes[a].x, board.nodes[a].y]);
      const [x2, y2] = at([board.nodes[b].x, board.nodes[b].y]);
      edges.append(svgEl("line", { x1, y1, x2, y2 }));
    }
    edges.setAttribute("opacity", 1);
    page.status("Edges", "busy");
    await wait(600);
    if (run.stop) return;
    board.nodes.forEach((node, i) => {
      const point = points[i];
      if (!point) return;
      point.setAttribute("fill", node.kind === "mission" ? "#d7263d" : node.kind === "center" ? "#ff8fab" : "#2a6fdb");
      point.setAttribute("r", NODE_RADIUS * unit * (node.kind === "regular" ? 0.6 : 1));
      const title = svgEl("title");
      title.textContent = `${node.kind}: ${node.type}`;
      point.append(title);
    });
    page.status("Missions and types", "busy");
    await wait(800);
    if (run.stop) return;
    page.status("Relaxation shown", "ok");
    button.dataset.state = "done";
  } catch (e) {
    page.status(e instanceof ApiError ? e.message : `Could not play: ${e.message}`, "error");
    button.dataset.state = "failed";
  } finally {
    layer?.remove();
    playing = null;
    button.textContent = "Show relaxation";
  }
}

export default {
  setup(page) {
    const every = el(
      "select",
      { id: "every", "aria-label": "Show every how many iterations" },
      ...[1, 2, 5, 10].map((k) => el("option", { value: k }, k === 1 ? "every iteration" : `every ${k} iterations`)),
    );
    const button = el("button", { type: "button", id: "play", class: "primary" }, "Show relaxation");
    button.addEventListener("click", () => play(page, button, every.value));
    page.extraView.append(el("div", { class: "playback" }, button, every));
  },
};
