/* The native engine core: rules (board, moves, beams, make/unmake) and the search of Khet and
 * Leiserchess 2017/2018, a line-for-line port of the pure-Python reference (game/position.py,
 * game/variants/, game/search/engine.py and evaluate.py) that gives the same node counts, moves
 * and scores.  Every table that defines the rules or the evaluation (optics, rotations, Zobrist
 * keys, neighbours, placement values, weights) is handed over from Python, so the two can never
 * disagree about them; only the algorithms are written twice.  See docs/engine.md "Native core". */
#ifndef LASER_CORE_H
#define LASER_CORE_H

#include <stdint.h>
#include <string.h>

#define MAXSQ 128      /* squares of the largest board served (Khet: 80) */
#define MAXCODE 64     /* piece codes kind << 3 | color << 2 | orientation of the served sets */
#define MAXMOVES 1024  /* legal moves of one position (above the most a 2018 position can have, 728) */
#define MAXSTACK 320   /* plies made on one position (search depth + quiescence + root history) */
#define MAXREMOVED 40  /* (square, code) entries one move's shots may remove (re-fire) */

#define DESTROY (-2)
#define ABSORB (-1)
#define OFF_BOARD (-3)

enum { V_KHET = 0, V_L2017 = 1, V_L2018 = 2 };
enum { K_SPHINX = 1, K_PHARAOH = 2, K_SCARAB = 3, K_PYRAMID = 4, K_ANUBIS = 5, K_KING = 6, K_PAWN = 7 };

/* A set of squares: bit i of lo (i < 64) or hi (i >= 64). */
typedef struct {
    uint64_t lo, hi;
} Mask;

static inline Mask m_none(void) { Mask m = {0, 0}; return m; }
static inline Mask m_or(Mask a, Mask b) { Mask m = {a.lo | b.lo, a.hi | b.hi}; return m; }
static inline Mask m_and(Mask a, Mask b) { Mask m = {a.lo & b.lo, a.hi & b.hi}; return m; }
static inline int m_any(Mask a) { return (a.lo | a.hi) != 0; }
static inline int m_meets(Mask a, Mask b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }
static inline int m_has(Mask a, int sq) { return sq < 64 ? (int)(a.lo >> sq & 1) : (int)(a.hi >> (sq - 64) & 1); }
static inline int popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}
static inline int m_count(Mask a) { return popcount64(a.lo) + popcount64(a.hi); }
static inline void m_add(Mask *a, int sq) { if (sq < 64) a->lo |= (uint64_t)1 << sq; else a->hi |= (uint64_t)1 << (sq - 64); }

/* The rules of one variant with its options: everything read-only during a search. */
typedef struct {
    int variant, width, height, size;
    int8_t rays[MAXSQ * 4][16]; /* squares from sq in direction d, nearest first */
    uint8_t raylen[MAXSQ * 4];
    int16_t step[MAXSQ * 4];     /* the next square in a direction, -1 off the board */
    uint8_t nb[MAXSQ][8];        /* neighbours in the geometry's order */
    uint8_t nbn[MAXSQ];
    uint8_t targets[2][MAXSQ][8]; /* Khet: neighbours a colour may end a move on */
    uint8_t targetn[2][MAXSQ];
    uint8_t forbidden[2][MAXSQ]; /* Khet: squares a colour may not end on */
    int8_t optics[MAXCODE * 4];   /* outgoing direction, ABSORB or DESTROY */
    uint8_t rotate[4][MAXCODE];   /* [rotation][code]: none, clockwise, counter-clockwise, half */
    uint64_t zobrist[MAXCODE * 128];
    uint64_t side_key;
    uint8_t is_royal[MAXCODE], is_laser[MAXCODE];
    int swap_reserved_ok, zombies, refire, king_kill_is_leaf;
    Mask bit[MAXSQ];
    Mask full[MAXSQ * 4];          /* the whole ray from sq in d */
    Mask *upto;                    /* [(sq << 2 | d) * size + t]: the ray up to and including t */
} Rules;

typedef struct {
    uint32_t code;
    int nremoved;
    uint8_t removed[MAXREMOVED]; /* square, code, square, code ... */
    uint64_t hash;               /* before the move */
    int quiet, laser0, laser1;
} Undo;

typedef struct {
    const Rules *r;
    uint8_t board[MAXSQ];
    int turn, loser, quiet;
    int lasers[2];
    uint64_t hash;
    int sp;
    Undo stack[MAXSTACK];
    int64_t root_last;      /* the game's last move code before this object's history, -1 if none */
    uint64_t root_prev_hash; /* the hash before that move (Ko) */
} Pos;

int rules_fire(const Rules *r, const uint8_t *board, int start, int d);
int rules_beam_pawns(const Rules *r, const uint8_t *board, int start, int d, int *out);
void pos_make(Pos *p, uint32_t code, int hit);
void pos_unmake(Pos *p);
int pos_generate(Pos *p, uint32_t *out);
uint64_t pos_hash_from_scratch(const Pos *p);
int64_t pos_perft(Pos *p, int depth);
void rules_finish(Rules *r);

#endif
