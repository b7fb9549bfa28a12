// The hexet page in headless Chromium: a map played with clicks, a drag and the keyboard.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, SHOTS, SIZES, base, boardHtml, changedFrom, context, drawn, generators, open, scratch, setup, downloads } from "./common.mjs";

setup();

/** The shortest path over land from `from` to any of `goals` (cells as [q, r]). */
function path(map, from, goals) {
  const land = new Set(map.cells.filter((c) => c.terrain !== "lake").map((c) => `${c.q},${c.r}`));
  const goal = new Set(goals.map(([q, r]) => `${q},${r}`));
  const previous = new Map([[`${from[0]},${from[1]}`, null]]);
  const queue = [from];
  while (queue.length) {
    const [q, r] = queue.shift();
    if (goal.has(`${q},${r}`)) {
      const steps = [];
      for (let at = `${q},${r}`; at; at = previous.get(at)) steps.unshift(at.split(",").map(Number));
      return steps;
    }
    for (const [dq, dr] of map.directions) {
      const next = `${q + dq},${r + dr}`;
      if (land.has(next) && !previous.has(next)) {
        previous.set(next, `${q},${r}`);
        queue.push([q + dq, r + dr]);
      }
    }
  }
  return null;
}

const cell = ([q, r]) => `.play .cell[data-q="${q}"][data-r="${r}"]`;
const roadCount = (page) => page.$$eval(".play .road", (r) => r.length);

test("the hexet map plays: clicks build roads and networks and scores follow; a click removes one, undo restores it", async () => {
  const { page, errors } = await open("/hexet?seed=Tiamo");
  const id = (await page.getAttribute("#road-log", "href")).split("/")[4];
  const map = await (await page.request.get(`${base}/api/hexet/games/${id}`)).json();
  const route = path(map, map.tower, map.cities.map((c) => [c.q, c.r]));
  assert.ok(route && route.length >= 2);
  const scoreBefore = await page.textContent("#scores tbody tr:first-child .score");
  for (let k = 1; k < route.length; k++) {
    await page.click(cell(route[k - 1]));
    await page.click(cell(route[k]));
    await page.waitForFunction((n) => document.querySelectorAll(".play .road").length === n, k);
  }
  // One network from the tower to a city: the scores change.
  await page.waitForSelector("#networks li");
  assert.match(await page.textContent("#networks"), /the tower/);
  const scoreAfter = await page.textContent("#scores tbody tr:first-child .score");
  assert.notEqual(scoreAfter, scoreBefore, "player 1's score changes once a city reaches the tower");
  await page.screenshot({ path: join(SHOTS, "hexet-played-1280x800.png"), fullPage: true });

  // A click on a road removes it; undo puts it back.
  const roads = route.length - 1;
  await page.click(".play .road >> nth=0");
  await page.waitForFunction((n) => document.querySelectorAll(".play .road").length === n, roads - 1);
  assert.notEqual(await page.textContent("#scores tbody tr:first-child .score"), scoreAfter);
  await page.click("#undo");
  await page.waitForFunction((n) => document.querySelectorAll(".play .road").length === n, roads);
  assert.equal(await page.textContent("#scores tbody tr:first-child .score"), scoreAfter);

  // Player 2 builds by dragging from one cell to its neighbour.
  await page.check("#player-1");
  const box = async (c) => {
    const b = await page.locator(cell(c)).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  await page.locator(cell(route[0])).scrollIntoViewIfNeeded();
  const [x1, y1] = await box(route[0]);
  const [x2, y2] = await box(route[1]);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction((n) => document.querySelectorAll(".play .road").length === n, roads + 1);
  assert.equal(await page.$$eval('.play .road[data-player="1"]', (r) => r.length), 1);

  // And by keyboard: focus the map, move the cursor with the arrows, Enter on two neighbours.
  await page.focus("#board");
  await page.keyboard.press("2");
  const walk = async (to) => {
    for (let step = 0; step < 100; step++) {
      const at = await page.$eval(".play .cursor", (c) => [Number(c.dataset.q), Number(c.dataset.r)]);
      if (at[0] === to[0] && at[1] === to[1]) return;
      await page.keyboard.press(at[0] < to[0] ? "ArrowRight" : at[0] > to[0] ? "ArrowLeft" : at[1] < to[1] ? "ArrowDown" : "ArrowUp");
    }
    assert.fail(`the cursor did not reach ${to}`);
  };
  await walk(route[1]);
  await page.keyboard.press("Enter");
  await walk(route[2]);
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => document.querySelectorAll(".play .road").length === n, roads + 2);
  assert.equal(await page.$$eval('.play .road[data-player="1"]', (r) => r.length), 2);

  // Drawing options redraw the same game: the roads stay.
  const inked = await boardHtml(page);
  await page.check("#ink_friendly");
  await changedFrom(page, inked);
  assert.equal(await roadCount(page), roads + 2);

  // The road log replays on the command line to the game's JSON.
  const files = await downloads(page, ["json", "toml", "road log"]);
  const replayed = execFileSync(BIN, ["hexet", "--seed", "Tiamo", "--config", files.toml, "--roads", files["road log"]]);
  const svg = execFileSync(BIN, ["hexet", "--seed", "Tiamo", "--config", files.toml, "--roads", files["road log"], "--ink-friendly", "--format", "svg"]);
  const shownSvg = await (await page.request.get(`${base}/api/hexet/games/${id}/board.svg?ink_friendly=true`)).body();
  assert.ok(svg.equals(shownSvg), "the game's drawing is the command line's drawing of the replay");
  assert.ok(replayed.equals(readFileSync(files.json)), "--roads of the downloaded log gives the downloaded JSON");
  assert.deepEqual(errors, []);
  await page.close();
});
