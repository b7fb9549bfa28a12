/* boardwright from C: a witches board as JSON, drawn as a PDF, then two
 * refusals read in words. Built and run by .ci/c (and under valgrind: no leak, no invalid
 * access). Exits 0 when every answer is the one expected. */

#include <stdio.h>
#include <string.h>

#include "boardwright.h"

static int failed(const char *what) {
    fprintf(stderr, "example: %s: %s\n", what, bw_last_error());
    return 1;
}

int main(void) {
    printf("boardwright %s\n", bw_version());

    BwBytes board = {0};
    if (bw_generate("witches", "Tiamo", "players = 3", &board) != BW_STATUS_OK) {
        return failed("witches board");
    }
    const char *start = "{\"generator\":\"witches\"";
    if (board.len < strlen(start) || memcmp(board.ptr, start, strlen(start)) != 0) {
        bw_bytes_free(board);
        fprintf(stderr, "example: the board is not the witches JSON\n");
        return 1;
    }
    printf("a witches board: %zu bytes of JSON\n", board.len);

    /* The JSON is followed by a NUL: it passes on as a C string. */
    BwBytes pdf = {0};
    if (bw_draw((const char *)board.ptr, "pdf", "paper=letter&ink_friendly", &pdf) != BW_STATUS_OK) {
        bw_bytes_free(board);
        return failed("PDF");
    }
    bw_bytes_free(board);
    if (pdf.len < 5 || memcmp(pdf.ptr, "%PDF-", 5) != 0) {
        bw_bytes_free(pdf);
        fprintf(stderr, "example: the drawing is not a PDF\n");
        return 1;
    }
    printf("drawn on letter paper: a PDF of %zu bytes\n", pdf.len);
    bw_bytes_free(pdf);

    BwBytes refused = {0};
    BwStatus status = bw_generate("universe", "Tiamo", "players = 50", &refused);
    const char *parameter = bw_last_error_parameter();
    if (status != BW_STATUS_BAD_PARAMETER || refused.ptr != NULL || parameter == NULL || strcmp(parameter, "players") != 0) {
        fprintf(stderr, "example: 50 players was not refused as a bad parameter\n");
        return 1;
    }
    printf("refused: %s (parameter %s)\n", bw_last_error(), parameter);

    if (bw_generate("tiles", "Tiamo", NULL, &refused) != BW_STATUS_UNKNOWN_GENERATOR) {
        fprintf(stderr, "example: an unknown generator was not refused\n");
        return 1;
    }
    printf("refused: %s\n", bw_last_error());
    return 0;
}
