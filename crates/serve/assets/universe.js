// Universe: "show relaxation" plays the points moving from the jittered grid
// to their final places over a few seconds, the invisible obstacles that
// push them shown faintly, then the edges, the missions and the node types
// appear, and the drawing comes back. "Play 1,000 games" has the server's
// greedy bots play the board: a table of seats and starts with their 95 %
// intervals (on a phone behind their summary line), then the first game
// replayed on the drawing, each player's icons in their colour, cuts drawn
// as they are made, loose pieces fading.

import { ApiError, fetchApi } from "./api.js";
import { el } from "./form.js";
import { WIDE } from "./svg.js";

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
 * The points at `share` (0 to 1) of the way through `snapshots`, each step
 * from one snapshot to the next given the same time: the iterations pass at
 * an even pace from the first, the large first moves quickly and the
 * settling after them slowly, as the relaxation runs. Paced by how far the
 * points move instead, the first step would hold the screen half the time
 * and the last fifty iterations rush by.
 */
function pointsAt(snapshots, share) {
  const at = share * (snapshots.length - 1);
  const k = Math.floor(at);
  const t = at - k;
  const [from, to] = [snapshots[k].points, snapshots[k + 1]?.points ?? snapshots[k].points];
  // The iteration the points are moving towards.
  return { iteration: t > 0 ? k + 1 : k, points: from.map(([x, y], i) => [x + (to[i][0] - x) * t, y + (to[i][1] - y) * t]) };
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
    const start = performance.now();
    for (;;) {
      if (run.stop) return;
      const share = Math.min(1, (performance.now() - start) / PLAY_MS);
      const shown = pointsAt(steps.snapshots, share);
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
    // Stopped: the heading is the board's again, not the iteration it stopped at.
    if (run.stop) {
      button.dataset.state = "stopped";
      page.status(`Seed “${page.seed}”`, "ok");
    }
  }
}

/** The seats' colours in a replay (the drawing has no players of its own). */
const SEAT_COLORS = ["#d7263d", "#1b998b", "#2e86de", "#f46036", "#8e44ad", "#2d3047", "#c5a000", "#5e8c31", "#e84393"];
/** How long each move of a replay shows. */
const MOVE_MS = 350;

let replaying = null;

const percent = (x) => `${(x * 100).toFixed(1)} %`;

/** A table of win rates: `rows` of `[name, played or null, rate]`. */
function rateTable(id, caption, header, rows) {
  const played = rows.some(([, held]) => held !== null);
  return el(
    "table",
    { id, class: "rates" },
    el("caption", {}, caption),
    el("tr", {}, el("th", {}, header), ...(played ? [el("th", {}, "played")] : []), el("th", {}, "wins"), el("th", {}, "win rate"), el("th", {}, "95 % interval")),
    ...rows.map(([name, held, rate]) =>
      el(
        "tr",
        {},
        el("td", {}, String(name)),
        ...(played ? [el("td", {}, String(held))] : []),
        el("td", {}, String(rate.wins)),
        el("td", {}, percent(rate.win_rate)),
        el("td", {}, `${percent(rate.interval[0])} – ${percent(rate.interval[1])}`),
      ),
    ),
  );
}

/** Plays 1,000 games on the board shown, then replays the first on the drawing. */
async function playGames(page, button, out) {
  if (replaying) {
    replaying.stop = true;
    return;
  }
  if (!page.shown) {
    page.status("No board to play yet: see the message beside the settings", "error");
    return;
  }
  const run = (replaying = { stop: false });
  button.textContent = "Stop";
  button.dataset.state = "playing";
  const svg = page.board.querySelector("svg");
  let layer = null;
  try {
    page.status("Playing 1,000 games…", "busy");
    const report = await fetchApi(`/api/universe/play?${page.shown.query}&games=1000`);
    if (run.stop) return;
    // On a phone the tables wait behind their summary line: open, they
    // would push the settings far from the board.
    out.replaceChildren(
      el("p", { id: "play-summary" }, `${report.games} games, greedy bots in every seat: Balance ${report.balance.toFixed(3)}, ${report.stalls} without a winner, ${report.turns.mean.toFixed(1)} rounds on average; the best start wins ${percent(report.start_spread)} more often than the worst (${percent(report.excess_start_spread)} beyond chance).`),
      el("details", { id: "play-tables", open: matchMedia(WIDE).matches },
        el("summary", {}, `Win rates by seat and by starting node (${report.seats.length + report.starts.length} rows)`),
        rateTable("play-seats", "By seat, in turn order", "seat", report.seats.map((s) => [s.seat, null, s])),
        rateTable("play-starts", "By starting node", "node", report.starts.map((s) => [s.node, s.held, s]))),
    );
    const board = page.shown.json;
    const { unit, at } = layout(board, svg);
    layer = svgEl("g", { class: "replay" });
    const cuts = svgEl("g", { stroke: "#b3261e", "stroke-width": 0.08 * unit, "stroke-linecap": "round" });
    const gone = svgEl("g", { fill: "#ffffff", "fill-opacity": 0.75 });
    const icons = svgEl("g", {});
    layer.append(cuts, gone, icons);
    svg.append(layer);
    const place = (seat, node) => {
      const n = board.nodes[node];
      const angle = (seat / report.players) * 2 * Math.PI;
      const [x, y] = at([n.x + Math.cos(angle) * 0.22, n.y + Math.sin(angle) * 0.22]);
      icons.append(svgEl("circle", { class: "icon", cx: x, cy: y, r: 0.11 * unit, fill: SEAT_COLORS[seat % SEAT_COLORS.length], stroke: "#ffffff", "stroke-width": 0.02 * unit }));
    };
    let winner = null;
    for (const [k, turn] of report.replay.entries()) {
      if (run.stop) return;
      const who = `Player ${turn.seat + 1}`;
      let text = `${who} passes`;
      if (turn.move === "start") {
        place(turn.seat, turn.node);
        text = `${who} starts on node ${turn.node}`;
      } else if (turn.move === "teleport") {
        place(turn.seat, turn.to);
        text = `${who} teleports to node ${turn.to}`;
      } else if (turn.move === "step") {
        place(turn.seat, turn.to);
        text = `${who} moves to node ${turn.to}`;
        if (turn.action.action === "cut") {
          for (const e of turn.action.edges) {
            const [a, b] = board.edges[e].map((v) => at([board.nodes[v].x, board.nodes[v].y]));
            cuts.append(svgEl("line", { class: "cut", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
          }
          text += ` and cuts ${turn.action.edges.length === 1 ? "an edge" : `${turn.action.edges.length} edges`}`;
        } else if (turn.action.action === "teleport") {
          place(turn.seat, turn.action.to);
          text += ` and teleports to node ${turn.action.to}`;
        }
        if (board.nodes[turn.to].kind === "center") winner = turn.seat;
      }
      for (const v of turn.gone) {
        const [x, y] = at([board.nodes[v].x, board.nodes[v].y]);
        gone.append(svgEl("circle", { class: "gone", cx: x, cy: y, r: NODE_RADIUS * unit * 1.6 }));
      }
      if (turn.gone.length) text += `; ${turn.gone.length} node${turn.gone.length === 1 ? "" : "s"} cut loose`;
      page.status(`Game 1, move ${k + 1} of ${report.replay.length}: ${text}`, "busy");
      await wait(MOVE_MS);
    }
    page.status(winner === null ? "Game 1 replayed: no one won" : `Game 1 replayed: Player ${winner + 1} reached the centre`, "ok");
    button.dataset.state = "done";
    await wait(1500);
  } catch (e) {
    page.status(e instanceof ApiError ? e.message : `Could not play: ${e.message}`, "error");
    button.dataset.state = "failed";
  } finally {
    layer?.remove();
    replaying = null;
    button.textContent = "Play 1,000 games";
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
    const games = el("button", { type: "button", id: "play-games" }, "Play 1,000 games");
    const out = el("div", { id: "play-report", "aria-live": "polite" });
    games.addEventListener("click", () => playGames(page, games, out));
    page.extraView.append(el("div", { class: "playback" }, button, every), el("div", { class: "playback" }, games), out);
  },
};
