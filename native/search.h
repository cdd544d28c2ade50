/* The search of the native core: a port of game/search/engine.py and evaluate.py (see core.h). */
#ifndef LASER_SEARCH_H
#define LASER_SEARCH_H

#include <Python.h>

#include "core.h"

#define MAX_PLY 96
#define ORDER_LEN (2 * MAXMOVES)

typedef struct {
    int stop, effect;
    Mask path;
    int mirrors;
} Beam;

typedef struct {
    int danger;
    Mask relevant, l[4], on_lines;
    int line_danger, r; /* r < 0: no royal (NO_EXPOSURE) */
} Expo;

typedef struct {
    int stat;
    Beam mine, theirs;
    Expo e0, e1;
} Info;

/* The evaluation's tables (built by game/search/evaluate.py's Evaluator and handed over). */
typedef struct {
    int32_t psq[MAXCODE * 128];
    int value[MAXCODE], free_[MAXCODE], hanging[MAXCODE], self_wait[MAXCODE], self_hit[MAXCODE];
    int near_d[MAXCODE], far_d[MAXCODE];
    int tempo, beam_control, cross, open_line, shut_line, laser_line, enemy_mirror, guard;
    uint8_t ring2[MAXSQ][16], ring2n[MAXSQ];
    Mask near_mask[MAXSQ], ring1_mask[MAXSQ];
    int delta_margin;
    int grip, king_ring, king_room, naked; /* Leiserchess strategy terms (0 = off) */
} Eval;

typedef struct {
    int quiescence, null_move, lmr, futility, extensions, move_count_pruning;
    int lmr_late, lmr_hot_after, qsearch_depth;
} Options;

typedef struct {
    uint64_t key;
    int32_t score;
    uint32_t move;
    int16_t depth;
    uint8_t flag, used;
} TTEntry;

typedef struct {
    TTEntry *slots;
    size_t cap, count;
} TT;

/* History: move code -> value (0: absent), an exact stand-in for the reference's dict. */
typedef struct Hist {
    uint32_t *keys; /* code + 1, 0 empty */
    int32_t *vals;
    size_t cap, count;
    struct Hist *next_garbage;
} Hist;

typedef struct {
    uint32_t moves[MAXMOVES], hot[MAXMOVES], near[MAXMOVES], cold[MAXMOVES], pruned[ORDER_LEN];
    int64_t tactical[MAXMOVES], bad[MAXMOVES], order[ORDER_LEN + MAXMOVES];
} Frame;

typedef struct {
    const Rules *r;
    const Eval *ev;
    Options opts;
    Pos pos;
    TT tt;
    Hist *history[2];
    Hist *garbage;
    uint32_t killers[MAX_PLY + 2][2];
    Info info_at[MAX_PLY + 2];
    uint32_t pv[MAX_PLY + 2][MAX_PLY + 2];
    int pvlen[MAX_PLY + 2];
    Frame *frames; /* one per ply */
    /* the search path (repetition inside the tree) and the game's positions seen twice */
    uint64_t path[MAXSTACK];
    int npath;
    uint16_t path_filter[4096];
    uint64_t *rep2;
    int nrep2;
    /* limits */
    int64_t nodes, next_check, node_limit;
    int has_deadline;
    double deadline, last_time;
    int64_t last_nodes;
    PyObject *clock, *stop_fn;
    PyThreadState *released; /* non-NULL while the search runs without the GIL */
    int stopped, error;
    int root_depth, ply_limit, max_q, virtual_shots, by_region;
    Mask changed[MAXSTACK]; /* per stack height: the squares the move made there changed */
    const uint8_t *removed; /* the last played move's removals */
    int nremoved;
} Search;

void search_init(Search *e);
void search_free(Search *e);
void search_clear(Search *e);
void search_begin(Search *e);
int search_root(Search *e, const uint32_t *order, int n, int depth, int alpha, int beta, int s, int margin,
                int *scores, int64_t *root_nodes, int *searched, int *iter_best_score, uint32_t *iter_best_move,
                uint32_t *iter_pv, int *iter_pv_len);
int search_evaluate(Search *e, int s);
void search_root_moves(Search *e, uint32_t *codes, int *scores, int n);
Beam trace_beam(const Rules *r, const uint8_t *board, int start, int d);
void tt_clear(TT *tt);

#endif
