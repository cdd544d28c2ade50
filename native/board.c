/* Rules of Khet and Leiserchess 2017/2018: beams, move generation and exact make/unmake.
 * Ports of game/laser.py (fire), game/position.py (make_code/unmake_code) and the variants'
 * generate (game/variants/khet.py, leiserchess.py); the move order is the same, which the
 * search's node counts depend on. */
#include <stdlib.h>

#include "core.h"

#define MAX_HOPS 256

int rules_fire(const Rules *r, const uint8_t *board, int start, int d)
{
    int sq = start;
    for (int hop = 0; hop < MAX_HOPS; hop++) {
        int key = sq << 2 | d, n = r->raylen[key], target = -1;
        const int8_t *ray = r->rays[key];
        for (int i = 0; i < n; i++) {
            if (board[ray[i]]) {
                target = ray[i];
                break;
            }
        }
        if (target < 0)
            return -1;
        int effect = r->optics[board[target] << 2 | d];
        if (effect >= 0) {
            sq = target;
            d = effect;
            continue;
        }
        return effect == DESTROY ? target : -1;
    }
    return -1;
}

int rules_beam_pawns(const Rules *r, const uint8_t *board, int start, int d, int *out)
{
    int n = 0, sq = start;
    for (int hop = 0; hop < MAX_HOPS; hop++) {
        int key = sq << 2 | d, len = r->raylen[key], target = -1;
        for (int i = 0; i < len; i++) {
            if (board[r->rays[key][i]]) {
                target = r->rays[key][i];
                break;
            }
        }
        if (target < 0)
            return n;
        int code = board[target];
        if (code >> 3 == K_PAWN && n < MAX_HOPS)
            out[n++] = target;
        int effect = r->optics[code << 2 | d];
        if (effect < 0)
            return n;
        sq = target;
        d = effect;
    }
    return n;
}

#define Z(code, sq) (r->zobrist[(code) << 7 | (sq)])

void pos_make(Pos *p, uint32_t code, int hit)
{
    const Rules *r = p->r;
    uint8_t *b = p->board;
    Undo *u = &p->stack[p->sp++];
    int frm = code & 255, to = code >> 8 & 255;
    uint64_t h = p->hash;
    u->code = code;
    u->hash = h;
    u->laser0 = p->lasers[0];
    u->laser1 = p->lasers[1];
    u->nremoved = 0;
    if (frm != to) {
        int pc = b[frm], q = b[to];
        b[to] = (uint8_t)pc;
        b[frm] = (uint8_t)q;
        h ^= Z(pc, frm) ^ Z(pc, to);
        if (r->is_laser[pc])
            p->lasers[pc >> 2 & 1] = to;
        if (q) {
            h ^= Z(q, to) ^ Z(q, frm);
            if (r->is_laser[q])
                p->lasers[q >> 2 & 1] = frm;
        }
        int then = (int)(code >> 18);
        if (then) {
            then -= 1;
            b[then] = (uint8_t)pc;
            b[to] = 0;
            h ^= Z(pc, to) ^ Z(pc, then);
            if (r->is_laser[pc])
                p->lasers[pc >> 2 & 1] = then;
        }
    }
    int rot = code >> 16 & 3;
    if (rot) {
        int pc = b[to], q = r->rotate[rot][pc];
        b[to] = (uint8_t)q;
        h ^= Z(pc, to) ^ Z(q, to);
    }
    int color = p->turn, loser = -1, emitter = p->lasers[color];
    if (emitter >= 0) {
        if (hit == -2)
            hit = rules_fire(r, b, emitter, b[emitter] & 3);
        if (hit >= 0) {
            int victim = b[hit];
            b[hit] = 0;
            h ^= Z(victim, hit);
            u->removed[0] = (uint8_t)hit;
            u->removed[1] = (uint8_t)victim;
            u->nremoved = 2;
            if (r->is_laser[victim])
                p->lasers[victim >> 2 & 1] = -1;
            if (r->is_royal[victim]) {
                loser = victim >> 2 & 1;
            } else if (r->refire) {
                /* Fire again after each zap until the beam hits a King or leaves (2017). */
                while (b[emitter]) {
                    int again = rules_fire(r, b, emitter, b[emitter] & 3);
                    if (again < 0)
                        break;
                    victim = b[again];
                    b[again] = 0;
                    h ^= Z(victim, again);
                    if (u->nremoved + 2 <= MAXREMOVED) {
                        u->removed[u->nremoved++] = (uint8_t)again;
                        u->removed[u->nremoved++] = (uint8_t)victim;
                    }
                    if (r->is_laser[victim])
                        p->lasers[victim >> 2 & 1] = -1;
                    if (r->is_royal[victim]) {
                        loser = victim >> 2 & 1;
                        break;
                    }
                }
            }
        }
    }
    p->loser = loser;
    u->quiet = p->quiet;
    p->quiet = u->nremoved ? 0 : p->quiet + 1;
    p->turn = color ^ 1;
    p->hash = h ^ r->side_key;
}

void pos_unmake(Pos *p)
{
    static const int unrotate[4] = {0, 2, 1, 3};
    const Rules *r = p->r;
    uint8_t *b = p->board;
    Undo *u = &p->stack[--p->sp];
    for (int i = u->nremoved - 2; i >= 0; i -= 2)
        b[u->removed[i]] = u->removed[i + 1];
    uint32_t code = u->code;
    int frm = code & 255, to = code >> 8 & 255, rot = code >> 16 & 3;
    if (rot)
        b[to] = r->rotate[unrotate[rot]][b[to]];
    if (frm != to) {
        int then = (int)(code >> 18);
        if (then) {
            then -= 1;
            b[to] = b[then];
            b[then] = 0;
        }
        uint8_t pc = b[to];
        b[to] = b[frm];
        b[frm] = pc;
    }
    p->lasers[0] = u->laser0;
    p->lasers[1] = u->laser1;
    p->turn ^= 1;
    p->hash = u->hash;
    p->quiet = u->quiet;
    p->loser = -1;
}

uint64_t pos_hash_from_scratch(const Pos *p)
{
    const Rules *r = p->r;
    uint64_t h = p->turn ? r->side_key : 0;
    for (int sq = 0; sq < r->size; sq++)
        if (p->board[sq])
            h ^= Z(p->board[sq], sq);
    return h;
}

#define CW (1u << 16)
#define CCW (2u << 16)
#define HALF (3u << 16)

static int gen_khet(const Pos *p, uint32_t *out)
{
    const Rules *r = p->r;
    const uint8_t *b = p->board;
    int turn = p->turn, n = 0;
    for (int sq = 0; sq < r->size; sq++) {
        int pc = b[sq];
        if (!pc || (pc >> 2 & 1) != turn)
            continue;
        int kind = pc >> 3, nt = r->targetn[turn][sq];
        const uint8_t *targets = r->targets[turn][sq];
        uint32_t base = (uint32_t)(sq | sq << 8);
        if (kind == K_SPHINX) {
            int d = pc & 3;
            if (r->step[sq << 2 | ((d + 1) & 3)] >= 0)
                out[n++] = base | CW;
            if (r->step[sq << 2 | ((d + 3) & 3)] >= 0)
                out[n++] = base | CCW;
            continue;
        }
        if (kind == K_SCARAB) {
            for (int i = 0; i < nt; i++) {
                int t = targets[i], q = b[t];
                if (!q || ((q >> 3 == K_PYRAMID || q >> 3 == K_ANUBIS) &&
                           (r->swap_reserved_ok || !r->forbidden[q >> 2 & 1][sq])))
                    out[n++] = (uint32_t)(sq | t << 8);
            }
            out[n++] = base | CW;
            continue;
        }
        for (int i = 0; i < nt; i++)
            if (!b[targets[i]])
                out[n++] = (uint32_t)(sq | targets[i] << 8);
        if (kind != K_PHARAOH) {
            out[n++] = base | CW;
            out[n++] = base | CCW;
        }
    }
    return n;
}

/* Remove the moves that would recreate the position before the opponent's last move (Ko). */
static int drop_ko(Pos *p, uint32_t *out, int n)
{
    int64_t last = p->sp ? (int64_t)p->stack[p->sp - 1].code : p->root_last;
    if (last < 0 || p->quiet == 0)
        return n;
    int t0 = (int)(last & 255), t1 = (int)(last >> 8 & 255), t2 = (int)(last >> 18) - 1;
    uint64_t target = p->sp ? p->stack[p->sp - 1].hash : p->root_prev_hash;
    uint32_t bad[MAXMOVES];
    int nbad = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = out[i];
        int f = c & 255, t = c >> 8 & 255, th = (int)(c >> 18) - 1;
        if ((f == t0 || f == t1 || f == t2) && (t == t0 || t == t1 || t == t2) &&
            (th < 0 || th == t0 || th == t1 || th == t2)) {
            pos_make(p, c, -2);
            if (p->hash == target)
                bad[nbad++] = c;
            pos_unmake(p);
        }
    }
    for (int k = 0; k < nbad; k++) {
        for (int i = 0; i < n; i++) {
            if (out[i] == bad[k]) {
                memmove(out + i, out + i + 1, (size_t)(n - i - 1) * sizeof(uint32_t));
                n--;
                break;
            }
        }
    }
    return n;
}

static int gen_2017(Pos *p, uint32_t *out)
{
    const Rules *r = p->r;
    const uint8_t *b = p->board;
    int turn = p->turn, own_king = p->lasers[turn], enemy_king = p->lasers[turn ^ 1];
    int pinned[MAX_HOPS], npinned = 0, movable[MAXSQ + MAX_HOPS], nmov = 0, n = 0;
    if (enemy_king >= 0)
        npinned = rules_beam_pawns(r, b, enemy_king, b[enemy_king] & 3, pinned);
    int zaps = own_king >= 0 && rules_fire(r, b, own_king, b[own_king] & 3) >= 0;
    for (int sq = 0; sq < r->size; sq++) {
        int pc = b[sq];
        if (!pc || (pc >> 2 & 1) != turn)
            continue;
        int is_pinned = 0;
        if (pc >> 3 == K_PAWN)
            for (int i = 0; i < npinned; i++)
                is_pinned |= pinned[i] == sq;
        if (!is_pinned)
            movable[nmov++] = sq;
    }
    if (r->zombies && own_king >= 0) {
        int zombies[MAX_HOPS];
        int nz = rules_beam_pawns(r, b, own_king, b[own_king] & 3, zombies);
        for (int i = 0; i < nz; i++)
            if ((b[zombies[i]] >> 2 & 1) != turn)
                movable[nmov++] = zombies[i];
    }
    for (int i = 0; i < nmov; i++) {
        int sq = movable[i], pc = b[sq];
        for (int k = 0; k < r->nbn[sq]; k++) {
            int t = r->nb[sq][k];
            if (zaps || b[t] != pc)
                out[n++] = (uint32_t)(sq | t << 8);
        }
        uint32_t base = (uint32_t)(sq | sq << 8);
        out[n++] = base | CW;
        out[n++] = base | CCW;
        out[n++] = base | HALF;
        if (sq == own_king && zaps)
            out[n++] = base;
        if (n > MAXMOVES - 16)
            break;
    }
    return drop_ko(p, out, n);
}

static int gen_2018(Pos *p, uint32_t *out)
{
    const Rules *r = p->r;
    const uint8_t *b = p->board;
    int turn = p->turn, n = 0;
    for (int sq = 0; sq < r->size; sq++) {
        int pc = b[sq];
        if (!pc || (pc >> 2 & 1) != turn)
            continue;
        uint32_t base = (uint32_t)(sq | sq << 8);
        out[n++] = base | CW;
        out[n++] = base | CCW;
        out[n++] = base | HALF;
        for (int k = 0; k < r->nbn[sq]; k++) {
            int t = r->nb[sq][k], q = b[t];
            if (!q) {
                out[n++] = (uint32_t)(sq | t << 8);
            } else if ((q >> 2 & 1) != turn) {
                uint32_t swap = (uint32_t)(sq | t << 8);
                out[n++] = swap | CW;
                out[n++] = swap | CCW;
                out[n++] = swap | HALF;
                for (int j = 0; j < r->nbn[t]; j++) {
                    int u = r->nb[t][j];
                    if (!b[u])
                        out[n++] = swap | (uint32_t)(u + 1) << 18;
                }
            }
        }
    }
    return drop_ko(p, out, n);
}

int pos_generate(Pos *p, uint32_t *out)
{
    if (p->loser >= 0)
        return 0;
    switch (p->r->variant) {
    case V_KHET:
        return gen_khet(p, out);
    case V_L2017:
        return gen_2017(p, out);
    default:
        return gen_2018(p, out);
    }
}

int64_t pos_perft(Pos *p, int depth)
{
    if (depth == 0)
        return 1;
    if (p->loser >= 0)
        return 0;
    uint32_t moves[MAXMOVES];
    int n = pos_generate(p, moves);
    if (depth == 1)
        return n;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make(p, moves[i], -2);
        if (p->loser >= 0)
            total += p->r->king_kill_is_leaf ? 1 : 0;
        else
            total += pos_perft(p, depth - 1);
        pos_unmake(p);
    }
    return total;
}

void rules_finish(Rules *r)
{
    int size = r->size;
    for (int sq = 0; sq < MAXSQ; sq++) {
        r->bit[sq] = m_none();
        m_add(&r->bit[sq], sq);
    }
    free(r->upto);
    r->upto = (Mask *)calloc((size_t)size * 4 * size, sizeof(Mask));
    for (int sq = 0; sq < size; sq++) {
        for (int d = 0; d < 4; d++) {
            int key = sq << 2 | d;
            Mask m = m_none();
            for (int i = 0; i < r->raylen[key]; i++) {
                int t = r->rays[key][i];
                m_add(&m, t);
                if (r->upto)
                    r->upto[key * size + t] = m;
            }
            r->full[key] = m;
        }
    }
}
