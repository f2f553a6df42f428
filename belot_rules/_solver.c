/* The double-dummy solver in C: belot_rules/players/solver.py's Solver, the same search.

   Optional: setup.py builds it when a C compiler is at hand, and players/solver.py uses it
   where it is built; the Python solver gives the same values (tests/test_solver_compiled.py).
   The rules arrive as Obligations.packed (obligations.h); the camp as a seat mask, the last trick's
   bonus as a number, the melds a trick's cards make (where they come from tricks) through a
   Python callable of the trick's card set, asked once per set and kept.

   values(packed, players, camp, last_bonus, melds, under, hands, hidden, leader, trick, win, left, cards, limit)
   gives, for each card of the set ``cards`` (legal for the seat to play), the camp's points from the
   position when it is played; with ``cards`` 0, the position's value. With ``limit`` above 0 it searches at
   most that many positions and gives None when the search would take more. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "rules/play/obligations.h"

#define TABLE_BITS 20
#define MELD_BITS 14
#define INFINITE (1 << 29)
#define MAX_TRICKS 32

enum { EXACT = 0, LOWER = 1, UPPER = 2 };

typedef struct {
    uint64_t key;      /* cards left, leader, and the generation it was written in */
    int32_t value;
    uint8_t kind;
    int8_t best;       /* the best lead found, or -1 */
} Entry;

typedef struct {
    uint32_t mask;
    uint32_t generation;
    int32_t points;
} Meld;

static Entry *table;   /* one transposition table, its entries of older calls told by the generation */
static Meld *meld_cache;
static uint32_t generation;
static long long last_nodes;  /* the positions the last call searched, for benchmarks */

typedef struct {
    const Spec *s;
    int players, back, last_bonus;
    uint32_t camp;
    int8_t under[32];
    int has_under;
    uint32_t hands[MAX_PLAYERS];
    uint32_t hidden;
    PyObject *melds;
    int equal_runs;   /* the equivalence of touching cards: not with melds from tricks nor an open tableau */
    int8_t by_strength[4][8];
    int in_suit[4];
    int trick[MAX_TRICKS + 1][MAX_PLAYERS];
    int failed;
    int stopped;      /* the search reached its limit of positions: its values are not to be used */
    long long limit;  /* positions it may search, or 0 for no limit */
    int rest;         /* the card points in hands, face down and in the current trick */
    int most_melds;   /* whether melds from tricks leave the camp's points without a known most (or least) */
    int floor;        /* below any value: -1, or with melds from tricks (the others' count against it) -INFINITE */
    long long nodes;
} Search;

static int search(Search *c, int leader, int pos, int win, int left, int alpha, int beta);

static int meld_points(Search *c, const int *trick)
{
    uint32_t mask = 0;
    for (int i = 0; i < c->players; i++)
        mask |= 1u << trick[i];
    uint32_t slot = (uint32_t)((mask * 2654435761u) >> (32 - MELD_BITS));
    for (int probe = 0;; probe++, slot = (slot + 1) & ((1u << MELD_BITS) - 1)) {
        Meld *m = &meld_cache[slot];
        if (m->generation != generation || probe == 8) {  /* a free slot, or the eighth taken one replaced */
            PyObject *found = PyObject_CallFunction(c->melds, "k", (unsigned long)mask);
            long points = found == NULL ? -1 : PyLong_AsLong(found);
            Py_XDECREF(found);
            if (points < 0 || PyErr_Occurred()) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "melds() must give a number of points, 0 or more");
                c->failed = 1;
                return 0;
            }
            m->mask = mask;
            m->generation = generation;
            m->points = (int32_t)points;
            return m->points;
        }
        if (m->mask == mask)
            return m->points;
    }
}

/* Solver._after: the camp's points from here when ``seat`` plays ``card``. */
static int after(Search *c, int leader, int pos, int win, int left, int seat, int card, int alpha, int beta)
{
    const Spec *s = c->s;
    int *trick = c->trick[left];
    if (pos) {
        if (beats(s, trick[0] >> 3, card, trick[win]))
            win = pos;
    } else {
        win = 0;
    }
    trick[pos] = card;
    c->hands[seat] ^= 1u << card;
    int value;
    if (pos + 1 < c->players) {
        value = search(c, leader, pos + 1, win, left, alpha, beta);
    } else {
        int winner = (leader + win) % c->players;
        int cards_taken = 0;
        for (int i = 0; i < c->players; i++)
            cards_taken += s->points[trick[i]];
        int melds = c->melds != NULL ? meld_points(c, trick) / 2 : 0;
        /* half the melds of a trick, the others' counting against the camp (Solver._after) */
        int mine = c->camp >> winner & 1 ? cards_taken + melds + (left == 1 ? c->last_bonus : 0) : -melds;
        if (left == 1 || c->failed) {
            value = mine;
        } else {
            int turned[MAX_PLAYERS], owners[MAX_PLAYERS], n = 0;
            if (c->has_under) {
                for (int i = 0; i < c->players; i++) {
                    int below = c->under[trick[i]];
                    if (below >= 0 && c->hidden >> below & 1) {
                        int who = (leader + i) % c->players;
                        c->hands[who] |= 1u << below;
                        c->hidden &= ~(1u << below);
                        turned[n] = below;
                        owners[n++] = who;
                    }
                }
            }
            c->rest -= cards_taken;
            value = mine + search(c, winner, 0, 0, left - 1, alpha - mine, beta - mine);
            c->rest += cards_taken;
            for (int i = 0; i < n; i++) {
                c->hands[owners[i]] ^= 1u << turned[i];
                c->hidden |= 1u << turned[i];
            }
        }
    }
    c->hands[seat] ^= 1u << card;
    return value;
}

/* Solver._distinct and Solver._ordered: the cards worth searching, the likeliest best first. */
static int ordered(Search *c, int leader, int pos, int win, int left, int seat, uint32_t legal_cards, int first,
                   int *cards)
{
    const Spec *s = c->s;
    int n = 0;
    if (!c->equal_runs) {
        for (uint32_t rest = legal_cards; rest; rest &= rest - 1)
            cards[n++] = LOWEST(rest);
    } else {
        uint32_t out = c->hidden, hand = c->hands[seat];
        for (int i = 0; i < c->players; i++)
            out |= c->hands[i];
        for (int suit = 0; suit < 4; suit++) {
            if (!(legal_cards & s->suit_mask[suit]))
                continue;
            int previous = -1;
            for (int k = 0; k < c->in_suit[suit]; k++) {
                int card = c->by_strength[suit][k];
                if (!(out >> card & 1))
                    continue;
                if (!(hand >> card & 1)) {
                    previous = -1;
                    continue;
                }
                if (legal_cards >> card & 1 && !(previous >= 0 && s->points[previous] == s->points[card]
                                                 && legal_cards >> previous & 1))
                    cards[n++] = card;
                previous = card;
            }
        }
    }
    int keys[32];
    const int *trick = c->trick[left];
    uint32_t out = c->hidden;
    for (int i = 0; i < c->players; i++)
        out |= c->hands[i];
    int partner_sure = 0;  /* the seat's camp wins the trick whatever the others still play */
    if (pos) {
        int winner = (leader + win) % c->players, best = trick[win];
        if ((c->camp >> winner & 1) == (c->camp >> seat & 1))
            partner_sure = pos == c->players - 1
                || (!(out & s->stronger[best]) && ((best >> 3) == s->trump_suit || !(out & s->trump_mask)));
    }
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        if (!pos) {
            int master = !(out & s->stronger[card]);
            keys[i] = master ? -100 - s->points[card] : s->points[card];
        } else {
            const int32_t *strength = s->strength[trick[0] >> 3];
            int winner = (leader + win) % c->players;
            if ((c->camp >> winner & 1) == (c->camp >> seat & 1))
                keys[i] = partner_sure ? -s->points[card] : s->points[card];
            else if (strength[card] > strength[trick[win]])
                keys[i] = strength[card] - 1000;
            else
                keys[i] = s->points[card];
        }
        if (card == first)
            keys[i] = -INFINITE;
    }
    for (int i = 1; i < n; i++) {  /* a stable insertion sort, as Python's sort */
        int card = cards[i], key = keys[i], j = i - 1;
        for (; j >= 0 && keys[j] > key; j--) {
            cards[j + 1] = cards[j];
            keys[j + 1] = keys[j];
        }
        cards[j + 1] = card;
        keys[j + 1] = key;
    }
    return n;
}

/* Solver._search */
static int search(Search *c, int leader, int pos, int win, int left, int alpha, int beta)
{
    if (++c->nodes > c->limit && c->limit) {
        c->stopped = 1;
        return 0;
    }
    if (beta <= 0 && !c->most_melds)
        return 0;  /* the camp is sure of nothing more than it needs (it can lose no points: no melds from tricks) */
    if (!c->most_melds && alpha >= c->rest + c->last_bonus)
        return c->rest + c->last_bonus;  /* even every point left would not reach alpha */
    Entry *entry = NULL;
    uint64_t key = 0;
    int best_card = -1;
    if (!pos) {
        uint32_t rest = c->hidden;
        for (int i = 0; i < c->players; i++)
            rest |= c->hands[i];
        uint64_t place = (uint64_t)rest | (uint64_t)leader << 32;
        key = place | (uint64_t)generation << 36;
        /* the slot from the position alone: which positions share a slot, and so the positions searched, are the
           same in every call, whatever calls came before (a budget counted in positions stays deterministic) */
        entry = &table[(place * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS)];
        if (entry->key == key) {
            int value = entry->value;
            best_card = entry->best;
            if (entry->kind == EXACT || (entry->kind == LOWER && value >= beta)
                || (entry->kind == UPPER && value <= alpha))
                return value;
            if (entry->kind == LOWER && value > alpha)
                alpha = value;
            else if (entry->kind == UPPER && value < beta)
                beta = value;
        }
    }
    int start_alpha = alpha, start_beta = beta;
    int seat = (leader + pos) % c->players;
    uint32_t hand = c->hands[seat];
    const int *trick = c->trick[left];
    uint32_t allowed = pos ? legal(c->s, hand, trick[0] >> 3, trick[win], win == pos - c->back) : hand;
    int maximising = c->camp >> seat & 1;
    int best = maximising ? c->floor : INFINITE, chosen = -1;
    int cards[32];
    int n = ordered(c, leader, pos, win, left, seat, allowed, best_card, cards);
    for (int i = 0; i < n && !c->failed && !c->stopped; i++) {
        int value = after(c, leader, pos, win, left, seat, cards[i], alpha, beta);
        if (maximising) {
            if (value > best) {
                best = value;
                chosen = cards[i];
                if (value > alpha)
                    alpha = value;
            }
        } else if (value < best) {
            best = value;
            chosen = cards[i];
            if (value < beta)
                beta = value;
        }
        if (alpha >= beta)
            break;
    }
    if (entry != NULL && !c->failed && !c->stopped) {
        entry->key = key;
        entry->value = best;
        entry->kind = best >= start_beta ? LOWER : best <= start_alpha ? UPPER : EXACT;
        entry->best = (int8_t)chosen;
    }
    return best;
}

static int read_int(PyObject *value, long low, long high, const char *what, long *out)
{
    *out = PyLong_AsLong(value);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    if (*out < low || *out > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %ld..%ld, not %ld", what, low, high, *out);
        return -1;
    }
    return 0;
}

static int read_cards(PyObject *sequence, int *out, int most, const char *what)
{
    PyObject *items = PySequence_Fast(sequence, what);
    if (items == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d", what, most);
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value;
        if (read_int(PySequence_Fast_GET_ITEM(items, i), -1, 31, what, &value) < 0) {
            Py_DECREF(items);
            return -1;
        }
        out[i] = (int)value;
    }
    Py_DECREF(items);
    return (int)n;
}

PyDoc_STRVAR(values_doc,
"values(packed, players, camp, last_bonus, melds, under, hands, hidden, leader, trick, win, left, cards)\n\n"
"The camp's points from a position of card play with every hand seen, when each card of the set ``cards``\n"
"is played (a list of (card, value)), or the position's value when ``cards`` is 0. ``packed`` is\n"
"Obligations.packed, ``camp`` a set of seats, ``melds`` None or a callable giving a trick's meld points\n"
"from its card set, ``under`` None or per card the card it covers (-1), ``hands`` the playable cards per\n"
"seat, ``hidden`` the cards still face down, ``trick`` the current trick's cards, ``win`` the position\n"
"of its winning card, ``left`` the tricks still to finish, the current one included.");

static PyObject *values(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 14) {
        PyErr_SetString(PyExc_TypeError, "values() takes 14 arguments");
        return NULL;
    }
    Py_buffer packed;
    if (PyObject_GetBuffer(args[0], &packed, PyBUF_SIMPLE) < 0)
        return NULL;
    PyObject *result = NULL;
    Search c;
    memset(&c, 0, sizeof c);
    long players, camp, bonus, hidden, leader, win, left, cards, limit;
    int under[32];
    if (packed.len != (Py_ssize_t)sizeof(Spec)) {
        PyErr_SetString(PyExc_ValueError, "packed is not Obligations.packed of this build");
        goto done;
    }
    c.s = (const Spec *)packed.buf;
    if (read_int(args[1], 2, MAX_PLAYERS, "players", &players) < 0
        || read_int(args[2], 0, (1L << MAX_PLAYERS) - 1, "camp", &camp) < 0
        || read_int(args[3], 0, 1000, "last_bonus", &bonus) < 0
        || read_int(args[7], 0, 0xFFFFFFFFL, "hidden", &hidden) < 0
        || read_int(args[8], 0, players - 1, "leader", &leader) < 0
        || read_int(args[10], 0, players - 1, "win", &win) < 0
        || read_int(args[11], 1, MAX_TRICKS, "left", &left) < 0
        || read_int(args[12], 0, 0xFFFFFFFFL, "cards", &cards) < 0
        || read_int(args[13], 0, 1L << 60, "limit", &limit) < 0)
        goto done;
    c.players = (int)players;
    c.back = c.s->partner_back;
    c.camp = (uint32_t)camp;
    c.last_bonus = (int)bonus;
    c.hidden = (uint32_t)hidden;
    c.limit = limit;
    c.melds = args[4] == Py_None ? NULL : args[4];
    if (args[5] != Py_None) {
        if (read_cards(args[5], under, 32, "under") != 32) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "under gives one card per card of the deck (32)");
            goto done;
        }
        for (int i = 0; i < 32; i++)
            c.under[i] = (int8_t)under[i];
        c.has_under = 1;
    }
    PyObject *items = PySequence_Fast(args[6], "hands must be a sequence of card sets");
    if (items == NULL)
        goto done;
    if (PySequence_Fast_GET_SIZE(items) != players) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "one hand per seat");
        goto done;
    }
    for (int i = 0; i < players; i++) {
        long hand;
        if (read_int(PySequence_Fast_GET_ITEM(items, i), 0, 0xFFFFFFFFL, "a hand", &hand) < 0) {
            Py_DECREF(items);
            goto done;
        }
        c.hands[i] = (uint32_t)hand;
    }
    Py_DECREF(items);
    int pos = read_cards(args[9], c.trick[left], (int)players - 1, "trick");
    if (pos < 0)
        goto done;
    if (pos && win >= pos) {
        PyErr_SetString(PyExc_ValueError, "win must be a position in the trick");
        goto done;
    }
    c.equal_runs = c.melds == NULL && !c.has_under;
    c.most_melds = c.melds != NULL;
    c.floor = c.most_melds ? -INFINITE : -1;
    uint32_t all = c.hidden;
    for (int i = 0; i < players; i++)
        all |= c.hands[i];
    for (int i = 0; i < pos; i++)
        all |= 1u << c.trick[left][i];
    for (; all; all &= all - 1)
        c.rest += c.s->points[LOWEST(all)];
    for (int suit = 0; suit < 4; suit++) {  /* each suit's cards strongest first */
        for (int card = suit * 8; card < suit * 8 + 8; card++) {
            int k = c.in_suit[suit]++;
            for (; k > 0 && c.s->strength[suit][c.by_strength[suit][k - 1]] < c.s->strength[suit][card]; k--)
                c.by_strength[suit][k] = c.by_strength[suit][k - 1];
            c.by_strength[suit][k] = (int8_t)card;
        }
    }
    if (table == NULL) {
        table = PyMem_Calloc((size_t)1 << TABLE_BITS, sizeof(Entry));
        meld_cache = PyMem_Calloc((size_t)1 << MELD_BITS, sizeof(Meld));
        if (table == NULL || meld_cache == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    generation = (generation + 1) & 0x0FFFFFFF;  /* the holdings differ from the last call's */
    if (!generation)
        generation = 1;
    if (!cards) {
        int value = search(&c, (int)leader, pos, (int)win, (int)left, c.floor, INFINITE);
        result = c.failed ? NULL : c.stopped ? Py_NewRef(Py_None) : PyLong_FromLong(value);
        goto done;
    }
    result = PyList_New(0);
    int seat = ((int)leader + pos) % c.players;
    for (uint32_t rest = (uint32_t)cards; rest && result != NULL && !c.stopped; rest &= rest - 1) {
        int card = LOWEST(rest);
        int value = after(&c, (int)leader, pos, (int)win, (int)left, seat, card, c.floor, INFINITE);
        PyObject *pair = c.failed ? NULL : Py_BuildValue("(ii)", card, value);
        if (pair == NULL || PyList_Append(result, pair) < 0)
            Py_CLEAR(result);
        Py_XDECREF(pair);
    }
    if (c.stopped && result != NULL) {
        Py_DECREF(result);
        result = Py_NewRef(Py_None);
    }
done:
    last_nodes = c.nodes;
    PyBuffer_Release(&packed);
    return result;
}

static PyObject *nodes(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyLong_FromLongLong(last_nodes);
}

static PyMethodDef methods[] = {
    {"values", (PyCFunction)(void (*)(void))values, METH_FASTCALL, values_doc},
    {"nodes", nodes, METH_NOARGS, "The positions the last call of values() searched (for benchmarks)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The double-dummy solver of players/solver.py, compiled (optional: the same search is in Python).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && add_build_constants(m) < 0)
        Py_CLEAR(m);
    return m;
}
