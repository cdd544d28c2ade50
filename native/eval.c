/* The evaluation of the native core: beam traces, royal exposure and the score (a port of
 * game/search/evaluate.py: trace_beam, Evaluator.exposure, Evaluator.score). */
#include "search.h"

#define MAX_HOPS 256

Beam trace_beam(const Rules *r, const uint8_t *board, int start, int d)
{
    Beam out;
    Mask seen = m_none();
    int sq = start, counts = 0, size = r->size;
    out.path = r->bit[start];
    for (int hop = 0; hop < MAX_HOPS; hop++) {
        int key = sq << 2 | d, n = r->raylen[key], t = -1;
        const int8_t *ray = r->rays[key];
        for (int i = 0; i < n; i++) {
            if (board[ray[i]]) {
                t = ray[i];
                break;
            }
        }
        if (t < 0) {
            out.stop = -1;
            out.effect = OFF_BOARD;
            out.path = m_or(out.path, r->full[key]);
            out.mirrors = counts;
            return out;
        }
        out.path = m_or(out.path, r->upto[key * size + t]);
        int code = board[t], effect = r->optics[code << 2 | d];
        if (effect >= 0) {
            if (!m_has(seen, t)) {
                m_add(&seen, t);
                counts += (code >> 2 & 1) ? 256 : 1;
            }
            sq = t;
            d = effect;
            continue;
        }
        out.stop = t;
        out.effect = effect;
        out.mirrors = counts;
        return out;
    }
    out.stop = -1;
    out.effect = OFF_BOARD;
    out.mirrors = counts;
    return out;
}

static int near_danger(const Rules *r, const Eval *ev, const uint8_t *board, int sq, int color)
{
    int danger = 0, guards = 0;
    for (int i = 0; i < r->nbn[sq]; i++) {
        int code = board[r->nb[sq][i]];
        if (code) {
            if ((code >> 2 & 1) == color)
                guards++;
            else
                danger += ev->near_d[code];
        } else {
            danger -= ev->king_room;
        }
    }
    danger -= ev->guard * guards;
    if (!guards)
        danger += ev->naked;
    for (int i = 0; i < ev->ring2n[sq]; i++) {
        int code = board[ev->ring2[sq][i]];
        if (code && (code >> 2 & 1) != color)
            danger += ev->far_d[code];
    }
    return danger;
}

Expo exposure(const Rules *r, const Eval *ev, const uint8_t *board, int royal, int color)
{
    Expo e;
    int danger = 0, size = r->size;
    for (int d0 = 0; d0 < 4; d0++) {
        int sq = royal, d = d0;
        Mask line = m_none();
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            int key = sq << 2 | d, n = r->raylen[key], t = -1;
            for (int i = 0; i < n; i++) {
                if (board[r->rays[key][i]]) {
                    t = r->rays[key][i];
                    break;
                }
            }
            if (t < 0) {
                line = m_or(line, r->full[key]);
                danger += ev->open_line;
                break;
            }
            line = m_or(line, r->upto[key * size + t]);
            int code = board[t], effect = r->optics[code << 2 | d];
            if (effect >= 0) {
                if ((code >> 2 & 1) != color)
                    danger += ev->enemy_mirror;
                sq = t;
                d = effect;
                continue;
            }
            if ((code >> 2 & 1) == color)
                danger -= ev->shut_line;
            else if (r->is_laser[code] && (code & 3) != ((d + 2) & 3))
                danger += ev->laser_line;
            break;
        }
        e.l[d0] = line;
    }
    e.on_lines = m_or(m_or(m_or(e.l[0], e.l[1]), m_or(e.l[2], e.l[3])), r->bit[royal]);
    e.relevant = m_or(e.on_lines, ev->near_mask[royal]);
    e.line_danger = danger;
    e.r = royal;
    e.danger = danger + near_danger(r, ev, board, royal, color);
    return e;
}

Expo exposure_near(const Rules *r, const Eval *ev, const uint8_t *board, const Expo *old, int color)
{
    Expo e = *old;
    e.danger = old->line_danger + near_danger(r, ev, board, old->r, color);
    return e;
}

static int crossings(const Expo *x, Mask path)
{
    if (!m_meets(x->on_lines, path))
        return 0;
    return m_meets(x->l[0], path) + m_meets(x->l[1], path) + m_meets(x->l[2], path) + m_meets(x->l[3], path);
}

int eval_score(const Eval *ev, const uint8_t *board, int stm, int s, const Beam *mine, const Beam *theirs,
               const Expo *mx, const Expo *tx)
{
    int score = (stm == 0 ? s : -s) + ev->tempo;
    if (mine->effect == DESTROY) {
        int victim = board[mine->stop];
        score += (victim >> 2 & 1) != stm ? ev->free_[victim] : -ev->self_hit[victim];
    }
    if (theirs->effect == DESTROY) {
        int victim = board[theirs->stop];
        score += (victim >> 2 & 1) == stm ? -ev->hanging[victim] : ev->self_wait[victim];
    }
    int own;
    if (stm == 0)
        own = (mine->mirrors & 255) - (theirs->mirrors >> 8);
    else
        own = (mine->mirrors >> 8) - (theirs->mirrors & 255);
    score += ev->beam_control * own;
    if (ev->grip) {
        if (stm == 0)
            score += ev->grip * ((mine->mirrors >> 8) - (theirs->mirrors & 255));
        else
            score += ev->grip * ((mine->mirrors & 255) - (theirs->mirrors >> 8));
    }
    if (ev->king_ring) {
        if (tx->r >= 0)
            score += ev->king_ring * m_count(m_and(ev->ring1_mask[tx->r], mine->path));
        if (mx->r >= 0)
            score -= ev->king_ring * m_count(m_and(ev->ring1_mask[mx->r], theirs->path));
    }
    score -= mx->danger;
    score -= ev->cross * crossings(mx, theirs->path);
    score += tx->danger;
    score += ev->cross * crossings(tx, mine->path);
    return score;
}
