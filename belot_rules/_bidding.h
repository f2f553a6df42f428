/* The heuristic bot's calls, compiled: BiddingSense.choose (belot_rules/players/bidding_sense.py) with the
   hand values of players/hand_strength.py, for a ladder without point bids, schmeiss, ashkal or push, over
   the tables players/bidding_kernel.py packs once per ruleset (BIDDER_FORMAT); and a whole auction of
   heuristic bots on a ladder whose calls depend on its position alone (LadderGraph). The Python code
   stays the path where the kernel is not built, and the tests hold the two to the same calls.

   The playout kernel (_playout.c) includes it after its as_int and CHECK, which the entry points read.
   Nothing here knows a variant: contracts, seats and sides come as tables. */

#ifndef BELOT_BIDDING_H
#define BELOT_BIDDING_H

#include "rules/play/obligations.h"

/* BiddingSense.packed (players/bidding_sense.py, BIDDER_FORMAT), field for field: per contract (in the
   ruleset's order, up to MAX_CONTRACTS) what the heuristic bot's calls read, then the hand valuer's
   tables (players/hand_strength.py). The doubles come first, so the layout has no padding. */
#define BIDDER_FORMAT "=8d8d8d8d8d8d16d16d32d4096d4096d8d8d1280d6i8i8i8i32I"
#define MAX_CONTRACTS 8
enum { NO_TRUMPS_KIND = 4, ALL_TRUMPS_KIND = 5, UNDENUFE_KIND = 6 };  /* 0..3: a suit contract, its trump */
typedef struct {
    double total[MAX_CONTRACTS];       /* the deal's points (BiddingSense.total) */
    double share[MAX_CONTRACTS];       /* a seat's share of them */
    double bidding_share[MAX_CONTRACTS], passed_share[MAX_CONTRACTS];  /* a partner's, as _partner_share says */
    double chien[MAX_CONTRACTS];
    double weight[MAX_CONTRACTS];
    double bid_need[MAX_CONTRACTS][2]; /* alone, and over the partner's contract */
    /* the contra model (players/doubling.py, DoublingTables), per set (the hand known in part, complete) */
    double double_base[2][MAX_CONTRACTS];
    double double_auction[2][MAX_CONTRACTS][2];     /* the partner passed, the partner bid */
    double double_trump[2][MAX_CONTRACTS][256];     /* the trump suit's holdings (any suit's without trumps) */
    double double_side[2][MAX_CONTRACTS][256];      /* a side suit's holdings */
    double need_redouble[MAX_CONTRACTS];
    double scale[MAX_CONTRACTS];       /* HandValuer.scale */
    double values[5][256];             /* HandValuer: plain, trump, no_trumps, all_trumps, undenufe */
    int32_t contracts, hand_size, pack_size, partners, defence_pair, belote_points;
    int32_t kind[MAX_CONTRACTS];
    int32_t declaration_key[MAX_CONTRACTS];  /* which of the hand's two declaration values counts, or -1: none */
    int32_t pack_total[MAX_CONTRACTS];       /* HandValuer.total */
    uint32_t belote_pairs[MAX_CONTRACTS][4]; /* the king and queen of each belote suit, 0 where none */
} Bidder;

enum { CALL_PASS = 0, CALL_BID = 1, CALL_DOUBLE = 2, CALL_REDOUBLE = 3 };

/* A product kept apart from the sum it goes into: no fused multiply-add, so the rounding is Python's. */
static double product(double a, double b)
{
    volatile double p = a * b;
    return p;
}

/* HandValuer.raw, the sums in Python's order */
static double raw_value(const Bidder *b, uint32_t hand, int contract)
{
    int h[4] = {hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF, hand >> 24 & 0xFF};
    int kind = b->kind[contract];
    if (kind >= NO_TRUMPS_KIND) {
        const double *v = b->values[kind - NO_TRUMPS_KIND + 2];
        return v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]];
    }
    double value = 0.0;
    int first = 1;
    for (int suit = 0; suit < 4; suit++)
        if (suit != kind) {
            value = first ? b->values[0][h[suit]] : value + b->values[0][h[suit]];
            first = 0;
        }
    value += b->values[1][h[kind]];
    if (COUNT(h[kind]) < 2)
        return value;
    /* hand_strength._ruffs: short side suits while trumps remain to ruff them */
    int spare = COUNT(h[kind]) - 1;
    double ruffs = 0.0;
    for (int suit = 0; suit < 4 && spare > 0; suit++) {
        int length = COUNT(h[suit]);
        if (suit == kind || length > 1)
            continue;
        ruffs += length == 0 ? 12.0 : 6.0;
        spare -= 2 - length;
    }
    return value + ruffs;
}

/* BiddingSense.worth: the points the hand is expected to take, and its declaration and belote points. */
static void worth(const Bidder *b, uint32_t known, const double *declared, int contract, double *taken, double *held)
{
    double average = (double)((b->hand_size - COUNT(known)) * b->pack_total[contract]) / (double)b->pack_size;
    *taken = product(b->scale[contract], raw_value(b, known, contract)) + average;
    int key = b->declaration_key[contract], belotes = 0;
    for (int i = 0; i < 4; i++)
        if (b->belote_pairs[contract][i] && (known & b->belote_pairs[contract][i]) == b->belote_pairs[contract][i])
            belotes++;
    *held = (key < 0 ? 0.0 : declared[key]) + (double)(b->belote_points * belotes);
}

/* What a call reads of the auction from the seat's side (bidding_sense.Standing, with no point bids). */
typedef struct {
    int contract, partner_contract, partner_passed, ours;
} Seen;

/* BiddingSense._team: the points the team is expected to take in ``contract``, with the partner's share. */
static double team(const Bidder *b, const Seen *seen, double taken, int contract)
{
    double share;
    if (!b->partners) {
        share = 0.0;
    } else if (seen->partner_contract == contract) {
        double total = b->total[contract], base = b->share[contract], implied = total / 2;
        double capped = (total < implied ? total : implied) - base;
        share = capped > base ? capped : base;
    } else if (seen->partner_contract >= 0) {
        share = b->bidding_share[contract];
    } else {
        share = seen->partner_passed ? b->passed_share[contract] : b->share[contract];
    }
    return taken + b->chien[contract] + share;
}

/* DoublingTables.score (players/doubling.py): the log-odds that ``contract`` fails over the contra threshold's,
   for a defender holding ``known``, the sums in Python's order. */
static double fails(const Bidder *b, uint32_t known, const Seen *seen, int contract)
{
    int set = COUNT(known) < b->hand_size ? 0 : 1, kind = b->kind[contract];
    int trump_suit = kind < 4 ? kind : -1;
    double score = b->double_base[set][contract];
    for (int suit = 0; suit < 4; suit++) {
        const double *table = suit == trump_suit || trump_suit < 0 ? b->double_trump[set][contract]
                                                                   : b->double_side[set][contract];
        score += table[known >> (8 * suit) & 0xFF];
    }
    if (seen->partner_passed)
        score += b->double_auction[set][contract][0];
    if (seen->partner_contract >= 0)
        score += b->double_auction[set][contract][1];
    return score;
}

/* BiddingSense.choose for a ladder without point bids, schmeiss, ashkal or push: the position in ``calls``
   (codes and contracts, ``count`` of them) of the call made, or -1 for a pass not among them. */
static int choose_call(const Bidder *b, uint32_t known, const double *declared, const Seen *seen,
                       const int32_t (*calls)[2], int count)
{
    double taken[MAX_CONTRACTS], held[MAX_CONTRACTS], teams[MAX_CONTRACTS];
    int known_worth[MAX_CONTRACTS] = {0};
    int forced = 1;
    for (int i = 0; i < count; i++)
        if (calls[i][0] == CALL_PASS)
            forced = 0;
#define WORTH(c) if (!known_worth[c]) { worth(b, known, declared, c, &taken[c], &held[c]); \
                                        teams[c] = team(b, seen, taken[c], c); known_worth[c] = 1; }
    for (int i = 0; i < count; i++) {
        if (calls[i][0] != CALL_DOUBLE && calls[i][0] != CALL_REDOUBLE)
            continue;
        int doubled = seen->contract;
        if (!seen->ours) {
            if (fails(b, known, seen, doubled) >= 0.0)
                return i;
            continue;
        }
        WORTH(doubled);
        if (2 * teams[doubled] + held[doubled] - b->total[doubled] >= b->need_redouble[doubled])
            return i;
    }
    int over = seen->ours ? seen->partner_contract : -1, best = -1;
    double best_ratio = 0.0;
    for (int i = 0; i < count; i++) {
        int c = calls[i][1], kind = b->kind[c];
        if (calls[i][0] != CALL_BID || (!forced && kind < 4 && !(known >> (8 * kind) & 0xFF)))
            continue;  /* a trump suit the hand holds none of: only where a call is forced */
        WORTH(c);
        double margin = 2 * teams[c] + held[c] - b->total[c];
        margin -= b->bid_need[c][over >= 0 && c != over];
        if (margin >= 0 || forced) {
            double ratio = product(margin, b->weight[c]);
            if (best < 0 || ratio > best_ratio) {
                best = i;
                best_ratio = ratio;
            }
        }
    }
#undef WORTH
    return best;
}

/* Whether a bidder's contracts and tables are ones choose_call can read. */
static int bidder_sound(const Bidder *b)
{
    if (b->contracts < 1 || b->contracts > MAX_CONTRACTS || b->pack_size < 1)
        return 0;
    for (int c = 0; c < b->contracts; c++)
        if (b->kind[c] < 0 || b->kind[c] > UNDENUFE_KIND || b->declaration_key[c] < -1 || b->declaration_key[c] > 1)
            return 0;
    return 1;
}

PyDoc_STRVAR(call_doc,
"call(bidder, known, declared, contract, partner_contract, partner_passed, ours, calls) -> position\n\n"
"BiddingSense.choose (players/bidding_sense.py) for a ladder without point bids, schmeiss, ashkal or\n"
"push: bidder is BiddingSense.packed, known the hand (with a turned card that goes to the taker),\n"
"declared its two declaration values, contract and partner_contract the standing's (-1: none),\n"
"calls the legal calls as a list of code and contract pairs (0 pass, 1 bid, 2 double, 3 redouble).\n"
"Returns the position of the call made, or -1 for a pass.");

static PyObject *heuristic_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 9) {
        PyErr_Format(PyExc_TypeError, "call() takes 9 arguments (%zd given)", nargs);
        return NULL;
    }
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(Bidder)
          && bidder_sound((const Bidder *)PyBytes_AS_STRING(args[0])),
          "bidder must be BiddingSense.packed (bytes of BIDDER_FORMAT)");
    const Bidder *b = (const Bidder *)PyBytes_AS_STRING(args[0]);
    long long known, contract, partner_contract, value;
    double declared[2] = {PyFloat_AsDouble(args[2]), PyFloat_AsDouble(args[3])};
    if (PyErr_Occurred() || as_int(args[1], 0, 0xFFFFFFFFLL, "known", &known) < 0
            || as_int(args[4], -1, b->contracts - 1, "contract", &contract) < 0
            || as_int(args[5], -1, b->contracts - 1, "partner_contract", &partner_contract) < 0)
        return NULL;
    Seen seen = {(int)contract, (int)partner_contract, PyObject_IsTrue(args[6]), PyObject_IsTrue(args[7])};
    if (seen.partner_passed < 0 || seen.ours < 0)
        return NULL;
    PyObject *list = args[8];
    CHECK(PyList_Check(list) && PyList_GET_SIZE(list) % 2 == 0 && PyList_GET_SIZE(list) <= 128,
          "calls must be a list of code and contract pairs");
    int count = (int)PyList_GET_SIZE(list) / 2;
    int32_t calls[64][2];
    for (int i = 0; i < count; i++) {
        if (as_int(PyList_GET_ITEM(list, 2 * i), CALL_PASS, CALL_REDOUBLE, "a call's code", &value) < 0)
            return NULL;
        calls[i][0] = (int32_t)value;
        if (as_int(PyList_GET_ITEM(list, 2 * i + 1), -1, b->contracts - 1, "a call's contract", &value) < 0)
            return NULL;
        calls[i][1] = (int32_t)value;
        if ((calls[i][0] == CALL_BID && value < 0) || (calls[i][0] >= CALL_DOUBLE && contract < 0)) {
            PyErr_SetString(PyExc_ValueError, "a bid names a contract, and a double one that stands");
            return NULL;
        }
    }
    return PyLong_FromLong(choose_call(b, (uint32_t)known, declared, &seen, (const int32_t (*)[2])calls, count));
}

PyDoc_STRVAR(ladder_doc,
"ladder(bidder, graph, start, known, declared, partner_of, side_of, contract, declarer, bids, called)\n"
"    -> (moves, end)\n\n"
"A whole auction of heuristic bots on a position ladder (players/bidding_kernel.py, LadderGraph):\n"
"from node start, each seat's call is call()'s, until a node that ends the auction. known and\n"
"declared are per seat (two declaration values each); contract, declarer, bids (each seat's last\n"
"bid) and called (whether each seat called) are the auction so far. Returns the moves made, as\n"
"indices into the graph's moves, and the node it ended at.");

/* LadderGraph.packed: the node and move counts, then per node its seat, whether it ends the auction,
   its first move, how many and which of them is the pass (-1: none), then per move its code, contract and
   the node it leads to. */
typedef struct { int32_t seat, finished, first, count, pass; } Node;
typedef struct { int32_t code, contract, next; } Move;

static int seat_items(PyObject *items, int players, long long low, long long high, const char *what, int *out)
{
    if (!(PyList_Check(items) || PyTuple_Check(items)) || PySequence_Fast_GET_SIZE(items) != players) {
        PyErr_Format(PyExc_TypeError, "%s must hold one entry per seat", what);
        return -1;
    }
    for (int seat = 0; seat < players; seat++) {
        long long value;
        if (as_int(PySequence_Fast_GET_ITEM(items, seat), low, high, what, &value) < 0)
            return -1;
        out[seat] = (int)value;
    }
    return 0;
}

static PyObject *heuristic_ladder(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 11) {
        PyErr_Format(PyExc_TypeError, "ladder() takes 11 arguments (%zd given)", nargs);
        return NULL;
    }
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(Bidder)
          && bidder_sound((const Bidder *)PyBytes_AS_STRING(args[0])),
          "bidder must be BiddingSense.packed (bytes of BIDDER_FORMAT)");
    const Bidder *b = (const Bidder *)PyBytes_AS_STRING(args[0]);
    CHECK(PyBytes_Check(args[1]) && PyBytes_GET_SIZE(args[1]) >= 8, "graph must be LadderGraph.packed");
    const int32_t *header = (const int32_t *)PyBytes_AS_STRING(args[1]);
    long long nodes = header[0], moves = header[1];
    CHECK(nodes > 0 && moves >= 0 && PyBytes_GET_SIZE(args[1]) == 8 + nodes * (Py_ssize_t)sizeof(Node)
          + moves * (Py_ssize_t)sizeof(Move), "graph must be LadderGraph.packed");
    const Node *node_of = (const Node *)(header + 2);
    const Move *move_of = (const Move *)(node_of + nodes);
    CHECK(PyList_Check(args[3]), "known must be a list of hands");
    int players = (int)PyList_GET_SIZE(args[3]);
    CHECK(players >= 2 && players <= MAX_PLAYERS, "known must hold one hand per seat");
    int partner_of[MAX_PLAYERS], side_of[MAX_PLAYERS], bids[MAX_PLAYERS], called[MAX_PLAYERS];
    double declared[2 * MAX_PLAYERS];
    long long start, contract, declarer;
    if (as_int(args[2], 0, nodes - 1, "start", &start) < 0
            || as_int(args[7], -1, b->contracts - 1, "contract", &contract) < 0
            || as_int(args[8], -1, players - 1, "declarer", &declarer) < 0
            || seat_items(args[5], players, -1, players - 1, "partner_of", partner_of) < 0
            || seat_items(args[6], players, 0, players - 1, "side_of", side_of) < 0
            || seat_items(args[9], players, -1, b->contracts - 1, "bids", bids) < 0
            || seat_items(args[10], players, 0, 1, "called", called) < 0)
        return NULL;
    uint32_t hands[MAX_PLAYERS];
    for (int seat = 0; seat < players; seat++) {
        long long hand;
        if (as_int(PyList_GET_ITEM(args[3], seat), 0, 0xFFFFFFFFLL, "a hand", &hand) < 0)
            return NULL;
        hands[seat] = (uint32_t)hand;
    }
    CHECK(PyList_Check(args[4]) && PyList_GET_SIZE(args[4]) == 2 * players, "declared must hold two values per seat");
    for (int i = 0; i < 2 * players; i++) {
        declared[i] = PyFloat_AsDouble(PyList_GET_ITEM(args[4], i));
        if (declared[i] == -1.0 && PyErr_Occurred())
            return NULL;
    }
    PyObject *made = PyList_New(0);
    if (made == NULL)
        return NULL;
    long long at = start;
    for (int steps = 0; !node_of[at].finished; steps++) {
        const Node *n = &node_of[at];
        if (steps > 4096 || n->seat < 0 || n->seat >= players || n->count < 1 || n->count > 64 || n->first < 0
                || n->first + (long long)n->count > moves || n->pass < -1 || n->pass >= n->count) {
            PyErr_SetString(PyExc_ValueError, "the ladder's graph is not one (or its auction does not end)");
            goto failed;
        }
        int32_t calls[64][2];
        for (int i = 0; i < n->count; i++) {
            const Move *m = &move_of[n->first + i];
            if (m->code < CALL_PASS || m->code > CALL_REDOUBLE || m->contract < -1 || m->contract >= b->contracts
                    || (m->code == CALL_BID && m->contract < 0) || (m->code >= CALL_DOUBLE && contract < 0)
                    || m->next < 0 || m->next >= nodes) {
                PyErr_SetString(PyExc_ValueError, "the ladder's graph is not one");
                goto failed;
            }
            calls[i][0] = m->code;
            calls[i][1] = m->contract;
        }
        int seat = n->seat, partner = partner_of[seat];
        int partner_bid = partner >= 0 ? bids[partner] : -1;
        Seen seen = {(int)contract, partner_bid, partner >= 0 && called[partner] && partner_bid < 0,
                     declarer >= 0 && side_of[declarer] == side_of[seat]};
        int pick = choose_call(b, hands[seat], &declared[2 * seat], &seen, (const int32_t (*)[2])calls, n->count);
        if (pick < 0)
            pick = n->pass;
        if (pick < 0) {
            PyErr_SetString(PyExc_ValueError, "a pass was chosen where none is legal");
            goto failed;
        }
        const Move *m = &move_of[n->first + pick];
        PyObject *index = PyLong_FromLong(n->first + pick);
        if (index == NULL || PyList_Append(made, index) < 0) {
            Py_XDECREF(index);
            goto failed;
        }
        Py_DECREF(index);
        if (m->code == CALL_BID) {
            contract = bids[seat] = m->contract;
            declarer = seat;
        }
        called[seat] = 1;
        at = m->next;
    }
    return Py_BuildValue("(NL)", made, at);
failed:
    Py_DECREF(made);
    return NULL;
}

#endif
