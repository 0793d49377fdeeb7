/*
 * overturn.game._search: the native word search behind overturn.game.solver.Solver.find_words.
 *
 * It returns what the pure-Python search returns (that code stays the fallback
 * and the reference the tests cross-check against): every legal key of a
 * board, each with the fewest double-face readings a path needs and one such
 * path (where several readings or paths qualify, it may pick another one).
 * The differences are in how it gets there:
 *
 * - The double faces' reading state is part of a partial path's class, next to
 *   the MULTI/NEW/USED flags: per double face on the board, "not read yet" or
 *   "read as reading i".  So the letter trie is walked once per board, not once
 *   per combination of readings, and the fewest readings a word needs is the
 *   smallest number of read faces among the accepting classes at its node.
 * - Reuse mode (a cell may repeat) keeps, per prefix, one uint64 cell mask per
 *   class (cells where such a path can end), advanced with shift-based
 *   dilation; a witness path is traced back at once through the class masks of
 *   the prefixes that are still on the search stack.
 * - Advanced mode (each cell once) keeps, per prefix on the stack, every simple path spelling it (last cell,
 *   visited mask, class, parent), and tries readings in letter order as reuse mode does: keys come out once
 *   each and sorted, with no hash table or sort; a prefix with too many paths goes on depth first.
 * - Results are keyed by trie node (a node is a key), in C, so a word found
 *   again costs no Python object; Python objects are made once per word at the
 *   end.  Played keys are looked up in the trie first and marked as excluded.
 *
 * solve_json runs the same search and writes the service's solve answer itself: the word list as JSON
 * bytes, longest first, each path as its cells' numbers, with the counts per length (building thousands of
 * Python tuples, ranking them and encoding them cost several times the search).
 *
 * rank_moves runs it too, then each key's best ring-swing path and the ranking of Game.legal_moves, and
 * answers a FoundList of ranked moves made when read.
 *
 * The search itself runs without the GIL.  Boards up to 64 cells: inputs the
 * engine does not cover (bigger boards, too many reading states, readings that
 * are not A-Z) make it return None, and the caller falls back to Python.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <limits.h>
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

/* --- small helpers -------------------------------------------------------------- */

static inline int lowest(uint64_t mask) { return __builtin_ctzll(mask); }

/* Bits set in x.  Bit arithmetic rather than __builtin_popcount, which without -mpopcnt is a call into
   libgcc; this is the trie's hot path. */
static inline uint32_t popcount32(uint32_t x) {
    x = x - ((x >> 1) & UINT32_C(0x55555555));
    x = (x & UINT32_C(0x33333333)) + ((x >> 2) & UINT32_C(0x33333333));
    x = (x + (x >> 4)) & UINT32_C(0x0F0F0F0F);
    return (x * UINT32_C(0x01010101)) >> 24;
}

/* Cells equal or adjacent to a cell of mask (reuse mode: a path may stay on its cell). */
static inline uint64_t dilate(const Search *s, uint64_t mask) {
    uint64_t row = mask | ((mask << 1) & s->not_first) | ((mask >> 1) & s->not_last);
    if (s->rows > 1) row |= (row << s->cols) | (row >> s->cols);
    return row & s->all;
}

static inline int face_state(const Search *s, unsigned klass, int face) {
    return (int)((klass >> FLAG_BITS) / (unsigned)s->radix[face] % (unsigned)(s->face_readings[face] + 1));
}

/* The child of node by letter, or -1; a child outside the trie marks it corrupt. */
static inline int64_t child_of(Search *s, uint32_t node, int letter) {
    uint32_t mask = s->masks[node], bit = UINT32_C(1) << letter;
    if (!(mask & bit)) return -1;
    uint64_t child = (uint64_t)s->first_child[node] + popcount32(mask & (bit - 1));
    if (child >= s->n_nodes) {
        s->error = CORRUPT_TRIE;
        return -1;
    }
    return (int64_t)child;
}

static int64_t walk(Search *s, uint32_t node, const char *text, int len) {
    for (int i = 0; i < len; i++) {
        int64_t child = child_of(s, node, text[i] - 'A');
        if (child < 0) return -1;
        node = (uint32_t)child;
    }
    return node;
}

/* s->near_first for every cell: the letters a reading of a neighbour starts with, and of the cell itself
   where a path may read it again (reuse mode). */
static void fill_near_first(Search *s, int with_self) {
    for (int cell = 0; cell < s->size; cell++) {
        s->near_first[cell] = with_self ? s->cell_first[cell] : 0;
        for (uint64_t rest = s->neighbours[cell]; rest; rest &= rest - 1) s->near_first[cell] |= s->cell_first[lowest(rest)];
    }
}

/* The child of node by reading r, whose first letter is `letter`, a letter of node_mask (first: the node's
   first child): -1 if the trie has none (a reading of two letters or more) or is corrupt (s->error set). */
static inline int64_t reading_child(Search *s, uint32_t node, uint32_t node_mask, uint32_t first, int letter,
                                   const Reading *r) {
    if (r->len > 1) return walk(s, node, r->text, r->len);
    uint64_t child = (uint64_t)first + popcount32(node_mask & ((UINT32_C(1) << letter) - 1));
    if (child >= s->n_nodes) {
        s->error = CORRUPT_TRIE;
        return -1;
    }
    return (int64_t)child;
}

/* The array with room for `need` items (growing *cap by doubling), or NULL when out of memory (the array is
   then unchanged).  It returns the pointer rather than storing it through a void **, which would break
   strict aliasing: the compiler could keep using the old, freed pointer. */
static void *with_room(void *array, size_t *cap, size_t need, size_t item) {
    if (need <= *cap) return array;
    size_t cap2 = *cap ? *cap : 256;
    while (cap2 < need) cap2 *= 2;
    void *bigger = PyMem_RawRealloc(array, cap2 * item);
    if (bigger) *cap = cap2;
    return bigger;
}

/* --- results ---------------------------------------------------------------------- */

static inline uint32_t slot_of(const Search *s, uint32_t node) {
    return (uint32_t)((node * UINT32_C(2654435761)) >> (32 - s->slot_bits));
}

static int rehash(Search *s) {
    uint32_t bits = s->slot_bits + 1;
    uint32_t *slots = PyMem_RawCalloc((size_t)1 << bits, sizeof(uint32_t));
    if (!slots) return -1;
    PyMem_RawFree(s->slots);
    s->slots = slots;
    s->slot_bits = bits;
    uint32_t wrap = (UINT32_C(1) << bits) - 1;
    for (size_t i = 0; i < s->n_hashed; i++) {
        uint32_t at = slot_of(s, s->found[i].node);
        while (slots[at]) at = (at + 1) & wrap;
        slots[at] = (uint32_t)i + 1;
    }
    return 0;
}

/* The entry to (re)write for a key at node whose witness reads `used` faces,
   or NULL when the key is played or already has a witness as good. */
static Found *claim(Search *s, uint32_t node, int used) {
    uint32_t wrap = (UINT32_C(1) << s->slot_bits) - 1;
    uint32_t at = slot_of(s, node);
    if (!s->in_order || s->n_hashed) {
        while (s->slots[at]) {
            Found *entry = &s->found[s->slots[at] - 1];
            if (entry->node == node) return (entry->used < 0 || entry->used <= used) ? NULL : entry;
            at = (at + 1) & wrap;
        }
    }
    if (s->n_found + 1 > s->cap_found) {
        Found *found = with_room(s->found, &s->cap_found, s->n_found + 1, sizeof(Found));
        if (!found) {
            s->error = NO_MEMORY;
            return NULL;
        }
        s->found = found;
    }
    Found *entry = &s->found[s->n_found++];
    entry->node = node;
    entry->used = used;
    if (s->in_order) return entry;  /* never met again: not hashed */
    s->slots[at] = (uint32_t)s->n_found;
    s->n_hashed = s->n_found;
    if (s->n_found * 2 > ((size_t)1 << s->slot_bits) && rehash(s) < 0) {
        s->error = NO_MEMORY;
        return NULL;
    }
    return entry;
}

/* Copy n bytes 8 at a time (moves, not a call to memcpy): dst has room for n rounded up to 8, and src can be
   read that far (s->word and s->path are longer than any key or path by at least 7 bytes). */
static inline void copy_by_8(void *dst, const void *src, size_t n) {
    for (size_t i = 0; i < n; i += 8) memcpy((char *)dst + i, (const char *)src + i, 8);
}

/* Store the key in s->word[0..letters) and the witness in s->path[0..path_len). */
static void store(Search *s, Found *entry, unsigned klass, int letters, int path_len) {
    if (s->n_text + (size_t)letters + 8 > s->cap_text) {
        char *text = with_room(s->text, &s->cap_text, s->n_text + (size_t)letters + 8, 1);
        if (!text) {
            s->error = NO_MEMORY;
            return;
        }
        s->text = text;
    }
    if (s->n_cells + (size_t)path_len + 8 > s->cap_cells) {
        uint8_t *cells = with_room(s->cells, &s->cap_cells, s->n_cells + (size_t)path_len + 8, 1);
        if (!cells) {
            s->error = NO_MEMORY;
            return;
        }
        s->cells = cells;
    }
    entry->used = s->class_used[klass];
    entry->klass = klass;
    entry->text_at = s->n_text;
    entry->text_len = letters;
    copy_by_8(s->text + s->n_text, s->word, (size_t)letters);
    s->n_text += (size_t)letters;
    entry->path_at = s->n_cells;
    entry->path_len = path_len;
    copy_by_8(s->cells + s->n_cells, s->path, (size_t)path_len);
    s->n_cells += (size_t)path_len;
}

/* --- reuse mode: one class mask per class and prefix ------------------------------- */

static inline void accumulate(Search *s, Level *to, unsigned klass, uint64_t cells) {
    if (!s->acc[klass]) to->ids[to->n++] = (uint8_t)klass;
    s->acc[klass] |= cells;
}

/* Add cells just read to class klass, split by the flag each cell earns (new or used). */
static inline void arrive(Search *s, Level *to, unsigned klass, uint64_t cells) {
    uint64_t fresh = cells & ~s->ringed, used = cells & s->ringed;
    if (fresh) accumulate(s, to, klass | (NEW & s->tracked), fresh);
    if (used) accumulate(s, to, klass | (USED & s->tracked), used);
}

/* Paths of class klass reach `reached` and read it as r: letter cells keep the
   reading state, a double face's cells set it (if the class has not read that face otherwise). */
static inline void read_cells(Search *s, Level *to, unsigned klass, uint64_t reached, const Reading *r) {
    reached &= r->cells;
    if (!reached) return;
    uint64_t plain = reached & r->letter_cells;
    if (plain) arrive(s, to, klass, plain);
    for (int i = 0; i < r->n_targets; i++) {
        int t = r->targets[i];
        uint64_t part = reached & s->face_cells[s->transition_face[t]];
        int after = s->trans[klass][t];
        if (part && after >= 0) arrive(s, to, (unsigned)after, part);
    }
}

/* The classes after reading r once more: from the classes `from`, or at the start of a word (from NULL).
   A class that has not touched two tiles yet is dilated tile by tile, so that moves leaving the tile earn
   MULTI.  Masks are gathered in s->acc and copied out at the end, leaving s->acc zero again. */
static void step(Search *s, const Level *from, const Reading *r, Level *to) {
    to->n = 0;
    if (!from) read_cells(s, to, 0, s->all, r);
    for (int i = 0; from && i < from->n; i++) {
        unsigned klass = from->ids[i];
        uint64_t mask = from->masks[i];
        if ((s->tracked & MULTI) && !(klass & MULTI)) {
            uint64_t same = 0, cross = 0, rest = mask;
            while (rest) {
                uint64_t tile = s->tile_mask[lowest(rest)];
                uint64_t reached = dilate(s, mask & tile);
                same |= reached & tile;
                cross |= reached & ~tile;
                rest &= ~tile;
            }
            read_cells(s, to, klass, same, r);
            read_cells(s, to, klass | MULTI, cross, r);
        } else {
            read_cells(s, to, klass, dilate(s, mask), r);
        }
    }
    unsigned common = ~0u;
    for (int i = 0; i < to->n; i++) {
        to->masks[i] = s->acc[to->ids[i]];
        s->acc[to->ids[i]] = 0;
        common &= to->ids[i];
    }
    to->saturated = (common & s->tracked) == s->tracked;
}

/* step() where from->saturated and r is read only on letter cells (no double face): each class keeps its id,
   its order and its flags, and only its cells move (a class that reaches no cell of r is dropped). */
static inline void step_saturated(const Search *s, const Level *from, const Reading *r, Level *to) {
    int n = 0;
    for (int i = 0; i < from->n; i++) {
        uint64_t reached = dilate(s, from->masks[i]) & r->cells;
        to->ids[n] = from->ids[i];
        to->masks[n] = reached;
        n += reached != 0;
    }
    to->n = n;
    to->saturated = 1;
}

static Level *level_at(Search *s, int depth) {
    if (!s->levels[depth]) {
        s->levels[depth] = PyMem_RawMalloc(sizeof(Level));
        if (!s->levels[depth]) s->error = NO_MEMORY;
        else if (depth >= s->n_levels) s->n_levels = depth + 1;
    }
    return s->levels[depth];
}

/* Witness of a key whose last level is `depth` and accepting class is levels[depth]->ids[index]:
   from an end cell, walk back through the levels still on the stack, each time to any
   predecessor cell and class whose step leads to the current cell and class. */
static int trace_back(Search *s, int depth, int index) {
    unsigned klass = s->levels[depth]->ids[index];
    int cell = lowest(s->levels[depth]->masks[index]);
    for (int d = depth;; d--) {
        s->path[d - 1] = (uint8_t)cell;
        if (d == 1) return 0;
        int face = s->cell_face[cell];
        const Level *before = s->levels[d - 1];
        uint64_t candidates = s->neighbours[cell] | (UINT64_C(1) << cell);
        if (face < 0 && before->saturated) {
            /* Every class before already has the flags the cell could add: the predecessor has this very class. */
            int i = 0;
            while (i < before->n && before->ids[i] != klass) i++;
            uint64_t fits = i < before->n ? before->masks[i] & candidates : 0;
            if (!fits) {
                s->error = NO_PREDECESSOR;
                return -1;
            }
            cell = lowest(fits);
            continue;
        }
        int t = face < 0 ? -1 : s->face_first_transition[face] + face_state(s, klass, face) - 1;
        unsigned gained = ((s->ringed >> cell & 1) ? USED : NEW) & s->tracked;
        /* A predecessor in the cell's tile adds no MULTI, one outside adds it (when tracked): per class, the
           cells that qualify are a mask, and the lowest of them is taken. */
        uint64_t same_tile = (s->tracked & MULTI) ? s->tile_mask[cell] : s->all;
        unsigned multi = s->tracked & MULTI;
        int found = 0;
        for (int i = 0; i < before->n; i++) {
            unsigned previous = before->ids[i];
            int after = t < 0 ? (int)previous : s->trans[previous][t];
            if (after < 0) continue;
            unsigned reached = (unsigned)after | gained;
            uint64_t rest = before->masks[i] & candidates, fits = 0;
            if (reached == klass) fits |= rest & same_tile;
            if (multi && (reached | MULTI) == klass) fits |= rest & ~same_tile;
            if (fits) {
                cell = lowest(fits);
                klass = previous;
                found = 1;
                break;
            }
        }
        if (!found) {
            s->error = NO_PREDECESSOR;
            return -1;
        }
    }
}

/* Record the key at node (spelled by s->word[0..letters)) if some class at `depth` accepts it. */
static void check_reuse_word(Search *s, uint32_t node, int depth, int letters) {
    if (!(s->masks[node] & IS_WORD) || letters < s->min_length) return;
    const Level *level = s->levels[depth];
    int best = -1;
    for (int i = 0; i < level->n; i++) {
        unsigned klass = level->ids[i];
        if (FLAGS_OF(klass) == s->tracked && (best < 0 || s->class_used[klass] < s->class_used[level->ids[best]]))
            best = i;
    }
    if (best < 0) return;
    Found *entry = claim(s, node, s->class_used[level->ids[best]]);
    if (entry && trace_back(s, depth, best) == 0) store(s, entry, level->ids[best], letters, depth);
}

/* Every continuation of the prefix at node, spelled by `depth` readings and `letters` letters. */
static void expand(Search *s, uint32_t node, int depth, int letters) {
    const Level *from = s->levels[depth];
    uint64_t ends = 0;
    for (int i = 0; i < from->n; i++) ends |= from->masks[i];
    uint64_t near = dilate(s, ends);
    uint32_t letters_near = 0;  /* letters some reading of a cell in `near` starts with */
    for (uint64_t rest = ends; rest; rest &= rest - 1) letters_near |= s->near_first[lowest(rest)];
    uint32_t node_mask = s->masks[node], next = node_mask & letters_near;
    /* The trie is memory-bound: start loading the children's block (siblings are contiguous) while the
       class masks are computed. */
    uint32_t first = s->first_child[node];
    if (next && first < s->n_nodes) {
        __builtin_prefetch(s->masks + first);
        __builtin_prefetch(s->first_child + first);
    }
    int deep = letters + MAX_READING_LEN > MAX_DEPTH;  /* a reading might take the key past MAX_DEPTH letters */
    Level *to = NULL;
    while (next) {
        int letter = __builtin_ctz(next);
        next &= next - 1;
        const uint8_t *list = s->by_first[letter];
        for (int j = 0, n = s->n_by_first[letter]; j < n; j++) {
            const Reading *r = &s->readings[list[j]];
            if (n > 1 && !(r->cells & near)) continue;
            if (deep && letters + r->len > MAX_DEPTH) {
                s->error = TOO_DEEP;
                return;
            }
            int64_t child = reading_child(s, node, node_mask, first, letter, r);
            if (child < 0) {
                if (s->error) return;
                continue;
            }
            if (!to && !(to = level_at(s, depth + 1))) return;
            if (from->saturated && !r->n_targets)
                step_saturated(s, from, r, to);
            else
                step(s, from, r, to);
            if (!to->n) continue;
            memcpy(s->word + letters, r->text, MAX_READING_LEN);  /* fixed size: one move, not a call; word has the room */
            check_reuse_word(s, (uint32_t)child, depth + 1, letters + r->len);
            if (s->masks[child] & LETTERS) expand(s, (uint32_t)child, depth + 1, letters + r->len);
            if (s->error) return;
        }
    }
}

/* The readings are tried in letter order, at the top as in expand: where no two readings start with the same
   letter (the game's double faces read Z/X and U/QU), the trie is walked depth first in alphabetical order
   and keys are found in alphabetical order, each once, which spares the answer a sort and the found keys a
   hash table (s->in_order, set by run_search). */
static void search_reuse(Search *s) {
    fill_near_first(s, 1);
    Level *first = level_at(s, 1);
    if (!first) return;
    for (int k = 0; k < s->n_readings && !s->error; k++) {
        const Reading *r = &s->readings[s->alphabetical[k]];
        int64_t child = walk(s, 0, r->text, r->len);
        if (child < 0) continue;
        step(s, NULL, r, first);
        if (!first->n) continue;
        memcpy(s->word, r->text, MAX_READING_LEN);
        check_reuse_word(s, (uint32_t)child, 1, r->len);
        if (s->masks[child] & LETTERS) expand(s, (uint32_t)child, 1, r->len);
    }
}

/* --- advanced mode: simple paths, depth first ---------------------------------------- */

static void visit(Search *s, int cell, uint32_t node, int letters, int length, uint64_t visited, unsigned klass, int first_tile);

/* The path s->path[0..length) ends on cell and spells the prefix at node with class klass. */
static void advance(Search *s, int cell, uint32_t node, int letters, int length, uint64_t visited, unsigned klass,
                    int first_tile) {
    if ((s->masks[node] & IS_WORD) && letters >= s->min_length && FLAGS_OF(klass) == s->tracked) {
        Found *entry = claim(s, node, s->class_used[klass]);
        if (entry) store(s, entry, klass, letters, length);
    }
    uint32_t next = s->masks[node] & LETTERS;
    if (!next) return;
    for (uint64_t rest = s->neighbours[cell] & ~visited; rest && !s->error; rest &= rest - 1) {
        int neighbour = lowest(rest);
        if (s->cell_first[neighbour] & next) visit(s, neighbour, node, letters, length, visited, klass, first_tile);
    }
}

static void visit(Search *s, int cell, uint32_t node, int letters, int length, uint64_t visited, unsigned klass,
                  int first_tile) {
    unsigned gained = ((s->ringed >> cell & 1) ? USED : NEW) & s->tracked;
    if ((s->tracked & MULTI) && s->tile_id[cell] != first_tile) gained |= MULTI;
    s->path[length] = (uint8_t)cell;
    visited |= UINT64_C(1) << cell;
    int face = s->cell_face[cell];
    if (face < 0) {
        int64_t child = child_of(s, node, s->cell_letter[cell]);
        if (child < 0) return;
        s->word[letters] = (char)('A' + s->cell_letter[cell]);
        advance(s, cell, (uint32_t)child, letters + 1, length + 1, visited, klass | gained, first_tile);
        return;
    }
    /* A double face: each reading the class still allows. */
    int first = s->face_first_transition[face];
    for (int t = first; t < first + s->face_readings[face] && !s->error; t++) {
        int after = s->trans[klass][t];
        if (after < 0) continue;
        const Reading *r = &s->readings[s->transition_reading[t]];
        int64_t child = walk(s, node, r->text, r->len);
        if (child < 0) continue;
        memcpy(s->word + letters, r->text, MAX_READING_LEN);  /* fixed size: one move, not a call; word has the room */
        advance(s, cell, (uint32_t)child, letters + r->len, length + 1, visited, (unsigned)after | gained, first_tile);
    }
}

/* Advanced mode, prefix by prefix: each prefix on the stack holds every simple path that spells it, and the
   readings are tried in letter order, as search_reuse does.  Where no two readings start with the same
   letter, each key is reached once and in alphabetical order (s->in_order), so found keys need neither a
   hash table nor a sort.  The paths are the ones the depth-first search above enumerates, grouped: a prefix
   holding more than SPILL_STATES of them on the stack (a board of one letter and a lexicon of repeats) goes
   on depth first from each path instead, out of order, so memory stays bounded. */
#define SPILL_STATES (1 << 16)

/* The found keys so far all go into the hash table, and the answer will be sorted: keys may now come twice
   and out of order. */
static void leave_order(Search *s) {
    if (!s->in_order) return;
    s->in_order = 0;
    s->n_hashed = s->n_found;
    do {
        if (rehash(s) < 0) {
            s->error = NO_MEMORY;
            return;
        }
    } while (s->n_found * 2 > ((size_t)1 << s->slot_bits));
}

/* Write the path ending in states[index] (depth cells) to s->path. */
static void trace_states(Search *s, int32_t index, int depth) {
    for (int d = depth - 1; d >= 0; d--, index = s->states[index].parent) s->path[d] = s->states[index].cell;
}

/* Record the key at node (s->word[0..letters)) if one of the paths states[begin..end) of `depth` cells is
   accepted: the first with the fewest double faces read. */
static void check_paths_word(Search *s, uint32_t node, size_t begin, size_t end, int depth, int letters) {
    if (!(s->masks[node] & IS_WORD) || letters < s->min_length) return;
    size_t best = end;
    for (size_t i = begin; i < end; i++) {
        unsigned klass = s->states[i].klass;
        if (FLAGS_OF(klass) == s->tracked && (best == end || s->class_used[klass] < s->class_used[s->states[best].klass]))
            best = i;
    }
    if (best == end) return;
    Found *entry = claim(s, node, s->class_used[s->states[best].klass]);
    if (!entry) return;
    trace_states(s, (int32_t)best, depth);
    store(s, entry, s->states[best].klass, letters, depth);
}

/* Append the paths that extend states[begin..end) (or start, when begin == end == SIZE_MAX) by a cell reading r. */
static void extend_paths(Search *s, const Reading *r, size_t begin, size_t end) {
    int starting = begin == SIZE_MAX;
    size_t count = starting ? 1 : end - begin;
    size_t room = s->n_states + (starting ? MAX_CELLS : 8 * count);  /* a path end has at most 8 neighbours */
    if (room > s->cap_states) {
        PathState *states = with_room(s->states, &s->cap_states, room, sizeof(PathState));
        if (!states) {
            s->error = NO_MEMORY;
            return;
        }
        s->states = states;
    }
    for (size_t k = 0; k < count; k++) {
        size_t i = begin + k;
        uint64_t candidates = starting ? r->cells : s->neighbours[s->states[i].cell] & ~s->states[i].visited & r->cells;
        for (; candidates; candidates &= candidates - 1) {
            int cell = lowest(candidates);
            PathState from = starting ? (PathState){0, -1, 0, 0, (uint8_t)s->tile_id[cell]} : s->states[i];
            unsigned klass = from.klass;
            int face = s->cell_face[cell];
            if (face >= 0) {
                int after = -1;
                for (int j = 0; j < r->n_targets; j++)
                    if (s->transition_face[r->targets[j]] == face) after = s->trans[klass][r->targets[j]];
                if (after < 0) continue;
                klass = (unsigned)after;
            }
            klass |= s->cell_gain[cell];
            if ((s->tracked & MULTI) && s->tile_id[cell] != from.first_tile) klass |= MULTI;
            s->states[s->n_states++] = (PathState){from.visited | UINT64_C(1) << cell, starting ? -1 : (int32_t)i,
                                                   (uint8_t)cell, (uint8_t)klass, from.first_tile};
        }
    }
}

/* Every continuation of the prefix at node, spelled by the paths states[begin..end) of `depth` cells. */
static void expand_paths(Search *s, uint32_t node, size_t begin, size_t end, int depth, int letters) {
    if (s->n_states + 8 * (end - begin) > SPILL_STATES) {
        leave_order(s);
        for (size_t i = begin; i < end && !s->error; i++) {
            const PathState st = s->states[i];
            trace_states(s, (int32_t)i, depth);
            advance(s, st.cell, node, letters, depth, st.visited, st.klass, st.first_tile);
        }
        return;
    }
    uint32_t node_mask = s->masks[node], first = s->first_child[node];
    /* The trie is memory-bound: start loading the children's block (siblings are contiguous) while the
       letters near the paths' ends are gathered. */
    if (first < s->n_nodes) {
        __builtin_prefetch(s->masks + first);
        __builtin_prefetch(s->first_child + first);
    }
    /* Letters a reading of a neighbour of some path's end starts with (visited neighbours too: a superset,
       cheaper than going through the cells of `reach`). */
    uint64_t reach = 0;
    uint32_t letters_near = 0;
    for (size_t i = begin; i < end; i++) {
        reach |= s->neighbours[s->states[i].cell] & ~s->states[i].visited;
        letters_near |= s->near_first[s->states[i].cell];
    }
    uint32_t next = node_mask & letters_near;
    while (next && !s->error) {
        int letter = __builtin_ctz(next);
        next &= next - 1;
        const uint8_t *list = s->by_first[letter];
        for (int j = 0, n = s->n_by_first[letter]; j < n && !s->error; j++) {
            const Reading *r = &s->readings[list[j]];
            if (!(r->cells & reach)) continue;
            int64_t child = reading_child(s, node, node_mask, first, letter, r);
            if (child < 0) {
                if (s->error) return;
                continue;
            }
            size_t new_begin = s->n_states;
            extend_paths(s, r, begin, end);
            if (s->n_states > new_begin && !s->error) {
                memcpy(s->word + letters, r->text, MAX_READING_LEN);  /* fixed size: one move; word has the room */
                check_paths_word(s, (uint32_t)child, new_begin, s->n_states, depth + 1, letters + r->len);
                if (s->masks[child] & LETTERS)
                    expand_paths(s, (uint32_t)child, new_begin, s->n_states, depth + 1, letters + r->len);
            }
            s->n_states = new_begin;
        }
    }
}

static void search_paths_in_order(Search *s) {
    fill_near_first(s, 0);  /* a simple path does not read its cell again */
    for (int cell = 0; cell < s->size; cell++)
        s->cell_gain[cell] = (uint8_t)(((s->ringed >> cell & 1) ? USED : NEW) & s->tracked);
    s->n_states = 0;
    for (int k = 0; k < s->n_readings && !s->error; k++) {
        const Reading *r = &s->readings[s->alphabetical[k]];
        int64_t child = walk(s, 0, r->text, r->len);
        if (child < 0) continue;
        extend_paths(s, r, SIZE_MAX, SIZE_MAX);
        if (s->n_states && !s->error) {
            memcpy(s->word, r->text, MAX_READING_LEN);
            check_paths_word(s, (uint32_t)child, 0, s->n_states, 1, r->len);
            if (s->masks[child] & LETTERS) expand_paths(s, (uint32_t)child, 0, s->n_states, 1, r->len);
        }
        s->n_states = 0;
    }
}

/* --- setting up from Python arguments -------------------------------------------------- */

/* Borrow a C-contiguous uint32 buffer; the caller releases it. */
static int get_u32_buffer(PyObject *obj, Py_buffer *view, const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    const char *format = view->format ? view->format : "B";
    if (view->itemsize != 4 || !(strcmp(format, "I") == 0 || strcmp(format, "@I") == 0 || strcmp(format, "=I") == 0)) {
        PyErr_Format(PyExc_TypeError, "%s must be a buffer of uint32 (format 'I'), not format '%s' with item size %zd",
                     name, format, view->itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The reading whose text is `text`, created if new; -1 if there is no room. */
static int reading_index(Search *s, const char *text, int len) {
    for (int i = 0; i < s->n_readings; i++)
        if (s->readings[i].len == len && memcmp(s->readings[i].text, text, (size_t)len) == 0) return i;
    if (s->n_readings == MAX_READINGS) return -1;
    Reading *r = &s->readings[s->n_readings];
    memset(r, 0, sizeof *r);
    memcpy(r->text, text, (size_t)len);
    r->len = len;
    return s->n_readings++;
}

/* An upper-case A-Z string of 1..MAX_READING_LEN letters, copied into text; its length, or 0 if it is not one. */
static int plain_letters(PyObject *obj, char *text) {
    if (!PyUnicode_Check(obj) || !PyUnicode_IS_ASCII(obj)) return 0;
    Py_ssize_t len = PyUnicode_GET_LENGTH(obj);
    if (len < 1 || len > MAX_READING_LEN) return 0;
    const char *data = (const char *)PyUnicode_DATA(obj);
    for (Py_ssize_t i = 0; i < len; i++)
        if (data[i] < 'A' || data[i] > 'Z') return 0;
    memcpy(text, data, (size_t)len);
    return (int)len;
}

/* Geometry, faces, readings and class tables.  1: ready, 0: not covered (fall back), -1: error raised. */
static int set_up(Search *s, PyObject *faces, int rows, int cols, int tile_rows, int tile_cols, PyObject *readings,
                  PyObject **face_names, PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    if (rows < 1 || cols < 1 || tile_rows < 1 || tile_cols < 1 || rows % tile_rows || cols % tile_cols) {
        PyErr_SetString(PyExc_ValueError, "rows and cols must be positive multiples of tile_rows and tile_cols");
        return -1;
    }
    if ((long)rows * cols > MAX_CELLS) return 0;
    s->rows = rows;
    s->cols = cols;
    s->size = rows * cols;
    s->all = s->size == 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->size) - 1;
    for (int cell = 0; cell < s->size; cell++) {
        if (cell % cols != 0) s->not_first |= UINT64_C(1) << cell;
        if (cell % cols != cols - 1) s->not_last |= UINT64_C(1) << cell;
    }
    for (int cell = 0; cell < s->size; cell++) {
        uint64_t bit = UINT64_C(1) << cell;
        s->neighbours[cell] = dilate(s, bit) & ~bit;
        s->tile_id[cell] = (cell / cols / tile_rows) * (cols / tile_cols) + cell % cols / tile_cols;
    }
    uint64_t tiles[MAX_CELLS] = {0};  /* a tile id is below the number of cells */
    for (int cell = 0; cell < s->size; cell++) tiles[s->tile_id[cell]] |= UINT64_C(1) << cell;
    for (int cell = 0; cell < s->size; cell++) s->tile_mask[cell] = tiles[s->tile_id[cell]];

    /* Double faces, in the order of the readings dict (the order of the result's combinations). */
    if (!PyDict_Check(readings)) {
        PyErr_SetString(PyExc_TypeError, "readings must be a dict: double face -> its readings");
        return -1;
    }
    if (PyDict_GET_SIZE(readings) > MAX_FACES) return 0;
    Py_ssize_t pos = 0;
    PyObject *name, *options;
    while (PyDict_Next(readings, &pos, &name, &options)) {
        int face = s->n_faces++;
        Py_INCREF(name);
        face_names[face] = name;
        PyObject *items = PySequence_Fast(options, "the readings of a double face must be a sequence of str");
        if (!items) return -1;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
        if (count > MAX_FACE_READINGS) {
            Py_DECREF(items);
            return 0;
        }
        s->face_readings[face] = (int)count;
        s->face_first_transition[face] = s->n_transitions;
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(items, i);
            char text[MAX_READING_LEN];
            int len = plain_letters(item, text);
            int r_index = len ? reading_index(s, text, len) : -1;
            if (r_index < 0) {
                Py_DECREF(items);
                return 0;
            }
            Py_INCREF(item);
            reading_objects[face][i] = item;
            int t = s->n_transitions++;
            s->transition_face[t] = face;
            s->transition_reading[t] = r_index;
            Reading *r = &s->readings[r_index];
            r->targets[r->n_targets++] = t;
        }
        Py_DECREF(items);
    }

    /* Faces of the cells. */
    if (!PyTuple_Check(faces) || PyTuple_GET_SIZE(faces) != s->size) {
        PyErr_Format(PyExc_ValueError, "faces must be a tuple of %d str", s->size);
        return -1;
    }
    for (int cell = 0; cell < s->size; cell++) {
        PyObject *face_obj = PyTuple_GET_ITEM(faces, cell);
        int face = -1;
        for (int j = 0; j < s->n_faces && face < 0; j++) {
            int same = PyObject_RichCompareBool(face_obj, face_names[j], Py_EQ);
            if (same < 0) return -1;
            if (same) face = j;
        }
        s->cell_face[cell] = (int8_t)face;
        uint64_t bit = UINT64_C(1) << cell;
        if (face >= 0) {
            s->face_cells[face] |= bit;
            continue;
        }
        char text[MAX_READING_LEN];
        if (plain_letters(face_obj, text) != 1) {
            PyErr_Format(PyExc_ValueError, "face %R of cell %d is neither a letter A-Z nor a double face given readings",
                         face_obj, cell);
            return -1;
        }
        s->cell_letter[cell] = (uint8_t)(text[0] - 'A');
        int r_index = reading_index(s, text, 1);
        if (r_index < 0) return 0;
        s->readings[r_index].letter_cells |= bit;
    }
    for (int r_index = 0; r_index < s->n_readings; r_index++) {
        Reading *r = &s->readings[r_index];
        r->cells = r->letter_cells;
        for (int i = 0; i < r->n_targets; i++) r->cells |= s->face_cells[s->transition_face[r->targets[i]]];
        int letter = r->text[0] - 'A';
        s->first_letters |= UINT32_C(1) << letter;
        for (uint64_t rest = r->cells; rest; rest &= rest - 1) s->cell_first[lowest(rest)] |= UINT32_C(1) << letter;
        s->by_first[letter][s->n_by_first[letter]++] = (uint8_t)r_index;
    }
    for (int letter = 0, k = 0; letter < 26; letter++)
        for (int j = 0; j < s->n_by_first[letter]; j++) s->alphabetical[k++] = s->by_first[letter][j];

    /* Classes: per face, state 0 (not read) or i + 1 (read as reading i). */
    int states = 1;
    for (int face = 0; face < s->n_faces; face++) {
        s->radix[face] = states;
        states *= s->face_readings[face] + 1;
        if (states << FLAG_BITS > MAX_CLASSES) return 0;
    }
    s->n_classes = states << FLAG_BITS;
    for (int klass = 0; klass < s->n_classes; klass++) {
        int used = 0;
        for (int face = 0; face < s->n_faces; face++) used += face_state(s, (unsigned)klass, face) != 0;
        s->class_used[klass] = (uint8_t)used;
        for (int t = 0; t < s->n_transitions; t++) {
            int face = s->transition_face[t];
            int wanted = t - s->face_first_transition[face] + 1;
            int state = face_state(s, (unsigned)klass, face);
            s->trans[klass][t] = state == 0 ? (int16_t)(klass + ((wanted * s->radix[face]) << FLAG_BITS))
                                 : state == wanted ? (int16_t)klass
                                                   : (int16_t)-1;
        }
    }
    return 1;
}

/* Mark the played keys that are words of the lexicon, so they are never reported. */
static int exclude_played(Search *s, PyObject *played) {
    PyObject *iterator = PyObject_GetIter(played);
    if (!iterator) return -1;
    PyObject *item;
    while ((item = PyIter_Next(iterator))) {
        if (PyUnicode_Check(item) && PyUnicode_IS_ASCII(item)) {
            const char *data = (const char *)PyUnicode_DATA(item);
            Py_ssize_t len = PyUnicode_GET_LENGTH(item);
            int64_t node = 0;
            for (Py_ssize_t i = 0; i < len && node >= 0; i++)
                node = (data[i] >= 'A' && data[i] <= 'Z') ? child_of(s, (uint32_t)node, data[i] - 'A') : -1;
            if (len && node > 0 && (s->masks[node] & IS_WORD)) {
                Found *entry = claim(s, (uint32_t)node, 0);
                if (entry) entry->used = -1;
            }
        }
        Py_DECREF(item);
        if (s->error) break;
    }
    Py_DECREF(iterator);
    return PyErr_Occurred() ? -1 : 0;
}

/* The combination of a reading state: each double face -> its reading, or None where the state has not read it. */
static PyObject *combination_of(const Search *s, unsigned klass, PyObject **face_names,
                                PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    PyObject *combination = PyDict_New();
    for (int face = 0; combination && face < s->n_faces; face++) {
        int state = face_state(s, klass, face);
        if (PyDict_SetItem(combination, face_names[face], state ? reading_objects[face][state - 1] : Py_None) < 0)
            Py_CLEAR(combination);
    }
    return combination;
}

/* A found key as a str (keys are A-Z, so ASCII). */
static PyObject *key_of(const Search *s, const Found *entry) {
    PyObject *key = PyUnicode_New(entry->text_len, 127);
    if (key) memcpy(PyUnicode_DATA(key), s->text + entry->text_at, (size_t)entry->text_len);
    return key;
}

/* A found key's witness path as a tuple of cell numbers, untracked by the cycle collector (ints only). */
static PyObject *path_of(const Search *s, const Found *entry) {
    PyObject *path = PyTuple_New(entry->path_len);
    for (int j = 0; path && j < entry->path_len; j++) {
        PyObject *cell = PyLong_FromLong(s->cells[entry->path_at + (size_t)j]);
        if (!cell) {
            Py_CLEAR(path);
            break;
        }
        PyTuple_SET_ITEM(path, j, cell);
    }
    if (path) PyObject_GC_UnTrack(path);
    return path;
}

/* key -> (combination, path) for every found key that is not played.
   Each key's combination is a copy of one template per reading state.  The tuples are untracked by the
   cycle collector at once, as its first pass would do (they hold only ints, str, None and such dicts):
   thousands of fresh tracked tuples would otherwise make it run several times per call. */
static PyObject *results(const Search *s, PyObject **face_names, PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    PyObject *templates[MAX_CLASSES >> FLAG_BITS] = {NULL};
    PyObject *result = PyDict_New();
    for (size_t i = 0; result && i < s->n_found; i++) {
        const Found *entry = &s->found[i];
        if (entry->used < 0) continue;
        unsigned state = entry->klass >> FLAG_BITS;
        if (!templates[state]) templates[state] = combination_of(s, entry->klass, face_names, reading_objects);
        PyObject *key = key_of(s, entry);
        PyObject *combination = templates[state] ? PyDict_Copy(templates[state]) : NULL;
        PyObject *path = path_of(s, entry);
        PyObject *value = PyTuple_New(2);
        int ok = key && combination && path && value;
        if (ok) {
            PyTuple_SET_ITEM(value, 0, combination);
            PyTuple_SET_ITEM(value, 1, path);
            combination = path = NULL;  /* now owned by value */
            PyObject_GC_UnTrack(value);
            ok = PyDict_SetItem(result, key, value) == 0;
        }
        Py_XDECREF(key);
        Py_XDECREF(combination);
        Py_XDECREF(path);
        Py_XDECREF(value);
        if (!ok) Py_CLEAR(result);
    }
    for (size_t state = 0; state < MAX_CLASSES >> FLAG_BITS; state++) Py_XDECREF(templates[state]);
    return result;
}

/* The readings a reading state needs, as Found.readings: ((face, reading), ...) for the faces it reads. */
static PyObject *readings_of(const Search *s, unsigned klass, PyObject **face_names,
                             PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    int count = 0;
    for (int face = 0; face < s->n_faces; face++) count += face_state(s, klass, face) != 0;
    PyObject *readings = PyTuple_New(count);
    for (int face = 0, at = 0; readings && face < s->n_faces; face++) {
        int state = face_state(s, klass, face);
        if (!state) continue;
        PyObject *pair = PyTuple_Pack(2, face_names[face], reading_objects[face][state - 1]);
        if (!pair) {
            Py_CLEAR(readings);
            break;
        }
        PyTuple_SET_ITEM(readings, at++, pair);
    }
    return readings;
}

/* Found keys i and j compared as Python compares the str (keys are A-Z). */
static inline int text_order(const Search *s, size_t i, size_t j) {
    const Found *x = &s->found[i], *y = &s->found[j];
    int shorter = x->text_len < y->text_len ? x->text_len : y->text_len;
    int order = memcmp(s->text + x->text_at, s->text + y->text_at, (size_t)shorter);
    return order ? order : x->text_len - y->text_len;
}

/* Merge sort of order[0..count) by text, through scratch (count items); stable, no global state, so it runs
   without the GIL. */
static void merge_sort(const Search *s, size_t *order, size_t *scratch, size_t count) {
    if (count < 2) return;
    if (count <= 8) {  /* insertion sort */
        for (size_t k = 1; k < count; k++) {
            size_t item = order[k], at = k;
            while (at > 0 && text_order(s, order[at - 1], item) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = item;
        }
        return;
    }
    size_t half = count / 2;
    merge_sort(s, order, scratch, half);
    merge_sort(s, order + half, scratch, count - half);
    if (text_order(s, order[half - 1], order[half]) <= 0) return;
    memcpy(scratch, order, half * sizeof(size_t));
    size_t i = 0, j = half, k = 0;
    while (i < half && j < count) order[k++] = text_order(s, order[j], scratch[i]) < 0 ? order[j++] : scratch[i++];
    while (i < half) order[k++] = scratch[i++];
}

/* Sort order[0..count) (indices of found keys) alphabetically; -1 out of memory.  Reuse mode usually finds
   the keys in that order already (search_reuse, s->in_order): then nothing is done.  Otherwise one pass of
   comparisons checks whether they happen to be in order, and only if not are they sorted. */
static int sorted_order(const Search *s, size_t *order, size_t count) {
    if (s->in_order) return 0;
    size_t k = 1;
    while (k < count && text_order(s, order[k - 1], order[k]) < 0) k++;
    if (k >= count) return 0;
    size_t *scratch = PyMem_RawMalloc(count * sizeof(size_t));
    if (!scratch) return -1;
    merge_sort(s, order, scratch, count);
    PyMem_RawFree(scratch);
    return 0;
}

/* --- Solver.solve's answer: a sequence of Found built on demand ---------------------------------------
   Building a Found, its str and its path tuple for each of ~2,400 words (and freeing them) cost as much as
   the search.  The answer is instead a FoundList: the found keys' texts and paths copied into one block in
   alphabetical order, each Found made when it is read.  Indexing keeps what it made (found[0] is found[0],
   as with a list); iteration does not: a caller listing the words drops each item as it goes, and freeing
   it at once, while its memory is still in the cache, made listing a solve 7% faster than keeping every item
   to the end.  An item indexing made is what iteration gives.  It behaves as a list: len, indexing and slices, iteration, comparison
   with lists (by value), bool, repr, +; any other list attribute (sort, append, index...) turns it into a
   real list held inside, which it then delegates everything to.  copy and pickle give a list.
   Game.legal_moves' answer (rank_moves) is a FoundList too: its items, in ranking order, are RankedMoves with
   each key's best path, made when read in the same way. */

typedef struct {
    uint32_t text_at, path_at;
    uint16_t text_len, path_len;
    uint8_t state;
    int16_t swing;  /* a ranked move's ring swing (rank_moves) */
} Item;

typedef struct {
    PyObject_HEAD
    Py_ssize_t count;
    PyTypeObject *found_type;
    PyObject *move_type;  /* rank_moves: items are found_type(move_type(word, path), swing, readings); else NULL */
    PyObject *templates[MAX_CLASSES >> FLAG_BITS];  /* a reading state's readings tuple, shared by its items */
    PyObject **built;                               /* items made so far (NULL: not yet) */
    PyObject *list;                                 /* once a list method was asked for: the list, which rules */
    Item *items;
    char *text;
    uint8_t *cells;
} FoundList;

static PyTypeObject FoundListType;

/* Only the inner list can hold arbitrary objects (found.append(found) makes a cycle): a FoundList is tracked
   by the cycle collector once it has one. */
static int found_list_traverse(FoundList *self, visitproc visit, void *arg) {
    Py_VISIT(self->list);
    Py_VISIT(self->found_type);
    Py_VISIT(self->move_type);
    return 0;
}

static int found_list_clear(FoundList *self) {
    Py_CLEAR(self->list);
    return 0;
}

static void found_list_dealloc(FoundList *self) {
    PyObject_GC_UnTrack(self);
    Py_XDECREF(self->list);
    if (self->built) {
        for (Py_ssize_t i = 0; i < self->count; i++) Py_XDECREF(self->built[i]);
        PyMem_Free(self->built);
    }
    for (size_t state = 0; state < MAX_CLASSES >> FLAG_BITS; state++) Py_XDECREF(self->templates[state]);
    Py_XDECREF(self->found_type);
    Py_XDECREF(self->move_type);
    PyMem_Free(self->items);  /* the texts and cells share its block */
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t found_list_length(FoundList *self) { return self->list ? PyList_GET_SIZE(self->list) : self->count; }

static PyObject *cell_numbers[MAX_CELLS];  /* the ints 0..63, for paths */

/* A new item i (0 <= i < count), not kept. */
static PyObject *found_list_new_item(FoundList *self, Py_ssize_t i) {
    const Item *item = &self->items[i];
    PyObject *word = PyUnicode_New(item->text_len, 127);
    PyObject *path = word ? PyTuple_New(item->path_len) : NULL;
    for (int j = 0; path && j < item->path_len; j++)  /* cells are below 64: ints made once (module init) */
        PyTuple_SET_ITEM(path, j, Py_NewRef(cell_numbers[self->cells[item->path_at + (uint32_t)j]]));
    if (!path) {
        Py_XDECREF(word);
        return NULL;
    }
    memcpy(PyUnicode_DATA(word), self->text + item->text_at, item->text_len);
    PyObject_GC_UnTrack(path);
    PyObject *first = word, *second = path, *third = NULL;
    if (self->move_type) {  /* a ranked move: (move_type(word, path), swing, readings) */
        first = PyObject_CallFunctionObjArgs(self->move_type, word, path, NULL);
        Py_DECREF(word);
        Py_DECREF(path);
        second = first ? PyLong_FromLong(item->swing) : NULL;
        if (!second) {
            Py_XDECREF(first);
            return NULL;
        }
    }
    /* Allocated untracked (tp_alloc would zero it and track it, and it would have to be untracked again): a
       Found holds only a str and tuples of ints and str, so no cycle is possible; a ranked move, which holds
       a move object, is tracked.  found_type is a tuple subclass without slots of its own (a NamedTuple), so
       a tuple's layout. */
    PyObject *made = (PyObject *)PyObject_GC_NewVar(PyTupleObject, self->found_type, 3);
    if (!made) {
        Py_DECREF(first);
        Py_DECREF(second);
        return NULL;
    }
    third = Py_NewRef(self->templates[item->state]);
    PyTuple_SET_ITEM(made, 0, first);
    PyTuple_SET_ITEM(made, 1, second);
    PyTuple_SET_ITEM(made, 2, third);
    if (self->move_type) PyObject_GC_Track(made);
    return made;
}

/* Item i (0 <= i < count) as a new reference: made the first time, then kept (indexing twice gives one object). */
static PyObject *found_list_make(FoundList *self, Py_ssize_t i) {
    if (!self->built) {
        self->built = PyMem_Calloc((size_t)(self->count ? self->count : 1), sizeof(PyObject *));
        if (!self->built) return PyErr_NoMemory();
    }
    if (!self->built[i]) self->built[i] = found_list_new_item(self, i);
    return Py_XNewRef(self->built[i]);
}

static PyObject *found_list_item(FoundList *self, Py_ssize_t i) {
    if (self->list) return PySequence_GetItem(self->list, i);
    if (i < 0 || i >= self->count) {
        PyErr_SetString(PyExc_IndexError, "FoundList index out of range");
        return NULL;
    }
    return found_list_make(self, i);
}

/* All the items as a list. */
static PyObject *found_list_to_list(FoundList *self, PyObject *Py_UNUSED(ignored)) {
    if (self->list) return PyList_GetSlice(self->list, 0, PY_SSIZE_T_MAX);
    PyObject *list = PyList_New(self->count);
    for (Py_ssize_t i = 0; list && i < self->count; i++) {
        PyObject *item = found_list_make(self, i);
        if (!item) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *found_list_subscript(FoundList *self, PyObject *key) {
    if (self->list) return PyObject_GetItem(self->list, key);
    if (PySlice_Check(key)) {
        Py_ssize_t start, stop, step;
        if (PySlice_Unpack(key, &start, &stop, &step) < 0) return NULL;
        Py_ssize_t length = PySlice_AdjustIndices(self->count, &start, &stop, step);
        PyObject *list = PyList_New(length);
        for (Py_ssize_t k = 0, i = start; list && k < length; k++, i += step) {
            PyObject *item = found_list_make(self, i);
            if (!item) Py_CLEAR(list);
            else PyList_SET_ITEM(list, k, item);
        }
        return list;
    }
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0) i += self->count;
    return found_list_item(self, i);
}

/* The list inside, made on first need (borrowed). */
static PyObject *found_list_inner(FoundList *self) {
    if (!self->list) {
        self->list = found_list_to_list(self, NULL);
        if (self->list) PyObject_GC_Track(self);
    }
    return self->list;
}

/* An attribute FoundList lacks is the inner list's (sort, append, index, count...). */
static PyObject *found_list_getattro(FoundList *self, PyObject *name) {
    PyObject *attribute = PyObject_GenericGetAttr((PyObject *)self, name);
    if (attribute || !PyErr_ExceptionMatches(PyExc_AttributeError)) return attribute;
    PyErr_Clear();
    PyObject *list = found_list_inner(self);
    return list ? PyObject_GetAttr(list, name) : NULL;
}

static PyObject *found_list_concat(FoundList *self, PyObject *other) {
    PyObject *mine = found_list_to_list(self, NULL);
    if (!mine) return NULL;
    PyObject *result = PySequence_Concat(mine, other);
    Py_DECREF(mine);
    return result;
}

static PyObject *found_list_richcompare(FoundList *self, PyObject *other, int op) {
    PyObject *mine = found_list_to_list(self, NULL);
    if (!mine) return NULL;
    PyObject *theirs = PyObject_TypeCheck(other, &FoundListType) ? found_list_to_list((FoundList *)other, NULL)
                                                                  : Py_NewRef(other);
    PyObject *result = theirs ? PyObject_RichCompare(mine, theirs, op) : NULL;
    Py_DECREF(mine);
    Py_XDECREF(theirs);
    return result;
}

static PyObject *found_list_repr(FoundList *self) {
    PyObject *list = found_list_to_list(self, NULL);
    if (!list) return NULL;
    PyObject *repr = PyObject_Repr(list);
    Py_DECREF(list);
    return repr;
}

static PyObject *found_list_reduce(FoundList *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *list = found_list_to_list(self, NULL);
    return list ? Py_BuildValue("(O(N))", (PyObject *)&PyList_Type, list) : NULL;
}

/* Iteration without the sequence protocol's detour through indexing: each item made as it is reached. */
typedef struct {
    PyObject_HEAD
    FoundList *list;  /* NULL once exhausted */
    Py_ssize_t next;
} FoundListIterator;

static PyTypeObject FoundListIteratorType;

static PyObject *found_list_iter(FoundList *self) {
    if (self->list) return PyObject_GetIter(self->list);
    FoundListIterator *iterator = PyObject_GC_New(FoundListIterator, &FoundListIteratorType);
    if (!iterator) return NULL;
    iterator->list = (FoundList *)Py_NewRef((PyObject *)self);
    iterator->next = 0;
    PyObject_GC_Track(iterator);
    return (PyObject *)iterator;
}

static PyObject *found_list_iterator_next(FoundListIterator *self) {
    FoundList *list = self->list;
    if (!list) return NULL;
    if (list->list) {  /* the list turned into a real one meanwhile: go on over it */
        if (self->next < PyList_GET_SIZE(list->list)) return Py_NewRef(PyList_GET_ITEM(list->list, self->next++));
    } else if (self->next < list->count) {
        if (list->built && list->built[self->next]) return Py_NewRef(list->built[self->next++]);
        return found_list_new_item(list, self->next++);
    }
    Py_CLEAR(self->list);
    return NULL;
}

static int found_list_iterator_traverse(FoundListIterator *self, visitproc visit, void *arg) {
    Py_VISIT(self->list);
    return 0;
}

static void found_list_iterator_dealloc(FoundListIterator *self) {
    PyObject_GC_UnTrack(self);
    Py_XDECREF(self->list);
    PyObject_GC_Del(self);
}

static PyTypeObject FoundListIteratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "overturn.game._search.FoundListIterator",
    .tp_basicsize = sizeof(FoundListIterator),
    .tp_dealloc = (destructor)found_list_iterator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)found_list_iterator_traverse,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)found_list_iterator_next,
};

static PySequenceMethods found_list_as_sequence = {
    .sq_length = (lenfunc)found_list_length,
    .sq_item = (ssizeargfunc)found_list_item,
    .sq_concat = (binaryfunc)found_list_concat,
};

static PyMappingMethods found_list_as_mapping = {
    .mp_length = (lenfunc)found_list_length,
    .mp_subscript = (binaryfunc)found_list_subscript,
};

static PyMethodDef found_list_methods[] = {
    {"to_list", (PyCFunction)found_list_to_list, METH_NOARGS, "All the items as a list."},
    {"__reduce__", (PyCFunction)found_list_reduce, METH_NOARGS, "Copies and pickles are lists."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FoundListType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "overturn.game._search.FoundList",
    .tp_basicsize = sizeof(FoundList),
    .tp_dealloc = (destructor)found_list_dealloc,
    .tp_repr = (reprfunc)found_list_repr,
    .tp_as_sequence = &found_list_as_sequence,
    .tp_as_mapping = &found_list_as_mapping,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)found_list_traverse,
    .tp_clear = (inquiry)found_list_clear,
    .tp_doc = "Solver.solve's words (or Game.legal_moves' ranked moves): a list of Found, each made when first read.",
    .tp_richcompare = (richcmpfunc)found_list_richcompare,
    .tp_getattro = (getattrofunc)found_list_getattro,
    .tp_methods = found_list_methods,
    .tp_iter = (getiterfunc)found_list_iter,
};

/* The found keys that are not played, in alphabetical order: *order (to free with PyMem_RawFree) lists their
   indices into s->found, or is NULL when they are s->found[*first..*first + *count) in that order already
   (s->in_order: the played keys come first, the found keys follow in order).  -1 out of memory.  Without
   the GIL. */
static int found_order(const Search *s, size_t **order, size_t *first, size_t *count) {
    *order = NULL;
    *first = 0;
    if (s->in_order) {
        while (*first < s->n_found && s->found[*first].used < 0) (*first)++;
        *count = s->n_found - *first;
        return 0;
    }
    *count = 0;
    for (size_t i = 0; i < s->n_found; i++) *count += s->found[i].used >= 0;
    *order = PyMem_RawMalloc((*count ? *count : 1) * sizeof(size_t));
    if (!*order) return -1;
    for (size_t i = 0, at = 0; i < s->n_found; i++)
        if (s->found[i].used >= 0) (*order)[at++] = i;
    if (sorted_order(s, *order, *count) < 0) {
        PyMem_RawFree(*order);
        *order = NULL;
        return -1;
    }
    return 0;
}

/* An empty FoundList of count items, with room for text_size bytes of text and cells_size of cells; NULL with
   an exception set.  Its items and templates are the caller's to fill. */
static FoundList *new_found_list(size_t count, size_t text_size, size_t cells_size, PyTypeObject *found_type,
                                 PyObject *move_type) {
    if (text_size > UINT32_MAX || cells_size > UINT32_MAX) return (FoundList *)PyErr_NoMemory();
    FoundList *list = PyObject_GC_New(FoundList, &FoundListType);  /* left untracked until it makes its inner list */
    if (!list) return NULL;
    list->count = (Py_ssize_t)count;
    list->found_type = (PyTypeObject *)Py_NewRef((PyObject *)found_type);
    list->move_type = Py_XNewRef(move_type);
    memset(list->templates, 0, sizeof list->templates);
    list->built = NULL;
    list->list = NULL;
    list->items = PyMem_Malloc(count * sizeof(Item) + text_size + cells_size + 1);
    if (!list->items) {
        Py_DECREF(list);
        return (FoundList *)PyErr_NoMemory();
    }
    list->text = (char *)(list->items + count);
    list->cells = (uint8_t *)list->text + text_size;
    return list;
}

/* Solver.solve's answer: a FoundList of found_type(word, path, readings), sorted by word. */
static PyObject *found_list(const Search *s, PyTypeObject *found_type, PyObject **face_names,
                            PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    size_t *order, first, count;
    if (found_order(s, &order, &first, &count) < 0) return PyErr_NoMemory();
    FoundList *list = new_found_list(count, s->n_text, s->n_cells, found_type, NULL);
    if (!list) goto done;
    memcpy(list->text, s->text, s->n_text);
    memcpy(list->cells, s->cells, s->n_cells);
    for (size_t k = 0; k < count; k++) {
        const Found *entry = &s->found[order ? order[k] : first + k];
        unsigned state = entry->klass >> FLAG_BITS;
        list->items[k] = (Item){(uint32_t)entry->text_at, (uint32_t)entry->path_at, (uint16_t)entry->text_len,
                                (uint16_t)entry->path_len, (uint8_t)state, 0};
        if (!list->templates[state] && !(list->templates[state] = readings_of(s, entry->klass, face_names, reading_objects))) {
            Py_CLEAR(list);
            goto done;
        }
    }
done:
    PyMem_RawFree(order);
    return (PyObject *)list;
}

static void release(Search *s) {
    for (int depth = 0; depth < s->n_levels; depth++) PyMem_RawFree(s->levels[depth]);
    PyMem_RawFree(s->found);
    PyMem_RawFree(s->slots);
    PyMem_RawFree(s->text);
    PyMem_RawFree(s->cells);
    PyMem_RawFree(s->states);
    PyMem_RawFree(s);
}

/* --- a pool of Search records ------------------------------------------------------------
   A Search is ~40 KB with its class tables; zeroing it (and a fresh hash table) on every call was most of
   the fixed cost of a small board.  Records are taken from and given back to this pool with the GIL held
   (so threads that search without the GIL each hold their own record); taking one resets only the fields
   that set_up accumulates into, giving one back clears only the hash slots the call used.  Level buffers,
   the hash table and the result arenas stay allocated at the size the largest board needed. */

#define POOL_SIZE 32  /* records kept: a few threads, each holding a batch of boards */
#define FIRST_SLOT_BITS 9  /* 512 slots; doubled while more than half full, then kept */

static Search *pool[POOL_SIZE];
static int pool_count;

/* A Search ready for set_up, or NULL out of memory (no exception set). */
static Search *take_search(void) {
    Search *s = pool_count ? pool[--pool_count] : PyMem_RawCalloc(1, sizeof(Search));
    if (!s) return NULL;
    if (!s->slots) {
        s->slot_bits = FIRST_SLOT_BITS;
        s->slots = PyMem_RawCalloc((size_t)1 << s->slot_bits, sizeof(uint32_t));
        if (!s->slots) {
            release(s);
            return NULL;
        }
    }
    /* What set_up and the search accumulate into (|=, ++), as a fresh calloc would have it. */
    s->not_first = s->not_last = 0;
    memset(s->tile_mask, 0, sizeof s->tile_mask);
    memset(s->cell_first, 0, sizeof s->cell_first);
    s->n_faces = s->n_transitions = s->n_readings = 0;
    memset(s->face_cells, 0, sizeof s->face_cells);
    s->first_letters = 0;
    memset(s->n_by_first, 0, sizeof s->n_by_first);
    s->n_classes = 0;
    s->error = SEARCH_OK;
    s->n_found = s->n_text = s->n_cells = s->n_hashed = 0;
    s->in_order = 0;
    return s;
}

/* Give a Search back: its used hash slots cleared (s->acc is zero after every step), or freed if the pool is full. */
static void give_back(Search *s) {
    uint32_t wrap = (UINT32_C(1) << s->slot_bits) - 1;
    if (s->n_hashed * 8 > wrap) {
        memset(s->slots, 0, ((size_t)wrap + 1) * sizeof(uint32_t));
    } else {
        for (size_t i = 0; i < s->n_hashed; i++) {
            uint32_t at = slot_of(s, s->found[i].node);
            while (s->slots[at] != (uint32_t)i + 1) at = (at + 1) & wrap;
            s->slots[at] = 0;
        }
    }
    s->n_found = s->n_hashed = 0;
    if (pool_count < POOL_SIZE)
        pool[pool_count++] = s;
    else
        release(s);
}

PyDoc_STRVAR(find_words_doc,
"find_words(masks, first_child, faces, rows, cols, tile_rows, tile_cols, reuse, min_length, tracked, ringed,\n"
"           readings, played, found_type=None) -> dict | list | None\n"
"\n"
"Every legal key of the board -> (combination, path), as Solver.find_words returns it.\n"
"\n"
"masks, first_child: the lexicon's letter trie (uint32 buffers). faces: the board's faces, row by row.\n"
"tracked: the flags a path must earn (MULTI=1, NEW=2, USED=4); ringed: mask of used cells.\n"
"readings: for each double face on the board (and only those), the readings it may take.\n"
"played: keys never to report. The combination maps each double face to the reading the path\n"
"uses, or None; the path reads the fewest double faces any path of the key can.\n"
"With found_type (a tuple subclass such as solver.Found), returns instead the list of\n"
"found_type(key, path, readings) sorted by key, readings being ((face, reading), ...), as Solver.solve does.\n"
"Returns None for boards the native search does not cover (over 64 cells, too many readings).");

/* The flags a search tracks and the ringed-cells mask, as both entry points take them; -1 with an exception set. */
static int read_tracked_and_ringed(unsigned int tracked, PyObject *ringed_obj, unsigned long long *ringed) {
    if (tracked > (MULTI | NEW | USED)) {
        PyErr_SetString(PyExc_ValueError, "tracked must combine MULTI=1, NEW=2 and USED=4");
        return -1;
    }
    *ringed = PyLong_AsUnsignedLongLongMask(ringed_obj);
    if (*ringed == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    return 0;
}

/* A search set up from find_words' or solve_json's arguments, and what must be released after it. */
typedef struct {
    Search *s;
    PyObject *face_names[MAX_FACES];
    PyObject *reading_objects[MAX_FACES][MAX_FACE_READINGS];
    Py_buffer masks_view, first_child_view;
    int have_masks, have_first_child;
} Job;

/* The trie, board, rules and constraints of a search: 1 ready to run (s->error may already be set), 0 not
   covered (the caller returns None), -1 with an exception set.  close_job releases the job in every case. */
static int open_job(Job *job, PyObject *masks_obj, PyObject *first_child_obj, PyObject *faces, int rows, int cols,
                    int tile_rows, int tile_cols, int min_length, unsigned int tracked, PyObject *ringed_obj,
                    PyObject *readings, PyObject *played) {
    unsigned long long ringed;
    if (read_tracked_and_ringed(tracked, ringed_obj, &ringed) < 0) return -1;
    Search *s = job->s = take_search();
    if (!s) {
        PyErr_NoMemory();
        return -1;
    }
    if (get_u32_buffer(masks_obj, &job->masks_view, "masks") < 0) return -1;
    job->have_masks = 1;
    if (get_u32_buffer(first_child_obj, &job->first_child_view, "first_child") < 0) return -1;
    job->have_first_child = 1;
    s->n_nodes = (uint64_t)(job->masks_view.len / 4);
    if (s->n_nodes == 0 || (uint64_t)(job->first_child_view.len / 4) < s->n_nodes) {
        PyErr_SetString(PyExc_ValueError, "the letter trie needs a root, and a first child for every node");
        return -1;
    }
    s->masks = job->masks_view.buf;
    s->first_child = job->first_child_view.buf;
    s->min_length = min_length;
    s->tracked = tracked;

    int ready = set_up(s, faces, rows, cols, tile_rows, tile_cols, readings, job->face_names, job->reading_objects);
    if (ready <= 0) return ready;
    s->ringed = (uint64_t)ringed & s->all;
    return exclude_played(s, played) < 0 ? -1 : 1;
}

/* The search itself.  Called without the GIL: it touches only C memory and the trie buffers (held by the
   job's views), and allocates with the raw allocator, so other Python threads run meanwhile. */
static void run_search(Search *s, int reuse) {
    if (s->error) return;
    s->in_order = 1;
    for (int letter = 0; letter < 26; letter++)
        if (s->n_by_first[letter] > 1) s->in_order = 0;
    if (reuse)
        search_reuse(s);
    else
        search_paths_in_order(s);
}

/* Raise the exception for a search that failed with s->error; NULL. */
static PyObject *search_failed(const Search *s) {
    switch (s->error) {
    case NO_MEMORY:
        return PyErr_NoMemory();
    case CORRUPT_TRIE:
        PyErr_SetString(PyExc_ValueError, "corrupt letter trie: a child lies outside the node arrays");
        return NULL;
    case TOO_DEEP:
        PyErr_Format(PyExc_ValueError, "the letter trie is deeper than %d letters", MAX_DEPTH);
        return NULL;
    case MISCOUNTED:
        PyErr_SetString(PyExc_SystemError, "overturn.game._search: the JSON answer's size was miscounted");
        return NULL;
    default:
        PyErr_SetString(PyExc_SystemError, "overturn.game._search: a witness path has no predecessor");
        return NULL;
    }
}

static void close_job(Job *job) {
    for (int face = 0; face < MAX_FACES; face++) {
        Py_XDECREF(job->face_names[face]);
        for (int i = 0; i < MAX_FACE_READINGS; i++) Py_XDECREF(job->reading_objects[face][i]);
    }
    if (job->have_first_child) PyBuffer_Release(&job->first_child_view);
    if (job->have_masks) PyBuffer_Release(&job->masks_view);
    if (job->s) give_back(job->s);
}

static PyObject *find_words(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *masks_obj, *first_child_obj, *faces, *ringed_obj, *readings, *played, *found_type = Py_None;
    int rows, cols, tile_rows, tile_cols, reuse, min_length;
    unsigned int tracked;
    if (!PyArg_ParseTuple(args, "OOOiiiipiIOOO|O:find_words", &masks_obj, &first_child_obj, &faces, &rows, &cols,
                          &tile_rows, &tile_cols, &reuse, &min_length, &tracked, &ringed_obj, &readings, &played,
                          &found_type))
        return NULL;
    if (found_type != Py_None && !(PyType_Check(found_type) && PyType_IsSubtype((PyTypeObject *)found_type, &PyTuple_Type))) {
        PyErr_SetString(PyExc_TypeError, "found_type must be a tuple subclass");
        return NULL;
    }
    Job job = {0};
    PyObject *result = NULL;
    int ready = open_job(&job, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length, tracked,
                         ringed_obj, readings, played);
    if (ready == 0) result = Py_NewRef(Py_None);
    if (ready > 0) {
        Search *s = job.s;
        Py_BEGIN_ALLOW_THREADS
        run_search(s, reuse);
        Py_END_ALLOW_THREADS
        if (s->error)
            search_failed(s);
        else
            result = found_type == Py_None ? results(s, job.face_names, job.reading_objects)
                                           : found_list(s, (PyTypeObject *)found_type, job.face_names, job.reading_objects);
    }
    close_job(&job);
    return result;
}

/* --- the solve answer's word list as JSON (the service's POST /api/solve) ----------------------------- */

#define MAX_KEY_LEN (MAX_DEPTH + MAX_READING_LEN)  /* letters in a found key: the search stops deeper */
#define STATES (MAX_CLASSES >> FLAG_BITS)
#define STATE_TEXT 96  /* {"FACE":"READING",...}: 2 + MAX_FACES * (6 + 2 * MAX_READING_LEN) */

/* A found key in the answer's order, and what sorting it needs. */
typedef struct {
    const char *text;
    uint32_t node;
    int len;
    size_t entry;
} Ranked;

/* What solve_json writes: texts made before the search, then the answer (made without the GIL). */
typedef struct {
    char cell_text[MAX_CELLS][4];  /* each cell's number (row * cols + col) as text */
    int cell_len[MAX_CELLS];
    char state_text[STATES][STATE_TEXT];  /* a reading state's readings as the JSON object Found.readings makes */
    int state_len[STATES];
    size_t count;                    /* keys found, played ones left out */
    size_t lengths[MAX_KEY_LEN + 1];  /* keys found per length */
    Ranked *ranked;                  /* all the keys, shortest first, alphabetical within a length */
    size_t *order;                   /* the answer's items: indices into ranked, longest first, cut to the limit */
    size_t n_items;
    char *json;
    size_t json_len;
} Answer;

/* Cell and reading-state texts; 0 when a face name is not capitals A-Z (the caller falls back to Python). */
static int answer_texts(Answer *a, const Search *s, PyObject **face_names) {
    char names[MAX_FACES][MAX_READING_LEN];
    int name_len[MAX_FACES];
    for (int face = 0; face < s->n_faces; face++)
        if (!(name_len[face] = plain_letters(face_names[face], names[face]))) return 0;
    for (int cell = 0; cell < s->size; cell++)
        a->cell_len[cell] = snprintf(a->cell_text[cell], sizeof a->cell_text[cell], "%d", cell);
    for (int state = 0; state < s->n_classes >> FLAG_BITS; state++) {
        char *at = a->state_text[state];
        *at++ = '{';
        for (int face = 0; face < s->n_faces; face++) {
            int reading = face_state(s, (unsigned)state << FLAG_BITS, face);
            if (!reading) continue;
            const Reading *r = &s->readings[s->transition_reading[s->face_first_transition[face] + reading - 1]];
            if (at != a->state_text[state] + 1) *at++ = ',';
            *at++ = '"';
            memcpy(at, names[face], (size_t)name_len[face]);
            at += name_len[face];
            memcpy(at, "\":\"", 3);
            at += 3;
            memcpy(at, r->text, (size_t)r->len);
            at += r->len;
            *at++ = '"';
        }
        *at++ = '}';
        a->state_len[state] = (int)(at - a->state_text[state]);
    }
    return 1;
}

/* Sort the found keys by length, then alphabetically: the alphabetical order (which reuse mode finds
   without sorting), then a stable counting sort by length. */
static int rank(Answer *a, const Search *s) {
    size_t n = s->n_found ? s->n_found : 1;
    a->ranked = PyMem_RawMalloc(n * sizeof(Ranked));
    size_t *order = PyMem_RawMalloc(n * sizeof(size_t));
    if (!a->ranked || !order) {
        PyMem_RawFree(order);
        return -1;
    }
    int longest = 0;
    for (size_t i = 0; i < s->n_found; i++) {
        const Found *entry = &s->found[i];
        if (entry->used < 0) continue;
        order[a->count++] = i;
        a->lengths[entry->text_len]++;
        if (entry->text_len > longest) longest = entry->text_len;
    }
    if (sorted_order(s, order, a->count) < 0) {
        PyMem_RawFree(order);
        return -1;
    }
    size_t start[MAX_KEY_LEN + 1];
    size_t at = 0;
    for (int length = 0; length <= longest; length++) {
        start[length] = at;
        at += a->lengths[length];
    }
    for (size_t k = 0; k < a->count; k++) {
        const Found *entry = &s->found[order[k]];
        a->ranked[start[entry->text_len]++] = (Ranked){s->text + entry->text_at, entry->node, entry->text_len, order[k]};
    }
    PyMem_RawFree(order);
    return 0;
}

/* The answer's items: the longest keys first, each length's keys in alphabetical order, at most limit. */
static int choose(Answer *a, size_t limit) {
    a->order = PyMem_RawMalloc((a->count ? a->count : 1) * sizeof(size_t));
    if (!a->order) return -1;
    size_t end = a->count;
    while (end > 0 && a->n_items < limit) {
        size_t start = end;
        while (start > 0 && a->ranked[start - 1].len == a->ranked[end - 1].len) start--;
        for (size_t k = start; k < end && a->n_items < limit; k++) a->order[a->n_items++] = k;
        end = start;
    }
    return 0;
}

/* Bytes of one item: {"word":"KEY","path":[cell,...],"readings":{...}} */
static size_t item_size(const Answer *a, const Search *s, const Found *entry) {
    size_t size = sizeof "{\"word\":\"" - 1 + (size_t)entry->text_len + sizeof "\",\"path\":[" - 1
                  + sizeof "],\"readings\":" - 1 + (size_t)a->state_len[entry->klass >> FLAG_BITS] + 1;
    for (int j = 0; j < entry->path_len; j++) size += (size_t)a->cell_len[s->cells[entry->path_at + (size_t)j]] + (j > 0);
    return size;
}

/* Append text to the answer at *at, never past its end; 0 when it would not fit. */
static inline int put(char **at, const char *end, const char *text, size_t len) {
    if ((size_t)(end - *at) < len) return 0;
    memcpy(*at, text, len);
    *at += len;
    return 1;
}

#define PUT_LITERAL(at, end, literal) put(at, end, literal, sizeof literal - 1)

/* The items as a JSON array in a buffer of the exact size counted first; -1 out of memory or miscounted
   (s->error says which). */
static int write_json(Answer *a, Search *s) {
    size_t size = 2 + (a->n_items ? a->n_items - 1 : 0);
    for (size_t k = 0; k < a->n_items; k++) size += item_size(a, s, &s->found[a->ranked[a->order[k]].entry]);
    a->json = size <= PY_SSIZE_T_MAX ? PyMem_RawMalloc(size) : NULL;
    if (!a->json) {
        s->error = NO_MEMORY;
        return -1;
    }
    char *at = a->json, *end = a->json + size;
    int fits = PUT_LITERAL(&at, end, "[");
    for (size_t k = 0; fits && k < a->n_items; k++) {
        const Found *entry = &s->found[a->ranked[a->order[k]].entry];
        int state = (int)(entry->klass >> FLAG_BITS);
        fits = (k == 0 || PUT_LITERAL(&at, end, ",")) && PUT_LITERAL(&at, end, "{\"word\":\"")
               && put(&at, end, s->text + entry->text_at, (size_t)entry->text_len) && PUT_LITERAL(&at, end, "\",\"path\":[");
        for (int j = 0; fits && j < entry->path_len; j++) {
            int cell = s->cells[entry->path_at + (size_t)j];
            fits = (j == 0 || PUT_LITERAL(&at, end, ",")) && put(&at, end, a->cell_text[cell], (size_t)a->cell_len[cell]);
        }
        fits = fits && PUT_LITERAL(&at, end, "],\"readings\":")
               && put(&at, end, a->state_text[state], (size_t)a->state_len[state]) && PUT_LITERAL(&at, end, "}");
    }
    fits = fits && PUT_LITERAL(&at, end, "]");
    if (!fits || at != end) {
        s->error = MISCOUNTED;
        return -1;
    }
    a->json_len = size;
    return 0;
}

/* Rank the found keys and write the answer; without the GIL. */
static void answer(Answer *a, Search *s, size_t limit) {
    if (s->error) return;
    if (rank(a, s) < 0 || choose(a, limit) < 0) {
        s->error = NO_MEMORY;
        return;
    }
    write_json(a, s);
}

/* (json, count, lengths) from a written answer. */
static PyObject *answer_result(const Answer *a) {
    PyObject *lengths = PyDict_New();
    for (int length = 0; lengths && length <= MAX_KEY_LEN; length++) {
        if (!a->lengths[length]) continue;
        PyObject *key = PyLong_FromLong(length), *count = PyLong_FromSize_t(a->lengths[length]);
        if (!key || !count || PyDict_SetItem(lengths, key, count) < 0) Py_CLEAR(lengths);
        Py_XDECREF(key);
        Py_XDECREF(count);
    }
    if (!lengths) return NULL;
    return Py_BuildValue("(y#nN)", a->json, (Py_ssize_t)a->json_len, (Py_ssize_t)a->count, lengths);
}

PyDoc_STRVAR(solve_json_doc,
"solve_json(masks, first_child, faces, rows, cols, tile_rows, tile_cols, reuse, min_length, tracked, ringed,\n"
"           readings, played, limit) -> (bytes, int, dict) | None\n"
"\n"
"The solve answer's word list as UTF-8 JSON, written here: the words found_type=Found would list, as\n"
"[{\"word\":KEY,\"path\":[cell,...],\"readings\":{FACE:READING,...}},...] (a cell: row * cols + col),\n"
"longest first and alphabetical within a length, cut to the first `limit`; with the count of all the words and\n"
"{length: words of that length}, shortest first. Arguments as for find_words. Returns None for boards\n"
"the native search does not cover, or whose double faces are not named with capitals A-Z.");

static PyObject *solve_json(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *masks_obj, *first_child_obj, *faces, *ringed_obj, *readings, *played;
    int rows, cols, tile_rows, tile_cols, reuse, min_length;
    unsigned int tracked;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "OOOiiiipiIOOOn:solve_json", &masks_obj, &first_child_obj, &faces, &rows, &cols,
                          &tile_rows, &tile_cols, &reuse, &min_length, &tracked, &ringed_obj, &readings, &played, &limit))
        return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be 0 or more");
        return NULL;
    }
    Job job = {0};
    Answer *a = PyMem_RawCalloc(1, sizeof(Answer));
    PyObject *result = NULL;
    int ready = a ? open_job(&job, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length,
                             tracked, ringed_obj, readings, played)
                  : (PyErr_NoMemory(), -1);
    if (ready > 0) ready = answer_texts(a, job.s, job.face_names);
    if (ready == 0) result = Py_NewRef(Py_None);
    if (ready > 0) {
        Search *s = job.s;
        Py_BEGIN_ALLOW_THREADS
        run_search(s, reuse);
        answer(a, s, (size_t)limit);
        Py_END_ALLOW_THREADS
        result = s->error ? search_failed(s) : answer_result(a);
    }
    if (a) {
        PyMem_RawFree(a->ranked);
        PyMem_RawFree(a->order);
        PyMem_RawFree(a->json);
        PyMem_RawFree(a);
    }
    close_job(&job);
    return result;
}

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

static inline int popcount64(uint64_t x) { return (int)(popcount32((uint32_t)x) + popcount32((uint32_t)(x >> 32))); }

static inline int gain_of(const Best *b, int cell) {
    uint64_t bit = UINT64_C(1) << cell;
    return (b->gain2 & bit) ? 2 : (b->gain1 & bit) ? 1 : 0;
}

/* The most the rest of a path from `position` can still add, given the cells already on it.  Two bounds,
   the smaller wins: per remaining letter, the best unvisited cell that may stand there; and the best
   (len - position) unvisited cells that may stand anywhere ahead, each counted once. */
static int swing_bound(const Best *b, int position, uint64_t visited) {
    int per_letter = 0;
    for (int p = position; p < b->len; p++) {
        uint64_t open = b->viable[p] & ~visited;
        per_letter += (open & b->gain2) ? 2 : (open & b->gain1) ? 1 : 0;
    }
    uint64_t open = b->ahead[position] & ~visited;
    int room = b->len - position;
    int twos = popcount64(open & b->gain2), ones = popcount64(open & b->gain1);
    if (twos > room) twos = room;
    if (ones > room - twos) ones = room - twos;
    int distinct = 2 * twos + ones;
    return per_letter < distinct ? per_letter : distinct;
}

static void place(Best *b, int cell, int position, int length, uint64_t visited, int swing, unsigned klass,
                  int first_tile);

/* The path b->path[0..length) spells key[0..position); try every next cell, most promising first. */
static void extend(Best *b, int position, int length, uint64_t visited, int swing, unsigned klass, int first_tile) {
    const Search *s = b->s;
    if (position == b->len) {
        if (FLAGS_OF(klass) != s->tracked) return;
        int fixes = 0;
        for (int face = 0; face < s->n_faces; face++)
            fixes += (b->unfixed >> face & 1) && face_state(s, klass, face) != 0;
        int value = swing * 8 - fixes;
        if (value > b->best_value) {
            b->best_value = value;
            b->best_swing = swing;
            b->best_klass = klass;
            b->best_length = length;
            memcpy(b->best_path, b->path, (size_t)length * sizeof(int));
        }
        return;
    }
    if (b->best_value != NO_PATH && (swing + swing_bound(b, position, visited)) * 8 <= b->best_value) return;
    int last = b->path[length - 1];
    uint64_t next = s->neighbours[last] | (b->reuse ? UINT64_C(1) << last : 0);
    if (!b->reuse) next &= ~visited;
    next &= b->viable[position];
    uint64_t fresh = next & ~visited;
    uint64_t groups[3] = {fresh & b->gain2, fresh & b->gain1, next & ~(fresh & (b->gain1 | b->gain2))};
    for (int g = 0; g < 3; g++)
        for (uint64_t rest = groups[g]; rest; rest &= rest - 1)
            place(b, lowest(rest), position, length, visited, swing, klass, first_tile);
}

/* Put cell at b->path[length], reading it (each way its face allows) at key[position]. */
static void place(Best *b, int cell, int position, int length, uint64_t visited, int swing, unsigned klass,
                  int first_tile) {
    const Search *s = b->s;
    uint64_t bit = UINT64_C(1) << cell;
    if (!(visited & bit)) swing += gain_of(b, cell);
    unsigned gained = ((s->ringed & bit) ? USED : NEW) & s->tracked;
    if ((s->tracked & MULTI) && s->tile_id[cell] != first_tile) gained |= MULTI;
    b->path[length] = cell;
    int face = s->cell_face[cell];
    if (face < 0) {
        if (b->key[position] == 'A' + s->cell_letter[cell])
            extend(b, position + 1, length + 1, visited | bit, swing, klass | gained, first_tile);
        return;
    }
    int first = s->face_first_transition[face];
    for (int t = first; t < first + s->face_readings[face]; t++) {
        int after = s->trans[klass][t];
        const Reading *r = &s->readings[s->transition_reading[t]];
        if (after < 0 || position + r->len > b->len || memcmp(b->key + position, r->text, (size_t)r->len) != 0)
            continue;
        extend(b, position + r->len, length + 1, visited | bit, swing, (unsigned)after | gained, first_tile);
    }
}

/* A branch and bound over the board of s (set up), in reuse mode or not; gains and unfixed faces are the caller's. */
static void best_set_up(Best *b, Search *s, int reuse) {
    b->s = s;
    b->reuse = reuse;
    memset(b->letter_cells, 0, sizeof b->letter_cells);
    for (int cell = 0; cell < s->size; cell++)
        if (s->cell_face[cell] < 0) b->letter_cells[s->cell_letter[cell]] |= UINT64_C(1) << cell;
}

/* Cells adjacent to a cell of mask, the cells of mask themselves left out unless adjacent to another. */
static inline uint64_t adjacent(const Search *s, uint64_t mask) {
    uint64_t side = ((mask << 1) & s->not_first) | ((mask >> 1) & s->not_last);
    uint64_t row = side | mask;
    return (side | (s->rows > 1 ? (row << s->cols) | (row >> s->cols) : 0)) & s->all;
}

/* The best path of b->key better than b->best_value (NO_PATH: any legal path): 1 found (in b->best_*), 0 none. */
static int best_path_of(Best *b) {
    const Search *s = b->s;
    /* viable[position]: the cells a reading of which spells the key from there on, one from which the rest of
       the key can be spelled; bit masks, from the end of the key back. */
    b->viable[b->len] = 0;
    b->reach[b->len] = s->all;
    for (int position = b->len - 1; position >= 0; position--) {
        uint64_t viable = 0;
        for (int face = 0; face < s->n_faces; face++) {
            int first = s->face_first_transition[face];
            for (int t = first; t < first + s->face_readings[face]; t++) {
                const Reading *r = &s->readings[s->transition_reading[t]];
                if (position + r->len <= b->len && memcmp(b->key + position, r->text, (size_t)r->len) == 0)
                    viable |= s->face_cells[face] & b->reach[position + r->len];
            }
        }
        int letter = b->key[position] - 'A';
        if (letter >= 0 && letter < 26) viable |= b->letter_cells[letter] & b->reach[position + 1];
        b->viable[position] = viable;
        b->reach[position] = adjacent(s, viable) | (b->reuse ? viable : 0);
    }
    b->ahead[b->len] = 0;
    for (int position = b->len - 1; position >= 0; position--) b->ahead[position] = b->ahead[position + 1] | b->viable[position];
    if (b->best_value != NO_PATH && swing_bound(b, 0, 0) * 8 <= b->best_value) return 0;  /* cannot beat an earlier key */
    uint64_t start = b->viable[0];
    uint64_t groups[3] = {start & b->gain2, start & b->gain1, start & ~(b->gain1 | b->gain2)};
    for (int g = 0; g < 3; g++)
        for (uint64_t rest = groups[g]; rest; rest &= rest - 1) {
            int cell = lowest(rest);
            place(b, cell, 0, 0, 0, 0, 0, s->tile_id[cell]);
        }
    return b->best_value != NO_PATH;
}

/* (swing, path, readings) for b's best path. */
static PyObject *best_result(const Best *b, PyObject **face_names, PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    PyObject *path = PyTuple_New(b->best_length);
    for (int i = 0; path && i < b->best_length; i++) {
        PyObject *cell = PyLong_FromLong(b->best_path[i]);
        if (!cell) Py_CLEAR(path);
        else PyTuple_SET_ITEM(path, i, cell);
    }
    PyObject *readings = path ? readings_of(b->s, b->best_klass, face_names, reading_objects) : NULL;
    PyObject *result = readings ? Py_BuildValue("(iOO)", b->best_swing, path, readings) : NULL;
    Py_XDECREF(path);
    Py_XDECREF(readings);
    return result;
}

/* The faces of `unfixed` and the per-cell `gain` (0, 1 or 2) into b; -1 with an exception set. */
static int read_gains(Best *b, PyObject **face_names, PyObject *unfixed, PyObject *gain) {
    const Search *s = b->s;
    for (int face = 0; face < s->n_faces; face++) {
        int listed = PySequence_Contains(unfixed, face_names[face]);
        if (listed < 0) return -1;
        if (listed) b->unfixed |= 1u << face;
    }
    PyObject *gain_items = PySequence_Fast(gain, "gain must be a sequence of int");
    if (!gain_items) return -1;
    int ok = 0;
    if (PySequence_Fast_GET_SIZE(gain_items) != s->size) {
        PyErr_Format(PyExc_ValueError, "gain must have one entry per cell (%d)", s->size);
        goto done;
    }
    for (int cell = 0; cell < s->size; cell++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(gain_items, cell));
        if (value == -1 && PyErr_Occurred()) goto done;
        if (value < 0 || value > 2) {
            PyErr_SetString(PyExc_ValueError, "a cell's gain is 0, 1 or 2");
            goto done;
        }
        if (value == 1) b->gain1 |= UINT64_C(1) << cell;
        if (value == 2) b->gain2 |= UINT64_C(1) << cell;
    }
    ok = 1;
done:
    Py_DECREF(gain_items);
    return ok ? 0 : -1;
}

PyDoc_STRVAR(best_paths_doc,
"best_paths(faces, rows, cols, tile_rows, tile_cols, reuse, tracked, ringed, readings, unfixed, keys, gain)\n"
"    -> list | None\n"
"\n"
"For each key, (swing, path, readings) for its legal path of the largest ring swing, or None if it has none.\n"
"\n"
"The swing adds gain[cell] (0, 1 or 2) once per distinct cell of the path. Among paths of equal swing, one\n"
"that reads the fewest faces of `unfixed` (double faces no move has fixed yet) wins. faces, rows, cols,\n"
"tile_rows, tile_cols, reuse, tracked, ringed and readings are as for find_words; readings are the path's\n"
"((face, reading), ...). Exact: a branch and bound over the key's paths, as Solver.best_path in Python.\n"
"With best_only, returns instead a list of the one best (swing, path, readings) over all the keys (empty if\n"
"none has a legal path): each key is searched only for a path better than the best so far, which is faster.\n"
"Returns None for boards or keys it does not cover (over 64 cells or letters, too many readings).");

static PyObject *best_paths(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *faces, *ringed_obj, *readings, *unfixed, *keys, *gain;
    int rows, cols, tile_rows, tile_cols, reuse, best_only = 0;
    unsigned int tracked;
    if (!PyArg_ParseTuple(args, "OiiiipIOOOOO|p:best_paths", &faces, &rows, &cols, &tile_rows, &tile_cols, &reuse,
                          &tracked, &ringed_obj, &readings, &unfixed, &keys, &gain, &best_only))
        return NULL;
    unsigned long long ringed;
    if (read_tracked_and_ringed(tracked, ringed_obj, &ringed) < 0) return NULL;

    Search *s = PyMem_RawCalloc(1, sizeof(Search));
    Best *b = PyMem_RawCalloc(1, sizeof(Best));
    PyObject *face_names[MAX_FACES] = {NULL};
    PyObject *reading_objects[MAX_FACES][MAX_FACE_READINGS] = {{NULL}};
    PyObject *result = NULL, *key_items = NULL;
    if (!s || !b) {
        PyErr_NoMemory();
        goto done;
    }
    s->tracked = tracked;
    int ready = set_up(s, faces, rows, cols, tile_rows, tile_cols, readings, face_names, reading_objects);
    if (ready <= 0) {
        if (ready == 0) result = Py_NewRef(Py_None);
        goto done;
    }
    s->ringed = (uint64_t)ringed & s->all;
    best_set_up(b, s, reuse);
    if (read_gains(b, face_names, unfixed, gain) < 0) goto done;
    key_items = PySequence_Fast(keys, "keys must be a sequence of str");
    if (!key_items) goto done;
    Py_ssize_t n_keys = PySequence_Fast_GET_SIZE(key_items);
    for (Py_ssize_t i = 0; i < n_keys; i++) {
        PyObject *key = PySequence_Fast_GET_ITEM(key_items, i);
        if (!PyUnicode_Check(key) || !PyUnicode_IS_ASCII(key)) {
            PyErr_SetString(PyExc_TypeError, "keys must be str of capitals A-Z");
            goto done;
        }
        if (PyUnicode_GET_LENGTH(key) > MAX_KEY) {
            result = Py_NewRef(Py_None);
            goto done;
        }
    }
    result = PyList_New(best_only ? 0 : n_keys);
    b->best_value = NO_PATH;
    for (Py_ssize_t i = 0; result && i < n_keys; i++) {
        PyObject *key = PySequence_Fast_GET_ITEM(key_items, i);
        b->key = (const char *)PyUnicode_DATA(key);
        b->len = (int)PyUnicode_GET_LENGTH(key);
        if (!best_only) b->best_value = NO_PATH;
        int found = b->len > 0 && best_path_of(b);
        if (best_only) continue;
        PyObject *item = found ? best_result(b, face_names, reading_objects) : Py_NewRef(Py_None);
        if (!item) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, item);
    }
    if (result && best_only && b->best_value != NO_PATH) {
        PyObject *item = best_result(b, face_names, reading_objects);
        if (!item || PyList_Append(result, item) < 0) Py_CLEAR(result);
        Py_XDECREF(item);
    }

done:
    for (int face = 0; face < MAX_FACES; face++) {
        Py_XDECREF(face_names[face]);
        for (int i = 0; i < MAX_FACE_READINGS; i++) Py_XDECREF(reading_objects[face][i]);
    }
    Py_XDECREF(key_items);
    PyMem_RawFree(b);
    if (s) release(s);
    return result;
}

/* --- Game.legal_moves: every legal key with its best path, ranked, in one call ----------------------------- */

/* The ranked keys, without the GIL: each found key's best path (b->best_*), then the keys ordered by swing,
   largest first, alphabetical within a swing.  Fills items[0..count) (text_at into s->text, path_at into
   cells), leaving the readings states' templates to the caller.  0 done, -1 s->error set. */
static int rank_found(Best *b, Search *s, const size_t *order, size_t first, size_t count, Item *items, uint8_t *cells) {
    Item *scratch = PyMem_RawMalloc((count ? count : 1) * sizeof(Item));
    if (!scratch) {
        s->error = NO_MEMORY;
        return -1;
    }
    size_t per_swing[2 * MAX_KEY + 2] = {0}, at = 0;
    for (size_t k = 0; k < count; k++) {
        const Found *entry = &s->found[order ? order[k] : first + k];
        b->key = s->text + entry->text_at;
        b->len = entry->text_len;
        b->best_value = NO_PATH;
        if (!best_path_of(b)) {  /* the search found the key legal: it has a legal path */
            s->error = NO_PREDECESSOR;
            PyMem_RawFree(scratch);
            return -1;
        }
        for (int j = 0; j < b->best_length; j++) cells[at + (size_t)j] = (uint8_t)b->best_path[j];
        scratch[k] = (Item){(uint32_t)entry->text_at, (uint32_t)at, (uint16_t)entry->text_len,
                            (uint16_t)b->best_length, (uint8_t)(b->best_klass >> FLAG_BITS), (int16_t)b->best_swing};
        at += (size_t)b->best_length;
        per_swing[b->best_swing]++;
    }
    size_t start[2 * MAX_KEY + 2];  /* a stable counting sort, largest swing first */
    for (int swing = 2 * MAX_KEY + 1, next = 0; swing >= 0; swing--) {
        start[swing] = (size_t)next;
        next += (int)per_swing[swing];
    }
    for (size_t k = 0; k < count; k++) items[start[scratch[k].swing]++] = scratch[k];
    PyMem_RawFree(scratch);
    return 0;
}

/* What rank_moves and best_move both set up: the search's job opened and the branch and bound's state
   (*best, freed by the caller) made ready with the gains. 1: ready; 0: a board or key the native search
   does not cover; -1: a Python error is set. */
static int open_ranking(Job *job, Best **best, PyObject *masks_obj, PyObject *first_child_obj, PyObject *faces,
                        int rows, int cols, int tile_rows, int tile_cols, int min_length, unsigned int tracked,
                        PyObject *ringed_obj, PyObject *readings, PyObject *played, int reuse, PyObject *unfixed,
                        PyObject *gain) {
    *best = PyMem_RawCalloc(1, sizeof(Best));
    if (!*best) {
        PyErr_NoMemory();
        return -1;
    }
    int ready = open_job(job, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length,
                         tracked, ringed_obj, readings, played);
    if (ready > 0) {
        best_set_up(*best, job->s, reuse);
        if (read_gains(*best, job->face_names, unfixed, gain) < 0) ready = -1;
    }
    return ready;
}

PyDoc_STRVAR(rank_moves_doc,
"rank_moves(masks, first_child, faces, rows, cols, tile_rows, tile_cols, reuse, min_length, tracked, ringed,\n"
"           readings, played, unfixed, gain, ranked_type, move_type) -> FoundList | None\n"
"\n"
"Every legal key (as find_words finds them) with its best path (as best_paths ranks paths), largest swing\n"
"first and alphabetical within a swing: a FoundList whose items, made when first read, are\n"
"ranked_type(move_type(key, path), swing, readings). Arguments as for find_words, then unfixed and gain\n"
"as for best_paths; ranked_type is a tuple subclass (a NamedTuple). Returns None for boards or keys the\n"
"native search does not cover.");

static PyObject *rank_moves(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *masks_obj, *first_child_obj, *faces, *ringed_obj, *readings, *played, *unfixed, *gain, *ranked_type, *move_type;
    int rows, cols, tile_rows, tile_cols, reuse, min_length;
    unsigned int tracked;
    if (!PyArg_ParseTuple(args, "OOOiiiipiIOOOOOOO:rank_moves", &masks_obj, &first_child_obj, &faces, &rows, &cols,
                          &tile_rows, &tile_cols, &reuse, &min_length, &tracked, &ringed_obj, &readings, &played,
                          &unfixed, &gain, &ranked_type, &move_type))
        return NULL;
    if (!(PyType_Check(ranked_type) && PyType_IsSubtype((PyTypeObject *)ranked_type, &PyTuple_Type))) {
        PyErr_SetString(PyExc_TypeError, "ranked_type must be a tuple subclass");
        return NULL;
    }
    if (!PyCallable_Check(move_type)) {
        PyErr_SetString(PyExc_TypeError, "move_type must be callable");
        return NULL;
    }
    Job job = {0};
    Best *b = NULL;
    PyObject *result = NULL;
    FoundList *list = NULL;
    size_t *order = NULL, first = 0, count = 0;
    int ready = open_ranking(&job, &b, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length,
                             tracked, ringed_obj, readings, played, reuse, unfixed, gain);
    if (ready == 0) result = Py_NewRef(Py_None);
    if (ready <= 0) goto done;
    Search *s = job.s;
    Py_BEGIN_ALLOW_THREADS
    run_search(s, reuse);
    if (!s->error && found_order(s, &order, &first, &count) < 0) s->error = NO_MEMORY;
    Py_END_ALLOW_THREADS
    if (s->error) {
        search_failed(s);
        goto done;
    }
    for (size_t k = 0; k < count; k++)
        if (s->found[order ? order[k] : first + k].text_len > MAX_KEY) {  /* not covered: Python ranks it */
            result = Py_NewRef(Py_None);
            goto done;
        }
    list = new_found_list(count, s->n_text, s->n_text, (PyTypeObject *)ranked_type, move_type);  /* a path: at most a cell per letter */
    if (!list) goto done;
    memcpy(list->text, s->text, s->n_text);
    int ranked;
    Py_BEGIN_ALLOW_THREADS
    ranked = rank_found(b, s, order, first, count, list->items, list->cells);
    Py_END_ALLOW_THREADS
    if (ranked < 0) {
        search_failed(s);
        goto done;
    }
    for (size_t k = 0; k < count; k++) {
        unsigned state = list->items[k].state;
        if (!list->templates[state]
            && !(list->templates[state] = readings_of(s, state << FLAG_BITS, job.face_names, job.reading_objects)))
            goto done;
    }
    result = (PyObject *)list;
    list = NULL;
done:
    Py_XDECREF(list);
    PyMem_RawFree(order);
    PyMem_RawFree(b);
    close_job(&job);
    return result;
}

PyDoc_STRVAR(best_move_doc,
"best_move(masks, first_child, faces, rows, cols, tile_rows, tile_cols, reuse, min_length, tracked, ringed,\n"
"          readings, played, unfixed, gain) -> list | None\n"
"\n"
"The best path over every legal key, as best_paths(..., best_only=True) finds it over the keys longest\n"
"first (alphabetical within a length): [(swing, path, readings)], or [] when no key is legal. One call,\n"
"without a Python object per key (Game.best_swing, at every leaf of the computer's look-ahead). Arguments\n"
"as for rank_moves without the types; None for boards or keys the native search does not cover.");

static PyObject *best_move(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *masks_obj, *first_child_obj, *faces, *ringed_obj, *readings, *played, *unfixed, *gain;
    int rows, cols, tile_rows, tile_cols, reuse, min_length;
    unsigned int tracked;
    if (!PyArg_ParseTuple(args, "OOOiiiipiIOOOOO:best_move", &masks_obj, &first_child_obj, &faces, &rows, &cols,
                          &tile_rows, &tile_cols, &reuse, &min_length, &tracked, &ringed_obj, &readings, &played,
                          &unfixed, &gain))
        return NULL;
    Job job = {0};
    Best *b = NULL;
    PyObject *result = NULL;
    size_t *order = NULL, *by_length = NULL, first = 0, count = 0;
    int ready = open_ranking(&job, &b, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length,
                             tracked, ringed_obj, readings, played, reuse, unfixed, gain);
    if (ready == 0) result = Py_NewRef(Py_None);
    if (ready <= 0) goto done;
    Search *s = job.s;
    int covered = 1;
    Py_BEGIN_ALLOW_THREADS
    run_search(s, reuse);
    if (!s->error && found_order(s, &order, &first, &count) < 0) s->error = NO_MEMORY;
    if (!s->error && !(by_length = PyMem_RawMalloc((count ? count : 1) * sizeof(size_t)))) s->error = NO_MEMORY;
    if (!s->error) {
        /* The keys longest first, alphabetical within a length (a stable counting sort): big swings come early,
           and each later key is searched only for a path better than the best so far. */
        size_t per_length[MAX_KEY + 2] = {0};
        for (size_t k = 0; k < count && covered; k++) {
            int len = s->found[order ? order[k] : first + k].text_len;
            if (len > MAX_KEY) covered = 0;
            else per_length[len]++;
        }
        size_t start[MAX_KEY + 2], next = 0;
        for (int len = MAX_KEY + 1; len >= 0; len--) {
            start[len] = next;
            next += per_length[len];
        }
        for (size_t k = 0; k < count && covered; k++) {
            size_t entry = order ? order[k] : first + k;
            by_length[start[s->found[entry].text_len]++] = entry;
        }
        b->best_value = NO_PATH;
        for (size_t k = 0; k < count && covered; k++) {
            const Found *entry = &s->found[by_length[k]];
            b->key = s->text + entry->text_at;
            b->len = entry->text_len;
            if (b->len > 0) best_path_of(b);
        }
    }
    Py_END_ALLOW_THREADS
    if (s->error) {
        search_failed(s);
        goto done;
    }
    if (!covered) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    result = PyList_New(0);
    if (result && b->best_value != NO_PATH) {
        PyObject *item = best_result(b, job.face_names, job.reading_objects);
        if (!item || PyList_Append(result, item) < 0) Py_CLEAR(result);
        Py_XDECREF(item);
    }
done:
    PyMem_RawFree(by_length);
    PyMem_RawFree(order);
    PyMem_RawFree(b);
    close_job(&job);
    return result;
}

/* --- many boards in one call (Solver counts for benchmarks and batch work) --------------------------------- */

#define BATCH 8  /* boards set up per release of the GIL (the pool keeps as many Search records) */

PyDoc_STRVAR(solve_many_doc,
"solve_many(masks, first_child, boards) -> list\n"
"\n"
"For each board, the number of legal keys find_words would list, each found with its witness path as\n"
"find_words does; None for a board the native search does not cover. boards: a sequence of tuples\n"
"(faces, rows, cols, tile_rows, tile_cols, reuse, min_length, tracked, ringed, readings, played), the\n"
"arguments of find_words after the trie. The searches run without the GIL, several boards per release,\n"
"so threads calling this at once use every core.");

static PyObject *solve_many(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *masks_obj, *first_child_obj, *boards;
    if (!PyArg_ParseTuple(args, "OOO:solve_many", &masks_obj, &first_child_obj, &boards)) return NULL;
    PyObject *items = PySequence_Fast(boards, "boards must be a sequence of tuples");
    if (!items) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    PyObject *result = PyList_New(n);
    for (Py_ssize_t first = 0; result && first < n; first += BATCH) {
        Job jobs[BATCH];
        int ready[BATCH], reuse[BATCH];
        Py_ssize_t count = n - first < BATCH ? n - first : BATCH;
        memset(jobs, 0, sizeof jobs);
        int failed = 0;
        for (Py_ssize_t k = 0; k < count && !failed; k++) {
            PyObject *faces, *ringed_obj, *readings, *played;
            int rows, cols, tile_rows, tile_cols, min_length;
            unsigned int tracked;
            PyObject *board = PySequence_Fast_GET_ITEM(items, first + k);
            ready[k] = 0;
            if (!PyTuple_Check(board)) {
                PyErr_SetString(PyExc_TypeError, "boards must be a sequence of tuples");
                failed = 1;
            } else if (!PyArg_ParseTuple(board, "OiiiipiIOOO:solve_many", &faces, &rows, &cols, &tile_rows, &tile_cols,
                                         &reuse[k], &min_length, &tracked, &ringed_obj, &readings, &played)) {
                failed = 1;
            } else {
                ready[k] = open_job(&jobs[k], masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols,
                                    min_length, tracked, ringed_obj, readings, played);
                failed = ready[k] < 0;
            }
        }
        if (!failed) {
            Py_BEGIN_ALLOW_THREADS
            for (Py_ssize_t k = 0; k < count; k++)
                if (ready[k] > 0) run_search(jobs[k].s, reuse[k]);
            Py_END_ALLOW_THREADS
        }
        for (Py_ssize_t k = 0; k < count && !failed; k++) {
            PyObject *item;
            if (ready[k] == 0) {
                item = Py_NewRef(Py_None);
            } else if (jobs[k].s->error) {
                item = search_failed(jobs[k].s);
            } else {
                size_t words = 0;
                for (size_t i = 0; i < jobs[k].s->n_found; i++) words += jobs[k].s->found[i].used >= 0;
                item = PyLong_FromSize_t(words);
            }
            if (!item) failed = 1;
            else PyList_SET_ITEM(result, first + k, item);
        }
        for (Py_ssize_t k = 0; k < count; k++) close_job(&jobs[k]);
        if (failed) Py_CLEAR(result);
    }
    Py_DECREF(items);
    return result;
}

PyDoc_STRVAR(tuple_fields_doc,
"tuple_fields(cls, names) -> None\n"
"\n"
"Make each of names, the fields of the named tuple cls in order, a read-only member of the tuple's storage:\n"
"the same values, read as __slots__ are (the interpreter's fast path for them) rather than through\n"
"collections' _tuplegetter. For Found, whose word and path a caller listing a solve reads thousands of times.");

static PyObject *tuple_fields(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *cls, *names;
    if (!PyArg_ParseTuple(args, "OO:tuple_fields", &cls, &names)) return NULL;
    if (!(PyType_Check(cls) && PyType_IsSubtype((PyTypeObject *)cls, &PyTuple_Type))
        || ((PyTypeObject *)cls)->tp_basicsize != PyTuple_Type.tp_basicsize) {
        PyErr_SetString(PyExc_TypeError, "cls must be a tuple subclass without storage of its own (a NamedTuple)");
        return NULL;
    }
    PyObject *items = PySequence_Fast(names, "names must be a sequence of str");
    if (!items) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
    /* Kept for the life of the process, as a static type's members are: the descriptors point into it. */
    PyMemberDef *members = count ? PyMem_RawCalloc((size_t)count, sizeof(PyMemberDef)) : NULL;
    if (count && !members) {
        Py_DECREF(items);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PySequence_Fast_GET_ITEM(items, i);
        const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
        char *kept = text ? PyMem_RawMalloc(strlen(text) + 1) : NULL;
        if (!kept) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "names must be a sequence of str");
            Py_DECREF(items);
            return NULL;
        }
        strcpy(kept, text);
        members[i] = (PyMemberDef){kept, T_OBJECT_EX, (Py_ssize_t)(offsetof(PyTupleObject, ob_item) + (size_t)i * sizeof(PyObject *)),
                                   READONLY, NULL};
        PyObject *descriptor = PyDescr_NewMember((PyTypeObject *)cls, &members[i]);
        int failed = !descriptor || PyObject_SetAttr(cls, name, descriptor) < 0;
        Py_XDECREF(descriptor);
        if (failed) {
            Py_DECREF(items);
            return NULL;
        }
    }
    Py_DECREF(items);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"tuple_fields", tuple_fields, METH_VARARGS, tuple_fields_doc},
    {"find_words", find_words, METH_VARARGS, find_words_doc},
    {"best_paths", best_paths, METH_VARARGS, best_paths_doc},
    {"solve_json", solve_json, METH_VARARGS, solve_json_doc},
    {"solve_many", solve_many, METH_VARARGS, solve_many_doc},
    {"rank_moves", rank_moves, METH_VARARGS, rank_moves_doc},
    {"best_move", best_move, METH_VARARGS, best_move_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "overturn.game._search",
    "Native word search for overturn.game.solver (the pure-Python search is the fallback and the reference).",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
    if (PyType_Ready(&FoundListType) < 0 || PyType_Ready(&FoundListIteratorType) < 0) return NULL;
    for (int cell = 0; cell < MAX_CELLS; cell++)
        if (!cell_numbers[cell] && !(cell_numbers[cell] = PyLong_FromLong(cell))) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module && PyModule_AddObjectRef(module, "FoundList", (PyObject *)&FoundListType) < 0) Py_CLEAR(module);
    return module;
}
