// One labelled control per parameter, built from its entry in
// `GET /api/generators`: its range or values, its default and its doc.

import { toInlineToml } from "./toml.js";

/** Creates an element with attributes and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    // Through the CSSOM: the page's Content-Security-Policy refuses `style` attributes.
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/**
 * Adds `css` to the page's styles, as a stylesheet built in script: the
 * page's Content-Security-Policy refuses `<style>` elements.
 */
export function addStyles(css) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** How long typing may pause before what is typed is taken, in milliseconds. */
const TYPING_MS = 800;

/**
 * Calls `commit()` once what is typed into `input` has settled: on Enter
 * (not in a text area), on leaving the field, or after a pause in typing,
 * so that "100" is never taken as 1 and 10 first.
 */
export function onSettled(input, commit) {
  let timer = null;
  const now = () => {
    clearTimeout(timer);
    commit();
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(now, TYPING_MS);
  });
  input.addEventListener("change", now);
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || input.tagName === "TEXTAREA") return;
    e.preventDefault();
    now();
  });
}

/** A generator's about line as a sentence: a capital and a full stop. */
export function sentence(about) {
  return about.charAt(0).toUpperCase() + about.slice(1) + ".";
}

/** The text a value has in the query string. */
export function queryText(param, value) {
  if (value === null || value === undefined) return null;
  return param.allowed.kind === "data" ? toInlineToml(value) : String(value);
}

/**
 * A control for `param`. `changed(text)` is called with the value's query
 * text (null: the default) once the value is settled, `refused(message)`
 * when what is typed cannot be sent (JSON that does not parse). Returns the
 * element, `set(value)` (a resolved JSON value), `setText(text)` (its query
 * text), `note(text)` (a line under the hint: how large this board prints)
 * and `error(message, choices)` (each choice a button or link shown after
 * the message).
 */
export function control(param, changed, refused) {
  const id = `param-${param.name}`;
  const allowed = param.allowed;
  const defaultText = param.default === null ? "none" : allowed.kind === "data" ? "built in" : String(param.default);
  const error = el("p", { class: "error", id: `error-${param.name}`, role: "alert" });
  const note = el("span", { class: "note" });
  const hint = el("p", { class: "hint", id: `hint-${param.name}` }, `${param.doc}. Default: ${defaultText}; allowed: ${allowed.text}.`, note);
  const described = `hint-${param.name} error-${param.name}`;
  let input;
  let read;
  let write;
  switch (allowed.kind) {
    case "bool":
      input = el("input", { type: "checkbox", id, "aria-describedby": described });
      input.addEventListener("change", () => changed(String(input.checked)));
      write = (v) => (input.checked = v === true);
      return finish(el("label", { class: "check", for: id }, input, ` ${param.name}`));
    case "one_of":
      input = el("select", { id, "aria-describedby": described }, ...allowed.values.map((v) => el("option", { value: String(v) }, String(v))));
      input.addEventListener("change", () => changed(input.value));
      write = (v) => (input.value = String(v));
      break;
    case "int":
    case "float":
      // A text field, not a number field: what is typed stays as typed ("six"
      // is not emptied in silence) and the server says what is allowed.
      input = el("input", {
        type: "text",
        id,
        min: allowed.min,
        max: allowed.max,
        step: allowed.kind === "int" ? 1 : "any",
        placeholder: param.default === null ? "none" : String(param.default),
        inputmode: allowed.kind === "int" ? "numeric" : "decimal",
        "aria-describedby": described,
      });
      read = () => {
        const text = input.value.trim();
        if (text === "") return null;
        // A whole number however written ("1e1", "10.0") is sent as one.
        const number = Number(text);
        return allowed.kind === "int" && Number.isSafeInteger(number) ? String(number) : text;
      };
      onSettled(input, () => changed(read()));
      write = (v) => (input.value = v === null || v === undefined ? "" : String(v));
      break;
    default: {
      // Structured data: edited as JSON, sent as a TOML inline value.
      input = el("textarea", { id, rows: 8, spellcheck: "false", "aria-describedby": described });
      onSettled(input, () => {
        try {
          changed(toInlineToml(JSON.parse(input.value)));
          error.textContent = "";
        } catch (e) {
          refused(`Not valid JSON: ${e.message}`);
        }
      });
      write = (v) => (input.value = JSON.stringify(v, null, 1));
      const details = el("details", {}, el("summary", {}, `${param.name} (edit as JSON)`), input);
      return finish(details);
    }
  }
  return finish(el("label", { for: id }, param.name), input);

  function finish(...body) {
    const field = el("div", { class: "field", "data-param": param.name }, ...body, hint, error);
    return {
      element: field,
      input,
      set(value) {
        if (document.activeElement !== input) write(value);
      },
      setText(text) {
        if (allowed.kind === "bool") input.checked = text === "true";
        else if (allowed.kind !== "data") input.value = text;
      },
      note(text) {
        note.textContent = text ? ` ${text}` : "";
      },
      error(message, choices = []) {
        error.replaceChildren(...(message ? [message] : []), ...(choices.length ? [el("span", { class: "choices" }, ...choices)] : []));
        field.classList.toggle("invalid", Boolean(message));
        input.setAttribute("aria-invalid", message ? "true" : "false");
      },
    };
  }
}
