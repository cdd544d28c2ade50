/* The search's tables: the transposition table and the history, exact stand-ins for the
 * reference's dicts (a key is kept until the table is cleared, a store overwrites), and the
 * set of positions on the search path. */
#include <stdlib.h>

#include "search.h"

#define TT_MAX_CAP ((size_t)1 << 22) /* 4M slots of 24 bytes: 96 MB at most */

static size_t tt_home(uint64_t key, size_t cap) { return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1); }

void tt_clear(TT *tt)
{
    if (tt->slots)
        memset(tt->slots, 0, tt->cap * sizeof(TTEntry));
    tt->count = 0;
}

static void tt_grow(TT *tt)
{
    size_t cap = tt->cap ? tt->cap * 2 : (size_t)1 << 16;
    TTEntry *slots = (TTEntry *)calloc(cap, sizeof(TTEntry));
    if (!slots)
        return;
    for (size_t i = 0; i < tt->cap; i++) {
        if (!tt->slots[i].used)
            continue;
        size_t j = tt_home(tt->slots[i].key, cap);
        while (slots[j].used)
            j = (j + 1) & (cap - 1);
        slots[j] = tt->slots[i];
    }
    free(tt->slots);
    tt->slots = slots;
    tt->cap = cap;
}

TTEntry *tt_get(TT *tt, uint64_t key)
{
    if (!tt->cap)
        return NULL;
    size_t j = tt_home(key, tt->cap);
    while (tt->slots[j].used) {
        if (tt->slots[j].key == key)
            return &tt->slots[j];
        j = (j + 1) & (tt->cap - 1);
    }
    return NULL;
}

void tt_put(TT *tt, uint64_t key, int depth, int flag, int score, uint32_t move)
{
    if ((tt->count + 1) * 4 > tt->cap * 3 && tt->cap < TT_MAX_CAP)
        tt_grow(tt);
    if (!tt->cap)
        return;
    size_t j = tt_home(key, tt->cap), probes = 0;
    while (tt->slots[j].used && tt->slots[j].key != key) {
        j = (j + 1) & (tt->cap - 1);
        if (++probes > 64 && (tt->count + 1) * 8 > tt->cap * 7)
            break; /* full beyond the largest size: overwrite (only in searches far beyond the tests) */
    }
    TTEntry *e = &tt->slots[j];
    if (!e->used)
        tt->count++;
    e->key = key;
    e->depth = (int16_t)depth;
    e->flag = (uint8_t)flag;
    e->score = score;
    e->move = move;
    e->used = 1;
}

static size_t hist_home(uint32_t key, size_t cap) { return (size_t)(key * 2654435761u) & (cap - 1); }

Hist *hist_new(size_t cap)
{
    Hist *h = (Hist *)calloc(1, sizeof(Hist));
    if (!h)
        return NULL;
    h->cap = cap < 64 ? 64 : cap;
    h->keys = (uint32_t *)calloc(h->cap, sizeof(uint32_t));
    h->vals = (int32_t *)calloc(h->cap, sizeof(int32_t));
    return h;
}

void hist_free(Hist *h)
{
    if (!h)
        return;
    free(h->keys);
    free(h->vals);
    free(h);
}

int hist_get(const Hist *h, uint32_t move)
{
    uint32_t key = move + 1;
    size_t j = hist_home(key, h->cap);
    while (h->keys[j]) {
        if (h->keys[j] == key)
            return h->vals[j];
        j = (j + 1) & (h->cap - 1);
    }
    return 0;
}

static void hist_grow(Hist *h)
{
    size_t cap = h->cap * 2;
    uint32_t *keys = (uint32_t *)calloc(cap, sizeof(uint32_t));
    int32_t *vals = (int32_t *)calloc(cap, sizeof(int32_t));
    for (size_t i = 0; i < h->cap; i++) {
        if (!h->keys[i])
            continue;
        size_t j = hist_home(h->keys[i], cap);
        while (keys[j])
            j = (j + 1) & (cap - 1);
        keys[j] = h->keys[i];
        vals[j] = h->vals[i];
    }
    free(h->keys);
    free(h->vals);
    h->keys = keys;
    h->vals = vals;
    h->cap = cap;
}

void hist_set(Hist *h, uint32_t move, int value)
{
    if ((h->count + 1) * 2 > h->cap)
        hist_grow(h);
    uint32_t key = move + 1;
    size_t j = hist_home(key, h->cap);
    while (h->keys[j] && h->keys[j] != key)
        j = (j + 1) & (h->cap - 1);
    if (!h->keys[j]) {
        h->keys[j] = key;
        h->count++;
    }
    h->vals[j] = value;
}

/* A new table of the entries of ``h`` with value >= min, each shifted right by ``shift``. */
Hist *hist_decayed(const Hist *h, int min, int shift)
{
    Hist *out = hist_new(h->cap);
    if (!out)
        return NULL;
    for (size_t i = 0; i < h->cap; i++)
        if (h->keys[i] && h->vals[i] >= min)
            hist_set(out, h->keys[i] - 1, h->vals[i] >> shift);
    return out;
}

static int path_slot(uint64_t h) { return (int)(h >> 52); }

int path_has(const Search *e, uint64_t h)
{
    if (!e->path_filter[path_slot(h)])
        return 0;
    for (int i = e->npath - 1; i >= 0; i--)
        if (e->path[i] == h)
            return 1;
    return 0;
}

void path_add(Search *e, uint64_t h)
{
    if (path_has(e, h) || e->npath >= MAXSTACK)
        return;
    e->path[e->npath++] = h;
    e->path_filter[path_slot(h)]++;
}

void path_discard(Search *e, uint64_t h)
{
    for (int i = e->npath - 1; i >= 0; i--) {
        if (e->path[i] == h) {
            e->path[i] = e->path[--e->npath];
            e->path_filter[path_slot(h)]--;
            return;
        }
    }
}
