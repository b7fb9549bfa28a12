// The witches page's play panel: the free clue and the effects' rules, a
// potion made from the board's ingredients and brewed, the potions tried
// kept in the address (a reload gives the game back, the same answers), a
// board played to a win, the reveal behind a danger button, a new board a
// new game; seeds the recipe cannot take refused before Brew, an
// ingredient added more than once as in the original, six at most; the potions tried kept through a change that
// leaves the recipe alone, and a change that does not asking first; at both
// sizes, with no console error.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, SIZES, base, open, setup } from "./common.mjs";

setup();

/** Adds the ingredients of `potion` ([{ingredient, seeds}]) to the page's potion and brews it. */
async function brew(page, potion) {
  for (const [i, part] of potion.entries()) {
    await page.click(`#witches-game .ingredients button:text-is("${part.ingredient}")`);
    if (part.seeds !== null && part.seeds !== undefined) await page.fill(`#potion-${i}`, String(part.seeds));
  }
  const before = await page.locator("#tried > li").count();
  await page.click("#brew");
  await page.waitForFunction((n) => document.querySelectorAll("#tried > li").length > n, before);
}

const tried = (page) => page.$$eval("#tried > li", (lis) => lis.map((li) => li.textContent));

test("a witches board is played through the page to a win; the game is its address", async () => {
  for (const size of SIZES) {
    const query = "seed=Tiamo&difficulty=2";
    const { page, errors } = await open(`/witches?${query}`, size);
    await page.waitForSelector("#clue");
    const clue = await (await page.request.get(`${base}/api/witches/clue?${query}`)).json();
    assert.match(await page.textContent("#clue"), new RegExp(clue.clue.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    // Only the ingredients in play: 6 by default, as the original's first game.
    assert.equal(clue.ingredients.length, 6);
    assert.equal(await page.locator("#witches-game .ingredients button").count(), clue.ingredients.length);
    assert.equal(await page.locator("#witches-game .rules dt").count(), clue.rules.length);

    // A wrong potion: its answer in the log and the potion in the address.
    await brew(page, [{ ingredient: clue.ingredients[0], seeds: 9 }]);
    const first = await tried(page);
    assert.match(first[0], /undergrown, \d+ overgrown/);
    assert.match(page.url(), /potions=/);
    assert.ok(!(await (await page.request.get(page.url().replace("/witches?", "/api/witches/board.json?"))).ok()), "potions= is no board setting: the page keeps it to itself");

    // A reload gives the game back, with the same answers.
    await page.reload();
    await page.waitForSelector("#tried > li");
    assert.deepEqual(await tried(page), first);

    // The winning potion, as the recipe's reveal gives it (fetched here, not through the page).
    const recipe = await (await page.request.get(`${base}/api/witches/reveal?${query}`)).json();
    await brew(page, recipe.solution);
    const log = await tried(page);
    assert.equal(log.length, 2);
    assert.match(log[0], /The potion works/);
    await page.screenshot({ path: join(SHOTS, `witches-won-${size[0]}x${size[1]}.png`), fullPage: true });

    // Back takes the last potion away.
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll("#tried > li").length === 1);

    // The reveal asks first, then shows the whole recipe.
    page.once("dialog", (dialog) => dialog.accept());
    await page.click("#reveal");
    await page.waitForSelector("#revealed table");
    assert.equal(await page.locator("#revealed tbody tr").count(), recipe.ingredients.length);

    // A new board is a new game, once the player says so.
    page.once("dialog", (dialog) => dialog.accept());
    await page.fill("#seed", "another");
    await page.press("#seed", "Enter");
    await page.waitForFunction(() => !location.search.includes("potions=") && document.querySelectorAll("#tried > li").length === 0);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a bad potion in the address is named and left out, the others kept; messages name only the ingredients in play", async () => {
  for (const size of SIZES) {
    const { page, errors } = await open("/witches?seed=Tiamo&potions=Parsley:2;Garlic:1;Sage:1", size);
    await page.waitForFunction(() => document.querySelectorAll("#tried > li").length === 2);
    const message = await page.textContent("#error-potion");
    assert.match(message, /potion 2 \(Garlic:1\): potion part 1: "Garlic" is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint\. Left out; the other potions are kept/);
    assert.doesNotMatch(message, /Dill|Basil|Thyme|Black Pepper/, "only the ingredients in play");
    assert.match(page.url(), /potions=Parsley%3A2%3BSage%3A1|potions=Parsley:2;Sage:1/);
    assert.ok(errors.every((e) => /status of 400/.test(e)), errors.join("\n"));
    await page.close();
  }
  // Seeds that are not a whole number are refused, not read as "as needed",
  // in the words the entry uses.
  const bad = await open("/witches?seed=Tiamo&potions=Parsley:2;Sage:abc;Mint:-1");
  await bad.page.waitForFunction(() => document.querySelectorAll("#tried > li").length === 1);
  const message = await bad.page.textContent("#error-potion");
  assert.match(message, /potion 2 \(Sage:abc\): .*seeds "abc" is not a whole number from 0 to 9/);
  assert.match(message, /potion 3 \(Mint:-1\): .*-1 seeds is negative; expected a whole number from 0 to 9/);
  await bad.page.close();
});

test("the potion entry refuses seeds it cannot brew, in words, and takes an ingredient more than once", async () => {
  for (const size of SIZES) {
    const query = "seed=Tiamo&difficulty=2";
    const { page, errors } = await open(`/witches?${query}`, size);
    await page.waitForSelector("#clue");
    const clue = await (await page.request.get(`${base}/api/witches/clue?${query}`)).json();
    const [first, second] = clue.ingredients;
    const button = (name) => page.locator(`#witches-game .ingredients button:text-is("${name}")`);
    await button(first).click();
    await button(first).click();
    assert.equal(await page.locator("#potion > li").count(), 2, "an ingredient may go in twice, as in the original");
    await page.click(`#potion > li:nth-child(2) button[aria-label="Take ${first} out"]`);
    assert.ok(!(await button(second).isDisabled()));
    assert.equal(await page.locator("#potion > li").count(), 1);
    assert.match(await page.textContent("#witches-game .hint"), /at least \d+ of its ingredients are counted, each one number higher than the ingredient just before it/);
    // Empty is "as needed", and the page says so.
    assert.equal(await page.getAttribute("#potion-0", "placeholder"), "as needed");
    assert.match(await page.textContent("#witches-game .hint"), /whole number from 0 to 9, or empty for as many as needed/);
    assert.ok(!(await page.isDisabled("#brew")));

    for (const [typed, words] of [["10", /10 seeds is too many; expected a whole number from 0 to 9/], ["-1", /-1 seeds is negative; expected a whole number from 0 to 9/], ["3.5", /seeds "3\.5" is not a whole number from 0 to 9; leave it empty for as many as needed/], ["abc", /seeds "abc" is not a whole number/]]) {
      await page.fill("#potion-0", typed);
      assert.match(await page.textContent("#potion-0-error"), words, typed);
      assert.equal(await page.getAttribute("#potion-0", "aria-invalid"), "true");
      assert.ok(await page.isDisabled("#brew"), `Brew waits while the seeds say ${typed}`);
      assert.ok(await page.locator("#potion-0-error").isVisible());
      if (typed === "abc") await page.screenshot({ path: join(SHOTS, `witches-bad-seeds-${size[0]}x${size[1]}.png`), fullPage: true });
    }
    // Fixed: Brew is back, and the potion brews with those seeds.
    await page.fill("#potion-0", "9");
    assert.equal(await page.textContent("#potion-0-error"), "");
    assert.ok(!(await page.isDisabled("#brew")));
    await page.fill("#potion-0", "");
    assert.ok(!(await page.isDisabled("#brew")), "empty seeds are as many as needed");
    await page.fill("#potion-0", "0");

    // Taken out, the potion is empty and not brewed.
    await page.click(`#potion > li button[aria-label="Take ${first} out"]`);
    assert.ok(await page.isDisabled("#brew"), "an empty potion is not brewed");
    await button(first).click();
    await button(second).click();
    await page.fill("#potion-1", "12");
    await page.fill("#potion-0", "2");
    assert.ok(await page.isDisabled("#brew"), "one bad entry is enough to wait");
    await page.fill("#potion-1", "3");
    await page.click("#brew");
    await page.waitForSelector("#tried > li");
    assert.match((await tried(page))[0], new RegExp(`^${first} 2 → ${second} 3`));
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/** The recipe of `query` as the server reveals it (fetched here, never through the page). */
const revealed = async (query) => JSON.stringify(await (await fetch(`${base}/api/witches/reveal?${query}`)).json());

/** `query` with `name` set to `value`. */
function setting(query, name, value) {
  const q = new URLSearchParams(query);
  q.set(name, value);
  return q.toString();
}

test("the potions tried survive a change that keeps the recipe; a change of recipe asks first", async () => {
  // Which settings the recipe is made from is the server's to say: a change
  // of each kind is chosen by the recipes it reveals.
  const start = "seed=Tiamo&difficulty=2";
  const candidates = [["players", "3"], ["garden_ingredients", "1"], ["special_cells", "2"]];
  const keeps = [];
  for (const [name, value] of candidates) if ((await revealed(setting(start, name, value))) === (await revealed(start))) keeps.push([name, value]);
  assert.ok(keeps.length, "some setting leaves the recipe alone");
  const [same, sameValue] = keeps[0];
  const [other, otherValue] = ["difficulty", "3"];
  assert.notEqual(await revealed(setting(start, other, otherValue)), await revealed(start), "another difficulty is another recipe");
  for (const size of SIZES) {
    const { page, errors } = await open(`/witches?${start}`, size);
    await page.waitForSelector("#clue");
    const clue = await (await page.request.get(`${base}/api/witches/clue?${start}`)).json();
    await brew(page, [{ ingredient: clue.ingredients[0], seeds: 2 }, { ingredient: clue.ingredients[1], seeds: null }]);
    await brew(page, [{ ingredient: clue.ingredients[2], seeds: 1 }]);
    const log = await tried(page);
    assert.equal(log.length, 2);

    // Another board with the same recipe: the same game.
    let asked = null;
    const note = (dialog) => {
      asked = dialog.message();
      dialog.dismiss();
    };
    page.on("dialog", note);
    await page.fill(`#param-${same}`, sameValue);
    await page.press(`#param-${same}`, "Enter");
    await page.waitForFunction((pair) => location.search.includes(pair) && document.querySelector('#status[data-kind="ok"]'), `${same}=${sameValue}`);
    assert.equal(asked, null, "nothing to ask: the recipe is the same");
    assert.deepEqual(await tried(page), log);
    assert.match(page.url(), /potions=/);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll("#tried > li").length === 2);
    assert.deepEqual(await tried(page), log, "the address holds the game on the new board");
    assert.ok(page.url().includes(`${same}=${sameValue}`));

    // Another recipe: asked first, and "no" keeps the settings and the game.
    const address = page.url();
    await page.fill(`#param-${other}`, otherValue);
    await page.press(`#param-${other}`, "Enter");
    await page.waitForFunction(() => /Kept the old settings/.test(document.querySelector("#status").textContent));
    assert.match(asked, /new game: the 2 potions tried will be cleared/);
    assert.equal(await page.inputValue(`#param-${other}`), new URLSearchParams(start).get(other));
    assert.equal(page.url(), address);
    assert.deepEqual(await tried(page), log);
    assert.equal(await page.textContent("#error-general"), "");
    await page.screenshot({ path: join(SHOTS, `witches-kept-${size[0]}x${size[1]}.png`), fullPage: true });

    // Said yes, the new recipe's game starts empty.
    page.off("dialog", note);
    asked = null;
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      dialog.accept();
    });
    await page.fill(`#param-${other}`, otherValue);
    await page.press(`#param-${other}`, "Enter");
    await page.waitForFunction((pair) => location.search.includes(pair) && !location.search.includes("potions=") && document.querySelectorAll("#tried > li").length === 0, `${other}=${otherValue}`);
    assert.match(asked, /new game/);
    // Back gives the game left behind back, and Forward the new one, without a question.
    asked = null;
    page.on("dialog", note);
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll("#tried > li").length === 2);
    assert.equal(page.url(), address);
    await page.goForward();
    await page.waitForFunction((pair) => location.search.includes(pair) && document.querySelectorAll("#tried > li").length === 0, `${other}=${otherValue}`);
    assert.equal(asked, null, "Back and Forward asked");
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a 2023 board plays on the page: one side, the ingredients in play, a win", async () => {
  for (const size of SIZES) {
    const query = "seed=Tiamo&edition=2023&ingredients=8&difficulty=2";
    const { page, errors } = await open(`/witches?${query}`, size);
    await page.waitForSelector("#clue");
    const board = await page.textContent("#board");
    assert.match(board, /2023 edition/);
    assert.doesNotMatch(board, /Cauldron|Notes|back/);
    const clue = await (await page.request.get(`${base}/api/witches/clue?${query}`)).json();
    assert.equal(clue.ingredients.length, 8);
    assert.equal(await page.locator("#witches-game .ingredients button").count(), 8);
    const recipe = await (await page.request.get(`${base}/api/witches/reveal?${query}`)).json();
    await brew(page, recipe.solution);
    assert.match((await tried(page))[0], /The potion works/);
    await page.screenshot({ path: join(SHOTS, `witches-2023-${size[0]}x${size[1]}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  }
});
