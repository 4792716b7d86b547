/* Branch and bound over classes of boards: the ClassBound type.
 *
 * A class gives each cell a set of faces (a bit mask of face ids); it holds
 * every board that takes one face per cell.  Its max bound (the published
 * "max" bound of hybrid-boggle) is a depth-first search like solving, where a
 * cell's value is the best of its faces and the values of the neighbours
 * reached from it are added.  A word found along several paths is counted
 * each time and different paths may choose different faces for one cell, so
 * the bound is never below the score of any board of the class; for a class
 * of one board it is that board's "multi" score (words counted per path).
 *
 * search() splits cells in a given order, one face at a time, drops every
 * class whose bound is at most `above`, and returns the single boards left.
 * The trie here is this file's own: nodes with a mask of next letters, the
 * index of the first child, and the points of the word ending there.
 */
#include "bound.h"

#include <string.h>

/* Builds the trie of the sorted words breadth first (the nodes near the root, which every
 * search visits most, lie together at the front); -1 when the words are not sorted. */
static int build(BoundObject *t, const uint8_t *letters, const uint32_t *offsets, uint32_t n_words,
                 uint32_t cap, const int32_t *points, int max_len, int min_len) {
    typedef struct {
        uint32_t index, lo, hi, depth; /* node `index` for words [lo, hi) sharing `depth` letters */
    } pending_node;
    pending_node *queue = PyMem_Malloc((size_t)cap * sizeof *queue);
    if (!queue) return PyErr_NoMemory(), -1;
    size_t head = 0, tail = 0;
    queue[tail++] = (pending_node){0, 0, n_words, 0};
    t->n_nodes = 1;
    while (head < tail) {
        pending_node at = queue[head++];
        uint32_t lo = at.lo, hi = at.hi, depth = at.depth;
        t->points[at.index] = 0;
        if (lo < hi && offsets[lo + 1] - offsets[lo] == depth) {
            int len = (int)depth;
            if (len >= min_len) t->points[at.index] = points[len < max_len ? len : max_len];
            lo++;
        }
        uint32_t mask = 0;
        for (uint32_t w = lo; w < hi; w++) mask |= 1u << letters[offsets[w] + depth];
        uint32_t count = (uint32_t)__builtin_popcount(mask);
        if (t->n_nodes + count > cap) {
            PyMem_Free(queue);
            PyErr_SetString(PyExc_ValueError, "words are not sorted");
            return -1;
        }
        uint32_t first = t->n_nodes;
        t->n_nodes += count;
        t->nodes[at.index].mask = mask | (t->points[at.index] > 0 ? CB_WORD : 0);
        t->nodes[at.index].first = first;
        for (uint32_t w = lo, k = 0; w < hi; k++) {
            uint8_t letter = letters[offsets[w] + depth];
            uint32_t end = w;
            while (end < hi && letters[offsets[end] + depth] == letter) end++;
            queue[tail++] = (pending_node){first + k, w, end, depth + 1};
            w = end;
        }
    }
    PyMem_Free(queue);
    return 0;
}

/* The best value of `cell` reached from trie `node`, over the cell's faces. */
static int64_t choice(cb_class *c, int cell, uint32_t node, uint64_t used) {
    const cb_node *nodes = c->t->nodes;
    if (!(nodes[node].mask & c->starts[cell])) return 0;
    used |= 1ull << cell;
    int64_t best = 0;
    uint32_t faces = c->faces[cell];
    int f;
    int64_t at;
    while (next_face_child(c->t, &faces, node, &f, &at)) {
        int64_t value = c->t->points[at];
        if (nodes[at].mask & CB_LETTERS) {
            for (int k = 0; k < c->n_neighbours[cell]; k++) {
                int next = c->neighbours[cell][k];
                if (!((used >> next) & 1u)) value += choice(c, next, (uint32_t)at, used);
            }
        }
        if (value > best) best = value;
    }
    return best;
}

void cb_set_starts(cb_class *c) {
    c->shared_starts = 0;
    for (int cell = 0; cell < c->n; cell++) {
        uint32_t starts = 0, faces = c->faces[cell];
        while (faces) {
            int f = __builtin_ctz(faces);
            faces &= faces - 1;
            uint8_t first = c->t->face_letters[f][0];
            if (first >= 32) continue;
            if ((starts >> first) & 1u) c->shared_starts |= 1ull << cell;
            starts |= 1u << first;
            c->start_face[cell][first] = (uint8_t)f;
        }
        c->starts[cell] = starts;
    }
}

static int64_t class_bound(cb_class *c) {
    cb_set_starts(c);
    c->bounds++;
    int64_t total = 0;
    for (int cell = 0; cell < c->n; cell++) total += choice(c, cell, 0, 0);
    return total;
}

int cb_append(byte_buffer *b, const uint8_t *bytes, size_t n) {
    if (b->limit && b->len + n > b->limit) {
        b->full = 1;
        return -1;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n) cap *= 2;
        uint8_t *data = PyMem_Realloc(b->data, cap);
        if (!data) return -1;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
    return 0;
}

/* Branch and bound below `pos` in the split order; -1 on error or Ctrl-C. */
static int branch(cb_class *c, const uint8_t *order, int pos, int64_t above, byte_buffer *out) {
    if ((c->bounds & 1023u) == 0 && PyErr_CheckSignals() < 0) return -1;
    if (class_bound(c) <= above) return 0;
    while (pos < c->n && __builtin_popcount(c->faces[order[pos]]) < 2) pos++;
    if (pos == c->n) {
        uint8_t board[CB_MAX_CELLS];
        for (int cell = 0; cell < c->n; cell++) board[cell] = (uint8_t)__builtin_ctz(c->faces[cell]);
        return cb_append(out, board, (size_t)c->n) < 0 ? (PyErr_NoMemory(), -1) : 0;
    }
    int cell = order[pos];
    uint32_t all = c->faces[cell], rest = all;
    int status = 0;
    while (rest && status == 0) {
        int f = __builtin_ctz(rest);
        rest &= rest - 1;
        c->faces[cell] = 1u << f;
        status = branch(c, order, pos + 1, above, out);
    }
    c->faces[cell] = all;
    return status;
}

/* Read masks (uint32 per cell) into a class of the given shape. */
static int load_class(BoundObject *self, cb_class *c, Py_buffer *masks, int rows, int cols) {
    /* the shape is checked before rows * cols is formed: no overflow whatever is passed */
    if (!bn_shape_ok(rows, cols, CB_MAX_CELLS) || masks->len != (Py_ssize_t)rows * cols * 4) {
        PyErr_SetString(PyExc_ValueError, "masks do not match the board shape (at most 64 cells)");
        return -1;
    }
    int n = rows * cols;
    memset(c, 0, sizeof *c);
    c->t = self;
    c->n = n;
    memcpy(c->faces, masks->buf, (size_t)n * 4);
    uint32_t allowed = self->n_faces >= 32 ? 0xffffffffu : (1u << self->n_faces) - 1u;
    for (int cell = 0; cell < n; cell++) {
        if (c->faces[cell] == 0 || (c->faces[cell] & ~allowed)) {
            PyErr_SetString(PyExc_ValueError, "a cell's face set is empty or unknown");
            return -1;
        }
        int r = cell / cols, q = cell % cols;
        for (int dr = -1; dr <= 1; dr++)
            for (int dq = -1; dq <= 1; dq++) {
                int rr = r + dr, qq = q + dq;
                if ((dr || dq) && rr >= 0 && rr < rows && qq >= 0 && qq < cols)
                    c->neighbours[cell][c->n_neighbours[cell]++] = rr * cols + qq;
            }
    }
    return 0;
}

static PyObject *Bound_bound(BoundObject *self, PyObject *args) {
    Py_buffer masks;
    int rows, cols;
    if (!PyArg_ParseTuple(args, "y*ii", &masks, &rows, &cols)) return NULL;
    cb_class c;
    PyObject *result = NULL;
    if (load_class(self, &c, &masks, rows, cols) == 0)
        result = PyLong_FromLongLong(class_bound(&c));
    PyBuffer_Release(&masks);
    return result;
}

static int check_order(const cb_class *c, const Py_buffer *order) {
    uint64_t seen = 0;
    for (Py_ssize_t i = 0; i < order->len && i < c->n; i++) {
        uint8_t cell = ((const uint8_t *)order->buf)[i];
        if (cell < c->n) seen |= 1ull << cell;
    }
    if (order->len != c->n || seen != (c->n == 64 ? ~0ull : (1ull << c->n) - 1)) {
        PyErr_SetString(PyExc_ValueError, "the split order must name every cell once");
        return -1;
    }
    return 0;
}

/* search(masks, rows, cols, above, order) and tree_search(...): the boards of the
 * class above `above`, by the max bound or (with_tree) by the orderly tree. */
static PyObject *search_class(BoundObject *self, PyObject *args, int with_tree) {
    Py_buffer masks, order;
    int rows, cols;
    long long above, switch_bound = -1;
    int walk_cells = 0;
    Py_ssize_t max_bytes = 0;
    if (!PyArg_ParseTuple(args, with_tree ? "y*iiLy*|Lin" : "y*iiLy*", &masks, &rows, &cols,
                          &above, &order, &switch_bound, &walk_cells, &max_bytes))
        return NULL;
    cb_class c;
    PyObject *result = NULL;
    byte_buffer out = {NULL, 0, 0, max_bytes > 0 ? (size_t)max_bytes : 0, 0};
    int64_t root_bound = 0;
    const char *boards = NULL;
    if (load_class(self, &c, &masks, rows, cols) < 0 || check_order(&c, &order) < 0) goto done;
    int status = with_tree ? cb_tree_branch(&c, order.buf, above, switch_bound, walk_cells,
                                            &out, &root_bound)
                           : branch(&c, order.buf, 0, above, &out);
    if (status != 0 && out.full) PyErr_Clear(); /* stopped at max_bytes: what it has */
    if (status == 0 || out.full) boards = out.data ? (const char *)out.data : "";
    if (boards && with_tree)
        result = Py_BuildValue("y#KL", boards, (Py_ssize_t)out.len, (unsigned long long)c.bounds,
                               (long long)root_bound);
    else if (boards)
        result = Py_BuildValue("y#K", boards, (Py_ssize_t)out.len, (unsigned long long)c.bounds);
done:
    PyMem_Free(out.data);
    PyBuffer_Release(&masks);
    PyBuffer_Release(&order);
    return result;
}

static PyObject *Bound_search(BoundObject *self, PyObject *args) {
    return search_class(self, args, 0);
}

static PyObject *Bound_tree_search(BoundObject *self, PyObject *args) {
    return search_class(self, args, 1);
}

static void Bound_dealloc(BoundObject *self) {
    PyMem_Free(self->nodes);
    PyMem_Free(self->points);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ClassBound(letters, offsets, min_len, points, face_letters): words sorted in
 * letter-index order as for Trie; face_letters: 4 letter indices per face id. */
static int Bound_init(BoundObject *self, PyObject *args, PyObject *kwargs) {
    (void)kwargs;
    Py_buffer letters, offsets, faces;
    int min_len;
    PyObject *points_obj;
    if (!PyArg_ParseTuple(args, "y*y*iOy*", &letters, &offsets, &min_len, &points_obj, &faces))
        return -1;
    int status = -1;
    PyObject *seq = PySequence_Fast(points_obj, "points must be a sequence of ints");
    int32_t points[64] = {0};
    if (!seq) goto done;
    Py_ssize_t n_points = PySequence_Fast_GET_SIZE(seq);
    if (n_points < 1 || n_points > 64 || faces.len % BN_FACE_MAX ||
        faces.len / BN_FACE_MAX > CB_MAX_FACES || offsets.len % 4 || offsets.len < 4) {
        PyErr_SetString(PyExc_ValueError, "bad points, faces or offsets");
        Py_DECREF(seq);
        goto done;
    }
    for (Py_ssize_t i = 0; i < n_points && !PyErr_Occurred(); i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (!PyErr_Occurred() && (v < INT32_MIN || v > INT32_MAX))
            PyErr_SetString(PyExc_ValueError, "points out of range");
        points[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) goto done;
    uint32_t n_words = (uint32_t)(offsets.len / 4 - 1);
    const uint32_t *offs = offsets.buf;
    const uint8_t *lt = letters.buf;
    for (uint32_t w = 0; w < n_words; w++) {
        if (offs[w + 1] < offs[w] || offs[w + 1] > (uint32_t)letters.len) {
            PyErr_SetString(PyExc_ValueError, "offsets are not increasing");
            goto done;
        }
    }
    for (Py_ssize_t i = 0; i < letters.len; i++) {
        if (lt[i] >= 31) {
            PyErr_SetString(PyExc_ValueError, "letter index outside the alphabet");
            goto done;
        }
    }
    uint32_t cap = (uint32_t)letters.len + 1;
    PyMem_Free(self->nodes);
    PyMem_Free(self->points);
    self->nodes = PyMem_Malloc((size_t)cap * sizeof(cb_node));
    self->points = PyMem_Malloc((size_t)cap * sizeof(int32_t));
    if (!self->nodes || !self->points) {
        PyErr_NoMemory();
        goto done;
    }
    if (build(self, lt, offs, n_words, cap, points, (int)n_points - 1, min_len) < 0) goto done;
    self->n_faces = (int)(faces.len / BN_FACE_MAX);
    memcpy(self->face_letters, faces.buf, (size_t)faces.len);
    static uint64_t serials; /* the GIL guards it */
    self->serial = ++serials;
    status = 0;
done:
    PyBuffer_Release(&letters);
    PyBuffer_Release(&offsets);
    PyBuffer_Release(&faces);
    return status;
}

static PyMethodDef Bound_methods[] = {
    {"bound", (PyCFunction)Bound_bound, METH_VARARGS,
     "bound(masks, rows, cols) -> the class's max bound"},
    {"search", (PyCFunction)Bound_search, METH_VARARGS,
     "search(masks, rows, cols, above, order) -> (boards as face ids, bounds computed)"},
    {"tree_search", (PyCFunction)Bound_tree_search, METH_VARARGS,
     "tree_search(masks, rows, cols, above, order[, switch_bound, walk_cells, max_bytes]) -> "
     "(boards, classes, root bound); cells are forced by merging while a tree's bound is above "
     "switch_bound (-1: always) and more than walk_cells cells are left, then by walking "
     "the tree; with max_bytes > 0 the search stops once the boards would pass it"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoundType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boggle._native.core.ClassBound",
    .tp_basicsize = sizeof(BoundObject),
    .tp_dealloc = (destructor)Bound_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A word list compiled for bounds on classes of boards.",
    .tp_methods = Bound_methods,
    .tp_init = (initproc)Bound_init,
    .tp_new = PyType_GenericNew,
};

int bs_add_types(PyObject *module) {
    if (PyType_Ready(&BoundType) < 0) return -1;
    Py_INCREF(&BoundType);
    if (PyModule_AddObject(module, "ClassBound", (PyObject *)&BoundType) < 0) {
        Py_DECREF(&BoundType);
        return -1;
    }
    return 0;
}
