/* The word search's core (search_core.h says what it holds and who uses it).

   Long because the two searches, the best paths and the ranking share one Search record and hot helpers
   that must stay static in one unit for the compiler to inline them. */

#include "search_core.h"

#include <stdlib.h>

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
    void *bigger = realloc(array, cap2 * item);
    if (bigger) *cap = cap2;
    return bigger;
}

/* --- results ---------------------------------------------------------------------- */

static inline uint32_t slot_of(const Search *s, uint32_t node) {
    return (uint32_t)((node * UINT32_C(2654435761)) >> (32 - s->slot_bits));
}

static int rehash(Search *s) {
    uint32_t bits = s->slot_bits + 1;
    uint32_t *slots = calloc((size_t)1 << bits, sizeof(uint32_t));
    if (!slots) return -1;
    free(s->slots);
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
        s->levels[depth] = malloc(sizeof(Level));
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

/* --- setting up ----------------------------------------------------------------------------------------- */

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


int search_set_up(Search *s, const uint32_t *masks, const uint32_t *first_child, uint64_t n_nodes,
                  const BoardSpec *spec, int min_length, unsigned tracked, uint64_t ringed) {
    int rows = spec->rows, cols = spec->cols, tile_rows = spec->tile_rows, tile_cols = spec->tile_cols;
    if (rows < 1 || cols < 1 || tile_rows < 1 || tile_cols < 1 || rows % tile_rows || cols % tile_cols) return -1;
    if ((long)rows * cols > MAX_CELLS) return 0;
    s->masks = masks;
    s->first_child = first_child;
    s->n_nodes = n_nodes;
    s->min_length = min_length;
    s->tracked = tracked;
    s->rows = rows;
    s->cols = cols;
    s->size = rows * cols;
    s->all = s->size == 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->size) - 1;
    s->ringed = ringed & s->all;
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

    /* Double faces, in the spec's order (the order of the results' readings). */
    if (spec->n_faces > MAX_FACES) return 0;
    for (int face = 0; face < spec->n_faces; face++) {
        s->n_faces++;
        int count = spec->face_readings[face];
        if (count > MAX_FACE_READINGS) return 0;
        s->face_readings[face] = count;
        s->face_first_transition[face] = s->n_transitions;
        for (int i = 0; i < count; i++) {
            int len = spec->reading_len[face][i];
            if (len < 1 || len > MAX_READING_LEN) return 0;
            for (int k = 0; k < len; k++)
                if (spec->reading_text[face][i][k] < 'A' || spec->reading_text[face][i][k] > 'Z') return 0;
            int r_index = reading_index(s, spec->reading_text[face][i], len);
            if (r_index < 0) return 0;
            int t = s->n_transitions++;
            s->transition_face[t] = face;
            s->transition_reading[t] = r_index;
            Reading *r = &s->readings[r_index];
            r->targets[r->n_targets++] = t;
        }
    }

    /* Faces of the cells. */
    for (int cell = 0; cell < s->size; cell++) {
        int face = spec->cell_face[cell];
        if (face >= s->n_faces || spec->cell_letter[cell] > 25) return -1;
        s->cell_face[cell] = (int8_t)face;
        uint64_t bit = UINT64_C(1) << cell;
        if (face >= 0) {
            s->face_cells[face] |= bit;
            continue;
        }
        char text = (char)('A' + spec->cell_letter[cell]);
        s->cell_letter[cell] = spec->cell_letter[cell];
        int r_index = reading_index(s, &text, 1);
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

void search_exclude(Search *s, const char *text, int len) {
    int64_t node = 0;
    for (int i = 0; i < len && node >= 0; i++)
        node = (text[i] >= 'A' && text[i] <= 'Z') ? child_of(s, (uint32_t)node, text[i] - 'A') : -1;
    if (len && node > 0 && (s->masks[node] & IS_WORD)) {
        Found *entry = claim(s, (uint32_t)node, 0);
        if (entry) entry->used = -1;
    }
}

void search_run(Search *s, int reuse) {
    if (s->error) return;
    s->in_order = 1;
    for (int letter = 0; letter < 26; letter++)
        if (s->n_by_first[letter] > 1) s->in_order = 0;
    if (reuse)
        search_reuse(s);
    else
        search_paths_in_order(s);
}

/* --- the found keys in order ----------------------------------------------------------------------------- */

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
int search_sorted_order(const Search *s, size_t *order, size_t count) {
    if (s->in_order) return 0;
    size_t k = 1;
    while (k < count && text_order(s, order[k - 1], order[k]) < 0) k++;
    if (k >= count) return 0;
    size_t *scratch = malloc(count * sizeof(size_t));
    if (!scratch) return -1;
    merge_sort(s, order, scratch, count);
    free(scratch);
    return 0;
}
int search_found_order(const Search *s, size_t **order, size_t *first, size_t *count) {
    *order = NULL;
    *first = 0;
    if (s->in_order) {
        while (*first < s->n_found && s->found[*first].used < 0) (*first)++;
        *count = s->n_found - *first;
        return 0;
    }
    *count = 0;
    for (size_t i = 0; i < s->n_found; i++) *count += s->found[i].used >= 0;
    *order = malloc((*count ? *count : 1) * sizeof(size_t));
    if (!*order) return -1;
    for (size_t i = 0, at = 0; i < s->n_found; i++)
        if (s->found[i].used >= 0) (*order)[at++] = i;
    if (search_sorted_order(s, *order, *count) < 0) {
        free(*order);
        *order = NULL;
        return -1;
    }
    return 0;
}


/* --- a Search record --------------------------------------------------------------------------------- */

#define FIRST_SLOT_BITS 9  /* 512 slots; doubled while more than half full, then kept */

void search_free(Search *s) {
    for (int depth = 0; depth < s->n_levels; depth++) free(s->levels[depth]);
    free(s->found);
    free(s->slots);
    free(s->text);
    free(s->cells);
    free(s->states);
    free(s);
}

Search *search_new(void) {
    Search *s = calloc(1, sizeof(Search));
    if (!s) return NULL;
    s->slot_bits = FIRST_SLOT_BITS;
    s->slots = calloc((size_t)1 << s->slot_bits, sizeof(uint32_t));
    if (!s->slots) {
        search_free(s);
        return NULL;
    }
    return s;
}

/* What set_up and the search accumulate into (|=, ++), as a fresh calloc would have it; zeroing the whole
   record (~40 KB with its class tables) on every call was most of the fixed cost of a small board. */
void search_reset(Search *s) {
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
}

/* The used hash slots cleared (s->acc is zero after every step): cheaper than clearing the table. */
void search_clear(Search *s) {
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
}

/* --- the best ring-swing path of one key (Game.legal_moves, the referee's path when none is traced) ------ */

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
void best_set_up(Best *b, Search *s, int reuse) {
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
int best_path_of(Best *b) {
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


void best_set_gain(Best *b, int cell, int gain) {
    uint64_t bit = UINT64_C(1) << cell;
    b->gain1 &= ~bit;
    b->gain2 &= ~bit;
    if (gain == 1) b->gain1 |= bit;
    if (gain == 2) b->gain2 |= bit;
}

/* --- Game.legal_moves: every legal key with its best path, ranked ----------------------------------------- */

/* The ranked keys: each found key's best path (b->best_*), then the keys ordered by swing,
   largest first, alphabetical within a swing.  Fills items[0..count) (text_at into s->text, path_at into
   cells), leaving the readings states' templates to the caller.  0 done, -1 s->error set. */
int best_rank_found(Best *b, Search *s, const size_t *order, size_t first, size_t count, Item *items, uint8_t *cells) {
    Item *scratch = malloc((count ? count : 1) * sizeof(Item));
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
            free(scratch);
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
    free(scratch);
    return 0;
}


int best_over_found(Best *b, Search *s, const size_t *order, size_t first, size_t count) {
    size_t *by_length = malloc((count ? count : 1) * sizeof(size_t));
    if (!by_length) {
        s->error = NO_MEMORY;
        return -1;
    }
    /* The keys longest first, alphabetical within a length (a stable counting sort): big swings come early,
       and each later key is searched only for a path better than the best so far. */
    size_t per_length[MAX_KEY + 2] = {0};
    for (size_t k = 0; k < count; k++) {
        int len = s->found[order ? order[k] : first + k].text_len;
        if (len > MAX_KEY) {
            free(by_length);
            return 1;
        }
        per_length[len]++;
    }
    size_t start[MAX_KEY + 2], next = 0;
    for (int len = MAX_KEY + 1; len >= 0; len--) {
        start[len] = next;
        next += per_length[len];
    }
    for (size_t k = 0; k < count; k++) {
        size_t entry = order ? order[k] : first + k;
        by_length[start[s->found[entry].text_len]++] = entry;
    }
    b->best_value = NO_PATH;
    for (size_t k = 0; k < count; k++) {
        const Found *entry = &s->found[by_length[k]];
        b->key = s->text + entry->text_at;
        b->len = entry->text_len;
        if (b->len > 0) best_path_of(b);
    }
    free(by_length);
    return 0;
}
