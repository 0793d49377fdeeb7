/*
 * overturn.game._search: the CPython binding of the word search (search_core.c), behind
 * overturn.game.solver.Solver.
 *
 * It returns what the pure-Python search returns (that code stays the fallback and the reference the tests
 * cross-check against): every legal key of a board, each with the fewest double-face readings a path needs
 * and one such path.  The search is the core's; this file turns Python arguments into the core's BoardSpec
 * and the core's results into Python objects, keeps a pool of Search records, and releases the GIL while
 * the core works:
 *
 * - find_words answers a dict, or a FoundList (a sequence whose items are made when first read);
 * - solve_json writes the service's solve answer itself: the word list as JSON bytes, longest first, each
 *   path as its cells' numbers, with the counts per length (building thousands of Python tuples, ranking
 *   them and encoding them cost several times the search);
 * - rank_moves answers a FoundList of ranked moves; best_move and best_paths the best ring-swing paths;
 * - solve_many counts the words of many boards per release of the GIL.
 *
 * Inputs the core does not cover (bigger boards, too many reading states, readings that are not A-Z) make
 * these return None, and the caller falls back to Python.
 *
 * Long because FoundList (a lazy sequence type) and the JSON answer writer each need a page of C API code.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stdlib.h>

#include "search_core.h"

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
/* The core's BoardSpec from Python arguments, then the core set up.  1: ready, 0: not covered (fall back),
   -1: error raised.  face_names and reading_objects keep the Python objects the results are made of. */
static int set_up(Search *s, const uint32_t *masks, const uint32_t *first_child, uint64_t n_nodes, PyObject *faces,
                  int rows, int cols, int tile_rows, int tile_cols, int min_length, unsigned tracked, uint64_t ringed,
                  PyObject *readings, PyObject **face_names, PyObject *(*reading_objects)[MAX_FACE_READINGS]) {
    if (rows < 1 || cols < 1 || tile_rows < 1 || tile_cols < 1 || rows % tile_rows || cols % tile_cols) {
        PyErr_SetString(PyExc_ValueError, "rows and cols must be positive multiples of tile_rows and tile_cols");
        return -1;
    }
    if ((long)rows * cols > MAX_CELLS) return 0;
    BoardSpec spec;
    spec.rows = rows;
    spec.cols = cols;
    spec.tile_rows = tile_rows;
    spec.tile_cols = tile_cols;
    spec.n_faces = 0;

    /* Double faces, in the order of the readings dict (the order of the result's combinations). */
    if (!PyDict_Check(readings)) {
        PyErr_SetString(PyExc_TypeError, "readings must be a dict: double face -> its readings");
        return -1;
    }
    if (PyDict_GET_SIZE(readings) > MAX_FACES) return 0;
    Py_ssize_t pos = 0;
    PyObject *name, *options;
    while (PyDict_Next(readings, &pos, &name, &options)) {
        int face = spec.n_faces++;
        Py_INCREF(name);
        face_names[face] = name;
        PyObject *items = PySequence_Fast(options, "the readings of a double face must be a sequence of str");
        if (!items) return -1;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
        if (count > MAX_FACE_READINGS) {
            Py_DECREF(items);
            return 0;
        }
        spec.face_readings[face] = (int)count;
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(items, i);
            int len = plain_letters(item, spec.reading_text[face][i]);
            if (!len) {
                Py_DECREF(items);
                return 0;
            }
            spec.reading_len[face][i] = len;
            Py_INCREF(item);
            reading_objects[face][i] = item;
        }
        Py_DECREF(items);
    }

    /* Faces of the cells. */
    int size = rows * cols;
    if (!PyTuple_Check(faces) || PyTuple_GET_SIZE(faces) != size) {
        PyErr_Format(PyExc_ValueError, "faces must be a tuple of %d str", size);
        return -1;
    }
    for (int cell = 0; cell < size; cell++) {
        PyObject *face_obj = PyTuple_GET_ITEM(faces, cell);
        int face = -1;
        for (int j = 0; j < spec.n_faces && face < 0; j++) {
            int same = PyObject_RichCompareBool(face_obj, face_names[j], Py_EQ);
            if (same < 0) return -1;
            if (same) face = j;
        }
        spec.cell_face[cell] = (int8_t)face;
        spec.cell_letter[cell] = 0;
        if (face >= 0) continue;
        char text[MAX_READING_LEN];
        if (plain_letters(face_obj, text) != 1) {
            PyErr_Format(PyExc_ValueError, "face %R of cell %d is neither a letter A-Z nor a double face given readings",
                         face_obj, cell);
            return -1;
        }
        spec.cell_letter[cell] = (uint8_t)(text[0] - 'A');
    }
    return search_set_up(s, masks, first_child, n_nodes, &spec, min_length, tracked, ringed);
}

/* Mark the played keys that are words of the lexicon, so they are never reported. */
static int exclude_played(Search *s, PyObject *played) {
    PyObject *iterator = PyObject_GetIter(played);
    if (!iterator) return -1;
    PyObject *item;
    while ((item = PyIter_Next(iterator))) {
        if (PyUnicode_Check(item) && PyUnicode_IS_ASCII(item) && PyUnicode_GET_LENGTH(item) <= INT_MAX)
            search_exclude(s, (const char *)PyUnicode_DATA(item), (int)PyUnicode_GET_LENGTH(item));
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
    if (search_found_order(s, &order, &first, &count) < 0) return PyErr_NoMemory();
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
    free(order);
    return (PyObject *)list;
}

/* --- a pool of Search records ------------------------------------------------------------
   A Search is ~40 KB with its class tables; zeroing it (and a fresh hash table) on every call was most of
   the fixed cost of a small board.  Records are taken from and given back to this pool with the GIL held
   (so threads that search without the GIL each hold their own record); taking one resets only the fields
   that set-up accumulates into (search_reset), giving one back clears only the hash slots the call used
   (search_clear).  Level buffers, the hash table and the result arenas stay allocated at the size the
   largest board needed. */

#define POOL_SIZE 32  /* records kept: a few threads, each holding a batch of boards */

static Search *pool[POOL_SIZE];
static int pool_count;

/* A Search ready for set_up, or NULL out of memory (no exception set). */
static Search *take_search(void) {
    Search *s = pool_count ? pool[--pool_count] : search_new();
    if (s) search_reset(s);
    return s;
}

/* Give a Search back, its used hash slots cleared, or freed if the pool is full. */
static void give_back(Search *s) {
    search_clear(s);
    if (pool_count < POOL_SIZE)
        pool[pool_count++] = s;
    else
        search_free(s);
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
    uint64_t n_nodes = (uint64_t)(job->masks_view.len / 4);
    if (n_nodes == 0 || (uint64_t)(job->first_child_view.len / 4) < n_nodes) {
        PyErr_SetString(PyExc_ValueError, "the letter trie needs a root, and a first child for every node");
        return -1;
    }
    int ready = set_up(s, job->masks_view.buf, job->first_child_view.buf, n_nodes, faces, rows, cols, tile_rows,
                       tile_cols, min_length, tracked, (uint64_t)ringed, readings, job->face_names, job->reading_objects);
    if (ready <= 0) return ready;
    return exclude_played(s, played) < 0 ? -1 : 1;
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
        search_run(s, reuse);
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
    size_t *order = malloc(n * sizeof(size_t));
    if (!a->ranked || !order) {
        free(order);
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
    if (search_sorted_order(s, order, a->count) < 0) {
        free(order);
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
    free(order);
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
        search_run(s, reuse);
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

    Search *s = search_new();
    Best *b = PyMem_RawCalloc(1, sizeof(Best));
    PyObject *face_names[MAX_FACES] = {NULL};
    PyObject *reading_objects[MAX_FACES][MAX_FACE_READINGS] = {{NULL}};
    PyObject *result = NULL, *key_items = NULL;
    if (!s || !b) {
        PyErr_NoMemory();
        goto done;
    }
    /* No trie: only the board, its readings and the rules are needed. */
    int ready = set_up(s, NULL, NULL, 0, faces, rows, cols, tile_rows, tile_cols, 0, tracked, (uint64_t)ringed, readings,
                       face_names, reading_objects);
    if (ready <= 0) {
        if (ready == 0) result = Py_NewRef(Py_None);
        goto done;
    }
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
    if (s) search_free(s);
    return result;
}

/* --- Game.legal_moves: every legal key with its best path, ranked, in one call ----------------------------- */

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
    search_run(s, reuse);
    if (!s->error && search_found_order(s, &order, &first, &count) < 0) s->error = NO_MEMORY;
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
    ranked = best_rank_found(b, s, order, first, count, list->items, list->cells);
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
    free(order);
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
    size_t *order = NULL, first = 0, count = 0;
    int ready = open_ranking(&job, &b, masks_obj, first_child_obj, faces, rows, cols, tile_rows, tile_cols, min_length,
                             tracked, ringed_obj, readings, played, reuse, unfixed, gain);
    if (ready == 0) result = Py_NewRef(Py_None);
    if (ready <= 0) goto done;
    Search *s = job.s;
    int covered = 1;
    Py_BEGIN_ALLOW_THREADS
    search_run(s, reuse);
    if (!s->error && search_found_order(s, &order, &first, &count) < 0) s->error = NO_MEMORY;
    if (!s->error) covered = best_over_found(b, s, order, first, count) == 0;
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
    free(order);
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
                if (ready[k] > 0) search_run(jobs[k].s, reuse[k]);
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