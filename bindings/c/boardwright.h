#ifndef BOARDWRIGHT_H
#define BOARDWRIGHT_H

/* Made from crates/ffi by cbindgen (its test `header` holds the two together): do not edit. */

#include <stddef.h>
#include <stdint.h>

// What a call came to.
typedef enum BwStatus {
  // Done; the output holds the result.
  BW_STATUS_OK = 0,
  // A pointer that must not be null was null.
  BW_STATUS_NULL_ARGUMENT = 1,
  // Text that is not UTF-8.
  BW_STATUS_NOT_UTF8 = 2,
  // No generator has that name.
  BW_STATUS_UNKNOWN_GENERATOR = 3,
  // A parameter is unknown, out of range or malformed
  // ([`bw_last_error_parameter`] names it).
  BW_STATUS_BAD_PARAMETER = 4,
  // The parameters are valid, but no board could be made of them.
  BW_STATUS_GENERATION_FAILED = 5,
  // A fault of the library's own, not of the input.
  BW_STATUS_INTERNAL = 6,
  // The result cannot be drawn as asked: a mark a player needs would be
  // too small on that paper (the message names the sheets that print).
  BW_STATUS_NOT_DRAWN = 7,
} BwStatus;

// Bytes the library made, owned by the caller until [`bw_bytes_free`].
// A NUL follows them (not counted in `len`), so that JSON can be passed
// on as a C string (to [`bw_draw`]).
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

// Makes the board of `generator` (`"universe"`, `"witches"`, `"starship"`,
// `"hexet"`) from `seed` and `params`, a TOML table of parameters (null or
// empty: the defaults), and puts its JSON in `*out`: the bytes
// `boardwright GENERATOR --seed SEED --config FILE -o board.json` writes.
// On a refusal `*out` is empty.
//
// # Safety
// `generator`, `seed` and (unless null) `params` point to NUL-terminated
// strings valid during the call; `out` is null or points to a `BwBytes`
// the call may write.
enum BwStatus bw_generate(const char *generator,
                          const char *seed,
                          const char *params,
                          struct BwBytes *out);

// Frees bytes a call gave. Freeing empty bytes does nothing.
//
// # Safety
// `bytes` is what a call of this library gave, not freed before.
void bw_bytes_free(struct BwBytes bytes);

// Draws `result`, a result's JSON as [`bw_generate`] gives it, as
// `format` (`"svg"`, `"png"`, `"pdf"` or `"json"`), with the drawing
// options `drawing` as a web address writes them (`"paper=letter&tile=2x2&ink_friendly&dpi=300"`;
// null or empty: A4, one sheet, 150 dpi), and puts the bytes in `*out`:
// the bytes `boardwright` writes to `-o board.FORMAT` with those options.
// A result that would lose a mark a player needs on that paper is refused
// ([`BwStatus::NotDrawn`]), naming the papers and sheets that print it.
//
// # Safety
// `result`, `format` and (unless null) `drawing` point to NUL-terminated
// strings valid during the call; `out` is null or points to a `BwBytes`
// the call may write.
enum BwStatus bw_draw(const char *result,
                      const char *format,
                      const char *drawing,
                      struct BwBytes *out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* BOARDWRIGHT_H */
