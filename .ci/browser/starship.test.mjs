// The starship page in headless Chromium: its stage views, drawn by the
// server, and its stage list.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, SIZES, base, boardHtml, changedFrom, context, drawn, open, setup } from "./common.mjs";

setup();

/** The fills of the drawing's tiles, as a set. */
const fills = (page) => page.$$eval("#board svg .tile", (tiles) => [...new Set(tiles.map((t) => t.getAttribute("fill")))]);

/** Waits for the ship after stage `k` (from 1) on the board. */
const atStage = (page, k) => page.waitForSelector(`#board svg[data-stage="${k}"]`);

/** The board's JSON as the download link asks for it. */
async function shipJson(page) {
  return (await page.request.get(base + (await page.getAttribute('a[data-format="json"]', "href")))).json();
}

test("the ship after any stage is the server's drawing; after the last it is the finished ship", async () => {
  const { page, errors } = await open("/starship?seed=Tiamo");
  const stages = (await shipJson(page)).stages.length;
  await atStage(page, stages);
  const finished = await boardHtml(page);
  const colours = await fills(page);
  // The slider, by keyboard: the first stage (the bare hull), then one with rooms.
  await page.focus("#stage-slider");
  await page.keyboard.press("Home");
  await atStage(page, 1);
  assert.match(await page.textContent("#stage-label"), /^1 of \d+: shape/);
  assert.equal(await page.$$eval("#board svg .part", (p) => p.length), 0, "no part after the hull");
  assert.ok((await page.$$eval("#board svg .tile", (t) => t.length)) > 0);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await atStage(page, 4);
  assert.deepEqual(await page.$$eval("#board svg .part", (p) => p.map((x) => x.dataset.role)), ["cockpit", "reactor"]);
  // The same colours as the finished ship, the same legend and letters.
  for (const c of await fills(page)) assert.ok(colours.includes(c), `${c} is not a colour of the finished ship`);
  const words = await page.textContent("#board svg");
  for (const kind of ["large thruster", "small weapon", "crew quarters", "door"]) assert.ok(words.includes(kind), `the legend names ${kind}`);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SHOTS, `starship-stage-4-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  // The last stage, drawn by the server again, is the finished drawing.
  await page.keyboard.press("End");
  await atStage(page, stages);
  assert.equal(await boardHtml(page), finished);
  assert.deepEqual(errors, []);
  await page.close();
});

test("switching a starship stage off changes the ship; a stage's parameters change it", async () => {
  const { page, errors } = await open("/starship?seed=Tiamo");
  const before = await boardHtml(page);
  await page.click('li[data-stage="weapons"] input[type="checkbox"]');
  await page.waitForURL(/stages=/);
  await changedFrom(page, before);
  const json = await shipJson(page);
  assert.ok(!json.stages.includes("weapons"));
  assert.ok(json.parts.every((p) => p.role !== "weapon"), "no weapons once the stage is off");
  const withoutWeapons = await boardHtml(page);
  await page.click('li[data-stage="shape"] summary');
  await page.fill('li[data-stage="shape"] input[id$="-max_modules"]', "7");
  await changedFrom(page, withoutWeapons);
  assert.deepEqual(errors, []);
  await page.close();

  // A first ship that cannot be made still lists the stages, to mend it.
  const failing = await context.newPage();
  const failures = [];
  failing.on("console", (m) => m.type() === "error" && failures.push(m.text()));
  await failing.goto(`${base}/starship?seed=tight-0&width=22&height=22&max_attempts=1&supply_walk=6`);
  await failing.waitForSelector('#status[data-kind="error"]');
  assert.ok(await failing.isChecked('li[data-stage="weapons"] input[type="checkbox"]'));
  const asked = failing.waitForRequest((r) => r.url().includes("/api/starship/board.json") && r.url().includes("pipeline="));
  await failing.click('li[data-stage="weapons"] input[type="checkbox"]');
  await asked;
  assert.ok(failures.every((e) => /status of 422/.test(e)), failures.join("\n"));
  await failing.close();
});

test("stages are duplicated, moved, removed and added; the ship and the address follow", async () => {
  const { page, errors } = await open("/starship?seed=Tiamo");
  const names = () => page.$$eval("#stages > li", (items) => items.map((li) => li.dataset.stage));
  /** Does `act`, then answers the new ship's stage names once it is drawn. */
  async function redrawn(act) {
    const before = await boardHtml(page);
    const url = page.url();
    await act();
    await page.waitForFunction((old) => location.href !== old, url);
    await changedFrom(page, before);
    return (await shipJson(page)).stages;
  }
  const start = await names();
  assert.equal(start[1], "fill_gaps");
  let stages = await redrawn(() => page.click('li[data-stage="fill_gaps"] button[aria-label="Duplicate fill gaps"]'));
  assert.deepEqual(stages, [start[0], "fill_gaps", ...start.slice(1)]);
  assert.equal(await page.getAttribute("#stage-slider", "max"), String(stages.length));
  stages = await redrawn(() => page.click('li[data-stage="reactor"] button[aria-label="Move reactor up"]'));
  assert.deepEqual(stages.slice(3, 5), ["reactor", "cockpit"]);
  // The address keeps the list's differences from the default pipeline, not the pipeline.
  assert.equal(new URL(page.url()).searchParams.get("pipeline"), null);
  assert.equal(new URL(page.url()).searchParams.get("stages"), "0-1;1;3;2;4-13");
  stages = await redrawn(() => page.click('li[data-stage="cockpit"] button[aria-label="Move cockpit down"]'));
  assert.deepEqual(stages.slice(3, 6), ["reactor", "cockpit_armor", "cockpit"]);
  stages = await redrawn(() => page.click('li[data-stage="exterior_armor"] button[aria-label="Remove exterior armor"]'));
  assert.ok(!stages.includes("exterior_armor"));
  await page.selectOption("#stage-kind", "exterior_armor");
  stages = await redrawn(() => page.click("#stage-add"));
  assert.equal(stages.at(-1), "exterior_armor");
  assert.equal((await names()).at(-1), "exterior_armor");

  // Back gives the ship before each change, and the list with it: the next
  // edit starts from the ship shown.
  const on = () => page.$$eval("#stages > li:not(.off)", (items) => items.map((li) => li.dataset.stage));
  const removed = await redrawn(() => page.goBack());
  assert.ok(!removed.includes("exterior_armor"));
  assert.deepEqual(await on(), removed);
  const before = await redrawn(() => page.goBack());
  assert.ok(before.includes("exterior_armor"));
  assert.deepEqual(await on(), before);
  stages = await redrawn(() => page.click('li[data-stage="weapons"] button[aria-label="Remove weapons"]'));
  assert.deepEqual(stages, before.filter((s) => s !== "weapons"));
  assert.deepEqual(errors, []);
  await page.close();
});

test("a bad stage setting is shown beside that stage's field", async () => {
  const { page, errors } = await open("/starship?seed=Tiamo");
  await drawn(page);
  await page.click('li[data-stage="shape"] button[aria-label="Duplicate shape"]');
  await page.waitForURL(/stages=/);
  await page.waitForSelector('#status[data-kind="ok"]');
  const second = page.locator("#stages > li").nth(1);
  await second.locator("summary").click();
  // Each field with its doc and range from the server's listing.
  const input = second.locator('input[id$="-max_modules"]');
  assert.equal(await input.getAttribute("min"), "1");
  assert.equal(await input.getAttribute("max"), "50");
  assert.match(await second.locator('.field[data-field="max_modules"] .hint').textContent(), /Most brush modules.*Allowed: an integer from 1 to 50\./);
  assert.match(await second.locator('.field[data-field="variants"] .hint, .field[data-field="nose"] .hint').first().textContent(), /nose|sizes/i);
  await input.fill("0");
  const message = second.locator('.field[data-field="max_modules"] > .error');
  await message.waitFor();
  assert.equal(await message.textContent(), "0 is not allowed; expected an integer from 1 to 50");
  assert.equal(await page.locator("#stages > li").first().locator(".error:not(:empty)").count(), 0);
  await page.screenshot({ path: join(SHOTS, "starship-stage-error.png"), fullPage: true });
  // Mended, the message goes.
  await second.locator('input[id$="-max_modules"]').fill("5");
  await page.waitForSelector('#status[data-kind="ok"]');
  assert.equal(await message.textContent(), "");
  assert.ok(errors.every((e) => /status of 400/.test(e)), errors.join("\n"));
  await page.close();
});

test("a stage removed stays removed, one switched off stays off, after a reload, Back and elsewhere; the address stays short", async () => {
  for (const size of SIZES) {
    const { page, errors } = await open("/starship?seed=Tiamo", size);
    const before = await boardHtml(page);
    await page.click('li[data-stage="thrusters"] button[aria-label="Remove thrusters"]');
    await page.waitForURL(/stages=/);
    await changedFrom(page, before);
    const removed = page.url();
    assert.ok(removed.length < 300, `one change makes an address of ${removed.length} characters`);
    // Another stage switched off, then the page opened again, and elsewhere.
    await page.click('li[data-stage="weapons"] input[type="checkbox"]');
    await page.waitForURL((url) => url.href !== removed);
    await page.waitForSelector('#status[data-kind="ok"]');
    const both = page.url();
    const listed = () => page.$$eval("#stages > li", (items) => items.map((li) => `${li.dataset.stage}${li.classList.contains("off") ? " (off)" : ""}`));
    const shown = await listed();
    assert.ok(!shown.some((s) => s.startsWith("thrusters")), shown.join(", "));
    assert.ok(shown.includes("weapons (off)"), shown.join(", "));
    await page.reload();
    await drawn(page);
    assert.deepEqual(await listed(), shown, "after a reload");
    await page.goBack();
    await page.waitForFunction((url) => location.href === url, removed);
    await page.waitForSelector('#status[data-kind="ok"]');
    const back = await listed();
    assert.ok(!back.some((s) => s.startsWith("thrusters")) && back.includes("weapons"), `after Back: ${back.join(", ")}`);
    const elsewhere = await open(both.replace(base, ""), size);
    assert.deepEqual(await elsewhere.page.$$eval("#stages > li", (items) => items.map((li) => `${li.dataset.stage}${li.classList.contains("off") ? " (off)" : ""}`)), shown, "opened elsewhere");
    const json = await shipJson(elsewhere.page);
    assert.ok(!json.stages.includes("thrusters") && !json.stages.includes("weapons"));
    assert.deepEqual(errors, []);
    assert.deepEqual(elsewhere.errors, []);
    await elsewhere.page.close();
    await page.close();
  }
});

test("a pipeline no seed can make a ship of says which stage; stage errors stand beside their field", async () => {
  for (const size of SIZES) {
    const { page, errors } = await open("/starship?seed=Tiamo", size);
    await page.click('li[data-stage="reactor"] input[type="checkbox"]');
    const reactor = page.locator('li[data-stage="reactor"] > .error');
    await reactor.waitFor();
    await page.waitForFunction(() => document.querySelector('li[data-stage="reactor"] > .error').textContent !== "");
    assert.equal(await reactor.textContent(), "0 reactor stages is not allowed; expected exactly one: every ship has one reactor, placed by its stage. Switch reactor on.");
    assert.ok(await reactor.isVisible());
    if (size === SIZES[1]) await page.screenshot({ path: join(SHOTS, "starship-no-reactor-390.png") });
    await page.click('li[data-stage="reactor"] input[type="checkbox"]');
    await page.waitForSelector('#status[data-kind="ok"]');
    // A value of the wrong kind, or out of range, beside the cockpit's w.
    const cockpit = page.locator('li[data-stage="cockpit"]');
    await cockpit.locator("summary").click();
    const message = cockpit.locator('.field[data-field="w"] > .error');
    for (const [typed, words] of [["-2", /^-2 is not allowed; expected an integer from 1 to 8$/], ["2.5", /^2\.5 is not allowed; expected an integer from 1 to 8$/], ["99", /^99 is not allowed; expected an integer from 1 to 8$/]]) {
      await cockpit.locator('input[id$="-w"]').fill(typed);
      await page.waitForFunction((w) => document.querySelector('li[data-stage="cockpit"] .field[data-field="w"] > .error').textContent.startsWith(w), typed);
      assert.match(await message.textContent(), words, typed);
      assert.equal(await page.textContent("#error-pipeline"), "", typed);
    }
    assert.ok(errors.every((e) => /status of 400/.test(e)), errors.join("\n"));
    await page.close();
  }
});
