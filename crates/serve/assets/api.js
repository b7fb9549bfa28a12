// The API client the page and the generators' modules share: what in a
// query changes only the drawing, and `fetchApi`, which answers a body or
// throws the server's refusal as an `ApiError`.

/** The query keys that change how a board is drawn, not the board: the listing's `drawing.keys` (set by the page). */
export let DRAWING = [];

/** Takes the drawing keys from the listing's `drawing`. */
export function drawingKeys(drawing) {
  DRAWING = drawing.keys;
}

/**
 * A refusal from the API: `{error, parameter}` and the status; of a board
 * not drawn, also `why` (words that name no command) and `printsOn`, the
 * papers and sheets that would draw it (`{paper, tile}`).
 */
export class ApiError extends Error {
  constructor(status, body) {
    super(body.error || `the server answered ${status}`);
    this.status = status;
    this.parameter = body.parameter || null;
    this.why = body.why || null;
    this.printsOn = body.prints_on || null;
  }
}

/** Fetches `path`; answers its body as `kind` ("json", "text") or throws an ApiError. */
export async function fetchApi(path, kind = "json", init = {}) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, { error: `the server cannot be reached (${e.message})` });
  }
  if (!response.ok) {
    let body = {};
    try {
      body = await response.json();
    } catch {
      body = { error: `the server answered ${response.status}` };
    }
    throw new ApiError(response.status, body);
  }
  if (response.status === 204) return null;
  return kind === "json" ? response.json() : response.text();
}
