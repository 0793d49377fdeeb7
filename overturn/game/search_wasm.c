/*
 * The WebAssembly binding of the word search (search_core.c), for the page's worker
 * (overturn/web/js/engine/search.js reads and writes what this file does).  Built by
 * `python -m overturn.game.wasm_build` into overturn/web/js/engine/search.wasm.
 *
 * The page has no Python objects to share, so the binding speaks bytes: the script writes a request into
 * the input buffer (ov_input), calls one operation, and reads the answer from the output buffer
 * (ov_output, ov_output_length).  Little-endian throughout, as WebAssembly is.
 *
 * Request: rows, cols, tile_rows, tile_cols (u8 each); faces (u8), then per double face its readings (u8)
 * and each reading as a length (u8) and capitals A-Z; each cell (u8): a letter 0..25, or 128 + a double
 * face's index; min_length, tracked, reuse (u8 each); the ringed cells (u64); the played keys (u16 count,
 * each a u16 length and capitals).  ov_rank, ov_best_move and ov_best_paths then read each cell's gain
 * (u8: 0, 1 or 2) and the unfixed faces (u8, bit per face); ov_best_paths then its keys (u16 count, each a
 * u16 length and capitals).
 *
 * An answer item is a key (u16 length, capitals), its path (u16 length, a u8 cell each), its reading state
 * (u8: class >> FLAG_BITS, a mixed-radix number of per-face states, the faces in request order) and, for a
 * ranking, its swing (i16).  Each operation returns 0 done, 1 not covered (the caller falls back to what
 * Python would do; ov_is_key: not a key), or a negative error: -1 a malformed request, -2 out of memory, -3 a corrupt trie, -4 a
 * trie too deep, -5 an internal inconsistency.
 */

#include <stdlib.h>

#include "search_core.h"

#define EXPORT(name) __attribute__((export_name(#name)))

enum { DONE = 0, NOT_COVERED = 1, MALFORMED = -1, OUT_OF_MEMORY = -2, BAD_TRIE = -3, TOO_DEEP_TRIE = -4, INTERNAL = -5 };

static uint32_t *trie_masks, *trie_first_child;
static uint32_t trie_nodes;
static Search *search;
static Best best;

static uint8_t *input;
static size_t input_cap, input_len;  /* input_len: the request's own size, so a short one never reads a longer one's bytes */
static const uint8_t *at, *end;  /* the request being read */

static uint8_t *output;
static size_t output_len, output_cap;
static int output_failed;

/* --- buffers shared with the script -------------------------------------------------------------------------- */

/* Room for a request of `size` bytes, the next operation's whole request; its address (NULL out of memory). */
EXPORT(ov_input) uint8_t *ov_input(uint32_t size) {
    if (size > input_cap) {
        uint8_t *bigger = realloc(input, size);
        if (!bigger) return NULL;
        input = bigger;
        input_cap = size;
    }
    input_len = size;
    return input;
}

EXPORT(ov_output) uint8_t *ov_output(void) { return output; }
EXPORT(ov_output_length) uint32_t ov_output_length(void) { return (uint32_t)output_len; }

/* Room for the trie's n node masks, to be written by the script before ov_trie_ready; NULL out of memory. */
EXPORT(ov_trie) uint32_t *ov_trie(uint32_t n) {
    free(trie_masks);
    free(trie_first_child);
    trie_nodes = 0;
    trie_masks = malloc((size_t)(n ? n : 1) * sizeof(uint32_t));
    trie_first_child = malloc((size_t)(n ? n : 1) * sizeof(uint32_t));
    if (!trie_masks || !trie_first_child) {
        free(trie_masks);
        free(trie_first_child);
        trie_masks = trie_first_child = NULL;
        return NULL;
    }
    trie_nodes = n;
    return trie_masks;
}

/* The first children, derived from the masks (breadth first: the children of the nodes before n come before
   n's); 0 ready, -3 when the masks name more children than there are nodes. */
EXPORT(ov_trie_ready) int ov_trie_ready(void) {
    uint64_t next = 1;
    for (uint32_t n = 0; n < trie_nodes; n++) {
        trie_first_child[n] = (uint32_t)next;
        uint32_t letters = trie_masks[n] & LETTERS;
        while (letters) {
            letters &= letters - 1;
            next++;
        }
    }
    if (trie_nodes == 0 || next > trie_nodes) {
        trie_nodes = 0;
        return BAD_TRIE;
    }
    return DONE;
}

/* --- reading the request ------------------------------------------------------------------------------------ */

static int read_u8(int *value) {
    if (at >= end) return 0;
    *value = *at++;
    return 1;
}

static int read_u16(int *value) {
    if (end - at < 2) return 0;
    *value = at[0] | at[1] << 8;
    at += 2;
    return 1;
}

/* A key as the request gives it (u16 length, capitals): its text and length, or 0 if malformed. */
static int read_key(const char **text, int *len) {
    if (!read_u16(len) || end - at < *len) return 0;
    *text = (const char *)at;
    at += *len;
    return 1;
}

/* The board, rules and played keys of the request into the search: DONE, NOT_COVERED or an error. */
static int read_board(int *reuse) {
    at = input;
    end = input + input_len;
    if (!trie_nodes) return MALFORMED;
    if (!search && !(search = search_new())) return OUT_OF_MEMORY;
    search_clear(search);
    search_reset(search);
    BoardSpec spec;
    int faces, value;
    if (!read_u8(&spec.rows) || !read_u8(&spec.cols) || !read_u8(&spec.tile_rows) || !read_u8(&spec.tile_cols)
        || !read_u8(&faces))
        return MALFORMED;
    if (faces > MAX_FACES) return NOT_COVERED;
    spec.n_faces = faces;
    for (int face = 0; face < faces; face++) {
        if (!read_u8(&spec.face_readings[face])) return MALFORMED;
        if (spec.face_readings[face] > MAX_FACE_READINGS) return NOT_COVERED;
        for (int i = 0; i < spec.face_readings[face]; i++) {
            int len;
            if (!read_u8(&len) || end - at < len) return MALFORMED;
            if (len < 1 || len > MAX_READING_LEN) return NOT_COVERED;
            memcpy(spec.reading_text[face][i], at, (size_t)len);
            spec.reading_len[face][i] = len;
            at += len;
        }
    }
    int size = spec.rows * spec.cols;
    if (size > MAX_CELLS) return NOT_COVERED;
    for (int cell = 0; cell < size; cell++) {
        if (!read_u8(&value)) return MALFORMED;
        spec.cell_face[cell] = (int8_t)(value >= 128 ? value - 128 : -1);
        spec.cell_letter[cell] = (uint8_t)(value >= 128 ? 0 : value);
        if (value >= 128 + faces || (value < 128 && value > 25)) return MALFORMED;
    }
    int min_length, tracked;
    if (!read_u8(&min_length) || !read_u8(&tracked) || !read_u8(reuse) || end - at < 8) return MALFORMED;
    if (tracked > (int)(MULTI | NEW | USED)) return MALFORMED;
    uint64_t ringed = 0;
    for (int i = 7; i >= 0; i--) ringed = ringed << 8 | at[i];
    at += 8;
    int ready = search_set_up(search, trie_masks, trie_first_child, trie_nodes, &spec, min_length, (unsigned)tracked, ringed);
    if (ready < 0) return MALFORMED;
    if (ready == 0) return NOT_COVERED;
    int played;
    if (!read_u16(&played)) return MALFORMED;
    for (int k = 0; k < played; k++) {
        const char *text;
        int len;
        if (!read_key(&text, &len)) return MALFORMED;
        search_exclude(search, text, len);
    }
    return DONE;
}

/* The gains and unfixed faces of the request into best, set up over the search. */
static int read_gains(int reuse) {
    memset(&best, 0, sizeof best);
    best_set_up(&best, search, reuse);
    int gain, unfixed;
    for (int cell = 0; cell < search->size; cell++) {
        if (!read_u8(&gain) || gain > 2) return MALFORMED;
        best_set_gain(&best, cell, gain);
    }
    if (!read_u8(&unfixed)) return MALFORMED;
    best.unfixed = (unsigned)unfixed;
    return DONE;
}

static int search_error(void) {
    switch (search->error) {
    case SEARCH_OK:
        return DONE;
    case NO_MEMORY:
        return OUT_OF_MEMORY;
    case CORRUPT_TRIE:
        return BAD_TRIE;
    case TOO_DEEP:
        return TOO_DEEP_TRIE;
    default:
        return INTERNAL;
    }
}

/* --- writing the answer ------------------------------------------------------------------------------------- */

static void put(const void *bytes, size_t len) {
    if (output_failed) return;
    if (output_len + len > output_cap) {
        size_t cap = output_cap ? output_cap : 4096;
        while (cap < output_len + len) cap *= 2;
        uint8_t *bigger = realloc(output, cap);
        if (!bigger) {
            output_failed = 1;
            return;
        }
        output = bigger;
        output_cap = cap;
    }
    memcpy(output + output_len, bytes, len);
    output_len += len;
}

static void put_u8(int value) {
    uint8_t byte = (uint8_t)value;
    put(&byte, 1);
}

static void put_u16(int value) {
    uint8_t bytes[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
    put(bytes, 2);
}

static void put_u32(uint32_t value) {
    uint8_t bytes[4] = {(uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24)};
    put(bytes, 4);
}

static void start_output(void) {
    output_len = 0;
    output_failed = 0;
}

static int finish_output(int status) { return status == DONE && output_failed ? OUT_OF_MEMORY : status; }

/* The key and its path as an answer item: text, cells, reading state. */
static void put_item(const char *text, int text_len, const uint8_t *cells, int path_len, unsigned state) {
    put_u16(text_len);
    put(text, (size_t)text_len);
    put_u16(path_len);
    put(cells, (size_t)path_len);
    put_u8((int)state);
}

static void put_best(void) {
    uint8_t cells[MAX_KEY];
    for (int j = 0; j < best.best_length; j++) cells[j] = (uint8_t)best.best_path[j];
    put_u16(best.best_swing);
    put_u16(best.best_length);
    put(cells, (size_t)best.best_length);
    put_u8((int)(best.best_klass >> FLAG_BITS));
}

/* --- the operations ----------------------------------------------------------------------------------------- */

/* The request's board searched (with its gains read first, for the operations that rank), and the found keys
   that are not played, alphabetically, as search_found_order gives them: DONE, NOT_COVERED or an error. */
static int found_keys(int with_gains, size_t **order, size_t *first, size_t *count) {
    int reuse, status = read_board(&reuse);
    if (status != DONE || (with_gains && (status = read_gains(reuse)) != DONE)) return status;
    search_run(search, reuse);
    if ((status = search_error()) != DONE) return status;
    return search_found_order(search, order, first, count) < 0 ? OUT_OF_MEMORY : DONE;
}

/* Solver.solve: every legal key (played ones left out) with its witness path, alphabetically.
   Answer: u32 count, then the items. */
EXPORT(ov_find) int ov_find(void) {
    size_t *order, first, count;
    int status = found_keys(0, &order, &first, &count);
    if (status != DONE) return status;
    start_output();
    put_u32((uint32_t)count);
    for (size_t k = 0; k < count; k++) {
        const Found *entry = &search->found[order ? order[k] : first + k];
        put_item(search->text + entry->text_at, entry->text_len, search->cells + entry->path_at, entry->path_len,
                 entry->klass >> FLAG_BITS);
    }
    free(order);
    return finish_output(DONE);
}

/* Game.legal_moves: every legal key with its best ring-swing path, largest swing first, alphabetical within
   a swing.  Answer: u32 count, then the items, each followed by its swing (i16). */
EXPORT(ov_rank) int ov_rank(void) {
    size_t *order, first, count;
    int status = found_keys(1, &order, &first, &count);
    if (status != DONE) return status;
    for (size_t k = 0; k < count; k++)
        if (search->found[order ? order[k] : first + k].text_len > MAX_KEY) {
            free(order);
            return NOT_COVERED;
        }
    Item *items = malloc((count ? count : 1) * sizeof(Item));
    uint8_t *cells = malloc(search->n_text + 1);  /* a best path has at most a cell per letter */
    int ranked = items && cells ? best_rank_found(&best, search, order, first, count, items, cells) : (search->error = NO_MEMORY, -1);
    free(order);
    if (ranked < 0) {
        free(items);
        free(cells);
        return search_error();
    }
    start_output();
    put_u32((uint32_t)count);
    for (size_t k = 0; k < count; k++) {
        const Item *item = &items[k];
        put_item(search->text + item->text_at, item->text_len, cells + item->path_at, item->path_len, item->state);
        put_u16(item->swing);
    }
    free(items);
    free(cells);
    return finish_output(DONE);
}

/* Game.best_swing: the best path over every legal key.  Answer: u8 found, then swing (i16), path (u16
   length, u8 cells) and reading state (u8) when found. */
EXPORT(ov_best_move) int ov_best_move(void) {
    size_t *order, first, count;
    int status = found_keys(1, &order, &first, &count);
    if (status != DONE) return status;
    int covered = best_over_found(&best, search, order, first, count);
    free(order);
    if (covered < 0) return search_error();
    if (covered > 0) return NOT_COVERED;
    start_output();
    put_u8(best.best_value != NO_PATH);
    if (best.best_value != NO_PATH) put_best();
    return finish_output(DONE);
}

/* Solver.best_paths: each requested key's best path (best_only: only the best over them all).  Answer: per
   key (or once, with best_only) u8 found, then the best as ov_best_move writes it. */
EXPORT(ov_best_paths) int ov_best_paths(int best_only) {
    int reuse, status = read_board(&reuse);
    if (status != DONE || (status = read_gains(reuse)) != DONE) return status;
    int keys;
    if (!read_u16(&keys)) return MALFORMED;
    const uint8_t *first_key = at;
    for (int k = 0; k < keys; k++) {  /* every key checked before any is searched, as Python's binding does */
        const char *text;
        int len;
        if (!read_key(&text, &len)) return MALFORMED;
        if (len > MAX_KEY) return NOT_COVERED;
    }
    at = first_key;
    start_output();
    best.best_value = NO_PATH;
    for (int k = 0; k < keys; k++) {
        const char *text;
        int len;
        read_key(&text, &len);
        best.key = text;
        best.len = len;
        if (!best_only) best.best_value = NO_PATH;
        int found = len > 0 && best_path_of(&best);
        if (best_only) continue;
        put_u8(found);
        if (found) put_best();
    }
    if (best_only) {
        put_u8(best.best_value != NO_PATH);
        if (best.best_value != NO_PATH) put_best();
    }
    return finish_output(DONE);
}

/* How many legal keys the board has (solve_many's count).  Answer: u32. */
EXPORT(ov_count) int ov_count(void) {
    int reuse, status = read_board(&reuse);
    if (status != DONE) return status;
    search_run(search, reuse);
    if ((status = search_error()) != DONE) return status;
    uint32_t words = 0;
    for (size_t i = 0; i < search->n_found; i++) words += search->found[i].used >= 0;
    start_output();
    put_u32(words);
    return finish_output(DONE);
}

/* Whether the request's key (u16 length, capitals) is a key of the trie: 0 it is, 1 it is not. */
EXPORT(ov_is_key) int ov_is_key(void) {
    at = input;
    end = input + input_len;
    const char *text;
    int len;
    if (!trie_nodes || !read_key(&text, &len)) return MALFORMED;
    uint32_t node = 0;
    for (int i = 0; i < len; i++) {
        int letter = text[i] - 'A';
        if (letter < 0 || letter > 25 || !(trie_masks[node] & (UINT32_C(1) << letter))) return 1;
        uint32_t below = trie_masks[node] & ((UINT32_C(1) << letter) - 1), rank = 0;
        for (; below; below &= below - 1) rank++;
        node = trie_first_child[node] + rank;
        if (node >= trie_nodes) return BAD_TRIE;
    }
    return len > 0 && (trie_masks[node] & IS_WORD) ? DONE : 1;
}
