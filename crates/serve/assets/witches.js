// Witches: the game's digital half beside the printed board. The board's
// secret recipe stays on the server; the page shows the free clue and the
// effects players may meet, takes a potion from the board's ingredients
// (each with the seeds grown, or "as needed"), brews it and keeps the log of
// potions tried, and reveals the recipe behind a danger button. The potions
// tried ride in the address (`potions=Sage:2,Mint:1,Dill;…`, never sent with
// the board), so a reload or a shared link gives the game back: the same
// potion on the same board always answers the same. Seeds the recipe cannot
// take are refused beside their entry before Brew; an ingredient may go in
// more than once, as in the original. A change of settings keeps the potions tried when the recipe is the
// same (the same seed, the same clue, and the same answer to every potion
// tried, asked of the server); one that changes it asks first.

import { ApiError, DRAWING, fetchApi } from "./api.js";
import { addStyles, el } from "./form.js";

/** Most seeds an ingredient may be given, as the server says with the clue. */
const maxSeeds = () => game.clue.max_seeds;

const game = {
  /** The seed and parameters the potions were brewed for (the recipe's). */
  recipeQuery: null,
  /** `{clue, recipe_length, max_seeds, rules, ingredients}` of the recipe. */
  clue: null,
  /**
   * The potion being made: `[{ingredient, seeds, text, problem}]`: seeds null
   * for "as needed", `text` what was typed, `problem` why it cannot be brewed ("").
   */
  potion: [],
  /** Potions tried: `{potion, answer}`, in order. */
  tried: [],
  /** Why a potion of the address was left out, or "". */
  problem: "",
  panel: null,
  /** The next board is one of the address (opened, Back or Forward): no question asked. */
  navigated: false,
  /** The recipe found the same for the board asked for: `{recipeQuery, clue}`, or null. */
  carry: null,
};

// Registered when the module loads, before the page's own listener redraws
// the board of the address.
window.addEventListener("popstate", () => {
  game.navigated = true;
  game.recipeQuery = null;
});

/**
 * Why typed seeds cannot be brewed, or "" when they can (empty: as many as
 * needed), in the words the server answers a potion of the address with.
 */
function seedsProblem(text) {
  const t = text.trim();
  const range = `a whole number from 0 to ${maxSeeds()}`;
  if (t === "") return "";
  if (!/^[+-]?\d+$/.test(t)) return `seeds "${t}" is not ${range}; leave it empty for as many as needed`;
  const n = Number(t);
  if (n < 0) return `${n} seeds is negative; expected ${range}`;
  if (n > maxSeeds()) return `${n} seeds is too many; expected ${range}`;
  return "";
}

/** Whether the potion being made can be brewed: some ingredients, every seeds entry good. */
const brewable = () => game.potion.length > 0 && game.potion.every((p) => !p.problem);

/** A potion as text: `Sage:2,Mint:1,Dill`. */
const potionText = (potion) => potion.map((p) => (p.seeds === null ? p.ingredient : `${p.ingredient}:${p.seeds}`)).join(",");

/**
 * The potions an address holds (`Sage:2,Mint;Dill:1`), [] when it holds none.
 * Seeds that are not a whole number stay text, for the server to refuse by name.
 */
function readPotions(text) {
  if (!text) return [];
  return text.split(";").map((one) =>
    one.split(",").filter(Boolean).map((part) => {
      const [ingredient, seeds] = part.split(":");
      const whole = seeds !== undefined && /^\s*[+-]?\d+\s*$/.test(seeds);
      return { ingredient: ingredient.trim(), seeds: seeds === undefined ? null : whole ? Number(seeds) : seeds };
    }));
}

/** The query of the recipe: the board's, without what only changes the drawing. */
function recipeQuery(query) {
  const q = new URLSearchParams(query);
  for (const key of DRAWING) q.delete(key);
  return q.toString();
}

/** The body of a potion request for the recipe of `query`. */
function potionRequest(query, potion) {
  const q = new URLSearchParams(query);
  const params = {};
  for (const [key, value] of q) {
    if (["seed", "preset", ...DRAWING].includes(key)) continue;
    // An address carries text; the request wants numbers and booleans as such.
    try {
      params[key] = JSON.parse(value);
    } catch {
      params[key] = value;
    }
  }
  const body = { seed: q.get("seed") ?? "", params, potion };
  if (q.get("preset")) body.preset = q.get("preset");
  return body;
}

async function brew(query, potion) {
  const response = await fetch("/api/witches/potion", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(potionRequest(query, potion)),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** The answer to a potion, in words. */
function answerLines(answer) {
  const lines = [`${answer.undergrown} undergrown, ${answer.overgrown} overgrown`, ...answer.feedback];
  if (answer.won) lines.unshift("The potion works: you found the recipe!");
  return lines;
}

function render(page) {
  const { panel } = game;
  if (!game.clue) {
    panel.replaceChildren(el("h2", {}, "Brew a potion"), el("p", { class: "hint" }, "Reading the recipe…"));
    return;
  }
  const length = game.clue.recipe_length;
  const full = game.potion.length >= 6;
  const add = game.clue.ingredients.map((name) => {
    // An ingredient may go in more than once, as in the original game.
    return el("button", {
      type: "button", class: "ingredient", disabled: full,
      onclick: () => {
        if (game.potion.length >= 6) return;
        game.potion.push({ ingredient: name, seeds: null, text: "", problem: "" });
        render(page);
      },
    }, name);
  });
  const brewButton = el("button", { type: "button", class: "primary", id: "brew", disabled: !brewable(), onclick: () => tryPotion(page) }, "Brew");
  const rows = game.potion.map((part, i) => {
    const id = `potion-${i}`;
    const error = el("p", { class: "error", id: `${id}-error`, role: "alert" }, part.problem);
    const seeds = el("input", {
      type: "text", inputmode: "numeric", autocomplete: "off", id, placeholder: "as needed", value: part.text,
      "aria-describedby": `${id}-error`, "aria-invalid": part.problem ? "true" : "false",
    });
    // Checked as it is typed: a value the recipe cannot take is named here, and Brew waits.
    seeds.addEventListener("input", () => {
      part.text = seeds.value;
      part.problem = seedsProblem(seeds.value);
      part.seeds = part.problem || seeds.value.trim() === "" ? null : Number(seeds.value.trim());
      error.textContent = part.problem;
      seeds.setAttribute("aria-invalid", part.problem ? "true" : "false");
      row.classList.toggle("invalid", Boolean(part.problem));
      brewButton.disabled = !brewable();
    });
    const row = el("li", { class: part.problem ? "invalid" : "" }, el("label", { for: id }, `${i + 1}. ${part.ingredient}`), seeds,
      el("button", { type: "button", "aria-label": `Take ${part.ingredient} out`, onclick: () => {
        game.potion.splice(i, 1);
        render(page);
      } }, "✕"), error);
    return row;
  });
  const log = game.tried.map(({ potion, answer }) =>
    el("li", { class: answer.won ? "won" : "" }, el("strong", {}, `${potion.map((p) => (p.seeds === null ? p.ingredient : `${p.ingredient} ${p.seeds}`)).join(" → ")}`),
      el("ul", {}, ...answerLines(answer).map((line) => el("li", {}, line)))));
  const reveal = el("button", { type: "button", class: "danger", id: "reveal", onclick: () => revealRecipe(page) }, "Reveal the recipe");
  panel.replaceChildren(
    el("h2", {}, "Brew a potion"),
    el("p", { class: "clue", id: "clue" }, el("strong", {}, "Free clue: "), game.clue.clue),
    el("p", { class: "hint" }, `The recipe has ${length} ingredients. A potion works when at least ${length} of its ingredients are counted, each one number higher than the ingredient just before it and grown with as many seeds as its number. Add ingredients in the order they stand in your cauldron (in the 2023 edition, your garden), an ingredient more than once if you like, with the seeds grown: a whole number from 0 to ${maxSeeds()}, or empty for as many as needed. Then brew.`),
    game.clue.rules.length
      ? el("details", {}, el("summary", {}, `Effects you may meet (${game.clue.rules.length})`),
        el("dl", { class: "rules" }, ...game.clue.rules.flatMap((r) => [el("dt", {}, r.effect), el("dd", {}, r.rule)])))
      : el("p", { class: "hint" }, "No effects at this difficulty."),
    el("div", { class: "ingredients", role: "group", "aria-label": "Ingredients" }, ...add),
    el("ol", { class: "potion", id: "potion" }, ...rows),
    el("div", { class: "row" }, brewButton, el("button", { type: "button", onclick: () => { game.potion = []; render(page); } }, "Clear")),
    el("p", { class: "error", id: "error-potion", role: "alert" }, game.problem),
    el("h3", {}, `Potions tried (${game.tried.length})`),
    el("ol", { class: "tried", id: "tried", reversed: true }, ...log.reverse()),
    el("div", { class: "reveal", id: "revealed" }, reveal),
  );
}

async function tryPotion(page) {
  if (!brewable()) return;
  const potion = game.potion.map((p) => ({ ingredient: p.ingredient, seeds: p.seeds }));
  const error = document.getElementById("error-potion");
  try {
    const answer = await brew(game.recipeQuery, potion);
    game.tried.push({ potion, answer });
    game.potion = [];
    game.problem = "";
    page.keep("potions", game.tried.map((t) => potionText(t.potion)).join(";"));
    render(page);
    page.status(answer.won ? "The potion works!" : `Brewed: ${answer.undergrown} undergrown, ${answer.overgrown} overgrown`, "ok");
  } catch (e) {
    error.textContent = e instanceof ApiError ? e.message : `Could not brew: ${e.message}`;
  }
}

async function revealRecipe(page) {
  if (!confirm("Reveal the secret recipe? The game is over for everyone who sees it.")) return;
  const box = document.getElementById("revealed");
  try {
    const recipe = await fetchApi(`/api/witches/reveal?${game.recipeQuery}`);
    const row = (i) => el("tr", {}, el("td", {}, i.name), el("td", {}, i.number ?? "–"), el("td", {}, i.decoy ?? ""), el("td", {}, (i.effects ?? []).join(", ")));
    box.replaceChildren(
      el("h3", {}, "The recipe"),
      el("p", {}, `Solution: ${recipe.solution.map((s) => (s.seeds === null || s.seeds === undefined ? s.ingredient : `${s.ingredient} ${s.seeds}`)).join(" → ")} (${recipe.solutions} winning potions in all).`),
      el("table", { class: "records" },
        el("thead", {}, el("tr", {}, ...["ingredient", "number", "decoy", "effects"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, ...recipe.ingredients.map(row))),
    );
    page.status("Recipe revealed", "ok");
  } catch (e) {
    page.status(e instanceof ApiError ? e.message : `Could not reveal: ${e.message}`, "error");
  }
}

/**
 * Whether the board of `query` has the recipe of the game: "same" (the same
 * seed, the same clue, and every potion tried answering as it did), "new",
 * or "unknown" when the server refuses the settings (the board is refused too,
 * and says why). Nothing about how the recipe is made is assumed beyond its
 * seed: the server is asked.
 */
async function compareRecipe(query) {
  const seed = (q) => new URLSearchParams(q).get("seed") ?? "";
  if (seed(query) !== seed(game.recipeQuery)) return { verdict: "new" };
  let clue;
  try {
    clue = await fetchApi(`/api/witches/clue?${query}`);
  } catch {
    return { verdict: "unknown" };
  }
  if (JSON.stringify(clue) !== JSON.stringify(game.clue)) return { verdict: "new" };
  try {
    const answers = await Promise.all(game.tried.map((t) => brew(query, t.potion)));
    const same = answers.every((a, i) => JSON.stringify(a) === JSON.stringify(game.tried[i].answer));
    return same ? { verdict: "same", clue } : { verdict: "new" };
  } catch {
    return { verdict: "unknown" };
  }
}

/**
 * The board of `query`, drawn once the game allows: a change of settings
 * that keeps the recipe keeps the potions tried; one that changes it, with
 * potions tried, asks first (kept, the answer is null and nothing is drawn).
 */
async function load(page, query) {
  const navigated = game.navigated;
  game.navigated = false;
  game.carry = null;
  const recipe = recipeQuery(query);
  if (!navigated && game.clue && game.recipeQuery !== null && recipe !== game.recipeQuery) {
    const { verdict, clue } = await compareRecipe(recipe);
    if (verdict === "same") {
      game.carry = { recipeQuery: recipe, clue };
    } else if (verdict === "new" && game.tried.length) {
      const n = game.tried.length;
      if (!page.discards("These settings make a new recipe, so they start a new game", n === 1 ? "the potion tried" : `the ${n} potions tried`)) return null;
    }
  }
  return page.load(query);
}

/** A new board: its recipe's clue, and the potions the address holds brewed again. */
async function shown(page) {
  const query = recipeQuery(page.shown.query);
  if (query === game.recipeQuery) return;
  if (game.carry?.recipeQuery === query) {
    // The same recipe: the game goes on, with the potion being made.
    game.recipeQuery = query;
    game.clue = game.carry.clue;
    game.carry = null;
    render(page);
    return;
  }
  const fresh = game.recipeQuery !== null;
  game.recipeQuery = query;
  game.clue = null;
  game.potion = [];
  game.tried = [];
  game.problem = "";
  render(page);
  try {
    game.clue = await fetchApi(`/api/witches/clue?${query}`);
  } catch (e) {
    game.panel.replaceChildren(el("h2", {}, "Brew a potion"), el("p", { class: "error" }, e instanceof ApiError ? e.message : e.message));
    return;
  }
  // A changed board starts a new game; the address's potions are the game of the board it names.
  if (fresh) page.keep("potions", null, "replace");
  // A potion the recipe refuses is named and left out; the others are brewed.
  for (const [i, potion] of readPotions(page.kept.get("potions")).entries()) {
    try {
      game.tried.push({ potion, answer: await brew(query, potion) });
    } catch (e) {
      game.problem += `${game.problem ? " " : "The address's "}potion ${i + 1} (${potionText(potion)}): ${e.message}.`;
    }
  }
  if (game.problem) {
    game.problem += " Left out; the other potions are kept.";
    page.keep("potions", game.tried.map((t) => potionText(t.potion)).join(";"), "replace");
  }
  render(page);
}

const STYLE = `
.witches-game { margin-top: 0.8rem; padding: 0.8rem; background: #fff; border: 1px solid var(--line, #ddd); border-radius: 6px; }
.witches-game h2 { margin: 0 0 0.4rem; font-size: 1.1rem; }
.witches-game .ingredients { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.5rem 0; }
.witches-game .potion li { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.2rem 0; }
.witches-game .potion label { min-width: 8rem; }
.witches-game .potion input { width: 7rem; }
.witches-game .potion li.invalid input { border-color: var(--error, #b3261e); }
.witches-game .potion li .error { flex-basis: 100%; margin: 0; }
.witches-game .tried li.won > strong { color: #1b7f3b; }
.witches-game .row { display: flex; gap: 0.4rem; }
.witches-game button.danger { background: #b3261e; color: #fff; border-color: #b3261e; margin-top: 0.6rem; }
.witches-game .rules dt { font-weight: 700; }
.witches-game .rules dd { margin: 0 0 0.3rem 1rem; }
`;

export default {
  addressKeys: ["potions"],
  load,
  shown,

  setup(page) {
    addStyles(STYLE);
    game.panel = el("section", { class: "witches-game", id: "witches-game", "aria-label": "Brew a potion" });
    page.extraView.append(game.panel);
    render(page);
  },
};
