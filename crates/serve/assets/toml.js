// JSON values written as TOML inline values: what `--set KEY=VALUE` and the
// query string take for list and table parameters.

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/** The TOML inline form of `value` (null has none). */
export function toInlineToml(value) {
  if (Array.isArray(value)) return `[${value.map(toInlineToml).join(", ")}]`;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return String(value);
    case "number":
      if (!Number.isFinite(value)) throw new Error(`${value} is not a finite number`);
      return String(value);
    case "object":
      if (value === null) throw new Error("null has no TOML form: leave the field out");
      return `{${Object.entries(value)
        .map(([k, v]) => `${BARE_KEY.test(k) ? k : JSON.stringify(k)} = ${toInlineToml(v)}`)
        .join(", ")}}`;
    default:
      throw new Error(`a ${typeof value} has no TOML form`);
  }
}
