#ifndef BOARDWRIGHT_H
#define BOARDWRIGHT_H

/* Made from crates/ffi by cbindgen (its test `header` holds the two together): do not edit. */

#include <stddef.h>
#include <stdint.h>

// What kind of refusal a call came to (its C status).
typedef enum BwStatus {
  // Done; the output holds the result.
  BW_STATUS_OK = 0,
  // A pointer that must not be null was null.
  BW_STATUS_NULL_ARGUMENT = 1,
  // Text that is not UTF-8.
  BW_STATUS_NOT_UTF8 = 2,
  // No generator has that name.
  BW_STATUS_UNKNOWN_GENERATOR = 3,
  // A parameter or argument is unknown, out of range or malformed
  // (`bw_last_error_parameter` names it where one is at fault).
  BW_STATUS_BAD_PARAMETER = 4,
  // The parameters are valid, but no board could be made of them.
  BW_STATUS_GENERATION_FAILED = 5,
  // A fault of the library's own, not of the input.
  BW_STATUS_INTERNAL = 6,
  // The result cannot be drawn as asked: a mark a player needs would be
  // too small on that paper (the message names the sheets that print).
  BW_STATUS_NOT_DRAWN = 7,
  // A road the game refuses (off the map, not between neighbours, taken,
  // or not there to remove); the game is unchanged.
  BW_STATUS_BAD_ROAD = 8,
  // A potion the recipe refuses (an ingredient not in play, too many
  // seeds, too many ingredients).
  BW_STATUS_BAD_POTION = 9,
  // A handle that is not a live one of its kind: freed already, never
  // made, or a handle of another kind.
  BW_STATUS_BAD_HANDLE = 10,
} BwStatus;

// A hexet game held by the library (opaque to C): made by `bw_game_new`,
// freed by `bw_game_free`.
typedef struct BwGame BwGame;

// A witches recipe held by the library (opaque to C): made by
// `bw_recipe_new`, freed by `bw_recipe_free`.
typedef struct BwRecipe BwRecipe;

// Bytes the library made, owned by the caller until `bw_bytes_free`.
// A NUL follows them (not counted in `len`), so that JSON can be passed
// on as a C string (to `bw_draw`).
typedef struct BwBytes {
  // The first byte (null for none).
  uint8_t *ptr;
  // How many bytes.
  size_t len;
} BwBytes;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The library's version, as `boardwright --version` gives it: a static
// string, never freed.
const char *bw_version(void);

// Why the last call on this thread failed, in words (empty after a call
// that did not fail). Valid until this thread's next call; never freed.
const char *bw_last_error(void);

// The parameter at fault in the last call on this thread (`pipeline[2].w`),
// or null when none is. Valid until this thread's next call; never freed.
const char *bw_last_error_parameter(void);

// Frees bytes a call gave. Freeing empty bytes does nothing.
//
// # Safety
// `bytes` is what a call of this library gave, not freed before.
void bw_bytes_free(struct BwBytes bytes);

// Every generator with its parameters (name, doc, what is allowed,
// default), presets, fairness targets, metrics and drawing options, as
// JSON in `*out`.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_generators(struct BwBytes *out);

// The JSON Schema called `name` (`"universe"`, `"universe-config"`,
// `"hexet-road-log"`, …) in `*out`; for a null `name`, the names of them
// all as a JSON list.
//
// # Safety
// `name` is null or a NUL-terminated string valid during the call; `out`
// is null or points to a `BwBytes` the call may write.
enum BwStatus bw_schema(const char *name, struct BwBytes *out);

// Makes the board of `generator` (`"universe"`, `"witches"`, `"starship"`,
// `"hexet"`) from `seed` and `params` over `preset`, with `log` played on
// it, and puts its JSON in `*out`: the bytes `boardwright GENERATOR --seed
// SEED --preset PRESET --config FILE --roads LOG -o board.json` writes.
// - `params`: a TOML table (a config file's text) or a JSON object of
//   parameters; null or empty: the defaults (or the preset's).
// - `preset`: a built-in parameter set's name, or null.
// - `log`: hexet's road log as JSON (a road refused in it:
//   `BW_STATUS_BAD_ROAD`), or null.
//
// On a refusal `*out` is empty.
//
// # Safety
// `generator` and `seed` point to NUL-terminated strings valid during the
// call, and so do `params`, `preset` and `log` unless null; `out` is null
// or points to a `BwBytes` the call may write.
enum BwStatus bw_generate(const char *generator,
                          const char *seed,
                          const char *params,
                          const char *preset,
                          const char *log,
                          struct BwBytes *out);

// Draws `result`, a result's JSON as `bw_generate` gives it, as
// `format` (`"svg"`, `"png"`, `"pdf"` or `"json"`), with the drawing
// options `drawing` as a web address writes them (`"paper=letter&tile=2x2&ink_friendly&dpi=300"`;
// null or empty: A4, one sheet, 150 dpi), and puts the bytes in `*out`:
// the bytes `boardwright` writes to `-o board.FORMAT` with those options.
// A result that would lose a mark a player needs on that paper is refused
// (`BW_STATUS_NOT_DRAWN`), naming the papers and sheets that print it.
//
// # Safety
// `result`, `format` and (unless null) `drawing` point to NUL-terminated
// strings valid during the call; `out` is null or points to a `BwBytes`
// the call may write.
enum BwStatus bw_draw(const char *result,
                      const char *format,
                      const char *drawing,
                      struct BwBytes *out);

// The metrics of `count` boards of `generator`, seeds `BASE-start` …
// `BASE-(start+count-1)` (`base` null: `"analyze"`), with `params` over
// `preset` as `bw_generate` reads them, made on every core: a JSON list
// in `*out`, one record a board (`seed` and every figure, or `failed`
// and why), the figures `boardwright analyze` reads.
//
// # Safety
// `generator` points to a NUL-terminated string valid during the call,
// and so do `params`, `preset` and `base` unless null; `out` is null or
// points to a `BwBytes` the call may write.
enum BwStatus bw_analyze(const char *generator,
                         const char *params,
                         const char *preset,
                         const char *base,
                         uint64_t start,
                         uint64_t count,
                         struct BwBytes *out);

// Bots play `result`, a universe board's JSON, `games` times and the
// JSON `boardwright play universe` writes goes to `*out`: who wins, by
// seat and by start, with 95 % intervals, and the verdict.
// - `bots`: the bot of every seat (`"reference"`, `"random"`, `"greedy"`,
//   `"search"`) or one a seat, comma-separated; null: the reference bot.
// - `rules`: the rules to play by, a TOML table (a `--rules` file's text)
//   or a JSON object; null: the built-in rules.
//
// # Safety
// `result` points to a NUL-terminated string valid during the call, and
// so do `bots` and `rules` unless null; `out` is null or points to a
// `BwBytes` the call may write.
enum BwStatus bw_play(const char *result,
                      uint32_t games,
                      const char *bots,
                      const char *rules,
                      struct BwBytes *out);

// Starts a hexet game on the map of `seed` and `params` over `preset`
// (read as `bw_generate` reads them) and puts its handle in `*out`;
// free it with `bw_game_free`.
//
// # Safety
// `seed` points to a NUL-terminated string valid during the call, and so
// do `params` and `preset` unless null; `out` is null or points to a
// `BwGame*` the call may write.
enum BwStatus bw_game_new(const char *seed,
                          const char *params,
                          const char *preset,
                          struct BwGame **out);

// Plays `road`, one entry of a road log as JSON
// (`{"player":0,"from":[0,1],"to":[1,1]}`; `"type":"bridge"` for a
// bridge; `"action":"remove"` takes the player's road there away), and
// puts what it did to the player's networks in `*out` as a word:
// `created`, `extended`, `merged`, `unchanged`, `trimmed`, `split` or
// `removed`. A refused road (`BW_STATUS_BAD_ROAD`) changes nothing.
//
// # Safety
// `road` points to a NUL-terminated string valid during the call; `out`
// is null or points to a `BwBytes` the call may write.
enum BwStatus bw_game_apply(struct BwGame *game, const char *road, struct BwBytes *out);

// Every player's networks (cities joined, the tower, roads), as JSON in `*out`.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_game_networks(const struct BwGame *game, struct BwBytes *out);

// Every player's score, as JSON in `*out`.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_game_scores(const struct BwGame *game, struct BwBytes *out);

// The map with the game's roads, networks and scores in `*out`: the JSON
// `boardwright hexet --roads LOG -o map.json` writes for the game's log,
// which `bw_draw` draws.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_game_result(const struct BwGame *game, struct BwBytes *out);

// The roads played so far, in order, as a road log (JSON) in `*out`: what
// `--roads` and `bw_generate`'s `log` read back to this game.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_game_log(const struct BwGame *game, struct BwBytes *out);

// Ends a game. Freeing null does nothing; freeing a game twice is refused
// (`BW_STATUS_BAD_HANDLE`).
enum BwStatus bw_game_free(struct BwGame *game);

// The secret recipe of the witches board of `seed` and `params` over
// `preset` (read as `bw_generate` reads them), its handle in `*out`;
// free it with `bw_recipe_free`.
//
// # Safety
// `seed` points to a NUL-terminated string valid during the call, and so
// do `params` and `preset` unless null; `out` is null or points to a
// `BwRecipe*` the call may write.
enum BwStatus bw_recipe_new(const char *seed,
                            const char *params,
                            const char *preset,
                            struct BwRecipe **out);

// The free clue and what a player needs to brew, as JSON in `*out`:
// `{"clue", "recipe_length", "max_seeds", "ingredients", "rules"}`.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_recipe_clue(const struct BwRecipe *recipe, struct BwBytes *out);

// Brews `potion`, written as `boardwright witches --potion` reads it
// (`"Sage:2,Mint:1,Chives"`: ingredients in cauldron order, each with its
// seeds or as many as needed) or as JSON (`[["Sage",2],["Chives",null]]`),
// and puts the cauldron's answer in `*out`,
// the JSON `--potion` prints. A potion the recipe refuses:
// `BW_STATUS_BAD_POTION`.
//
// # Safety
// `potion` points to a NUL-terminated string valid during the call; `out`
// is null or points to a `BwBytes` the call may write.
enum BwStatus bw_recipe_brew(const struct BwRecipe *recipe,
                             const char *potion,
                             struct BwBytes *out);

// The whole recipe, as `boardwright witches --reveal` prints it: JSON in `*out`.
//
// # Safety
// `out` is null or points to a `BwBytes` the call may write.
enum BwStatus bw_recipe_reveal(const struct BwRecipe *recipe, struct BwBytes *out);

// Ends a recipe. Freeing null does nothing; freeing a recipe twice is
// refused (`BW_STATUS_BAD_HANDLE`).
enum BwStatus bw_recipe_free(struct BwRecipe *recipe);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* BOARDWRIGHT_H */
