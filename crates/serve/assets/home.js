// The front page: each card's line comes from the generator's own description.

import { sentence } from "./form.js";

const list = await fetch("/api/generators").then((r) => r.json());
for (const generator of list) {
  const about = document.querySelector(`[data-generator="${generator.name}"] .about`);
  if (about) about.textContent = sentence(generator.about);
}
