// Universe: "show relaxation" plays the points moving from the jittered grid
// to their final places over a few seconds, the invisible obstacles that
// push them shown faintly, then the edges, the missions and the node types
// appear, and the drawing comes back. "Play 1,000 games" has the server's
// bots (the reference bots unless another is picked) play the board: the
// verdicts on seats and starts in words, a summary line (the seats' gap
// with its interval, games no one won by cause), the tables of seats and
// starts (by their printed labels) with their 95 % intervals (on a phone
// behind their summary line; a start pointed at is marked on the
// drawing), then the first game replayed on the drawing with Pause/Play
// and Step, each player's icons in their colour (a key names them), cuts
// drawn as they are made (edges drawn in the game too), loose pieces
// fading, the last position kept until cleared.

import { ApiError, DRAWING, fetchApi } from "./api.js";
import { el } from "./form.js";
import { WIDE } from "./svg.js";

const SVG = "http://www.w3.org/2000/svg";
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
 * nodes: read from its westmost and eastmost nodes' `data-x`, `data-y`;
 * and how far each node's drawing reaches (`radius(id)`, its `data-r`),
 * the least of them `least`. */
function layout(board, svg) {
  const node = (id) => svg.querySelector(`g.node[data-id="${id}"]`);
  const drawn = (id) => [Number(node(id).dataset.x), Number(node(id).dataset.y)];
  const radius = (id) => Number(node(id)?.dataset.r ?? 0);
  const least = [...svg.querySelectorAll("g.node[data-r]")].reduce((m, g) => Math.min(m, Number(g.dataset.r)), Infinity);
  const byX = [...board.nodes].sort((a, b) => a.x - b.x);
  const [west, east] = [byX[0], byX[byX.length - 1]];
  const unit = (drawn(east.id)[0] - drawn(west.id)[0]) / (east.x - west.x || 1);
  const origin = [drawn(west.id)[0] - west.x * unit, drawn(west.id)[1] - west.y * unit];
  // The drawing's whole page, whatever part of it the view shows.
  const [, , width, height] = (svg.dataset.page || svg.dataset.box || svg.getAttribute("viewBox")).split(/[\s,]+/).map(Number);
  return { unit, radius, least, page: [width, height], at: ([x, y]) => [origin[0] + x * unit, origin[1] + y * unit] };
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
    const { unit, radius, least, page: size, at } = layout(board, svg);
    layer = svgEl("g", { class: "relaxation" });
    layer.append(svgEl("rect", { x: 0, y: 0, width: size[0], height: size[1], fill: "#ffffff" }));
    const edges = svgEl("g", { stroke: "#888888", "stroke-width": 0.02 * unit, opacity: 0 });
    layer.append(edges);
    const points = steps.snapshots[0].points.map(() => svgEl("circle", { class: "point", r: least, fill: "#2a6fdb" }));
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
      point.setAttribute("r", radius(i));
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
const seatColor = (seat) => SEAT_COLORS[seat % SEAT_COLORS.length];
/** How long each move of a replay shows. */
const MOVE_MS = 350;
/** Games a click plays. */
const GAMES = 1000;
/** The bots the page offers, the server's default first (not sent). */
const BOTS = [
  ["reference", "reference bots"],
  ["greedy", "greedy bots"],
  ["random", "random bots"],
];

/** The replay in progress: `{stop, byUser, paused, steps, wake}`. */
let replaying = null;
/** The replay's layer on the drawing: the last position stays until cleared. */
let replayLayer = null;
/** The start pinned in the table (clicked), shown on every drawing of the board: `{label, node}`. */
let pinned = null;
/** The board (its query without the drawing options) the report shown was played on. */
let reported = null;
/** The play controls and the report's place (set by `setup`). */
let ui = null;

const percent = (x) => `${(x * 100).toFixed(1)} %`;
/** A difference of win rates in percentage points. */
const points = (x) => `${(x * 100).toFixed(1).replace("-", "−")}`;
const count = (n) => n.toLocaleString("en");
/** A start as the board prints it and its node: "A (node 12)". */
const startName = (start) => (start.label ? `${start.label} (node ${start.node})` : `node ${start.node}`);
/** A query without the options that change only the drawing: the board it names. */
function boardOf(query) {
  const q = new URLSearchParams(query);
  for (const key of DRAWING) q.delete(key);
  return q.toString();
}

/** Wakes a replay waiting between moves (for Play, Step or Stop). */
function wake(run) {
  const resume = run?.wake;
  if (run) run.wake = null;
  resume?.();
}

/**
 * Waits before the next move: MOVE_MS while playing; paused, until Step
 * (one move), Play or Stop.
 */
async function nextMove(run) {
  if (!run.paused) {
    await new Promise((resolve) => {
      run.wake = resolve;
      setTimeout(resolve, MOVE_MS);
    });
  }
  while (run.paused && !run.stop) {
    if (run.steps > 0) {
      run.steps -= 1;
      return;
    }
    await new Promise((resolve) => (run.wake = resolve));
  }
}

/** Takes the replay's layer off the drawing. */
function clearReplay(ui) {
  replayLayer?.remove();
  replayLayer = null;
  if (ui) ui.replay.hidden = true;
}

/** The drawing's start labels (`g.start-label`) of `label`. */
function labelsOf(svg, label) {
  return [...svg.querySelectorAll("g.start-label")].filter((g) => g.dataset.label === label);
}

/**
 * Marks (`on`) or unmarks a start on the drawing: its label's group (and
 * its node's) gets the class `start-highlight`, and a ring is drawn
 * under the label.
 */
function markStart(page, start, on) {
  const svg = page.board.querySelector("svg");
  if (!svg || !start) return;
  for (const g of labelsOf(svg, start.label)) {
    g.classList.toggle("start-highlight", on);
    g.querySelector(":scope > .start-ring")?.remove();
    if (!on) continue;
    try {
      const box = g.getBBox();
      const pad = Math.max(box.width, box.height) * 0.4;
      g.prepend(svgEl("rect", { class: "start-ring", x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad, rx: pad, "stroke-width": pad / 2 }));
    } catch {
      // Not laid out (a hidden drawing): the class alone marks it.
    }
  }
  svg.querySelector(`g.node[data-id="${Number(start.node)}"]`)?.classList.toggle("start-highlight", on);
}

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

/**
 * The starts' table: each row, pointed at, focused or tapped, shows its
 * start's label on the drawing; clicked (or Enter), it stays shown.
 */
function startTable(page, report) {
  const table = rateTable(
    "play-starts",
    `By start, dealt round the seats: the best start's win rate is ${points(report.start_spread)} points above the worst's, ${points(report.excess_start_spread)} beyond what chance alone gives. Point to a start to see it on the board.`,
    "start",
    report.starts.map((s) => [startName(s), s.held, s]),
  );
  const rows = [...table.querySelectorAll("tr")].slice(1);
  rows.forEach((row, k) => {
    const start = { label: report.starts[k].label, node: report.starts[k].node };
    Object.assign(row.dataset, { label: start.label, node: start.node });
    row.tabIndex = 0;
    row.title = `Start ${start.label}: click to keep it marked on the board`;
    const isPinned = () => pinned?.label === start.label;
    row.addEventListener("mouseenter", () => markStart(page, start, true));
    row.addEventListener("focus", () => markStart(page, start, true));
    const leave = () => {
      if (!isPinned()) markStart(page, start, false);
    };
    row.addEventListener("mouseleave", leave);
    row.addEventListener("blur", leave);
    const toggle = () => {
      if (pinned && !isPinned()) {
        markStart(page, pinned, false);
        table.querySelector("tr.pinned")?.classList.remove("pinned");
      }
      pinned = isPinned() ? null : start;
      row.classList.toggle("pinned", isPinned());
      row.setAttribute("aria-selected", String(isPinned()));
      markStart(page, start, isPinned() || row.matches(":hover"));
    };
    row.addEventListener("click", toggle);
    row.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      toggle();
    });
  });
  return table;
}

/** The remedies tried, each with its seats' gap (only in a report that has them). */
function remedyTable(report) {
  if (!report.remedies?.length) return null;
  return el(
    "table",
    { id: "play-remedies", class: "rates" },
    el("caption", {}, "Remedies for moving later: each one's seats' gap, in points"),
    el("tr", {}, el("th", {}, "remedy"), el("th", {}, "gap"), el("th", {}, "95 % interval")),
    ...report.remedies.map((r) =>
      el(
        "tr",
        {},
        el("td", { class: "words" }, r.sentence ?? "None: one start each, in turn order."),
        el("td", {}, `seat ${r.gap.best} less seat ${r.gap.worst}: ${points(r.gap.gap)}`),
        el("td", {}, `${points(r.gap.interval[0])} to ${points(r.gap.interval[1])}`),
      ),
    ),
  );
}

/**
 * Shows the report: the verdicts on seats and starts first, then the
 * figures (the seats' gap with its interval, stalls by cause, the tables;
 * on a phone behind their summary line: open, they would push the
 * settings far from the board).
 */
function showReport(page, out, report, board) {
  if (pinned) markStart(page, pinned, false);
  pinned = null;
  reported = board;
  const bots = report.bots.length === 1 ? `${report.bots[0]} bots in every seat` : `mixed bots (${report.bots.join(", ")})`;
  const { gap, stalls_by_cause: stalls } = report;
  const rows = report.seats.length + report.starts.length + (report.remedies?.length ?? 0);
  out.replaceChildren(
    el(
      "div",
      { class: "verdicts" },
      el("p", { id: "play-verdict" }, report.verdict),
      el("p", { id: "play-start-verdict" }, report.start_verdict),
    ),
    el(
      "details",
      { id: "play-tables", open: matchMedia(WIDE).matches },
      el("summary", {}, `The figures: gap, stalls, win rates (${rows} rows)`),
      el(
        "p",
        { id: "play-summary" },
        `${count(report.games)} games, ${bots}. Seats' gap: seat ${gap.best} less seat ${gap.worst}, ${points(gap.gap)} points (95 % interval ${points(gap.interval[0])} to ${points(gap.interval[1])}). ` +
          `No winner in ${count(report.stalls)} (centre cut off ${count(stalls.centre_cut_off)}, round cap ${count(stalls.round_cap)}). ` +
          `Balance ${report.balance.toFixed(3)}; ${report.turns.mean.toFixed(1)} rounds a won game.`,
      ),
      el("p", { id: "play-holds" }, report.verdict_holds),
      rateTable("play-seats", "By seat, in turn order", "seat", report.seats.map((s) => [s.seat, null, s])),
      startTable(page, report),
      remedyTable(report),
    ),
  );
  markStale(page, out);
}

/** Says so above a report played on another board than the one shown. */
function markStale(page, out) {
  const stale = reported !== null && page.shown && reported !== boardOf(page.shown.query);
  const note = out.querySelector(".stale");
  if (stale && !note) out.prepend(el("p", { class: "stale" }, "These games were played on the previous board: play again for this one."));
  if (!stale) note?.remove();
}

/** Fills the colour key: each seat's colour in the replay, numbered (small enough to sit beside the replay's buttons on a phone). */
function seatKey(key, players) {
  key.replaceChildren(
    ...Array.from({ length: players }, (_, seat) =>
      el("li", { title: `Player ${seat + 1}`, "aria-label": `Player ${seat + 1}` }, el("span", { class: "seat-disc", style: `background: ${seatColor(seat)}`, "aria-hidden": "true" }, `${seat + 1}`)),
    ),
  );
}

/** The Pause/Play and Step buttons as the replay `run` stands (none: ended). */
function replayButtons(ui, run) {
  ui.pause.disabled = ui.step.disabled = !run;
  ui.pause.textContent = run?.paused ? "Play" : "Pause";
  ui.pause.setAttribute("aria-pressed", String(Boolean(run?.paused)));
}

/**
 * Plays GAMES games on the board shown, shows the report, then replays
 * the first game on the drawing: Pause/Play, Step (one move), Stop; the
 * last position stays on the drawing until cleared.
 */
async function playGames(page, ui) {
  if (replaying) {
    replaying.stop = replaying.byUser = true;
    wake(replaying);
    return;
  }
  if (!page.shown) {
    page.status("No board to play yet: see the message beside the settings", "error");
    return;
  }
  const run = (replaying = { stop: false, byUser: false, paused: false, steps: 0, wake: null });
  ui.games.textContent = "Stop";
  ui.games.dataset.state = "playing";
  clearReplay(ui);
  const shown = page.shown;
  const board = shown.json;
  let move = 0;
  try {
    page.status(`Playing ${count(GAMES)} games…`, "busy");
    const bot = ui.bot.value;
    // The server's default bot is not named: the address stays the board's.
    const choice = bot === BOTS[0][0] ? "" : `&bot=${encodeURIComponent(bot)}`;
    const report = await fetchApi(`/api/universe/play?${shown.query}&games=${GAMES}${choice}`);
    if (run.stop) return;
    showReport(page, ui.out, report, boardOf(shown.query));
    if (page.shown !== shown || !report.replay.length) {
      page.status(page.shown !== shown ? "The board changed while the games were played: its figures are above, play again for this one" : "Played; game 1 has no moves to replay", "ok");
      ui.games.dataset.state = "done";
      return;
    }
    const svg = page.board.querySelector("svg");
    const { unit, radius, at } = layout(board, svg);
    run.replay = true;
    const layer = (replayLayer = svgEl("g", { class: "replay" }));
    const made = svgEl("g", { class: "drawn-edges", "stroke-width": 0.05 * unit, "stroke-dasharray": `${0.15 * unit} ${0.08 * unit}`, "stroke-linecap": "round" });
    const cuts = svgEl("g", { stroke: "#b3261e", "stroke-width": 0.08 * unit, "stroke-linecap": "round" });
    const gone = svgEl("g", { fill: "#ffffff", "fill-opacity": 0.75 });
    const icons = svgEl("g", {});
    layer.append(made, cuts, gone, icons);
    svg.append(layer);
    seatKey(ui.key, report.players);
    ui.replay.hidden = false;
    replayButtons(ui, run);
    const where = (v) => at([board.nodes[v].x, board.nodes[v].y]);
    const nodeName = (v) => (board.nodes[v]?.label ? `${board.nodes[v].label} (node ${v})` : `node ${v}`);
    const line = (group, [a, b], attrs = {}) => {
      const [p, q] = [where(a), where(b)];
      const drawn = svgEl("line", { ...attrs, x1: p[0], y1: p[1], x2: q[0], y2: q[1] });
      group.append(drawn);
      return drawn;
    };
    // Edges drawn in the game, in order: a cut names the k-th as the board's edge count plus k.
    const drawn = [];
    const ends = (e) => (e < board.edges.length ? board.edges[e] : drawn[e - board.edges.length]?.ends);
    const place = (seat, node) => {
      const n = board.nodes[node];
      const angle = (seat / report.players) * 2 * Math.PI;
      const [x, y] = at([n.x + Math.cos(angle) * 0.22, n.y + Math.sin(angle) * 0.22]);
      const icon = svgEl("circle", { class: "icon", "data-seat": seat, cx: x, cy: y, r: 0.11 * unit, fill: seatColor(seat), stroke: "#ffffff", "stroke-width": 0.02 * unit });
      icons.append(icon);
      return icon;
    };
    let winner = null;
    const total = report.replay.length;
    for (const [k, turn] of report.replay.entries()) {
      if (k > 0) await nextMove(run);
      if (run.stop) return;
      move = k + 1;
      const who = `Player ${turn.seat + 1}`;
      let text = `${who} passes`;
      if (turn.move === "start") {
        place(turn.seat, turn.node);
        text = `${who} starts on ${nodeName(turn.node)}`;
      } else if (turn.move === "teleport") {
        place(turn.seat, turn.to);
        text = `${who} teleports to node ${turn.to}`;
      } else if (turn.move === "step") {
        const icon = place(turn.seat, turn.to);
        text = `${who} moves to node ${turn.to}`;
        const action = turn.action ?? { action: "none" };
        if (action.action === "cut") {
          for (const e of action.edges) {
            const pair = ends(e);
            if (!pair) continue;
            line(cuts, pair, { class: "cut" });
            // An edge drawn in the game, cut: faded under the cut.
            if (e >= board.edges.length) drawn[e - board.edges.length].line.setAttribute("opacity", 0.35);
          }
          text += ` and cuts ${action.edges.length === 1 ? "an edge" : `${action.edges.length} edges`}`;
        } else if (action.action === "teleport") {
          // The icon just drawn is erased; one is drawn where the player jumps.
          icon.remove();
          place(turn.seat, action.to);
          text += ` and teleports to node ${action.to}`;
        } else if (action.action === "new_edge") {
          const pair = [turn.to, action.to];
          drawn.push({ ends: pair, line: line(made, pair, { class: "new-edge", stroke: seatColor(turn.seat) }) });
          text += ` and draws an edge to node ${action.to}`;
        }
        if (board.nodes[turn.to].kind === "center") winner = turn.seat;
      }
      for (const v of turn.gone) {
        const [x, y] = where(v);
        gone.append(svgEl("circle", { class: "gone", cx: x, cy: y, r: radius(v) * 1.3 }));
      }
      if (turn.gone.length) text += `; ${turn.gone.length} node${turn.gone.length === 1 ? "" : "s"} cut loose`;
      run.text = `Game 1, move ${k + 1} of ${total}: ${text}`;
      page.status(run.paused ? `${run.text} (paused)` : run.text, "busy");
    }
    page.status(winner === null ? "Game 1 replayed: no one won; its last position stays on the board" : `Game 1 replayed: Player ${winner + 1} reached the centre`, "ok");
    ui.games.dataset.state = "done";
  } catch (e) {
    page.status(e instanceof ApiError ? e.message : `Could not play: ${e.message}`, "error");
    ui.games.dataset.state = "failed";
  } finally {
    replaying = null;
    ui.games.textContent = `Play ${count(GAMES)} games`;
    replayButtons(ui, null);
    if (run.byUser) {
      ui.games.dataset.state = "stopped";
      page.status(replayLayer ? `Replay stopped at move ${move}: the position stays on the board` : `Seed “${page.seed}”`, "ok");
    }
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
    ui = {
      games: el("button", { type: "button", id: "play-games" }, `Play ${count(GAMES)} games`),
      bot: el("select", { id: "play-bot", "aria-label": "Bots that play" }, ...BOTS.map(([value, words]) => el("option", { value }, words))),
      pause: el("button", { type: "button", id: "replay-pause", "aria-pressed": "false", disabled: true }, "Pause"),
      step: el("button", { type: "button", id: "replay-step", disabled: true, title: "One move" }, "Step"),
      clear: el("button", { type: "button", id: "replay-clear", title: "Take the replay off the board" }, "Clear"),
      key: el("ul", { id: "seat-key", class: "seat-key", "aria-label": "Colours of the players in the replay" }),
      out: el("div", { id: "play-report", "aria-live": "polite" }),
    };
    ui.replay = el("div", { class: "playback replay-controls", hidden: true }, ui.pause, ui.step, ui.clear, ui.key);
    button.addEventListener("click", () => {
      // The relaxation covers the drawing: a replay ends, its position goes.
      if (!playing && replaying) {
        replaying.stop = true;
        wake(replaying);
      }
      if (!playing) clearReplay(ui);
      play(page, button, every.value);
    });
    ui.games.addEventListener("click", () => playGames(page, ui));
    ui.pause.addEventListener("click", () => {
      if (!replaying) return;
      replaying.paused = !replaying.paused;
      replayButtons(ui, replaying);
      if (replaying.text) page.status(replaying.paused ? `${replaying.text} (paused)` : replaying.text, "busy");
      wake(replaying);
    });
    ui.step.addEventListener("click", () => {
      if (!replaying) return;
      replaying.paused = true;
      replaying.steps += 1;
      replayButtons(ui, replaying);
      wake(replaying);
    });
    ui.clear.addEventListener("click", () => {
      if (replaying) {
        replaying.stop = true;
        wake(replaying);
      }
      clearReplay(ui);
      page.status(`Seed “${page.seed}”`, "ok");
    });
    page.extraView.append(el("div", { class: "playback" }, button, every), el("div", { class: "playback" }, ui.games, ui.bot), ui.replay, ui.out);
  },

  /**
   * A new drawing: a replay on the old one ends (its layer went with it);
   * a pinned start is marked again; a report of another board says so.
   */
  shown(page) {
    if (!ui) return;
    if (replaying?.replay) {
      replaying.stop = true;
      wake(replaying);
    }
    clearReplay(ui);
    if (pinned) markStart(page, pinned, true);
    markStale(page, ui.out);
  },
};
