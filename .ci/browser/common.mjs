// What every browser test file shares: `boardwright serve` started before
// its tests and stopped after (exit 0 on SIGTERM), headless Chromium, and
// helpers to open a page and wait for its board. Each `*.test.mjs` file
// calls `setup()` once and gets its own server and browser.

import { after, before } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const BIN = process.env.BOARDWRIGHT_BIN;
export const SHOTS = process.env.SCREENSHOTS || "screenshots";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const SIZES = [[1280, 800], [390, 844]];

let server;
let exited;
/** The server's address, `http://HOST:PORT`. */
export let base;
/** The browser: pages open in it. */
export let context;
/** The generators of `GET /api/generators`, in its order. */
export let generators;
/** A scratch directory of this run. */
export const scratch = mkdtempSync(join(tmpdir(), "boardwright-browser-"));

/** Starts the server and the browser before the file's tests, and stops them after. */
export function setup() {
before(async () => {
  assert.ok(BIN, "BOARDWRIGHT_BIN names the boardwright binary");
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(BIN, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
  exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  base = await new Promise((resolve, reject) => {
    let text = "";
    server.stderr.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/listening on (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    server.on("exit", () => reject(new Error(`the server stopped: ${text}`)));
  });
  generators = (await (await fetch(`${base}/api/generators`)).json()).map((g) => g.name);
  context = await chromium.launchPersistentContext(join(scratch, "profile"), {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    acceptDownloads: true,
    args: FLAGS,
  });
});

after(async () => {
  await context?.close();
  server.kill("SIGTERM");
  const { code } = await exited;
  assert.equal(code, 0, "the server exits 0 on SIGTERM");
});
}

/** A fresh tab at `path`, collecting console errors and page errors. */
export async function open(path, [width, height] = SIZES[0]) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width, height });
  await page.goto(base + path);
  if (path !== "/" && !path.startsWith("/?")) await drawn(page);
  return { page, errors };
}

/** Waits until the board is drawn and the page says so. */
export async function drawn(page) {
  await page.waitForSelector("#board svg");
  await page.waitForSelector('#status[data-kind="ok"]');
}

export const boardHtml = (page) => page.$eval("#board", (b) => b.innerHTML);

export async function changedFrom(page, before) {
  await page.waitForFunction((old) => document.querySelector("#board").innerHTML !== old && document.querySelector('#status[data-kind="ok"]'), before);
}

/** Clicks each download link named and saves what it gives: label -> file. */
export async function downloads(page, labels) {
  const files = {};
  // Locators, not element handles: a link found again at each click survives
  // the page redrawing its controls between clicks.
  const links = page.locator("#downloads a, #road-log");
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const label = ((await link.getAttribute("data-format")) || (await link.textContent())).trim().toLowerCase();
    if (labels && !labels.includes(label)) continue;
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const file = join(scratch, `${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(file);
    files[label] = file;
  }
  return files;
}
