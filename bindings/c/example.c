/* boardwright from C: a witches board as JSON drawn as a PDF, a hexet road
 * played, a witches potion brewed, and two refusals read in words. Built
 * and run by .ci/c (and under valgrind: no leak, no invalid access). Exits
 * 0 when every answer is the one expected. */

#include <stdio.h>
#include <string.h>

#include "boardwright.h"

static int failed(const char *what) {
    fprintf(stderr, "example: %s: %s\n", what, bw_last_error());
    return 1;
}

/* As `failed`, then ends the game: the words first, since every call,
 * a free included, clears them. */
static int game_failed(BwGame *game, const char *what) {
    failed(what);
    bw_game_free(game);
    return 1;
}

/* Whether `bytes` start with `start`. */
static int starts_with(BwBytes bytes, const char *start) {
    return bytes.len >= strlen(start) && memcmp(bytes.ptr, start, strlen(start)) == 0;
}

static int board_and_pdf(void) {
    BwBytes board = {0};
    if (bw_generate("witches", "Tiamo", "players = 3", NULL, NULL, &board) != BW_STATUS_OK) {
        return failed("witches board");
    }
    if (!starts_with(board, "{\"generator\":\"witches\"")) {
        bw_bytes_free(board);
        fprintf(stderr, "example: the board is not the witches JSON\n");
        return 1;
    }
    printf("a witches board: %zu bytes of JSON\n", board.len);

    /* The JSON is followed by a NUL: it passes on as a C string. */
    BwBytes pdf = {0};
    BwStatus status = bw_draw((const char *)board.ptr, "pdf", "paper=letter&ink_friendly", &pdf);
    bw_bytes_free(board); /* frees bytes only: the last error stays */
    if (status != BW_STATUS_OK) {
        return failed("PDF");
    }
    int is_pdf = starts_with(pdf, "%PDF-");
    printf("drawn on letter paper: a PDF of %zu bytes\n", pdf.len);
    bw_bytes_free(pdf);
    return is_pdf ? 0 : failed("the drawing is not a PDF");
}

static int hexet_road(void) {
    BwGame *game = NULL;
    if (bw_game_new("Tiamo", "players = 2", NULL, &game) != BW_STATUS_OK) {
        return failed("hexet game");
    }
    /* The tower's cell, read from the map's JSON. */
    BwBytes map = {0};
    int q = 0, r = 0;
    if (bw_game_result(game, &map) != BW_STATUS_OK) {
        return game_failed(game, "hexet map");
    }
    const char *tower = strstr((const char *)map.ptr, "\"tower\":[");
    int found = tower != NULL && sscanf(tower, "\"tower\":[%d,%d]", &q, &r) == 2;
    bw_bytes_free(map);
    if (!found) {
        return game_failed(game, "the map has no tower");
    }
    /* A road from the tower to the cell below it: a bridge where a river
     * runs between them, which the game says by refusing a normal road. */
    const char *types[] = {"normal", "bridge"};
    BwBytes change = {0};
    BwStatus status = BW_STATUS_BAD_ROAD;
    for (int i = 0; i < 2 && status == BW_STATUS_BAD_ROAD; i++) {
        char road[160];
        snprintf(road, sizeof road, "{\"player\":0,\"from\":[%d,%d],\"to\":[%d,%d],\"type\":\"%s\"}", q, r, q, r + 1, types[i]);
        status = bw_game_apply(game, road, &change);
    }
    if (status != BW_STATUS_OK) {
        return game_failed(game, "road");
    }
    printf("a road out of the tower at (%d, %d): %s\n", q, r, (const char *)change.ptr);
    bw_bytes_free(change);

    BwBytes scores = {0};
    if (bw_game_scores(game, &scores) != BW_STATUS_OK) {
        return game_failed(game, "scores");
    }
    printf("scores: %s\n", (const char *)scores.ptr);
    bw_bytes_free(scores);
    if (bw_game_free(game) != BW_STATUS_OK) {
        return failed("free");
    }
    /* A handle freed twice is refused, not read. */
    if (bw_game_free(game) != BW_STATUS_BAD_HANDLE) {
        fprintf(stderr, "example: a game freed twice was not refused\n");
        return 1;
    }
    printf("refused: %s\n", bw_last_error());
    return 0;
}

static int witches_potion(void) {
    BwRecipe *recipe = NULL;
    if (bw_recipe_new("Tiamo", NULL, NULL, &recipe) != BW_STATUS_OK) {
        return failed("recipe");
    }
    /* The first ingredient in play, read from the clue's JSON. */
    BwBytes clue = {0};
    char first[40] = "";
    if (bw_recipe_clue(recipe, &clue) == BW_STATUS_OK) {
        const char *list = strstr((const char *)clue.ptr, "\"ingredients\":[\"");
        if (list != NULL) {
            sscanf(list, "\"ingredients\":[\"%39[^\"]", first);
        }
        bw_bytes_free(clue);
    }
    char potion[64];
    snprintf(potion, sizeof potion, "%s:2", first);
    BwBytes answer = {0};
    if (bw_recipe_brew(recipe, potion, &answer) != BW_STATUS_OK) {
        failed("potion");
        bw_recipe_free(recipe);
        return 1;
    }
    printf("the cauldron answers %s: %s\n", potion, (const char *)answer.ptr);
    bw_bytes_free(answer);

    BwStatus status = bw_recipe_brew(recipe, "Unicorn:1", &answer);
    if (status != BW_STATUS_BAD_POTION || answer.ptr != NULL) {
        bw_recipe_free(recipe);
        fprintf(stderr, "example: an unknown ingredient was not refused\n");
        return 1;
    }
    /* The words stay until this thread's next call. */
    printf("refused: %s\n", bw_last_error());
    return bw_recipe_free(recipe) == BW_STATUS_OK ? 0 : failed("free");
}

static int refusals(void) {
    BwBytes refused = {0};
    BwStatus status = bw_generate("universe", "Tiamo", "players = 50", NULL, NULL, &refused);
    const char *parameter = bw_last_error_parameter();
    if (status != BW_STATUS_BAD_PARAMETER || refused.ptr != NULL || parameter == NULL || strcmp(parameter, "players") != 0) {
        fprintf(stderr, "example: 50 players was not refused as a bad parameter\n");
        return 1;
    }
    printf("refused: %s (parameter %s)\n", bw_last_error(), parameter);

    if (bw_generate("tiles", "Tiamo", NULL, NULL, NULL, &refused) != BW_STATUS_UNKNOWN_GENERATOR) {
        fprintf(stderr, "example: an unknown generator was not refused\n");
        return 1;
    }
    printf("refused: %s\n", bw_last_error());
    return 0;
}

int main(void) {
    printf("boardwright %s\n", bw_version());
    return board_and_pdf() || hexet_road() || witches_potion() || refusals();
}
