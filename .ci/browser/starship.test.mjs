// The starship page in headless Chromium: its stage views and stage list.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, SHOTS, SIZES, base, boardHtml, changedFrom, context, drawn, generators, open, scratch, setup, downloads } from "./common.mjs";

setup();

test("switching a starship stage off changes the ship; the slider shows any stage", async () => {
  const { page, errors } = await open("/starship?seed=Tiamo");
  const before = await boardHtml(page);
  await page.click('li[data-stage="weapons"] input[type="checkbox"]');
  await page.waitForURL(/pipeline=/);
  await changedFrom(page, before);
  const json = await (await page.request.get(base + (await page.getAttribute('a[data-format="json"]', "href")))).json();
  assert.ok(!json.stages.includes("weapons"));
  assert.ok(json.parts.every((p) => p.role !== "weapon"), "no weapons once the stage is off");
  // The slider, by keyboard: the first stage, then the finished ship.
  await page.focus("#stage-slider");
  await page.keyboard.press("Home");
  await page.waitForSelector("#board svg.stage-tiles");
  assert.match(await page.textContent("#stage-label"), /^1 of \d+: shape/);
  await page.keyboard.press("End");
  await page.waitForFunction(() => !document.querySelector("#board svg.stage-tiles"));
  // A stage's parameters open and change the ship.
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
