/* Python bindings of the native core: the extension module ``game._native``.
 *
 * One type, ``Core``: the rules of one variant (tables from game/native.py), a position with
 * make/unmake/generate/perft, and a searcher with its own transposition table and history.
 * game/native.py is the only caller; it builds the tables from the Python rules and evaluation
 * so that both cores read the same data. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "search.h"

#ifndef NATIVE_SOURCE_HASH
#define NATIVE_SOURCE_HASH "" /* built without setup.py: no fingerprint */
#endif

typedef struct {
    PyObject_HEAD Rules rules;
    Eval ev;
    Search search;
    int has_eval;
} Core;

/* ------------------------------------------------------------------ reading tables */

static int read_ints(PyObject *dict, const char *name, long long *out, Py_ssize_t cap, Py_ssize_t *n_out)
{
    PyObject *seq = PyDict_GetItemString(dict, name);
    if (!seq) {
        PyErr_Format(PyExc_KeyError, "native core: table %s missing", name);
        return -1;
    }
    PyObject *fast = PySequence_Fast(seq, "a table must be a sequence");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "native core: table %s has %zd entries, at most %zd fit", name, n, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        long long v;
        if (PyBool_Check(item))
            v = item == Py_True;
        else {
            v = (long long)PyLong_AsUnsignedLongLongMask(item);
            if (PyErr_Occurred()) {
                Py_DECREF(fast);
                return -1;
            }
        }
        out[i] = v;
    }
    Py_DECREF(fast);
    if (n_out)
        *n_out = n;
    return 0;
}

static int read_int(PyObject *dict, const char *name, int *out)
{
    PyObject *v = PyDict_GetItemString(dict, name);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "native core: value %s missing", name);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred())
        return -1;
    *out = (int)x;
    return 0;
}

/* A list of per-square lists of squares (neighbours, rays, ...) into a fixed array. */
static int read_lists(PyObject *dict, const char *name, uint8_t *out, uint8_t *lens, int width, int count,
                      int stride)
{
    PyObject *seq = PyDict_GetItemString(dict, name);
    if (!seq || !PySequence_Check(seq)) {
        PyErr_Format(PyExc_KeyError, "native core: table %s missing", name);
        return -1;
    }
    if (PySequence_Size(seq) != count) {
        PyErr_Format(PyExc_ValueError, "native core: table %s needs %d entries", name, count);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        PyObject *row = PySequence_GetItem(seq, i);
        PyObject *fast = row ? PySequence_Fast(row, "rows must be sequences") : NULL;
        Py_XDECREF(row);
        if (!fast)
            return -1;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        if (n > width) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "native core: a row of %s is too long", name);
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++)
            out[(size_t)i * stride + k] = (uint8_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        lens[i] = (uint8_t)n;
        Py_DECREF(fast);
    }
    return PyErr_Occurred() ? -1 : 0;
}

static int read_rules(Rules *r, PyObject *d)
{
    static long long buf[MAXCODE * 128];
    Py_ssize_t n;
    if (read_int(d, "variant", &r->variant) || read_int(d, "width", &r->width) ||
        read_int(d, "height", &r->height) || read_int(d, "swap_reserved_ok", &r->swap_reserved_ok) ||
        read_int(d, "zombies", &r->zombies) || read_int(d, "refire", &r->refire) ||
        read_int(d, "king_kill_is_leaf", &r->king_kill_is_leaf))
        return -1;
    r->size = r->width * r->height;
    if (r->size > MAXSQ || r->size < 1 || r->width > 16 || r->height > 16) {
        PyErr_SetString(PyExc_ValueError, "native core: board too large");
        return -1;
    }
    uint8_t tmp[MAXSQ * 4][16];
    if (read_lists(d, "rays", &tmp[0][0], r->raylen, 16, r->size * 4, 16))
        return -1;
    for (int i = 0; i < r->size * 4; i++)
        for (int k = 0; k < r->raylen[i]; k++)
            r->rays[i][k] = (int8_t)tmp[i][k];
    if (read_ints(d, "step", buf, MAXSQ * 4, &n))
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        r->step[i] = (int16_t)buf[i];
    if (read_lists(d, "neighbours", &r->nb[0][0], r->nbn, 8, r->size, 8) ||
        read_lists(d, "targets0", &r->targets[0][0][0], r->targetn[0], 8, r->size, 8) ||
        read_lists(d, "targets1", &r->targets[1][0][0], r->targetn[1], 8, r->size, 8))
        return -1;
    const char *bytes_tables[] = {"forbidden0", "forbidden1", "is_royal", "is_laser"};
    uint8_t *bytes_out[] = {r->forbidden[0], r->forbidden[1], r->is_royal, r->is_laser};
    Py_ssize_t caps[] = {MAXSQ, MAXSQ, MAXCODE, MAXCODE};
    for (int t = 0; t < 4; t++) {
        memset(bytes_out[t], 0, (size_t)caps[t]);
        if (read_ints(d, bytes_tables[t], buf, caps[t], &n))
            return -1;
        for (Py_ssize_t i = 0; i < n; i++)
            bytes_out[t][i] = (uint8_t)buf[i];
    }
    for (int i = 0; i < MAXCODE * 4; i++)
        r->optics[i] = DESTROY;
    if (read_ints(d, "optics", buf, MAXCODE * 4, &n))
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        r->optics[i] = (int8_t)(long long)(int64_t)buf[i];
    for (int rot = 0; rot < 4; rot++) {
        char name[16];
        snprintf(name, sizeof name, "rotate%d", rot);
        memset(r->rotate[rot], 0, MAXCODE);
        if (read_ints(d, name, buf, MAXCODE, &n))
            return -1;
        for (Py_ssize_t i = 0; i < n; i++)
            r->rotate[rot][i] = (uint8_t)buf[i];
    }
    memset(r->zobrist, 0, sizeof r->zobrist);
    if (read_ints(d, "zobrist", buf, MAXCODE * 128, &n))
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        r->zobrist[i] = (uint64_t)buf[i];
    PyObject *side = PyDict_GetItemString(d, "side_key");
    if (!side) {
        PyErr_SetString(PyExc_KeyError, "native core: side_key missing");
        return -1;
    }
    r->side_key = PyLong_AsUnsignedLongLongMask(side);
    if (PyErr_Occurred())
        return -1;
    rules_finish(r);
    return r->upto ? 0 : (PyErr_NoMemory(), -1);
}

static int read_eval(Eval *ev, const Rules *r, PyObject *d)
{
    static long long buf[MAXCODE * 128];
    Py_ssize_t n;
    memset(ev, 0, sizeof *ev);
    if (read_ints(d, "psq", buf, MAXCODE * 128, &n))
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        ev->psq[i] = (int32_t)(int64_t)buf[i];
    const char *names[] = {"value", "free", "hanging", "self_wait", "self_hit", "near_danger", "far_danger"};
    int *outs[] = {ev->value, ev->free_, ev->hanging, ev->self_wait, ev->self_hit, ev->near_d, ev->far_d};
    for (int t = 0; t < 7; t++) {
        if (read_ints(d, names[t], buf, MAXCODE, &n))
            return -1;
        for (Py_ssize_t i = 0; i < n; i++)
            outs[t][i] = (int)(int64_t)buf[i];
    }
    if (read_int(d, "tempo", &ev->tempo) || read_int(d, "beam_control", &ev->beam_control) ||
        read_int(d, "cross", &ev->cross) || read_int(d, "open_line", &ev->open_line) ||
        read_int(d, "shut_line", &ev->shut_line) || read_int(d, "laser_line", &ev->laser_line) ||
        read_int(d, "enemy_mirror", &ev->enemy_mirror) || read_int(d, "guard", &ev->guard) ||
        read_int(d, "delta_margin", &ev->delta_margin) || read_int(d, "grip", &ev->grip) ||
        read_int(d, "king_ring", &ev->king_ring) || read_int(d, "king_room", &ev->king_room) ||
        read_int(d, "naked", &ev->naked))
        return -1;
    if (read_lists(d, "ring2", &ev->ring2[0][0], ev->ring2n, 16, r->size, 16))
        return -1;
    for (int sq = 0; sq < r->size; sq++) {
        Mask m = r->bit[sq], ring1 = m_none();
        for (int i = 0; i < r->nbn[sq]; i++)
            ring1 = m_or(ring1, r->bit[r->nb[sq][i]]);
        ev->ring1_mask[sq] = ring1;
        m = m_or(m, ring1);
        for (int i = 0; i < ev->ring2n[sq]; i++)
            m = m_or(m, r->bit[ev->ring2[sq][i]]);
        ev->near_mask[sq] = m;
    }
    return 0;
}

/* ------------------------------------------------------------------ the type */

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    PyObject *rules;
    static char *kwlist[] = {"rules", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!", kwlist, &PyDict_Type, &rules))
        return -1;
    if (read_rules(&self->rules, rules))
        return -1;
    if (!self->search.frames) {
        search_init(&self->search);
        if (!self->search.frames || !self->search.history[0] || !self->search.history[1]) {
            PyErr_NoMemory();
            return -1;
        }
    }
    self->search.r = &self->rules;
    self->search.ev = &self->ev;
    self->search.pos.r = &self->rules;
    self->search.pos.loser = -1;
    self->search.pos.root_last = -1;
    self->search.pos.lasers[0] = self->search.pos.lasers[1] = -1;
    return 0;
}

static void Core_dealloc(Core *self)
{
    Py_CLEAR(self->search.clock);
    Py_CLEAR(self->search.stop_fn);
    search_free(&self->search);
    free(self->rules.upto);
    self->rules.upto = NULL;
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Core_set_eval(Core *self, PyObject *arg)
{
    if (!PyDict_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "set_eval wants a dict of tables");
        return NULL;
    }
    if (read_eval(&self->ev, &self->rules, arg))
        return NULL;
    self->has_eval = 1;
    Py_RETURN_NONE;
}

static PyObject *Core_set_position(Core *self, PyObject *args)
{
    PyObject *board;
    int turn, l0, l1, quiet, loser;
    long long root_last;
    unsigned long long prev_hash;
    if (!PyArg_ParseTuple(args, "OiiiiLKi", &board, &turn, &l0, &l1, &quiet, &root_last, &prev_hash, &loser))
        return NULL;
    Pos *p = &self->search.pos;
    PyObject *fast = PySequence_Fast(board, "board must be a sequence");
    if (!fast)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != self->rules.size) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "board has the wrong number of squares");
        return NULL;
    }
    for (int sq = 0; sq < self->rules.size; sq++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, sq));
        if (v < 0 || v >= MAXCODE) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "piece code %ld is not served by the native core", v);
            return NULL;
        }
        p->board[sq] = (uint8_t)v;
    }
    Py_DECREF(fast);
    p->r = &self->rules;
    p->turn = turn & 1;
    p->lasers[0] = l0;
    p->lasers[1] = l1;
    p->quiet = quiet;
    p->loser = loser < 0 ? -1 : loser;
    p->sp = 0;
    p->root_last = root_last;
    p->root_prev_hash = prev_hash;
    p->hash = pos_hash_from_scratch(p);
    return PyLong_FromUnsignedLongLong(p->hash);
}

static PyObject *codes_list(const uint32_t *moves, int n)
{
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(moves[i]));
    return out;
}

static PyObject *Core_generate(Core *self, PyObject *unused)
{
    uint32_t moves[MAXMOVES];
    int n = pos_generate(&self->search.pos, moves);
    return codes_list(moves, n);
}

static PyObject *Core_make(Core *self, PyObject *arg)
{
    unsigned long code = PyLong_AsUnsignedLong(arg);
    if (PyErr_Occurred())
        return NULL;
    Pos *p = &self->search.pos;
    if (p->sp >= MAXSTACK - 1) {
        PyErr_SetString(PyExc_OverflowError, "native core: too many moves made");
        return NULL;
    }
    if ((code & 255) >= (unsigned long)self->rules.size || (code >> 8 & 255) >= (unsigned long)self->rules.size) {
        PyErr_SetString(PyExc_ValueError, "native core: move code off the board");
        return NULL;
    }
    pos_make(p, (uint32_t)code, -2);
    Undo *u = &p->stack[p->sp - 1];
    PyObject *removed = PyTuple_New(u->nremoved);
    for (int i = 0; removed && i < u->nremoved; i++)
        PyTuple_SET_ITEM(removed, i, PyLong_FromLong(u->removed[i]));
    return removed;
}

static PyObject *Core_unmake(Core *self, PyObject *unused)
{
    Pos *p = &self->search.pos;
    if (p->sp <= 0) {
        PyErr_SetString(PyExc_IndexError, "native core: nothing to take back");
        return NULL;
    }
    pos_unmake(p);
    Py_RETURN_NONE;
}

static PyObject *Core_state(Core *self, PyObject *unused)
{
    Pos *p = &self->search.pos;
    PyObject *board = PyList_New(self->rules.size);
    if (!board)
        return NULL;
    for (int sq = 0; sq < self->rules.size; sq++)
        PyList_SET_ITEM(board, sq, PyLong_FromLong(p->board[sq]));
    return Py_BuildValue("(NiKii(ii)K)", board, p->turn, (unsigned long long)p->hash, p->loser, p->quiet,
                         p->lasers[0], p->lasers[1], (unsigned long long)pos_hash_from_scratch(p));
}

static PyObject *Core_perft(Core *self, PyObject *arg)
{
    long depth = PyLong_AsLong(arg);
    if (depth == -1 && PyErr_Occurred())
        return NULL;
    if (depth < 0 || depth > 64) {
        PyErr_SetString(PyExc_ValueError, "perft depth must be 0..64");
        return NULL;
    }
    int64_t n;
    Py_BEGIN_ALLOW_THREADS n = pos_perft(&self->search.pos, (int)depth);
    Py_END_ALLOW_THREADS return PyLong_FromLongLong(n);
}

static PyObject *Core_clear(Core *self, PyObject *unused)
{
    search_clear(&self->search);
    Py_RETURN_NONE;
}

/* begin(options, rep2, node_limit, deadline, next_check, last_nodes, last_time, clock, stop,
 *       ply_limit, virtual_shots, by_region, tt_entries): the start of one search. */
static PyObject *Core_begin(Core *self, PyObject *args)
{
    PyObject *options, *rep2, *deadline, *clock, *stop;
    long long node_limit, next_check, last_nodes, tt_entries;
    double last_time;
    int ply_limit, virtual_shots, by_region;
    if (!PyArg_ParseTuple(args, "OOLOLLdOOiiiL", &options, &rep2, &node_limit, &deadline, &next_check,
                          &last_nodes, &last_time, &clock, &stop, &ply_limit, &virtual_shots, &by_region,
                          &tt_entries))
        return NULL;
    if (!self->has_eval) {
        PyErr_SetString(PyExc_RuntimeError, "native core: set_eval first");
        return NULL;
    }
    Search *e = &self->search;
    long long opt[9];
    Py_ssize_t n;
    PyObject *holder = PyDict_New();
    if (!holder)
        return NULL;
    PyDict_SetItemString(holder, "o", options);
    PyDict_SetItemString(holder, "r", rep2);
    int bad = read_ints(holder, "o", opt, 9, &n);
    if (!bad && n != 9) {
        PyErr_SetString(PyExc_ValueError, "native core: 9 search options expected");
        bad = 1;
    }
    Py_ssize_t nrep = 0;
    long long *reps = NULL;
    if (!bad) {
        PyObject *fast = PySequence_Fast(rep2, "rep2 must be a sequence");
        nrep = fast ? PySequence_Fast_GET_SIZE(fast) : 0;
        Py_XDECREF(fast);
        reps = (long long *)malloc(sizeof(long long) * (size_t)(nrep + 1));
        bad = !fast || !reps || read_ints(holder, "r", reps, nrep, &nrep);
    }
    Py_DECREF(holder);
    if (bad) {
        free(reps);
        return NULL;
    }
    e->opts.quiescence = (int)opt[0];
    e->opts.null_move = (int)opt[1];
    e->opts.lmr = (int)opt[2];
    e->opts.futility = (int)opt[3];
    e->opts.extensions = (int)opt[4];
    e->opts.move_count_pruning = (int)opt[5];
    e->opts.lmr_late = (int)opt[6];
    e->opts.lmr_hot_after = (int)opt[7];
    e->opts.qsearch_depth = (int)opt[8];
    free(e->rep2);
    e->rep2 = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)(nrep + 1));
    for (Py_ssize_t i = 0; i < nrep; i++)
        e->rep2[i] = (uint64_t)reps[i];
    e->nrep2 = (int)nrep;
    free(reps);
    if ((long long)e->tt.count > tt_entries)
        tt_clear(&e->tt);
    search_begin(e);
    e->node_limit = node_limit;
    e->has_deadline = deadline != Py_None;
    e->deadline = e->has_deadline ? PyFloat_AsDouble(deadline) : 0.0;
    if (PyErr_Occurred())
        return NULL;
    e->next_check = next_check;
    e->last_nodes = last_nodes;
    e->last_time = last_time;
    Py_XSETREF(e->clock, Py_NewRef(clock));
    Py_XSETREF(e->stop_fn, Py_NewRef(stop));
    e->ply_limit = ply_limit;
    e->max_q = e->opts.qsearch_depth;
    e->virtual_shots = virtual_shots;
    e->by_region = by_region;
    Py_RETURN_NONE;
}

/* A sequence of root move codes into ``out`` (at most MAXMOVES); its length, -1 on error. */
static Py_ssize_t read_codes(PyObject *seq, uint32_t *out)
{
    PyObject *fast = PySequence_Fast(seq, "a sequence of move codes is needed");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > MAXMOVES) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many root moves");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        out[i] = (uint32_t)PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : n;
}

/* root(order, depth, alpha, beta, s, margin) -> (best, scores, nodes_per_move, pv, iter_best,
 * stopped, nodes): one iteration at the root (Engine._root). */
static PyObject *Core_root(Core *self, PyObject *args)
{
    PyObject *order_obj;
    int depth, alpha, beta, s, margin;
    if (!PyArg_ParseTuple(args, "Oiiiii", &order_obj, &depth, &alpha, &beta, &s, &margin))
        return NULL;
    Search *e = &self->search;
    if (!e->clock) {
        PyErr_SetString(PyExc_RuntimeError, "native core: begin() first");
        return NULL;
    }
    uint32_t order[MAXMOVES], iter_move = 0, iter_pv[MAX_PLY + 2];
    int scores[MAXMOVES], searched = 0, iter_score = 0, iter_len = -1;
    int64_t nodes_per[MAXMOVES];
    Py_ssize_t n = read_codes(order_obj, order);
    if (n < 0)
        return NULL;
    e->released = PyEval_SaveThread();
    int best = search_root(e, order, (int)n, depth, alpha, beta, s, margin, scores, nodes_per, &searched,
                           &iter_score, &iter_move, iter_pv, &iter_len);
    PyEval_RestoreThread(e->released);
    e->released = NULL;
    if (e->error)
        return NULL; /* the clock or the stop signal raised: pass its exception on */
    PyObject *sc = PyList_New(searched), *per = PyList_New(searched);
    for (int i = 0; sc && per && i < searched; i++) {
        PyList_SET_ITEM(sc, i, Py_BuildValue("(ki)", (unsigned long)order[i], scores[i]));
        PyList_SET_ITEM(per, i, Py_BuildValue("(kL)", (unsigned long)order[i], (long long)nodes_per[i]));
    }
    PyObject *pv = codes_list(e->pv[0], e->pvlen[0]);
    PyObject *ib = Py_None;
    if (iter_len >= 0)
        ib = Py_BuildValue("(ikN)", iter_score, (unsigned long)iter_move, codes_list(iter_pv, iter_len));
    else
        Py_INCREF(ib);
    return Py_BuildValue("(iNNNNiL)", best, sc, per, pv, ib, e->stopped, (long long)e->nodes);
}

/* root_moves(codes) -> [(score, code)] best first (Engine._root_moves after its shuffle). */
static PyObject *Core_root_moves(Core *self, PyObject *arg)
{
    if (!self->has_eval) {
        PyErr_SetString(PyExc_RuntimeError, "native core: set_eval first");
        return NULL;
    }
    uint32_t codes[MAXMOVES];
    int scores[MAXMOVES];
    Py_ssize_t n = read_codes(arg, codes);
    if (n < 0)
        return NULL;
    search_root_moves(&self->search, codes, scores, (int)n);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(ik)", scores[i], (unsigned long)codes[i]));
    return out;
}

static PyObject *Core_evaluate(Core *self, PyObject *arg)
{
    long s = PyLong_AsLong(arg);
    if (s == -1 && PyErr_Occurred())
        return NULL;
    if (!self->has_eval) {
        PyErr_SetString(PyExc_RuntimeError, "native core: set_eval first");
        return NULL;
    }
    return PyLong_FromLong(search_evaluate(&self->search, (int)s));
}

static PyObject *Core_tt_size(Core *self, void *closure) { return PyLong_FromSize_t(self->search.tt.count); }

static PyMethodDef Core_methods[] = {
    {"set_eval", (PyCFunction)Core_set_eval, METH_O, "Load the evaluation's tables (a dict)."},
    {"set_position", (PyCFunction)Core_set_position, METH_VARARGS,
     "set_position(board, turn, laser0, laser1, quiet_plies, last_code, prev_hash, loser) -> hash"},
    {"generate", (PyCFunction)Core_generate, METH_NOARGS, "The legal move codes, in the rules' order."},
    {"make", (PyCFunction)Core_make, METH_O, "Make a move code; return what its shots removed."},
    {"unmake", (PyCFunction)Core_unmake, METH_NOARGS, "Take back the last move."},
    {"state", (PyCFunction)Core_state, METH_NOARGS,
     "(board, turn, hash, loser, quiet_plies, lasers, hash from scratch)"},
    {"perft", (PyCFunction)Core_perft, METH_O, "Leaves of the legal-move tree at a depth."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Forget the transposition table and history."},
    {"begin", (PyCFunction)Core_begin, METH_VARARGS, "Start a search (limits, options, history)."},
    {"root", (PyCFunction)Core_root, METH_VARARGS, "Search the root moves once to a depth."},
    {"evaluate", (PyCFunction)Core_evaluate, METH_O, "The static evaluation for the side to move."},
    {"root_moves", (PyCFunction)Core_root_moves, METH_O, "Score and order the root moves."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"tt_size", (getter)Core_tt_size, NULL, "entries in the transposition table", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game._native.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native engine core of one rule set (see game/native.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "game._native", "The native engine core (C): rules and search of Khet and Leiserchess.",
    -1, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddStringConstant(m, "SOURCE_HASH", NATIVE_SOURCE_HASH);
    PyModule_AddIntConstant(m, "MAX_MOVES", MAXMOVES);
    return m;
}
