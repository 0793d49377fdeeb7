/*
 * The word search's core: the board, the reuse and advanced searches, best paths and the ranking of moves,
 * in portable C with no host in it.  Two bindings use it as it is: the CPython extension (_search.c,
 * overturn.game._search) and the WebAssembly module of the page (search_wasm.c, built by
 * `python -m overturn.game.wasm_build`).  The core returns results in its own records (Search.found, the
 * text and cell arenas, Item); every wire format (Python objects, the service's JSON, the page's bytes)
 * is the binding's.
 *
 * How the search works:
 *
 * - The double faces' reading state is part of a partial path's class, next to the MULTI/NEW/USED flags:
 *   per double face on the board, "not read yet" or "read as reading i".  So the letter trie is walked
 *   once per board, not once per combination of readings, and the fewest readings a word needs is the
 *   smallest number of read faces among the accepting classes at its node.
 * - Reuse mode (a cell may repeat) keeps, per prefix, one uint64 cell mask per class (cells where such a
 *   path can end), advanced with shift-based dilation; a witness path is traced back at once through the
 *   class masks of the prefixes that are still on the search stack.
 * - Advanced mode (each cell once) keeps, per prefix on the stack, every simple path spelling it (last
 *   cell, visited mask, class, parent), and tries readings in letter order as reuse mode does: keys come
 *   out once each and sorted, with no hash table or sort; a prefix with too many paths goes on depth first.
 * - Results are keyed by trie node (a node is a key).  Played keys are looked up in the trie first and
 *   marked as excluded.
 * - A key's best ring-swing path is a branch and bound over its paths (Best); ranking every legal key by it
 *   is Game.legal_moves.
 *
 * Boards up to 64 cells: inputs the core does not cover (bigger boards, too many reading states, readings
 * that are not A-Z) are reported as such, and the caller falls back to the pure-Python search.
 * Memory comes from malloc; nothing here is global, so searches on separate Search records may run on
 * separate threads.
 */
#ifndef OVERTURN_SEARCH_CORE_H
#define OVERTURN_SEARCH_CORE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The letter trie's node masks (overturn/lexicon/compiled.py): bits 0..25 the letters that continue the
   prefix, bit 26 the prefix is a key. */
#define IS_WORD (UINT32_C(1) << 26)
#define LETTERS (IS_WORD - 1)

/* Class flags, as in solver.py; the reading state sits above them. */
#define MULTI 1u
#define NEW 2u
#define USED 4u
#define FLAG_BITS 3
#define FLAGS_OF(klass) ((klass) & 7u)

#define MAX_CELLS 64
#define MAX_FACES 4              /* double faces on one board (the game has two) */
#define MAX_FACE_READINGS 7      /* readings of one double face */
#define MAX_TRANSITIONS (MAX_FACES * MAX_FACE_READINGS)
#define MAX_READING_LEN 8        /* letters in one reading ("QU" has two) */
#define MAX_CLASSES 256          /* class ids fit a uint8_t */
#define MAX_READINGS (26 + MAX_TRANSITIONS)
#define MAX_DEPTH 1024           /* letters in a key: deeper means a corrupt trie */

enum { SEARCH_OK = 0, NO_MEMORY, CORRUPT_TRIE, TOO_DEEP, NO_PREDECESSOR, MISCOUNTED };

/* One way of reading cells: a letter, or a double face's reading. */
typedef struct {
    char text[MAX_READING_LEN];
    int len;
    uint64_t letter_cells;  /* single-letter faces that spell it */
    uint64_t cells;         /* letter_cells plus the double-face cells of the transitions */
    int n_targets;
    int targets[MAX_TRANSITIONS];  /* transitions (face, reading index) that spell it */
} Reading;

/* The classes of the paths spelling one prefix, and where each can end (reuse mode). */
typedef struct {
    int n;
    int saturated;  /* every class has every tracked flag: reading a letter more leaves each class as it is */
    uint8_t ids[MAX_CLASSES];
    uint64_t masks[MAX_CLASSES];
} Level;

/* A found key: its node, the class (so the readings) of its witness, and where its text and path are stored. */
typedef struct {
    uint32_t node;
    int used;  /* double faces the witness reads; -1: a played key, never reported */
    unsigned klass;
    size_t text_at, path_at;
    int text_len, path_len;
} Found;

/* A simple path (advanced mode), kept while its prefix is on the search stack: its last cell, the cells it
   visits, its class, the tile of its first cell, and the path it extends (an index into the states, -1: none). */
typedef struct {
    uint64_t visited;
    int32_t parent;
    uint8_t cell, klass, first_tile;
} PathState;

typedef struct {
    /* the lexicon's letter trie (borrowed buffers) */
    const uint32_t *masks, *first_child;
    uint64_t n_nodes;

    /* geometry */
    int size, rows, cols;
    uint64_t all, not_first, not_last;
    uint64_t neighbours[MAX_CELLS];  /* 8-neighbourhood, without the cell itself */
    uint64_t tile_mask[MAX_CELLS];   /* the whole tile of a cell */
    int tile_id[MAX_CELLS];
    int8_t cell_face[MAX_CELLS];     /* double face index, or -1 for a letter */
    uint8_t cell_letter[MAX_CELLS];  /* 0..25 for letters */
    uint32_t cell_first[MAX_CELLS];  /* letters a reading of the cell can start with */
    uint32_t near_first[MAX_CELLS];  /* letters a reading of a neighbour (and, in reuse mode, of the cell) starts with */

    /* rules and constraints */
    int min_length;
    unsigned tracked;  /* the flags a path must earn: MULTI, NEW, USED */
    uint64_t ringed;

    /* double faces and readings */
    int n_faces;
    int face_readings[MAX_FACES];
    int face_first_transition[MAX_FACES];
    uint64_t face_cells[MAX_FACES];
    int n_transitions;
    int transition_face[MAX_TRANSITIONS];
    int transition_reading[MAX_TRANSITIONS];  /* index into readings[] */
    int n_readings;
    Reading readings[MAX_READINGS];
    uint32_t first_letters;  /* letters some reading starts with */
    int n_by_first[26];
    uint8_t by_first[26][MAX_READINGS];
    uint8_t alphabetical[MAX_READINGS];  /* the readings by first letter, as by_first lists them */

    /* classes: flags | state << FLAG_BITS, the state a mixed-radix number of per-face reading states */
    int n_classes;
    int radix[MAX_FACES];
    uint8_t class_used[MAX_CLASSES];             /* double faces read */
    int16_t trans[MAX_CLASSES][MAX_TRANSITIONS];  /* class after a face cell read by a transition, -1: face read otherwise */

    /* search state */
    uint64_t acc[MAX_CLASSES];  /* scratch of step(), all zero between steps */
    Level *levels[MAX_DEPTH + 1];  /* allocated on first use and kept while the Search is pooled */
    int n_levels;                  /* levels[0..n_levels) may be allocated */
    char word[MAX_DEPTH + MAX_READING_LEN];
    uint8_t path[MAX_DEPTH + 8];  /* cells of the current path or witness, as the cells arena stores them (+7: copy_by_8) */
    int error;

    /* results: entries, their node → entry+1 hash table, text and path arenas */
    Found *found;
    size_t n_found, cap_found;
    uint32_t *slots;
    uint32_t slot_bits;
    size_t n_hashed;  /* found[0..n_hashed) are in the hash table: all of them, or (in_order) the played keys */
    /* No two readings starting with the same letter: every key is reached once (a text splits into readings
       one way only) and in alphabetical order (search_reuse, search_paths_in_order), so found keys go straight
       to the end of the list, unhashed and unsorted; only the played keys are looked up.  An advanced search
       that goes on depth first leaves it (leave_order). */
    int in_order;
    /* advanced mode: the simple paths spelling each prefix on the search stack (search_paths_in_order) */
    PathState *states;
    size_t n_states, cap_states;
    uint8_t cell_gain[MAX_CELLS];  /* the NEW/USED flag a cell adds to a path, as tracked */
    char *text;
    size_t n_text, cap_text;
    uint8_t *cells;
    size_t n_cells, cap_cells;
} Search;

/* A board as the bindings describe it: geometry, the readings of each double face, and each cell's face. */
typedef struct {
    int rows, cols, tile_rows, tile_cols;
    int n_faces;                                          /* double faces, in the order results name them */
    int face_readings[MAX_FACES];                         /* readings of each double face */
    char reading_text[MAX_FACES][MAX_FACE_READINGS][MAX_READING_LEN];  /* capitals A-Z */
    int reading_len[MAX_FACES][MAX_FACE_READINGS];        /* 1..MAX_READING_LEN */
    int8_t cell_face[MAX_CELLS];                          /* a double face's index, or -1 for a letter */
    uint8_t cell_letter[MAX_CELLS];                       /* 0..25 where cell_face is -1 */
} BoardSpec;

/* One result of a ranking (or of a solve, swing 0): where its key and path lie in the arenas, its reading
   state (class >> FLAG_BITS) and its ring swing. */
typedef struct {
    uint32_t text_at, path_at;
    uint16_t text_len, path_len;
    uint8_t state;
    int16_t swing;  /* a ranked move's ring swing (rank_moves) */
} Item;

/* --- the best ring-swing path of one key (Game.legal_moves, the referee's path when none is traced) ------ */

#define MAX_KEY 64  /* letters in a key whose best path is searched here; longer keys go to Python */
#define NO_PATH INT_MIN  /* below any path's value (a path of swing 0 that fixes readings is worth less than 0) */

/* A branch and bound over the paths of one key.  The value of a path is its swing (the gains of its
   distinct cells) times 8, minus the double faces it reads that no earlier move has fixed: the best swing,
   and among equal swings a path that fixes no new reading. */
typedef struct {
    Search *s;
    int reuse;
    const char *key;
    int len;
    uint64_t viable[MAX_KEY + 1];  /* cells a reading of which starts at a position and lets the rest be spelled */
    uint64_t ahead[MAX_KEY + 1];   /* the union of viable[] from a position to the end */
    uint64_t gain1, gain2;         /* cells worth 1 (no ring) and 2 (the opponent's ring) */
    uint64_t reach[MAX_KEY + 1];   /* cells from which the next cell may be one of viable[] (every cell at the end) */
    uint64_t letter_cells[26];     /* the cells of each single-letter face */
    unsigned unfixed;              /* bit per double face: reading it fixes a new reading */
    int path[MAX_KEY];
    int best_value;                /* NO_PATH: no legal path yet */
    int best_swing, best_length;
    unsigned best_klass;
    int best_path[MAX_KEY];
} Best;

/* A double face's state in a class: 0 not read, i + 1 read as its reading i. */
static inline int face_state(const Search *s, unsigned klass, int face) {
    return (int)((klass >> FLAG_BITS) / (unsigned)s->radix[face] % (unsigned)(s->face_readings[face] + 1));
}

/* --- a Search record ---------------------------------------------------------------------------------- */
Search *search_new(void);                  /* zeroed, with its first hash table; NULL out of memory */
void search_reset(Search *s);              /* ready for search_set_up, keeping its buffers */
void search_clear(Search *s);              /* the hash slots the last search used cleared, for reuse */
void search_free(Search *s);

/* The trie (borrowed: masks and first_child of n_nodes each), rules and board.  1: ready; 0: a board the core
   does not cover (too many readings or reading states); -1: invalid geometry. */
int search_set_up(Search *s, const uint32_t *masks, const uint32_t *first_child, uint64_t n_nodes,
                  const BoardSpec *spec, int min_length, unsigned tracked, uint64_t ringed);
/* Never report the key text[0..len) (a played word), if it is a key of the trie. */
void search_exclude(Search *s, const char *text, int len);
/* Every legal key with a witness path; s->error says whether it failed. */
void search_run(Search *s, int reuse);
/* The found keys that are not played, alphabetically: *order (free() it) lists indices into s->found, or is
   NULL when they are s->found[*first..*first + *count).  -1 out of memory. */
int search_found_order(const Search *s, size_t **order, size_t *first, size_t *count);
/* Sort order[0..count) (indices of found keys) alphabetically; -1 out of memory. */
int search_sorted_order(const Search *s, size_t *order, size_t count);

/* --- best paths ------------------------------------------------------------------------------------------ */
/* b ready over the board of s (set up), in reuse mode or not, with no gains and no unfixed face yet. */
void best_set_up(Best *b, Search *s, int reuse);
/* A cell's gain (0, 1 or 2); the double faces whose reading is not fixed yet (bit per face). */
void best_set_gain(Best *b, int cell, int gain);
/* The best path of b->key[0..b->len) better than b->best_value (NO_PATH: any legal path): 1 found, 0 none. */
int best_path_of(Best *b);
/* Each found key's best path, the keys ordered by swing (largest first, alphabetical within a swing), into
   items[0..count) and cells; 0 done, -1 with s->error set. */
int best_rank_found(Best *b, Search *s, const size_t *order, size_t first, size_t count, Item *items, uint8_t *cells);
/* The best path over every found key (longest keys first): b->best_* with b->best_value != NO_PATH if any.
   0 done; 1 a key longer than MAX_KEY (not covered); -1 with s->error set. */
int best_over_found(Best *b, Search *s, const size_t *order, size_t first, size_t count);

#endif
