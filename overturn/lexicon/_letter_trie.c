/*
 * overturn.lexicon._letter_trie: the solver's letter trie (nodes.bin, overturn/lexicon/compiled.py) built in C.
 *
 * The same breadth-first arrays as compiled.letter_trie_in_python, which stays the fallback and the
 * reference the tests compare it with, byte for byte.  Built in Python they were a fifth of a lexicon's
 * first build (about 3 s for 1.3 million nodes); here they take tens of milliseconds.
 *
 * Each node is the range of sorted keys that start with its prefix: its children are the runs of equal
 * next letters in that range, so a level is built from the one before in one pass over its keys.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define KEY_BIT (UINT32_C(1) << 26)

/* The keys [lo, hi) that start with a node's prefix. */
typedef struct {
    size_t lo, hi;
} Range;

typedef struct {
    size_t count;         /* keys */
    const char **starts;  /* first letter of each key */
    size_t *lengths;      /* letters of each key */
    size_t nodes;         /* the trie's nodes: the root and one per distinct prefix */
} Keys;

/* Split "KEY\nKEY..." into keys, checking what the breadth-first build relies on: letters A-Z, no empty
   key, strictly increasing order.  Counts the nodes (each key adds the letters past its common prefix with
   the key before it).  0, or -1 with ValueError or MemoryError set. */
static int read_keys(const char *text, size_t size, Keys *keys) {
    keys->count = 0;
    if (size) {
        keys->count = 1;
        for (size_t i = 0; i < size; i++) keys->count += text[i] == '\n';
    }
    keys->starts = PyMem_Malloc((keys->count ? keys->count : 1) * sizeof(char *));
    keys->lengths = PyMem_Malloc((keys->count ? keys->count : 1) * sizeof(size_t));
    if (!keys->starts || !keys->lengths) {
        PyErr_NoMemory();
        return -1;
    }
    keys->nodes = 1;
    size_t at = 0;
    for (size_t k = 0; k < keys->count; k++) {
        size_t end = at;
        while (end < size && text[end] != '\n') {
            if (text[end] < 'A' || text[end] > 'Z') {
                PyErr_Format(PyExc_ValueError, "key %zu holds a character other than A-Z", k);
                return -1;
            }
            end++;
        }
        keys->starts[k] = text + at;
        keys->lengths[k] = end - at;
        if (end == at) {
            PyErr_Format(PyExc_ValueError, "key %zu is empty", k);
            return -1;
        }
        size_t common = 0;
        if (k) {
            size_t before = keys->lengths[k - 1], shorter = before < end - at ? before : end - at;
            while (common < shorter && keys->starts[k - 1][common] == text[at + common]) common++;
            if (common == end - at || (common < shorter && keys->starts[k - 1][common] > text[at + common])) {
                PyErr_Format(PyExc_ValueError, "keys must be sorted and distinct: key %zu is not after key %zu", k, k - 1);
                return -1;
            }
        }
        keys->nodes += end - at - common;
        at = end + 1;
    }
    if (keys->nodes > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many prefixes for 32-bit node numbers");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(build_doc,
"build(keys) -> (masks, first_child)\n"
"\n"
"keys: the lexicon's keys (A-Z), sorted and distinct, one per line, as bytes.\n"
"Returns the breadth-first letter trie as two buffers of native uint32: mask[n] (bit c: letter c continues\n"
"the prefix; bit 26: the prefix is a key) and first_child[n] (a leaf's is the first node of the next level).\n"
"Raises ValueError for keys that are not sorted, distinct, non-empty and A-Z.");

static PyObject *build(PyObject *module, PyObject *arg) {
    (void)module;
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    Keys keys = {0, NULL, NULL, 0};
    uint32_t *masks = NULL, *first = NULL;
    Range *ranges = NULL;
    PyObject *result = NULL;
    if (read_keys(view.buf, (size_t)view.len, &keys) < 0) goto done;
    masks = PyMem_Malloc(keys.nodes * sizeof(uint32_t));
    first = PyMem_Malloc(keys.nodes * sizeof(uint32_t));
    ranges = PyMem_Malloc(keys.nodes * sizeof(Range));
    if (!masks || !first || !ranges) {
        PyErr_NoMemory();
        goto done;
    }
    masks[0] = 0;
    ranges[0] = (Range){0, keys.count};
    size_t next = 1;
    /* Level by level: the nodes [level, level_end) have prefixes of `depth` letters; their children get the
       next numbers in order, so each level comes out sorted, as compiled.letter_trie_in_python makes it. */
    for (size_t level = 0, level_end = 1, depth = 0; level < level_end; level = level_end, level_end = next, depth++) {
        for (size_t node = level; node < level_end; node++) {
            first[node] = (uint32_t)level_end;  /* a leaf's: the start of the next level */
            size_t k = ranges[node].lo, hi = ranges[node].hi;
            if (k < hi && keys.lengths[k] == depth) k++;  /* the prefix itself, a key: the shortest comes first */
            for (int letter = -1; k < hi; k++) {
                int c = keys.starts[k][depth] - 'A';
                if (c != letter) {
                    if (letter < 0) first[node] = (uint32_t)next;
                    else ranges[next - 1].hi = k;
                    letter = c;
                    masks[node] |= UINT32_C(1) << c;
                    masks[next] = keys.lengths[k] == depth + 1 ? KEY_BIT : 0;
                    ranges[next].lo = k;
                    ranges[next].hi = hi;
                    next++;
                }
            }
        }
    }
    if (next != keys.nodes) {
        PyErr_Format(PyExc_SystemError, "letter trie: %zu nodes built, %zu counted", next, keys.nodes);
        goto done;
    }
    result = Py_BuildValue("(y#y#)", (const char *)masks, (Py_ssize_t)(keys.nodes * sizeof(uint32_t)),
                           (const char *)first, (Py_ssize_t)(keys.nodes * sizeof(uint32_t)));
done:
    PyMem_Free(ranges);
    PyMem_Free(first);
    PyMem_Free(masks);
    PyMem_Free(keys.lengths);
    PyMem_Free(keys.starts);
    PyBuffer_Release(&view);
    return result;
}

static PyMethodDef methods[] = {
    {"build", build, METH_O, build_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "overturn.lexicon._letter_trie",
    "The solver's letter trie built in C (overturn.lexicon.compiled.letter_trie_in_python is the fallback).",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__letter_trie(void) { return PyModule_Create(&module_def); }
