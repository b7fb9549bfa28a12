// The page knows what its paper prints: the size field says how large this
// seed's board prints on the paper and sheets chosen, and a board refused
// for its size is met beside that field, in words, with choices that draw
// it (a larger paper, more sheets, the largest size that prints, JSON).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, SIZES, drawn, open, setup } from "./common.mjs";

setup();

/** The size field's note once it names the paper `paper` ("A4"). */
async function note(page, paper) {
  await page.waitForFunction((p) => document.querySelector("#hint-resolution .note")?.textContent.includes(`On ${p}`), paper);
  return page.textContent("#hint-resolution .note");
}

/** The largest resolution a note says prints. */
const largest = (text) => Number(text.match(/is drawn up to resolution (\d+)/)?.[1]);

for (const size of SIZES) {
  test(`the resolution that prints follows the paper and sheets chosen (${size.join("x")})`, async () => {
    const { page, errors } = await open("/universe?seed=Kiwi3&players=2", size);
    const a4 = largest(await note(page, "A4"));
    assert.ok(a4 >= 10 && a4 < 40, `on A4: ${a4}`);
    await page.selectOption("#paper", "a3");
    await drawn(page);
    const a3 = largest(await note(page, "A3"));
    assert.ok(a3 > a4, `A3 prints larger than A4: ${a3} against ${a4}`);
    await page.selectOption("#tile", "2x2");
    await drawn(page);
    const tiled = largest(await note(page, "4 sheets of A3 (2 across, 2 down)"));
    assert.ok(tiled > a3, `A3 over 2 × 2 sheets prints larger than one: ${tiled} against ${a3}`);
    // What the note says prints, prints; one more is the first that does not,
    // or prints too (the search stops at a change, said as "up to").
    const url = new URL(page.url());
    url.searchParams.set("resolution", String(tiled));
    const answer = await fetch(url.toString().replace(/\/universe\?/, "/api/universe/board.svg?"));
    assert.equal(answer.status, 200, `resolution ${tiled} on A3 2x2`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`a board too small to read on its paper is refused beside the size field, with choices that draw it (${size.join("x")})`, async () => {
    const { page, errors } = await open("/universe?seed=Kiwi3&players=2", size);
    await note(page, "A4");
    await page.fill("#param-resolution", "40");
    await page.press("#param-resolution", "Enter");
    const error = page.locator("#error-resolution");
    await error.locator(".choices").waitFor();
    const text = await error.innerText();
    // In players' words: what is too small, by how much, and no command.
    assert.match(text, /need nodes of at least [\d.]+ mm across; on A4 these nodes are [\d.]+ mm across\. What to do:/);
    assert.doesNotMatch(text, /\.json|`|--|tiled \dx\d/, text);
    assert.equal(await page.getAttribute("#param-resolution", "aria-invalid"), "true");
    await page.locator('[data-param="resolution"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `refused-resolution-${size[0]}.png`) });
    const choices = await error.locator(".choices > *").allInnerTexts();
    assert.ok(choices.some((c) => /^Print on \d+ sheets of A4 \(\d across, \d down\)$|^Print on A3$/.test(c)), choices.join(" | "));
    assert.ok(choices.includes("JSON only (no drawing)"), choices.join(" | "));
    const json = await error.locator("a.choice").getAttribute("href");
    const made = await fetch(new URL(json, page.url()));
    assert.equal(made.status, 200, "the JSON link makes the board");
    assert.equal((await made.json()).params.resolution, 40);
    // The largest that prints here draws the board, and the field says so.
    const lower = error.locator("button", { hasText: /^Resolution \d+$/ });
    const value = (await lower.innerText()).split(" ")[1];
    await lower.click();
    await drawn(page);
    assert.equal(await page.inputValue("#param-resolution"), value);
    assert.match(page.url(), new RegExp(`resolution=${value}\\b`));
    // Back to 40, and the sheets offered draw it at 40.
    await page.fill("#param-resolution", "40");
    await page.press("#param-resolution", "Enter");
    await error.locator(".choices").waitFor();
    const sheets = error.locator("button", { hasText: /^Print on / }).first();
    const asked = await sheets.innerText();
    await sheets.click();
    await drawn(page);
    assert.match(page.url(), /resolution=40\b/);
    assert.match(page.url(), /tile=\dx\d|paper=a3/, `${asked}: ${page.url()}`);
    assert.equal(await error.innerText(), "");
    assert.ok(errors.every((e) => /status of 422/.test(e)), errors.join("\n"));
    await page.close();
  });
}

test("an address whose board does not print keeps its settings and offers what would print it", async () => {
  const { page, errors } = await open("/universe?seed=Kiwi3&players=2", SIZES[0]);
  await page.goto(page.url().replace("players=2", "players=2&resolution=40"));
  const error = page.locator("#error-resolution");
  await error.locator(".choices").waitFor();
  assert.equal(await page.inputValue("#param-resolution"), "40");
  assert.match(page.url(), /resolution=40/);
  assert.match(await page.textContent("#status"), /No board/);
  assert.ok(errors.every((e) => /status of 422/.test(e)), errors.join("\n"));
  await page.close();
});

test("hexet's width says how wide a map this height draws, and a map too large to draw offers a narrower one", async () => {
  const { page, errors } = await open("/hexet?seed=Lichen&height=100", SIZES[0]);
  await page.waitForFunction(() => /is drawn up to width \d+/.test(document.querySelector("#hint-width .note")?.textContent ?? ""));
  const widest = Number((await page.textContent("#hint-width .note")).match(/width (\d+)/)[1]);
  assert.ok(widest >= 300 && widest <= 400, `at height 100: ${widest}`);
  await page.fill("#param-width", String(widest + 50));
  await page.press("#param-width", "Enter");
  const error = page.locator("#error-width");
  await error.locator(".choices").waitFor();
  assert.match(await error.innerText(), /too large to draw/);
  // (The widest map is 40,000 cells: asked for, not waited for.)
  await error.locator("button", { hasText: `Width ${widest}` }).click();
  assert.equal(await page.inputValue("#param-width"), String(widest));
  await page.waitForFunction(() => document.querySelector("#status").dataset.kind === "busy");
  assert.ok(errors.every((e) => /status of 422/.test(e)), errors.join("\n"));
  await page.close();
});

test("a board over the server's cap is refused beside its field with the largest size drawn and the largest made as JSON", async () => {
  const { page, errors } = await open("/universe?seed=Kiwi3&players=2", SIZES[1]);
  await note(page, "A4");
  await page.fill("#param-resolution", "300");
  await page.press("#param-resolution", "Enter");
  const error = page.locator("#error-resolution");
  await error.locator(".choices").waitFor();
  const text = await error.innerText();
  assert.match(text, /^This server makes universe boards of at most \d+ nodes of work \(this one would have \d+ nodes of work\)\. What to do:/);
  assert.doesNotMatch(text, /command line/);
  const choices = await error.locator(".choices > *").allInnerTexts();
  assert.equal(choices.length, 2, choices.join(" | "));
  assert.match(choices[0], /^Resolution \d+$/);
  assert.equal(choices[1], "JSON only, resolution 264");
  // The size offered draws the board; the JSON link makes the largest board this server makes.
  const json = await error.locator("a.choice").getAttribute("href");
  assert.equal((await (await fetch(new URL(json, page.url()))).json()).params.resolution, 264);
  await error.locator("button.choice").click();
  await drawn(page);
  assert.equal(await page.inputValue("#param-resolution"), choices[0].split(" ")[1]);
  assert.ok(errors.every((e) => /status of 422/.test(e)), errors.join("\n"));
  await page.close();
});

test("a size the note's number covers yet not drawn is offered the nearest below that is; the note stays the same whatever is asked", async () => {
  const { page, errors } = await open("/universe?seed=Kiwi3&players=2", SIZES[0]);
  const first = await note(page, "A4");
  // Every size from 10 to the note's number: the note never moves, and a refused one offers a smaller one that draws.
  const most = largest(first);
  let refused = 0;
  for (let v = most; v >= most - 3; v--) {
    const answer = await fetch(`${new URL(page.url()).origin}/api/universe/board.svg?seed=Kiwi3&players=2&resolution=${v}`);
    if (answer.status === 200) continue;
    refused += 1;
    await page.fill("#param-resolution", String(v));
    await page.press("#param-resolution", "Enter");
    const error = page.locator("#error-resolution");
    await error.locator(".choices").waitFor();
    assert.equal(await page.textContent("#hint-resolution .note"), first);
    const lower = error.locator("button", { hasText: /^Resolution \d+$/ });
    const offered = Number((await lower.innerText()).split(" ")[1]);
    assert.ok(offered < v, `${offered} offered for ${v}`);
    await lower.click();
    await drawn(page);
  }
  assert.ok(refused > 0, `every size from ${most - 3} to ${most} is drawn: this seed no longer tests a gap`);
  assert.ok(errors.every((e) => /status of 422/.test(e)), errors.join("\n"));
  await page.close();
});

test("a large hexet map the note says is drawn is drawn, its legend under it", async () => {
  const started = Date.now();
  const { page, errors } = await open("/hexet?seed=Lichen&height=100&width=200", SIZES[0]);
  assert.match(await page.textContent("#status"), /Seed/);
  assert.ok((await page.$$eval(".legend-list li", (l) => l.length)) > 3);
  console.log(`a 200 x 100 hexet map drawn in ${Date.now() - started} ms`);
  assert.deepEqual(errors, []);
  await page.close();
});
