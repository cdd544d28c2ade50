/* The search of the native core: iterative deepening is driven from Python (game/native.py);
 * this file is one root iteration and everything below it, a port of game/search/engine.py's
 * Engine._root, _negamax, _qsearch, _evasions, _free_kill, _analyse and _play that visits the
 * same nodes in the same order. */
#include <stdlib.h>

#include "search.h"

#define INF 1000000
#define MATE 100000
#define MATE_BOUND (MATE - 1000)
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define CODE_BITS 27
#define CODE_MASK ((1 << CODE_BITS) - 1)
#define HISTORY_MAX (1 << 24)
#define CHECK_EVERY 256

#define ORDER_CAPTURE ((int64_t)1 << 31)
#define ORDER_KILLER ((int64_t)1 << 30)
#define ORDER_ESCAPE ((int64_t)1 << 29)
#define ORDER_TOUCH ((int64_t)1 << 26)
#define ORDER_TOUCH_THEIRS ((int64_t)1 << 25)
#define ORDER_BAD (-((int64_t)1 << 32))

static const int LATE_MOVES[3] = {999, 10, 20};

TTEntry *tt_get(TT *tt, uint64_t key);
void tt_put(TT *tt, uint64_t key, int depth, int flag, int score, uint32_t move);
Hist *hist_new(size_t cap);
void hist_free(Hist *h);
int hist_get(const Hist *h, uint32_t move);
void hist_set(Hist *h, uint32_t move, int value);
Hist *hist_decayed(const Hist *h, int min, int shift);
int path_has(const Search *e, uint64_t h);
void path_add(Search *e, uint64_t h);
void path_discard(Search *e, uint64_t h);
Expo exposure(const Rules *r, const Eval *ev, const uint8_t *board, int royal, int color);
Expo exposure_near(const Rules *r, const Eval *ev, const uint8_t *board, const Expo *old, int color);
int eval_score(const Eval *ev, const uint8_t *board, int stm, int s, const Beam *mine, const Beam *theirs,
               const Expo *mx, const Expo *tx);

static int negamax(Search *e, int depth, int alpha, int beta, int ply, int s, int null_ok);
static int qsearch(Search *e, int alpha, int beta, int ply, int s, int qply);

static inline int64_t keyed(int64_t key, uint32_t c) { return (int64_t)((uint64_t)key << CODE_BITS) | (int64_t)c; }
static inline int64_t key_of(int64_t k) { return k >> CODE_BITS; }

/* ------------------------------------------------------------------ set-up and tables */

void search_init(Search *e)
{
    memset(e, 0, sizeof(*e));
    e->history[0] = hist_new(64);
    e->history[1] = hist_new(64);
    e->frames = (Frame *)calloc(MAX_PLY + 2, sizeof(Frame));
}

static void free_garbage(Search *e)
{
    while (e->garbage) {
        Hist *next = e->garbage->next_garbage;
        hist_free(e->garbage);
        e->garbage = next;
    }
}

void search_free(Search *e)
{
    free_garbage(e);
    hist_free(e->history[0]);
    hist_free(e->history[1]);
    free(e->tt.slots);
    free(e->frames);
    free(e->rep2);
    e->history[0] = e->history[1] = NULL;
    e->tt.slots = NULL;
    e->frames = NULL;
    e->rep2 = NULL;
}

void search_clear(Search *e)
{
    tt_clear(&e->tt);
    for (int c = 0; c < 2; c++) {
        hist_free(e->history[c]);
        e->history[c] = hist_new(64);
    }
}

/* The start of a search: what the reference's Engine._search resets (the TT is cleared by the
 * caller when too full). */
void search_begin(Search *e)
{
    free_garbage(e);
    for (int c = 0; c < 2; c++) {
        Hist *old = e->history[c];
        e->history[c] = hist_decayed(old, 4, 2);
        hist_free(old);
    }
    memset(e->killers, 0, sizeof(e->killers));
    memset(e->pvlen, 0, sizeof(e->pvlen));
    memset(e->path_filter, 0, sizeof(e->path_filter));
    e->npath = 0;
    e->nodes = 0;
    e->stopped = 0;
    e->error = 0;
}

static void retire_history(Search *e, int stm, Hist *fresh)
{
    Hist *old = e->history[stm];
    old->next_garbage = e->garbage; /* ancestors still read and write it, as the reference's do */
    e->garbage = old;
    e->history[stm] = fresh;
}

/* ------------------------------------------------------------------ limits */

static double call_clock(Search *e)
{
    PyObject *t = PyObject_CallNoArgs(e->clock);
    if (!t) {
        e->error = 1;
        return 0.0;
    }
    double v = PyFloat_AsDouble(t);
    Py_DECREF(t);
    if (v == -1.0 && PyErr_Occurred())
        e->error = 1;
    return v;
}

/* Engine._check: 1 when the search must stop. Takes the GIL for the Python callables. */
static int check_limits(Search *e)
{
    if (e->node_limit && e->nodes >= e->node_limit)
        return e->stopped = 1;
    int stop = 0;
    int64_t step = CHECK_EVERY;
    if (e->released)
        PyEval_RestoreThread(e->released);
    if (PyErr_CheckSignals() < 0) /* Ctrl-C: the search ends with KeyboardInterrupt */
        e->error = 1;
    if (!e->error && e->stop_fn && e->stop_fn != Py_None) {
        PyObject *got = PyObject_CallNoArgs(e->stop_fn);
        if (!got)
            e->error = 1;
        else {
            stop = PyObject_IsTrue(got) == 1;
            Py_DECREF(got);
        }
    }
    if (!stop && !e->error && e->has_deadline) {
        double now = call_clock(e);
        if (now >= e->deadline) {
            stop = 1;
        } else {
            if (e->nodes > e->last_nodes && now > e->last_time) {
                double fit = (e->deadline - now) * (double)(e->nodes - e->last_nodes) / (now - e->last_time);
                int64_t half = (int64_t)(fit / 2);
                step = half < CHECK_EVERY ? half : CHECK_EVERY;
                if (step < 16)
                    step = 16;
            }
            e->last_nodes = e->nodes;
            e->last_time = now;
        }
    }
    if (e->released)
        e->released = PyEval_SaveThread();
    if (stop || e->error)
        return e->stopped = 1;
    step += e->nodes;
    e->next_check = e->node_limit && e->node_limit < step ? e->node_limit : step;
    return 0;
}

#define COUNT_NODE(e)                                                                                       \
    do {                                                                                                    \
        (e)->nodes++;                                                                                       \
        if ((e)->nodes >= (e)->next_check && check_limits(e))                                              \
            return 0;                                                                                       \
    } while (0)

/* ------------------------------------------------------------------ helpers */

static inline int is_draw(Search *e, uint64_t h)
{
    if (path_has(e, h))
        return 1;
    for (int i = 0; i < e->nrep2; i++)
        if (e->rep2[i] == h)
            return 1;
    return 0;
}

static void store(Search *e, uint64_t h, int depth, int flag, int score, int ply, uint32_t move)
{
    if (score >= MATE_BOUND)
        score += ply;
    else if (score <= -MATE_BOUND)
        score -= ply;
    tt_put(&e->tt, h, depth, flag, score, move);
}

static void set_pv(Search *e, int ply, uint32_t c, int follow)
{
    e->pv[ply][0] = c;
    int n = follow ? e->pvlen[ply + 1] : 0;
    if (n > MAX_PLY)
        n = MAX_PLY;
    memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)n * sizeof(uint32_t));
    e->pvlen[ply] = n + 1;
}

/* Make ``c`` and return the updated material+placement sum (Engine._play). */
static int play(Search *e, uint32_t c, int s)
{
    Pos *p = &e->pos;
    const int32_t *psq = e->ev->psq;
    uint8_t *b = p->board;
    int frm = c & 255, to = c >> 8 & 255, then = (int)(c >> 18), th = then - 1;
    int pf = b[frm], pt = b[to], pth = then ? b[th] : 0;
    pos_make(p, c, -2);
    if (frm == to)
        s += psq[b[to] << 7 | to] - psq[pf << 7 | to];
    else if (pt)
        s += psq[b[frm] << 7 | frm] + psq[b[to] << 7 | to] - psq[pf << 7 | frm] - psq[pt << 7 | to];
    else
        s += psq[b[to] << 7 | to] - psq[pf << 7 | frm];
    if (then)
        s += psq[b[th] << 7 | th] - psq[pth << 7 | th];
    const Rules *r = e->r;
    Mask changed = m_or(r->bit[frm], r->bit[to]);
    if (then)
        changed = m_or(changed, r->bit[th]);
    Undo *u = &p->stack[p->sp - 1];
    for (int i = 0; i < u->nremoved; i += 2) {
        int sq = u->removed[i];
        changed = m_or(changed, r->bit[sq]);
        if (sq != frm && sq != to && (!then || sq != th))
            s -= psq[u->removed[i + 1] << 7 | sq];
    }
    e->changed[p->sp] = changed; /* the move leading to the node at this stack height */
    e->removed = u->removed;
    e->nremoved = u->nremoved;
    return s;
}

/* What move ``c`` would destroy with a single shot: 0, or square << 16 | piece (shot_after). */
static int shot_after(Search *e, uint32_t c, int emitter)
{
    const Rules *r = e->r;
    uint8_t *b = e->pos.board;
    int frm = c & 255, to = c >> 8 & 255, pf = b[frm], pt = b[to];
    if (frm != to) {
        b[to] = (uint8_t)pf;
        b[frm] = (uint8_t)pt;
        if (emitter == frm)
            emitter = to;
        else if (emitter == to)
            emitter = frm;
    }
    int rot = c >> 16 & 3;
    if (rot)
        b[to] = r->rotate[rot][b[to]];
    int victim = 0;
    if (emitter >= 0) {
        int hit = rules_fire(r, b, emitter, b[emitter] & 3);
        if (hit >= 0)
            victim = b[hit] | hit << 16;
    }
    b[frm] = (uint8_t)pf;
    b[to] = (uint8_t)pt;
    return victim;
}

/* Per square the direction of the beam's first pass, -1 off it (beam_entries' low bits). */
static void beam_entries(Search *e, int emitter, int8_t *entries)
{
    const Rules *r = e->r;
    const uint8_t *b = e->pos.board;
    memset(entries, -1, (size_t)r->size);
    int sq = emitter, d = b[emitter] & 3;
    entries[emitter] = (int8_t)d;
    for (int hop = 0; hop < 256; hop++) {
        int key = sq << 2 | d, n = r->raylen[key], t = -1;
        for (int i = 0; i < n; i++) {
            int x = r->rays[key][i];
            if (entries[x] < 0)
                entries[x] = (int8_t)d;
            if (b[x]) {
                t = x;
                break;
            }
        }
        if (t < 0)
            return;
        int effect = r->optics[b[t] << 2 | d];
        if (effect < 0)
            return;
        sq = t;
        d = effect;
    }
}

static inline int touches(const Search *e, uint32_t c, Mask m)
{
    (void)e;
    return m_has(m, c & 255) || m_has(m, c >> 8 & 255) || (c >> 18);
}

/* touching_moves: the moves touching ``mask`` (or with a third square), in generation order;
 * with ``entries`` (Khet quiescence) steps from off the beam onto it that the beam would then
 * destroy or stop on are left out. */
static int touching(Search *e, const uint32_t *moves, int n, Mask mask, const int8_t *entries, uint32_t *out)
{
    const Rules *r = e->r;
    const uint8_t *b = e->pos.board;
    int k = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = moves[i];
        int frm = c & 255, to = c >> 8 & 255;
        int on = m_has(mask, frm);
        if (!(on || m_has(mask, to) || (c >> 18)))
            continue;
        if (entries && !on && frm != to) {
            int pc = b[frm];
            if (pc >> 3 != K_SCARAB && r->optics[pc << 2 | (entries[to] & 3)] < 0)
                continue;
        }
        out[k++] = c;
    }
    return k;
}

static Beam beam_of(Search *e, int color)
{
    int em = e->pos.lasers[color];
    Beam none = {-1, OFF_BOARD, {0, 0}, 0};
    return em >= 0 ? trace_beam(e->r, e->pos.board, em, e->pos.board[em] & 3) : none;
}

static void royal_exposures(Search *e, Info *info, int need0, int need1)
{
    const Rules *r = e->r;
    const uint8_t *b = e->pos.board;
    int royals[2] = {-1, -1};
    for (int sq = 0; sq < r->size; sq++)
        if (b[sq] && r->is_royal[b[sq]])
            royals[b[sq] >> 2 & 1] = sq;
    Expo none;
    memset(&none, 0, sizeof(none));
    none.r = -1;
    if (need0)
        info->e0 = royals[0] >= 0 ? exposure(r, e->ev, b, royals[0], 0) : none;
    if (need1)
        info->e1 = royals[1] >= 0 ? exposure(r, e->ev, b, royals[1], 1) : none;
}

/* A royal's exposure after the last move, from the parent's: kept while the move changed none of
 * the squares it depends on, only its rings recounted while its lines are untouched; 1 when it
 * must be computed afresh. */
static int reuse_exposure(Search *e, Expo *x, int color, Mask changed)
{
    if (x->r < 0)
        return 1;
    if (!m_meets(changed, x->relevant))
        return 0;
    if (m_meets(changed, x->on_lines))
        return 1;
    *x = exposure_near(e->r, e->ev, e->pos.board, x, color);
    return 0;
}

/* Static score, both beams' traces and both royals' exposure (Engine._analyse); the parent's
 * traces and exposures are reused when the move that led here changed none of their squares. */
static Info analyse(Search *e, int stm, int s, int ply)
{
    Info info;
    int need0 = 1, need1 = 1;
    if (ply > 0) {
        const Info *parent = &e->info_at[ply - 1];
        Mask changed = e->changed[e->pos.sp]; /* (a re-search reaches a node again without play) */
        /* the side to move here is the parent's opponent: the beams swap roles */
        info.mine = m_meets(changed, parent->theirs.path) ? beam_of(e, stm) : parent->theirs;
        info.theirs = m_meets(changed, parent->mine.path) ? beam_of(e, stm ^ 1) : parent->mine;
        info.e0 = parent->e0;
        info.e1 = parent->e1;
        need0 = reuse_exposure(e, &info.e0, 0, changed);
        need1 = reuse_exposure(e, &info.e1, 1, changed);
    } else {
        info.mine = beam_of(e, stm);
        info.theirs = beam_of(e, stm ^ 1);
    }
    if (need0 || need1)
        royal_exposures(e, &info, need0, need1);
    const Eval *ev = e->ev;
    const uint8_t *b = e->pos.board;
    if (stm == 0)
        info.stat = eval_score(ev, b, 0, s, &info.mine, &info.theirs, &info.e0, &info.e1);
    else
        info.stat = eval_score(ev, b, 1, s, &info.mine, &info.theirs, &info.e1, &info.e0);
    return info;
}

int search_evaluate(Search *e, int s) { return analyse(e, e->pos.turn, s, 0).stat; }

/* A move off our beam (the beam then fires unchanged into the enemy royal), verified. */
static uint32_t free_kill(Search *e, Mask my_path, int ply)
{
    Pos *p = &e->pos;
    uint32_t *moves = e->frames[ply].moves;
    int n = pos_generate(p, moves);
    for (int i = 0; i < n; i++) {
        uint32_t c = moves[i];
        if (!(m_has(my_path, c & 255) || m_has(my_path, c >> 8 & 255) || (c >> 18))) {
            pos_make(p, c, -2);
            int won = p->loser == p->turn;
            pos_unmake(p);
            if (won)
                return c;
        }
    }
    return 0;
}

static int leaf(Search *e, int ply, int s)
{
    COUNT_NODE(e);
    e->pvlen[ply] = 0;
    return analyse(e, e->pos.turn, s, ply).stat;
}

/* ------------------------------------------------------------------ quiescence */

static int evasions(Search *e, int alpha, int beta, int ply, int s, int qply, const Beam *mine, const Beam *theirs)
{
    Pos *p = &e->pos;
    const Rules *r = e->r;
    const uint8_t *b = p->board;
    int stm = p->turn, opp = stm ^ 1;
    int best = -(MATE - ply - 2);
    if (best >= beta)
        return best;
    Frame *f = &e->frames[ply];
    int n = pos_generate(p, f->moves);
    if (!(mine->effect == DESTROY && m_has(theirs->path, mine->stop)))
        n = touching(e, f->moves, n, m_or(mine->path, theirs->path), NULL, f->hot);
    else
        memcpy(f->hot, f->moves, (size_t)n * sizeof(uint32_t));
    for (int i = 0; i < n; i++) {
        uint32_t c = f->hot[i];
        int s2 = play(e, c, s);
        int loser = p->loser;
        if (loser >= 0) {
            pos_unmake(p);
            if (loser == opp)
                return MATE - ply - 1;
            continue;
        }
        int em = p->lasers[opp];
        if (em >= 0) {
            int hit = rules_fire(r, b, em, b[em] & 3);
            if (hit >= 0 && r->is_royal[b[hit]] && (b[hit] >> 2 & 1) == stm) {
                pos_unmake(p);
                continue;
            }
        }
        int sc = -qsearch(e, -beta, -(alpha > best ? alpha : best), ply + 1, s2, qply + 1);
        pos_unmake(p);
        if (e->stopped)
            return 0;
        if (sc > best) {
            best = sc;
            if (sc >= beta)
                break;
        }
    }
    return best;
}

static int qsearch(Search *e, int alpha, int beta, int ply, int s, int qply)
{
    COUNT_NODE(e);
    e->pvlen[ply] = 0;
    Pos *p = &e->pos;
    const Rules *r = e->r;
    const uint8_t *b = p->board;
    int stm = p->turn, opp = stm ^ 1;
    Info *info = &e->info_at[ply];
    *info = analyse(e, stm, s, ply);
    int stand = info->stat;
    Beam mine = info->mine, theirs = info->theirs;
    if (mine.effect == DESTROY) {
        int victim = b[mine.stop];
        if (r->is_royal[victim] && (victim >> 2 & 1) == opp)
            return MATE - ply - 1;
    }
    if (theirs.effect == DESTROY) {
        int victim = b[theirs.stop];
        if (r->is_royal[victim] && (victim >> 2 & 1) == stm)
            return evasions(e, alpha, beta, ply, s, qply, &mine, &theirs);
    }
    if (stand >= beta || qply >= e->max_q || ply >= MAX_PLY)
        return stand;
    int kills_only = stand + e->ev->delta_margin <= alpha;
    if (stand > alpha)
        alpha = stand;
    int best = stand, emitter = p->lasers[stm], virt = e->virtual_shots;
    int8_t entries[MAXSQ];
    int use_entries = virt && emitter >= 0 && e->by_region;
    if (use_entries)
        beam_entries(e, emitter, entries);
    Frame *f = &e->frames[ply];
    int n = pos_generate(p, f->moves);
    n = touching(e, f->moves, n, mine.path, use_entries ? entries : NULL, f->hot);
    for (int i = 0; i < n; i++) {
        uint32_t c = f->hot[i];
        if (virt && !(c >> 18)) {
            int victim = shot_after(e, c, emitter) & 0xFFFF;
            if (!victim || ((victim >> 2 & 1) == stm && !r->is_royal[victim]))
                continue;
            if (kills_only && !r->is_royal[victim])
                continue;
        }
        int s2 = play(e, c, s);
        int loser = p->loser;
        if (loser >= 0) {
            pos_unmake(p);
            if (loser == opp)
                return MATE - ply - 1;
            continue;
        }
        if (kills_only || !e->nremoved) {
            pos_unmake(p);
            continue;
        }
        int gain = 0;
        for (int k = 1; k < e->nremoved; k += 2) {
            int v = e->ev->value[e->removed[k]];
            gain += (e->removed[k] >> 2 & 1) == opp ? v : -v;
        }
        if (gain <= 0) {
            pos_unmake(p);
            continue;
        }
        int sc = -qsearch(e, -beta, -alpha, ply + 1, s2, qply + 1);
        pos_unmake(p);
        if (e->stopped)
            return 0;
        if (sc > best) {
            best = sc;
            if (sc > alpha) {
                alpha = sc;
                if (sc >= beta)
                    break;
            }
        }
    }
    return best;
}

/* ------------------------------------------------------------------ interior nodes */

/* Sort keyed moves best first (the lists are short: insertion sort beats a library sort). */
static void sort_desc(int64_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        int64_t x = a[i];
        int j = i;
        while (j > 0 && a[j - 1] < x) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

/* The score of a child reached by a move already made (a draw by repetition or ply limit, else
 * quiescence with the windows the reference uses at depth 1). */
static int leaf_child(Search *e, int alpha, int beta, int ply, int s2, int first)
{
    Pos *p = &e->pos;
    uint64_t h2 = p->hash;
    if (is_draw(e, h2) || (e->ply_limit && p->quiet >= e->ply_limit)) {
        e->pvlen[ply + 1] = 0;
        return 0;
    }
    if (first)
        return -qsearch(e, -beta, -alpha, ply + 1, s2, 0);
    int sc = -qsearch(e, -alpha - 1, -alpha, ply + 1, s2, 0);
    if (!e->stopped && alpha < sc && sc < beta)
        sc = -qsearch(e, -beta, -alpha, ply + 1, s2, 0);
    return sc;
}

typedef struct {
    /* per node state shared by the move loop's parts */
    int depth, ply, s, pv_node, stm, opp, static_eval;
    uint64_t h;
    uint32_t tt_move, k1, k2;
    Hist *hist;
    Info info;
} Node;

/* A move of the first stage kills the enemy royal: the node is won, its move stored. */
static int kill_found(Search *e, const Node *nd, uint32_t c)
{
    path_discard(e, nd->h);
    store(e, nd->h, MAX_PLY, EXACT, MATE - nd->ply - 1, nd->ply, c);
    e->pv[nd->ply][0] = c;
    e->pvlen[nd->ply] = 1;
    return MATE - nd->ply - 1;
}

/* The staged ordering's first stage: classify the moves touching our beam (tactical / bad
 * lists of keyed moves). Returns 1 with *result set when a move kills the enemy royal. */
static int classify_hot(Search *e, Node *nd, Frame *f, int nhot, int *ntac, int *nbad, int *result)
{
    Pos *p = &e->pos;
    const Rules *r = e->r;
    const Eval *ev = e->ev;
    int emitter = p->lasers[nd->stm], virt = e->virtual_shots;
    for (int i = 0; i < nhot; i++) {
        uint32_t c = f->hot[i];
        int64_t key;
        if (c == nd->tt_move)
            continue;
        if (virt && !(c >> 18)) {
            int victim = shot_after(e, c, emitter) & 0xFFFF;
            if (!victim) {
                key = ORDER_TOUCH + hist_get(nd->hist, c);
                if (c == nd->k1 || c == nd->k2)
                    key = ORDER_KILLER + (c == nd->k1);
            } else if (r->is_royal[victim]) {
                if ((victim >> 2 & 1) == nd->opp) {
                    *result = kill_found(e, nd, c);
                    return 1;
                }
                continue;
            } else if ((victim >> 2 & 1) == nd->opp) {
                key = ORDER_CAPTURE + (int64_t)(ev->value[victim] + 1) * 4096;
            } else {
                key = ORDER_BAD - (int64_t)(ev->value[victim] + 1) * 4096;
            }
        } else {
            pos_make(p, c, -2);
            int loser = p->loser;
            Undo *u = &p->stack[p->sp - 1];
            int gain = 0, nrem = u->nremoved;
            for (int k = 1; k < nrem; k += 2) {
                int v = ev->value[u->removed[k]] + 1;
                gain += (u->removed[k] >> 2 & 1) == nd->opp ? v : -v;
            }
            pos_unmake(p);
            if (loser >= 0) {
                if (loser == nd->opp) {
                    *result = kill_found(e, nd, c);
                    return 1;
                }
                continue;
            }
            if (nrem) {
                key = (gain > 0 ? ORDER_CAPTURE : ORDER_BAD) + (int64_t)gain * 4096;
            } else {
                key = ORDER_TOUCH + hist_get(nd->hist, c);
                if (c == nd->k1 || c == nd->k2)
                    key = ORDER_KILLER + (c == nd->k1);
            }
        }
        if (key >= 0)
            f->tactical[(*ntac)++] = keyed(key, c);
        else
            f->bad[(*nbad)++] = keyed(key, c);
    }
    return 0;
}

/* Stable sort of ``cold`` by history, best first; moves without history keep their order last. */
static void rank_by_history(const Hist *hist, uint32_t *cold, int n)
{
    uint32_t ranked[MAXMOVES], rest[MAXMOVES];
    int vals[MAXMOVES], nr = 0, nrest = 0;
    for (int i = 0; i < n; i++) {
        int v = hist_get(hist, cold[i]);
        if (v) {
            int j = nr++;
            while (j > 0 && vals[j - 1] < v) {
                vals[j] = vals[j - 1];
                ranked[j] = ranked[j - 1];
                j--;
            }
            vals[j] = v;
            ranked[j] = cold[i];
        } else {
            rest[nrest++] = cold[i];
        }
    }
    if (!nr)
        return;
    memcpy(cold, ranked, (size_t)nr * sizeof(uint32_t));
    memcpy(cold + nr, rest, (size_t)nrest * sizeof(uint32_t));
}

static int remove_first(uint32_t *list, int n, uint32_t c)
{
    for (int i = 0; i < n; i++) {
        if (list[i] == c) {
            memmove(list + i, list + i + 1, (size_t)(n - i - 1) * sizeof(uint32_t));
            return n - 1;
        }
    }
    return n;
}

typedef struct {
    int norder, n_caps, n_hard, n_tac, ntac, nbad, generated, searched;
    int64_t free_gain;
    int free_self_kill, threatened;
} Stage;

/* The second stage (Engine._negamax's "rest_pending" block): the moves off our beam, keyed,
 * and the final order of everything. Returns 0 to go on, or 1 with *result when the node ends. */
static int second_stage(Search *e, Node *nd, Frame *f, int nmoves, Stage *st, int *result)
{
    Mask mine = nd->info.mine.path, theirs = nd->info.theirs.path;
    int nnear = 0, ncold = 0;
    for (int i = 0; i < nmoves; i++) {
        uint32_t c = f->moves[i];
        if (m_has(mine, c & 255) || m_has(mine, c >> 8 & 255) || (c >> 18))
            continue;
        if (m_has(theirs, c & 255) || m_has(theirs, c >> 8 & 255))
            f->near[nnear++] = c;
        else
            f->cold[ncold++] = c;
    }
    st->generated += ncold + nnear;
    int64_t *tactical = f->tactical;
    int ntac = st->ntac; /* the first stage's non-captures ("later") are already at the front */
    for (int i = 0; i < nnear; i++) {
        uint32_t c = f->near[i];
        int64_t key;
        if (c == nd->tt_move)
            continue;
        if (st->free_gain) {
            key = (st->free_gain > 0 ? ORDER_CAPTURE : ORDER_BAD) + st->free_gain * 4096 + hist_get(nd->hist, c);
        } else if (st->free_self_kill) {
            continue;
        } else {
            key = (st->threatened ? ORDER_ESCAPE : ORDER_TOUCH_THEIRS) + hist_get(nd->hist, c);
            if (key < ORDER_KILLER && (c == nd->k1 || c == nd->k2))
                key = ORDER_KILLER + (c == nd->k1);
        }
        if (key >= 0)
            tactical[ntac++] = keyed(key, c);
        else
            f->bad[st->nbad++] = keyed(key, c);
    }
    if (nd->tt_move)
        ncold = remove_first(f->cold, ncold, nd->tt_move);
    if (ncold) {
        if (st->free_self_kill) {
            ncold = 0;
        } else if (st->free_gain) {
            int64_t band = st->free_gain > 0 ? ORDER_CAPTURE : ORDER_BAD;
            for (int i = 0; i < ncold; i++) {
                uint32_t c = f->cold[i];
                int64_t key = band + st->free_gain * 4096 + hist_get(nd->hist, c);
                if (key >= 0)
                    tactical[ntac++] = keyed(key, c);
                else
                    f->bad[st->nbad++] = keyed(key, c);
            }
            ncold = 0;
        } else {
            uint32_t ks[2] = {nd->k1, nd->k2}, promoted[2];
            int npro = 0;
            for (int k = 0; k < 2; k++) {
                uint32_t kc = ks[k];
                if (!kc)
                    continue;
                for (int i = 0; i < ncold; i++) {
                    if (f->cold[i] == kc) {
                        tactical[ntac++] = keyed(ORDER_KILLER + (kc == nd->k1), kc);
                        promoted[npro++] = kc;
                        break;
                    }
                }
            }
            for (int k = 0; k < npro; k++)
                ncold = remove_first(f->cold, ncold, promoted[k]);
            if (nd->hist->count)
                rank_by_history(nd->hist, f->cold, ncold);
        }
    }
    if (!st->generated) {
        path_discard(e, nd->h);
        *result = 0;
        return 1;
    }
    if (!ntac && !ncold && !st->nbad && !st->searched && !st->norder) {
        path_discard(e, nd->h);
        *result = -(MATE - nd->ply - 1);
        return 1;
    }
    sort_desc(tactical, ntac);
    sort_desc(f->bad, st->nbad);
    int base = st->norder, j = 0;
    while (j < ntac && key_of(tactical[j]) >= ORDER_CAPTURE)
        j++;
    st->n_caps = base + j;
    while (j < ntac && key_of(tactical[j]) >= ORDER_ESCAPE)
        j++;
    st->n_hard = base + j;
    st->n_tac = base + ntac;
    for (int i = 0; i < ntac; i++)
        f->order[st->norder++] = tactical[i];
    for (int i = 0; i < ncold; i++)
        f->order[st->norder++] = f->cold[i];
    for (int i = 0; i < st->nbad; i++)
        f->order[st->norder++] = f->bad[i];
    st->ntac = 0;
    return 0;
}

static int search_moves(Search *e, Node *nd, int alpha, int beta, int best, uint32_t *best_move_out,
                        int searched0, int *alpha_out, int *ended);

static int negamax(Search *e, int depth, int alpha, int beta, int ply, int s, int null_ok)
{
    Pos *p = &e->pos;
    uint64_t h = p->hash;
    e->pvlen[ply] = 0;
    if (is_draw(e, h))
        return 0;
    if (e->ply_limit && p->quiet >= e->ply_limit)
        return 0;
    if (depth <= 0 || ply >= MAX_PLY)
        return e->opts.quiescence ? qsearch(e, alpha, beta, ply, s, 0) : leaf(e, ply, s);
    COUNT_NODE(e);
    if (alpha < -MATE + ply) {
        alpha = -MATE + ply;
        if (alpha >= beta)
            return alpha;
    }
    if (beta > MATE - ply - 1) {
        beta = MATE - ply - 1;
        if (alpha >= beta)
            return beta;
    }
    Node nd;
    nd.pv_node = beta - alpha > 1;
    nd.tt_move = 0;
    TTEntry *en = tt_get(&e->tt, h);
    if (en) {
        nd.tt_move = en->move;
        if (en->depth >= depth && !nd.pv_node) {
            int es = en->score;
            if (es >= MATE_BOUND)
                es -= ply;
            else if (es <= -MATE_BOUND)
                es += ply;
            if (en->flag == EXACT || (en->flag == LOWER && es >= beta) || (en->flag == UPPER && es <= alpha))
                return es;
        }
    }
    const Rules *r = e->r;
    const uint8_t *b = p->board;
    nd.stm = p->turn;
    nd.opp = nd.stm ^ 1;
    nd.h = h;
    nd.ply = ply;
    nd.s = s;
    nd.info = e->info_at[ply] = analyse(e, nd.stm, s, ply);
    nd.static_eval = nd.info.stat;
    const Beam *mine = &nd.info.mine, *theirs = &nd.info.theirs;
    int my_victim = mine->effect == DESTROY ? b[mine->stop] : 0;
    if (my_victim && r->is_royal[my_victim] && (my_victim >> 2 & 1) == nd.opp) {
        uint32_t kill = free_kill(e, mine->path, ply);
        if (kill) {
            store(e, h, MAX_PLY, EXACT, MATE - ply - 1, ply, kill);
            return MATE - ply - 1;
        }
    }
    int their_victim = theirs->effect == DESTROY ? b[theirs->stop] : 0;
    int in_danger = their_victim && r->is_royal[their_victim] && (their_victim >> 2 & 1) == nd.stm;
    if (in_danger && e->opts.extensions && ply < 2 * e->root_depth + 2)
        depth++;
    if (!nd.pv_node && !in_danger && -MATE_BOUND < beta && beta < MATE_BOUND) {
        if (e->opts.futility && depth <= 3 && nd.static_eval - 120 * depth >= beta)
            return nd.static_eval - 120 * depth;
        if (e->opts.null_move && null_ok && depth >= 3 && nd.static_eval >= beta) {
            int red = depth >= 6 ? 3 : 2, em = p->lasers[nd.stm];
            uint32_t null = em >= 0 ? (uint32_t)(em | em << 8) : 0;
            int s2 = play(e, null, s);
            if (p->loser < 0) {
                path_add(e, h);
                int sc = -negamax(e, depth - 1 - red, -beta, -beta + 1, ply + 1, s2, 0);
                path_discard(e, h);
                pos_unmake(p);
                if (e->stopped)
                    return 0;
                if (sc >= beta)
                    return sc >= MATE_BOUND ? beta : sc;
            } else {
                pos_unmake(p);
            }
        }
    }
    nd.depth = depth;
    nd.k1 = e->killers[ply][0];
    nd.k2 = e->killers[ply][1];
    nd.hist = e->history[nd.stm];
    int orig_alpha = alpha, best = -INF, searched = 0;
    uint32_t best_move = 0;
    path_add(e, h);
    int leafy = depth <= 1 && e->opts.quiescence;
    if (nd.tt_move) {
        uint32_t c = nd.tt_move;
        int s2 = play(e, c, s), loser = p->loser, sc;
        if (loser >= 0)
            sc = loser == nd.opp ? MATE - ply - 1 : -(MATE - ply - 1);
        else if (leafy)
            sc = leaf_child(e, alpha, beta, ply, s2, 1);
        else
            sc = -negamax(e, depth - 1, -beta, -alpha, ply + 1, s2, 1);
        pos_unmake(p);
        if (e->stopped)
            return 0;
        searched = 1;
        best = sc;
        if (sc > alpha) {
            alpha = sc;
            best_move = c;
            if (nd.pv_node)
                set_pv(e, ply, c, loser < 0);
            if (sc >= beta) {
                path_discard(e, h);
                store(e, h, depth, LOWER, sc, ply, c);
                return sc;
            }
        }
    }
    int alpha_after = alpha, ended = 0;
    best = search_moves(e, &nd, alpha, beta, best, &best_move, searched, &alpha_after, &ended);
    if (e->stopped)
        return 0;
    if (ended)
        return best;
    if (best == -INF)
        best = alpha_after;
    int flag = best >= beta ? LOWER : (best > orig_alpha ? EXACT : UPPER);
    store(e, h, depth, flag, best, ply, best_move ? best_move : nd.tt_move);
    return best;
}

/* The move loop of a node after the table's move (staged generation, pruning, reductions).
 * Returns the node's best score; *ended is set when the node ended early and that score is its
 * result as it stands (a kill found while classifying, no moves, or only moves losing at once). */
static int search_moves(Search *e, Node *nd, int alpha, int beta, int best, uint32_t *best_move_out,
                        int searched0, int *alpha_out, int *ended)
{
    Pos *p = &e->pos;
    const Rules *r = e->r;
    const Eval *ev = e->ev;
    const uint8_t *b = p->board;
    Frame *f = &e->frames[nd->ply];
    int ply = nd->ply, depth = nd->depth, stm = nd->stm, opp = nd->opp, result = 0;
    Stage st;
    memset(&st, 0, sizeof(st));
    st.searched = searched0;
    int my_victim = nd->info.mine.effect == DESTROY ? b[nd->info.mine.stop] : 0;
    int their_victim = nd->info.theirs.effect == DESTROY ? b[nd->info.theirs.stop] : 0;
    if (my_victim) {
        if ((my_victim >> 2 & 1) == opp)
            st.free_gain = ev->value[my_victim] + 1;
        else if (r->is_royal[my_victim])
            st.free_self_kill = 1;
        else
            st.free_gain = -ev->value[my_victim] - 1;
    }
    st.threatened = their_victim && (their_victim >> 2 & 1) == stm;
    int in_danger = their_victim && r->is_royal[their_victim] && (their_victim >> 2 & 1) == stm;
    int nmoves = pos_generate(p, f->moves);
    int nhot = touching(e, f->moves, nmoves, nd->info.mine.path, NULL, f->hot);
    st.generated = nhot;
    int ntac = 0;
    if (classify_hot(e, nd, f, nhot, &ntac, &st.nbad, &result)) {
        *ended = 1;
        return result;
    }
    sort_desc(f->tactical, ntac);
    int n_caps = 0;
    while (n_caps < ntac && key_of(f->tactical[n_caps]) >= ORDER_CAPTURE)
        n_caps++;
    /* order = the captures; later (kept at the front of tactical) = the rest of the first stage */
    if (st.free_gain || st.free_self_kill) {
        st.norder = 0;
        st.ntac = ntac;
    } else {
        for (int i = 0; i < n_caps; i++)
            f->order[i] = f->tactical[i];
        st.norder = n_caps;
        memmove(f->tactical, f->tactical + n_caps, (size_t)(ntac - n_caps) * sizeof(int64_t));
        st.ntac = ntac - n_caps;
    }
    st.n_caps = st.n_hard = st.n_tac = st.norder;
    int rest_pending = 1, quiets = 0, npruned = 0;
    int selective = !nd->pv_node && !in_danger && alpha > -MATE_BOUND;
    int futile = selective && e->opts.futility && depth <= 2 && nd->static_eval + 150 * depth <= alpha;
    int late = selective && e->opts.move_count_pruning && depth < 3 ? LATE_MOVES[depth] : 999;
    int lmr = e->opts.lmr && depth >= 3 && !in_danger;
    int leafy = depth <= 1 && e->opts.quiescence;
    uint32_t best_move = *best_move_out;
    int i = 0;
    for (;;) {
        if (i >= st.norder) {
            if (!rest_pending)
                break;
            rest_pending = 0;
            if (second_stage(e, nd, f, nmoves, &st, &result)) {
                *ended = 1;
                return result;
            }
            continue;
        }
        uint32_t c = (uint32_t)(f->order[i] & CODE_MASK);
        if (i >= st.n_tac && st.searched) {
            if (futile || quiets >= late) {
                f->pruned[npruned++] = c;
                i++;
                if (i == st.norder && best <= -MATE_BOUND) {
                    for (int k = 0; k < npruned; k++)
                        f->order[st.norder++] = f->pruned[k];
                    npruned = 0;
                    futile = 0;
                    late = 999;
                }
                continue;
            }
            quiets++;
        }
        int s2 = play(e, c, nd->s), loser = p->loser, sc;
        if (loser >= 0) {
            sc = loser == opp ? MATE - ply - 1 : -(MATE - ply - 1);
        } else if (leafy) {
            sc = leaf_child(e, alpha, beta, ply, s2, !st.searched);
        } else if (!st.searched) {
            sc = -negamax(e, depth - 1, -beta, -alpha, ply + 1, s2, 1);
        } else {
            int red = 0;
            if (lmr && i >= st.n_hard && st.searched >= 3) {
                if (i >= st.n_tac) {
                    red = st.searched < e->opts.lmr_late ? 1 : 2;
                    if (st.searched >= 3 * e->opts.lmr_late && depth >= 6)
                        red = 3;
                } else if (st.searched >= e->opts.lmr_hot_after) {
                    red = 1;
                }
                if (red >= depth - 1)
                    red = depth - 2;
            }
            sc = -negamax(e, depth - 1 - red, -alpha - 1, -alpha, ply + 1, s2, 1);
            if (!e->stopped && red && sc > alpha)
                sc = -negamax(e, depth - 1, -alpha - 1, -alpha, ply + 1, s2, 1);
            if (!e->stopped && alpha < sc && sc < beta)
                sc = -negamax(e, depth - 1, -beta, -alpha, ply + 1, s2, 1);
        }
        pos_unmake(p);
        if (e->stopped)
            return 0;
        st.searched++;
        i++;
        if (sc > best) {
            best = sc;
            if (sc > alpha) {
                alpha = sc;
                best_move = c;
                if (nd->pv_node)
                    set_pv(e, ply, c, loser < 0);
                if (sc >= beta) {
                    if (i > st.n_caps) {
                        if (c != nd->k1) {
                            e->killers[ply][1] = nd->k1;
                            e->killers[ply][0] = c;
                        }
                        int v = hist_get(nd->hist, c) + depth * depth;
                        hist_set(nd->hist, c, v);
                        if (v > HISTORY_MAX) /* halved into a new table; ancestors keep the old one */
                            retire_history(e, stm, hist_decayed(nd->hist, 2, 1));
                    }
                    break;
                }
            }
        }
        if (i == st.norder && npruned && best <= -MATE_BOUND && !rest_pending) {
            for (int k = 0; k < npruned; k++)
                f->order[st.norder++] = f->pruned[k];
            npruned = 0;
            futile = 0;
            late = 999;
        }
    }
    if (npruned && futile && nd->static_eval + 150 * depth > best)
        best = nd->static_eval + 150 * depth;
    path_discard(e, nd->h);
    *best_move_out = best_move;
    *alpha_out = alpha;
    return best;
}

/* ------------------------------------------------------------------ the root */

int search_root(Search *e, const uint32_t *order, int n, int depth, int alpha, int beta, int s, int margin,
                int *scores, int64_t *root_nodes, int *searched, int *iter_best_score, uint32_t *iter_best_move,
                uint32_t *iter_pv, int *iter_pv_len)
{
    Pos *p = &e->pos;
    int stm = p->turn, opp = stm ^ 1, best = -INF, first = 1;
    uint64_t h = p->hash;
    *iter_pv_len = -1; /* no iter_best */
    e->pvlen[0] = 0;
    e->root_depth = depth;
    path_add(e, h);
    e->info_at[0] = analyse(e, stm, s, 0);
    *searched = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = order[i];
        int64_t n0 = e->nodes;
        int s2 = play(e, c, s), loser = p->loser, sc;
        if (loser >= 0) {
            sc = loser == opp ? MATE - 1 : -(MATE - 1);
        } else if (margin && !first) {
            int floor = best - margin - 1;
            sc = -negamax(e, depth - 1, -floor - 1, -floor, 1, s2, 1);
            if (!e->stopped && sc > best)
                sc = -negamax(e, depth - 1, -beta, -best, 1, s2, 1);
        } else if (first) {
            sc = -negamax(e, depth - 1, -beta, -alpha, 1, s2, 1);
        } else {
            sc = -negamax(e, depth - 1, -alpha - 1, -alpha, 1, s2, 1);
            if (!e->stopped && alpha < sc && sc < beta)
                sc = -negamax(e, depth - 1, -beta, -alpha, 1, s2, 1);
        }
        pos_unmake(p);
        if (e->stopped)
            break;
        first = 0;
        root_nodes[i] = e->nodes - n0;
        scores[i] = sc;
        *searched = i + 1;
        if (sc > best) {
            best = sc;
            if (sc > alpha) {
                alpha = sc;
                set_pv(e, 0, c, loser < 0);
                *iter_best_score = sc;
                *iter_best_move = c;
                memcpy(iter_pv, e->pv[0], (size_t)e->pvlen[0] * sizeof(uint32_t));
                *iter_pv_len = e->pvlen[0];
                if (sc >= beta)
                    break;
            }
        }
    }
    path_discard(e, h);
    return best;
}

/* Engine._root_moves after the shuffle: every root move made once, scored by what it decides at
 * once (a royal kill) or removes, and sorted best first, stably. */
void search_root_moves(Search *e, uint32_t *codes, int *scores, int n)
{
    Pos *p = &e->pos;
    int opp = p->turn ^ 1;
    for (int i = 0; i < n; i++) {
        pos_make(p, codes[i], -2);
        int loser = p->loser, gain = 0;
        Undo *u = &p->stack[p->sp - 1];
        for (int k = 1; k < u->nremoved; k += 2) {
            int v = e->ev->value[u->removed[k]];
            gain += (u->removed[k] >> 2 & 1) == opp ? v : -v;
        }
        pos_unmake(p);
        scores[i] = loser >= 0 ? (loser == opp ? MATE - 1 : -(MATE - 1)) : gain;
    }
    for (int i = 1; i < n; i++) {
        int sc = scores[i], j = i;
        uint32_t c = codes[i];
        while (j > 0 && scores[j - 1] < sc) {
            scores[j] = scores[j - 1];
            codes[j] = codes[j - 1];
            j--;
        }
        scores[j] = sc;
        codes[j] = c;
    }
}
