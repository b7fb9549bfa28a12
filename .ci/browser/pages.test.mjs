// The web app in headless Chromium: every page (the front page and one per
// generator of `GET /api/generators`) loads without a console error at
// desktop and phone sizes (screenshots kept), the navigation follows the
// listing, controls redraw the board and the address, the relaxation plays,
// a universe board plays 1,000 games and replays one,
// a starship stage switched off changes the ship, the hexet map is played
// with clicks, a drag and the keyboard, and every download is a valid file
// (the TOML and the road log are read back by the command line).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, SHOTS, SIZES, base, boardHtml, changedFrom, context, drawn, generators, open, scratch, setup, downloads } from "./common.mjs";

setup();

test("every page loads without a console error at 1280x800 and 390x844", async () => {
  for (const path of ["/", ...generators.map((name) => `/${name}`)]) {
    for (const size of SIZES) {
      const { page, errors } = await open(`${path}?seed=Tiamo`, size);
      if (path === "/") {
        await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
      }
      const name = path === "/" ? "index" : path.slice(1);
      await page.screenshot({ path: join(SHOTS, `${name}-${size[0]}x${size[1]}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} at ${size}: ${overflow}px wider than the window`);
      assert.deepEqual(errors, [], `${path} at ${size}`);
      await page.close();
    }
  }
});

test("the navigation, the front page and the titles follow the listing; a name that is no generator is no page", async () => {
  const listing = await (await fetch(`${base}/api/generators`)).json();
  const { page, errors } = await open("/");
  assert.deepEqual(await page.$$eval(".card a", (a) => a.map((l) => l.getAttribute("href"))), generators.map((n) => `/${n}`));
  await page.waitForFunction(() => [...document.querySelectorAll(".card .about")].every((p) => p.textContent));
  const abouts = await page.$$eval(".card .about", (p) => p.map((e) => e.textContent.toLowerCase()));
  assert.deepEqual(abouts, listing.map((g) => `${g.about}.`.toLowerCase()));
  await page.close();
  for (const name of generators) {
    const tool = await open(`/${name}?seed=Tiamo`);
    assert.deepEqual(await tool.page.$$eval("nav a", (a) => a.map((l) => l.getAttribute("href"))), generators.map((n) => `/${n}`));
    assert.equal(await tool.page.getAttribute("nav a[aria-current=page]", "href"), `/${name}`);
    assert.equal((await tool.page.textContent("#title")).toLowerCase(), name);
    assert.equal((await tool.page.title()).toLowerCase(), `${name} · boardwright`);
    assert.deepEqual(tool.errors, [], name);
    await tool.page.close();
  }
  assert.equal((await fetch(`${base}/nowhere`)).status, 404);
  assert.deepEqual(errors, []);
  // A mistyped page says so, names the address and links every generator,
  // at both sizes, within the window.
  for (const size of SIZES) {
    const missing = await context.newPage();
    const thrown = [];
    missing.on("pageerror", (e) => thrown.push(e.message));
    await missing.setViewportSize({ width: size[0], height: size[1] });
    const answer = await missing.goto(`${base}/nosuchgen`);
    assert.equal(answer.status(), 404);
    assert.match(await missing.textContent("#no-such-page"), /no page at \/nosuchgen/);
    assert.equal(await missing.title(), "No such page · boardwright");
    assert.deepEqual(await missing.$$eval(".card a", (a) => a.map((l) => l.getAttribute("href"))), generators.map((n) => `/${n}`));
    const overflow = await missing.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `/nosuchgen at ${size}: ${overflow}px wider than the window`);
    assert.deepEqual(thrown, [], `/nosuchgen at ${size}`);
    await missing.screenshot({ path: join(SHOTS, `missing-${size[0]}x${size[1]}.png`), fullPage: true });
    await missing.close();
  }
});

test("an address's unreadable or unknown settings are named and dropped; a long seed wraps", async () => {
  for (const size of SIZES) {
    // A broken % escape: named beside the seed, a new seed drawn, the address without it.
    const broken = await open("/universe?seed=%E0%A4%A&players=3", size);
    assert.match(await broken.page.textContent("#error-seed"), /seed “%E0%A4%A” is not readable text/);
    assert.doesNotMatch(broken.page.url(), /%E0%A4%A|%EF%BF%BD/);
    assert.match(broken.page.url(), /players=3/);
    assert.deepEqual(broken.errors, [], `broken escape at ${size}`);
    await broken.page.close();
    // A value the page does not take: named, and gone from the address.
    const maybe = await open("/hexet?seed=Tiamo&turns=maybe", size);
    assert.match(await maybe.page.textContent("#banner"), /turns “maybe” is not allowed: it is true, or left out/);
    assert.doesNotMatch(maybe.page.url(), /turns=/);
    assert.deepEqual(maybe.errors, [], `turns=maybe at ${size}`);
    await maybe.page.close();
    // A 300-character seed wraps: every page stays within the window.
    const seed = "W".repeat(300);
    for (const name of generators) {
      const long = await open(`/${name}?seed=${seed}`, size);
      const overflow = await long.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}, a 300-character seed at ${size}: ${overflow}px wider than the window`);
      assert.match(await long.page.textContent("#status"), new RegExp(seed));
      if (name === "universe") await long.page.screenshot({ path: join(SHOTS, `long-seed-${size[0]}x${size[1]}.png`), fullPage: true });
      await long.page.close();
    }
  }
});

test("changing a control redraws the board and updates the address; a bad value keeps the board", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  let before = await boardHtml(page);
  await page.fill("#param-players", "6");
  await page.waitForURL(/players=6/);
  await changedFrom(page, before);
  assert.match(page.url(), /seed=Tiamo/);

  before = await boardHtml(page);
  await page.click("#new-seed");
  await page.waitForURL((url) => !url.search.includes("seed=Tiamo"));
  await changedFrom(page, before);

  // The server's message beside the control; the last good board and address stay.
  before = await boardHtml(page);
  const url = page.url();
  await page.fill("#param-players", "99");
  await page.waitForSelector("#error-players:not(:empty)");
  // In players' words beside the field: what is wrong and what is allowed, not the parameter's name again.
  assert.equal(await page.textContent("#error-players"), "99 is not allowed; expected an integer from 2 to 9.");
  assert.equal(await boardHtml(page), before);
  assert.equal(page.url(), url);
  // A box ticked off and on again leaves the address as it was, under a
  // preset that does not set it too.
  const plain = await open("/universe?seed=Tiamo&preset=nasty_nodes");
  await plain.page.uncheck("#param-planar");
  await plain.page.waitForURL(/planar=false/);
  await plain.page.check("#param-planar");
  await plain.page.waitForURL((u) => !u.search.includes("planar"));
  assert.match(plain.page.url(), /preset=nasty_nodes/);
  assert.deepEqual(plain.errors, []);
  await plain.page.close();

  // Words stay as typed and are refused with what is allowed; a whole
  // number in another notation is read as that number.
  const said = (pattern) => page.waitForFunction((p) => new RegExp(p).test(document.querySelector("#error-players").textContent), pattern);
  await page.fill("#param-players", "six");
  await said("six.* is not allowed; expected an integer from 2 to 9");
  assert.equal(await page.inputValue("#param-players"), "six");
  await page.fill("#param-players", "1e1");
  await said("^.*\\b10 is not allowed; expected an integer from 2 to 9");
  assert.equal(await boardHtml(page), before);
  assert.equal(page.url(), url);
  assert.ok(errors.every((e) => /status of 400/.test(e)), errors.join("\n"));

  // A list parameter, edited as JSON, goes into the address as TOML and is used.
  await page.fill("#param-players", "6");
  await page.waitForURL(/players=6/);
  await drawn(page);
  await page.click('[data-param="missions"] summary');
  const missions = JSON.parse(await page.inputValue("#param-missions"));
  missions[2].weight = 7.5;
  await page.fill("#param-missions", JSON.stringify(missions));
  await page.waitForURL(/missions=/);
  await page.waitForFunction(() => document.querySelector('a[data-format="json"]').href.includes("missions="));
  const used = await (await page.request.get(await page.getAttribute('a[data-format="json"]', "href").then((h) => base + h))).json();
  assert.deepEqual(used.params.missions, missions);

  // The drawing options are the server's: its papers in words, its DPI range.
  const drawing = (await (await page.request.get(`${base}/api/generators`)).json()).find((g) => g.name === "universe").drawing;
  const papers = await page.$$eval("#paper option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(papers, drawing.papers.map((p) => [p.name, p.label]));
  assert.deepEqual(await page.$eval("#dpi", (i) => [Number(i.min), Number(i.max), Number(i.placeholder)]), [drawing.dpi.min, drawing.dpi.max, drawing.dpi.default]);
  assert.ok((await page.$$eval("#tile option", (os) => os.map((o) => o.value))).includes("2x2"));

  // US Letter redraws the board on that paper, and the downloads follow.
  before = await boardHtml(page);
  await page.selectOption("#paper", "letter");
  await page.waitForURL(/paper=letter/);
  await changedFrom(page, before);
  assert.equal(await page.$eval("#board svg", (s) => s.getAttribute("viewBox")), "0 0 279.4 215.9");
  await page.waitForFunction(() => document.querySelector('a[data-format="pdf"]').href.includes("paper=letter"));
  // The universe PDF carries the rules card; the other formats do not ask for it.
  assert.ok((await page.getAttribute('a[data-format="pdf"]', "href")).includes("rules_card=true"));
  assert.ok(!(await page.getAttribute('a[data-format="svg"]', "href")).includes("rules_card"));

  // A permalink reproduces the board.
  await page.fill("#param-players", "5");
  await page.waitForURL(/players=5/);
  await drawn(page);
  const shown = await boardHtml(page);
  const again = await open(new URL(page.url()).pathname + new URL(page.url()).search);
  assert.equal(await boardHtml(again.page), shown);
  assert.deepEqual(again.errors, []);
  await again.page.close();
  await page.close();
});

/** Plays the relaxation and checks that the points move, then the drawing comes back. */
async function playRelaxation(page) {
  await page.click("#play");
  await page.waitForSelector(".relaxation circle.point");
  const first = await page.$eval(".relaxation circle.point", (c) => c.getAttribute("cx") + "," + c.getAttribute("cy"));
  await page.waitForFunction((p) => {
    const c = document.querySelector(".relaxation circle.point");
    return !c || c.getAttribute("cx") + "," + c.getAttribute("cy") !== p;
  }, first);
  await page.waitForSelector('#play[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$(".relaxation"), null, "the drawing comes back");
}

test("the relaxation plays", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  const steps = await (await page.request.get(`${base}/api/universe/steps?seed=Tiamo`)).json();
  // The jittered grid, every iteration, and the last: the points move.
  assert.ok(steps.snapshots.length > 10, "the relaxation has snapshots");
  assert.equal(steps.snapshots[0].iteration, 0);
  await playRelaxation(page);
  // Played again, watched: it lasts 3 to 5 s, the obstacles shown while the
  // points move (its pace: the next test).
  await page.click("#play");
  await page.waitForSelector(".relaxation circle.point");
  const watched = await page.evaluate(async () => {
    const samples = [];
    const start = performance.now();
    while (document.querySelector(".relaxation .obstacles")) {
      const points = [...document.querySelectorAll(".relaxation circle.point")].map((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
      samples.push({ t: performance.now() - start, points, obstacles: document.querySelectorAll(".relaxation .obstacles circle").length });
      await new Promise((r) => setTimeout(r, 100));
    }
    return samples;
  });
  const seconds = watched[watched.length - 1].t / 1000;
  assert.ok(seconds > 3 && seconds < 5.5, `the points moved for ${seconds} s`);
  assert.ok(watched.every((s) => s.obstacles === 5), "the 5 obstacles are shown while the points move");
  const moved = watched.slice(1).map((s, k) => s.points.reduce((sum, [x, y], i) => sum + Math.hypot(x - watched[k].points[i][0], y - watched[k].points[i][1]), 0));
  assert.ok(moved[0] > 0, "the points move from the first frame");
  await page.waitForSelector('#play[data-state="done"]', { timeout: 20000 });
  await page.click("#play");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(SHOTS, "universe-relaxation.png") });
  await page.waitForSelector('#play[data-state="done"]', { timeout: 20000 });
  // Stopped halfway, the heading names the board again, not an iteration.
  await page.click("#play");
  await page.waitForFunction(() => /Relaxation: iteration/.test(document.querySelector("#status").textContent));
  await page.click("#play");
  await page.waitForSelector(".relaxation", { state: "detached" });
  assert.equal(await page.textContent("#status"), "Seed “Tiamo”");
  assert.equal(await page.getAttribute("#status", "data-kind"), "ok");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the relaxation shown every iteration keeps an even pace from its first frame: no hold on frame one, no rush at the end", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  assert.equal(await page.inputValue("#every"), "1");
  // Every line the heading shows, with its time, from the click on.
  await page.evaluate(() => {
    const status = document.querySelector("#status");
    window.said = [];
    new MutationObserver(() => window.said.push([performance.now(), status.textContent])).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.click("#play");
  await page.waitForSelector('#play[data-state="done"]', { timeout: 20000 });
  const said = await page.evaluate(() => window.said);
  const iteration = (text) => Number(text.match(/^Relaxation: iteration (\d+) of 60$/)?.[1] ?? NaN);
  /** When the heading first names iteration `k` or a later one. */
  const when = (k) => said.find(([, text]) => iteration(text) >= k)[0];
  const start = when(0);
  const end = said.find(([, text]) => text === "Edges")[0];
  const step = (end - start) / 60;
  assert.ok(when(2) - start < 3 * step, `iteration 2 shown after ${Math.round(when(2) - start)} ms, an even step being ${Math.round(step)} ms`);
  assert.ok(end - when(10) > 0.6 * (end - start), `iterations 10 to 60 passed in ${Math.round(end - when(10))} ms of ${Math.round(end - start)}`);
  const half = (when(30) - start) / (end - start);
  assert.ok(half > 0.35 && half < 0.65, `iteration 30 at ${Math.round(100 * half)} % of the time`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("every download is a valid file", async () => {
  for (const name of generators) {
    const { page, errors } = await open(`/${name}?seed=Tiamo`);
    const files = await downloads(page);
    assert.deepEqual(Object.keys(files).sort(), ["json", "pdf", "png", "svg", "toml", ...(name === "hexet" ? ["road log"] : [])].sort(), name);
    const bytes = (label) => readFileSync(files[label]);
    assert.equal(bytes("pdf").subarray(0, 5).toString(), "%PDF-", `${name} pdf`);
    assert.ok(bytes("png").subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${name} png`);
    assert.match(bytes("svg").toString(), /^<svg[^>]*viewBox=/, `${name} svg`);
    assert.equal(JSON.parse(bytes("json")).generator, name);
    // The TOML is a config the command line reads back to the same board.
    const fromConfig = execFileSync(BIN, [name, "--seed", "Tiamo", "--config", files.toml]);
    assert.ok(fromConfig.equals(bytes("json")), `${name}: --config of the TOML gives the JSON`);
    if (name === "hexet") assert.deepEqual(JSON.parse(bytes("road log")), []);
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test("the analyze report renders from a file with no console error and no network request; a worst seed opens its board", async () => {
  const report = join(scratch, "report.html");
  execFileSync(BIN, ["analyze", "universe", "--boards", "40", "--against-preset", "classic", "--link-base", base, "-o", report]);
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => requests.push(r.url()));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`file://${report}`);
  await page.screenshot({ path: join(SHOTS, "analyze-report-1280x800.png"), fullPage: false });
  assert.deepEqual(errors, []);
  assert.deepEqual(requests.filter((u) => !u.startsWith("file:")), [], "the report loads nothing");
  const charts = await page.$$eval(".chart svg", (svgs) => svgs.filter((s) => s.getBoundingClientRect().width > 100).length);
  assert.ok(charts > 20, `${charts} charts drawn`);
  // The first worst seed of the mission hop spread opens that board in the web app.
  const link = page.locator("#m-mission_hop_spread a").first();
  const seed = await link.textContent();
  await link.click();
  await page.waitForURL((url) => url.pathname === "/universe" && url.searchParams.get("seed") === seed);
  await drawn(page);
  await page.close();
});

test("a bad address never strands the page: a refused setting is named and left out, the board drawn without it", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo&bogus=1&players=banana");
  // The unknown name in a banner, the bad value beside its control; the address keeps neither.
  assert.match(await page.textContent("#banner"), /bogus/);
  assert.match(await page.textContent("#error-players"), /banana/);
  assert.ok(!page.url().includes("bogus") && !page.url().includes("banana"), page.url());
  assert.equal(await page.inputValue("#param-players"), "4");
  // New seed, a control and the relaxation all still work.
  let before = await boardHtml(page);
  await page.click("#new-seed");
  await changedFrom(page, before);
  before = await boardHtml(page);
  await page.fill("#param-players", "6");
  await page.press("#param-players", "Enter");
  await page.waitForURL(/players=6/);
  await changedFrom(page, before);
  await playRelaxation(page);
  assert.ok(errors.every((e) => /status of 400/.test(e)), errors.join("\n"));
  await page.close();
});

test("every settled change is a history entry: Back shows the previous board", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  const first = await boardHtml(page);
  await page.fill("#param-players", "6");
  await page.press("#param-players", "Enter");
  await page.waitForURL(/players=6/);
  await changedFrom(page, first);
  const second = await boardHtml(page);
  await page.selectOption("#paper", "letter");
  await page.waitForURL(/paper=letter/);
  await changedFrom(page, second);
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes("paper"));
  await page.waitForFunction((old) => document.querySelector("#board").innerHTML === old && document.querySelector('#status[data-kind="ok"]'), second);
  assert.equal(await page.inputValue("#paper"), "a4");
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes("players"));
  await page.waitForFunction((old) => document.querySelector("#board").innerHTML === old && document.querySelector('#status[data-kind="ok"]'), first);
  assert.equal(await page.inputValue("#param-players"), "4");
  await page.goForward();
  await page.waitForURL(/players=6/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a number typed digit by digit makes one board: 100 never asks for 1 or 10", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  const asked = [];
  page.on("request", (r) => r.url().includes("/board.json") && asked.push(new URL(r.url()).searchParams.get("iterations")));
  await page.fill("#param-iterations", "");
  await page.type("#param-iterations", "100", { delay: 250 });
  await page.waitForURL(/iterations=100/);
  await drawn(page);
  assert.deepEqual(asked, ["100"]);
  // Enter then leaving the field commits once.
  await page.fill("#param-iterations", "120");
  await page.press("#param-iterations", "Enter");
  await page.click("#title");
  await page.waitForURL(/iterations=120/);
  await drawn(page);
  await page.waitForTimeout(1200);
  assert.deepEqual(asked, ["100", "120"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a preset changes only what it sets and says so", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo&players=6&fair_missions=false");
  const listing = await (await fetch(`${base}/api/generators`)).json();
  const classic = listing.find((g) => g.name === "universe").presets.find((p) => p.name === "classic");
  assert.ok(classic.sets.includes("planar") && !classic.sets.includes("players"), classic.sets.join(", "));
  const before = await boardHtml(page);
  await page.selectOption("#preset", "classic");
  await page.waitForURL(/preset=classic/);
  await changedFrom(page, before);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("players"), "6", "players is kept");
  assert.equal(url.searchParams.get("fair_missions"), null, "the preset sets fair_missions");
  assert.equal(await page.inputValue("#param-players"), "6");
  assert.match(await page.textContent("#preset-changed"), /planar/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("download names carry what differs from the defaults; the TOML holds the seed and alone gives the board", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo&players=6");
  assert.equal(await page.getAttribute('a[data-format="pdf"]', "download"), "universe-Tiamo-players6.pdf");
  const files = await downloads(page, ["toml", "json"]);
  const toml = readFileSync(files.toml, "utf8");
  assert.match(toml, /^seed = "Tiamo"\n/);
  const fromConfig = execFileSync(BIN, ["universe", "--config", files.toml]);
  assert.ok(fromConfig.equals(readFileSync(files.json)), "--config alone gives the board shown");
  assert.deepEqual(errors, []);
  await page.close();
});

test("every board zooms and pans: buttons, wheel, keys, a drag; it starts fitted", async () => {
  for (const name of generators) {
    const { page, errors } = await open(`/${name}?seed=Tiamo`);
    const box = () => page.$eval("#board > svg", (s) => s.getAttribute("viewBox").split(/[\s,]+/).map(Number));
    const whole = await page.$eval("#board > svg", (s) => s.dataset.box.split(/[\s,]+/).map(Number));
    assert.deepEqual(await box(), whole, `${name} starts fitted`);
    await page.click('.zoom button[aria-label="Zoom in"]');
    const zoomed = await box();
    assert.ok(Math.abs(zoomed[2] - whole[2] / 1.5) < 0.01, `${name}: ${zoomed}`);
    // A drag beside the map's cells, or the arrow keys, move the view.
    await page.focus("#board");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    if (name !== "hexet") assert.ok((await box())[0] > zoomed[0], `${name}: the arrow pans`);
    await page.keyboard.press("+");
    assert.ok((await box())[2] < zoomed[2], `${name}: + zooms in`);
    const rect = await page.$eval("#board > svg", (s) => { const r = s.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
    const width = (await box())[2];
    await page.mouse.move(...rect);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((w) => Number(document.querySelector("#board > svg").getAttribute("viewBox").split(" ")[2]) < w, width);
    if (name !== "hexet") {
      const before = await box();
      await page.mouse.down();
      await page.mouse.move(rect[0] - 100, rect[1], { steps: 5 });
      await page.mouse.up();
      assert.ok((await box())[0] > before[0], `${name}: a drag pans`);
    }
    await page.click('.zoom button:has-text("Fit")');
    assert.deepEqual(await box(), whole, `${name}: Fit`);
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test("the zoom buttons never cover the board: under it, in the first screen, at 1280x800 and 390x844", async () => {
  for (const name of generators) {
    for (const size of SIZES) {
      const { page, errors } = await open(`/${name}?seed=Tiamo`, size);
      const board = await page.locator("#board").boundingBox();
      const buttons = await page.$$eval(".zoom button", (bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
      assert.equal(buttons.length, 3);
      for (const b of buttons) {
        const over = b.left < board.x + board.width && b.right > board.x && b.top < board.y + board.height && b.bottom > board.y;
        assert.ok(!over, `${name} at ${size}: a zoom button ${JSON.stringify(b)} covers the board ${JSON.stringify(board)}`);
        assert.ok(b.top >= board.y + board.height && b.bottom <= size[1], `${name} at ${size}: a zoom button at ${b.top}–${b.bottom}, the board ending at ${board.y + board.height}`);
      }
      if (name === "universe") await page.screenshot({ path: join(SHOTS, `zoom-buttons-${size[0]}x${size[1]}.png`) });
      assert.deepEqual(errors, [], `${name} at ${size}`);
      await page.close();
    }
  }
});

test("on a touch screen two fingers pinch the board larger and one finger then moves it; the page itself does not zoom", async () => {
  for (const name of generators) {
    const { page, errors } = await open(`/${name}?seed=Tiamo`, SIZES[1]);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
    const box = () => page.$eval("#board > svg", (s) => s.getAttribute("viewBox").split(/[\s,]+/).map(Number));
    const whole = await box();
    const r = await page.$eval("#board", (b) => { const c = b.getBoundingClientRect(); return { x: c.x + c.width / 2, y: c.y + c.height / 2 }; });
    const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    // Two fingers 40 px apart spread to 200 px: the board zooms about them.
    await touch("touchStart", [[r.x - 20, r.y], [r.x + 20, r.y]]);
    for (let k = 1; k <= 8; k++) await touch("touchMove", [[r.x - 20 - 10 * k, r.y], [r.x + 20 + 10 * k, r.y]]);
    await touch("touchEnd", []);
    const pinched = await box();
    assert.ok(pinched[2] < whole[2] / 2, `${name}: a pinch zooms in (${whole} → ${pinched})`);
    assert.equal(await page.evaluate(() => visualViewport.scale), 1, `${name}: the page itself zoomed`);
    // One finger beside the map's cells then moves the view.
    const [x, y] = name === "hexet" ? [r.x, (await page.$eval("#board", (b) => b.getBoundingClientRect().bottom)) - 3] : [r.x, r.y];
    await touch("touchStart", [[x, y]]);
    for (let k = 1; k <= 5; k++) await touch("touchMove", [[x - 15 * k, y]]);
    await touch("touchEnd", []);
    const moved = await box();
    if (name !== "hexet") assert.ok(moved[0] > pinched[0], `${name}: one finger pans (${pinched} → ${moved})`);
    else assert.ok(!page.url().includes("roads="), "a pinch on the map built a road");
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test("on a phone the board is in the first screen, the settings below it, the metrics after, nothing scrolls sideways", async () => {
  for (const name of generators) {
    const { page, errors } = await open(`/${name}?seed=Tiamo`, SIZES[1]);
    const top = (selector) => page.$eval(selector, (e) => e.getBoundingClientRect().top + scrollY);
    const board = await page.$eval("#board > svg", (s) => s.getBoundingClientRect());
    assert.ok(board.bottom <= 844 && board.height > 100, `${name}: the board ends at ${board.bottom}`);
    assert.ok((await top("#board")) < (await top(".controls")), `${name}: the board before the settings`);
    assert.ok((await top(".controls")) < (await top(".metrics")), `${name}: the settings before the metrics`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px wider than the window`);
    // The legend under the drawing, as wide as the screen, and not in the drawing too.
    {
      const legend = await page.$eval("#legend-below .legend-list", (s) => s.getBoundingClientRect());
      assert.ok(legend.top >= board.bottom - 1 && legend.width > 300, `${name}: the legend at ${legend.top}, ${legend.width} px wide`);
      const shown = await page.$$eval("#board > svg g.legend", (gs) => gs.filter((g) => g.getAttribute("display") !== "none").length);
      assert.equal(shown, 0, `${name}: a legend still in the drawing`);
      const entries = await page.$$eval("#legend-below li", (lis) => lis.map((li) => [li.textContent, parseFloat(getComputedStyle(li).fontSize)]));
      assert.ok(entries.length > 4 && entries.every(([words, size]) => words.length > 1 && size >= 12), `${name}: legend entries ${JSON.stringify(entries)}`);
      assert.ok((await page.$$("#legend-below li svg.swatch")).length > 3, `${name}: the entries' marks`);
    }
    await page.screenshot({ path: join(SHOTS, `${name}-phone-legend.png`), fullPage: true });
    assert.deepEqual(errors, [], name);
    await page.close();
  }
  // A wide screen keeps the legend in the drawing.
  const { page } = await open("/universe?seed=Tiamo");
  assert.equal(await page.$("#legend-below li"), null);
  await page.close();
});

test("the settings are within reach of the board: beside it on a wide screen, right under it on a phone, even after 1,000 games", async () => {
  for (const size of SIZES) {
    const { page, errors } = await open("/universe?seed=Tiamo&players=3", size);
    await page.click("#play-games");
    await page.waitForSelector("#play-verdict");
    const at = (selector) => page.$eval(selector, (e) => { const r = e.getBoundingClientRect(); return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right }; });
    const [board, settings, seed] = [await at("#board"), await at(".controls"), await at("#seed")];
    if (size === SIZES[0]) {
      assert.ok(settings.right <= board.left && seed.bottom <= size[1], `${size}: the settings ${JSON.stringify(settings)} beside the board ${JSON.stringify(board)}`);
    } else {
      const gap = settings.top - board.bottom;
      assert.ok(gap >= 0 && gap < size[1] / 2, `${size}: the settings start ${gap} px under the board`);
      // Between the board and the settings: its buttons and the report's summary line, no table of figures.
      const tables = await page.$$eval("table, .legend-list", (ts, [from, to]) => ts.filter((t) => {
        const top = t.getBoundingClientRect().top + scrollY;
        return t.checkVisibility() && top > from && top < to;
      }).length, [board.bottom, settings.top]);
      assert.equal(tables, 0, `${size}: a table between the board and the settings`);
      assert.ok((await at(".legend-below")).top > settings.top, "the legend after the settings");
    }
    await page.screenshot({ path: join(SHOTS, `universe-played-${size[0]}x${size[1]}.png`) });
    // The tables are there for whoever opens them.
    if (size === SIZES[1]) {
      await page.click("#play-tables summary");
      await page.waitForSelector("#play-seats");
    }
    assert.deepEqual(errors, [], `${size}`);
    await page.close();
  }
});

test("JSON that does not parse is named beside its field, and the heading says the board shown is the previous one", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo");
  const [board, address] = [await boardHtml(page), page.url()];
  await page.click('[data-param="missions"] summary');
  const missions = await page.inputValue("#param-missions");
  await page.fill("#param-missions", `${missions.slice(0, -2)},`);
  await page.waitForSelector("#error-missions:not(:empty)");
  assert.match(await page.textContent("#error-missions"), /Not valid JSON/);
  await page.waitForSelector('#status[data-kind="error"]');
  assert.match(await page.textContent("#status"), /^Not redrawn: the board shown is the previous one/);
  assert.equal(await boardHtml(page), board);
  assert.equal(page.url(), address);
  await page.screenshot({ path: join(SHOTS, "universe-bad-json-1280x800.png") });
  // Mended, the same board again: the heading names it, the message is gone.
  await page.fill("#param-missions", missions);
  await page.waitForSelector('#status[data-kind="ok"]');
  assert.equal(await page.textContent("#status"), "Seed “Tiamo”");
  assert.equal(await page.textContent("#error-missions"), "");
  assert.deepEqual(errors, []);
  await page.close();
});

test("witches shows front and back side by side on a wide screen, one above the other on a phone", async () => {
  const ratio = async (size) => {
    const { page } = await open("/witches?seed=Tiamo", size);
    const [, , w, h] = await page.$eval("#board > svg", (s) => s.getAttribute("viewBox").split(/[\s,]+/).map(Number));
    await page.close();
    return w / h;
  };
  assert.ok((await ratio(SIZES[0])) > 2.5, "side by side");
  assert.ok((await ratio(SIZES[1])) < 1, "one above the other");
});

test("the metrics open with the fairness figures and their targets; players are numbered as on the board", async () => {
  const { page, errors } = await open("/witches?seed=Tiamo");
  const first = await page.$eval("#metrics dt", (dt) => dt.textContent);
  assert.match(first, /cauldron cells/i);
  assert.match(await page.textContent("#metrics dd .target"), /Target over many boards/);
  const players = await page.$$eval("#metrics .records tbody tr td:first-child", (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(players, ["Player 1", "Player 2", "Player 3", "Player 4"]);
  // Every figure in words: no snake_case label, each with a one-line meaning; counts with their unit.
  const labels = await page.$$eval("#metrics dt", (dts) => dts.map((dt) => dt.textContent));
  assert.ok(labels.every((l) => !l.includes("_")), labels.join(" | "));
  for (const name of generators) {
    const other = name === "witches" ? { page } : await open(`/${name}?seed=Tiamo`);
    const words = await other.page.$$eval("#metrics dt, #metrics .target", (nodes) => nodes.map((n) => n.textContent).join(" | "));
    assert.doesNotMatch(words, /[a-z]_[a-z]|\.\*/, `${name}: a metric's key shown instead of its words`);
    if (other.page !== page) await other.page.close();
  }
  const meanings = await page.$$eval("#metrics dd:not(.fair)", (dds) => dds.map((dd) => dd.querySelector(".meaning")?.textContent ?? ""));
  assert.ok(meanings.every((m) => m.length > 8), `a metric without its meaning: ${JSON.stringify(meanings)}`);
  const gardens = await page.$eval("#metrics", (dl) => [...dl.querySelectorAll("dt")].find((dt) => dt.textContent === "Gardens").nextElementSibling.firstChild.textContent);
  assert.match(gardens, /^\d+ gardens$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a universe board plays 1,000 games: seats and starts with intervals, then the first game replayed on the drawing", async () => {
  const { page, errors } = await open("/universe?seed=Tiamo&players=3");
  await page.click("#play-games");
  await page.waitForSelector("#play-seats");
  const seats = await page.$$eval("#play-seats tr", (rows) => rows.length - 1);
  assert.equal(seats, 3, "a row per seat");
  assert.ok((await page.$$eval("#play-starts tr", (rows) => rows.length)) > 1, "a row per start");
  await page.waitForSelector(".replay circle.icon");
  await page.screenshot({ path: join(SHOTS, "universe-replay-1280x800.png") });
  await page.waitForFunction(() => /replayed/.test(document.querySelector("#status")?.textContent ?? ""), null, { timeout: 60000 });
  assert.ok(await page.$(".replay"), "the replay's end stays on the board");
  assert.match(await page.$eval("#play-verdict, .play-verdict, #play-summary", (e) => e.textContent), /favoured|No seat/, "the verdict in words");
  const report = await (await page.request.get(`${base}/api/universe/play?seed=Tiamo&players=3&games=1000`)).json();
  const shown = await page.$$eval("#play-seats td:nth-child(2)", (cells) => cells.map((c) => Number(c.textContent)));
  assert.deepEqual(shown, report.seats.map((s) => s.wins), "the table is the API's report");
  assert.deepEqual(errors, []);
  await page.close();
});
