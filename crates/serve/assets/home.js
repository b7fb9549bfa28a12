// The front page: each card's line comes from the generator's own description.
const list = await fetch("/api/generators").then((r) => r.json());
for (const generator of list) {
  const about = document.querySelector(`[data-generator="${generator.name}"] .about`);
  if (about) about.textContent = generator.about.charAt(0).toUpperCase() + generator.about.slice(1) + ".";
}
