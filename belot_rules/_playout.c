/* The trick loop of a random playout, compiled: DealState.play_out(..., rand) without a bytecode per
   card; the same loop with the heuristic bot's card choice at every seat (players/card_play.py,
   CardSense, and its memory, players/memory.py); and the shuffle of a pack (rules/deal/dealing.py, shuffle).

   Optional: setup.py builds it when a C compiler is at hand, and belot_rules/kernel.py finds it; the
   engine plays the same loop in Python (belot_rules/engine/deal.py, DealState._play_tricks) when it
   is absent. Both give identical deals: the same calls to rand() in the same order (one per card,
   int(rand() * number of legal cards) lowest-first skips), the same Python callbacks at the same
   moments (a seat's declarations in trick 1, a card that may open a belote, the cards an open
   tableau turns up after each trick), the same tricks, card points and tricks per side.

   Nothing here knows a variant. Every rule arrives as tables the compiled rules already hold,
   packed once per contract by Obligations (belot_rules/rules/play/obligations.py, PACKED_FORMAT): the legal-card
   parameters that Obligations.legal_fast reads, the card points and each card's strength in a
   trick by the led suit. The legal cards and the trick's winner are obligations.h's, which the
   double-dummy solver (_solver.c) reads too. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>

#include "rules/play/obligations.h"
#include "_heuristic.h"

/* The deal's Python objects the loop reads and updates (borrowed references) and its C copies. */
typedef struct {
    const Spec *spec;
    int players, hand_size, sides;
    int side_of[MAX_PLAYERS];
    uint32_t hands[MAX_PLAYERS];
    long long side_points[MAX_PLAYERS], side_tricks[MAX_PLAYERS];
    PyObject *hand_list, *trick, *tricks, *point_list, *trick_list, *belote_suits, *declared;
    PyObject *rand, *declare, *opened, *turned_up;
    const Sense *sense;  /* the heuristic bot's card choice at every seat, or NULL: cards drawn with rand */
    int declarer;
    Memory memory;       /* what the table has shown, as the sense reads it */
} Deal;

/* An int in low..high. Only ints are taken (an int runs no Python code when read), so no
   callback or __index__ can change a list while the loop holds its items. */
static int as_int(PyObject *value, long long low, long long high, const char *what, long long *out)
{
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    long long number = PyLong_AsLongLong(value);
    if (number == -1 && PyErr_Occurred())
        return -1;
    if (number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %lld..%lld, not %lld", what, low, high, number);
        return -1;
    }
    *out = number;
    return 0;
}

/* Item ``i`` of a list that callbacks may have changed: checked for its size first. */
static PyObject *item(PyObject *list, Py_ssize_t i, const char *what)
{
    if (i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_ValueError, "%s changed size during the playout", what);
        return NULL;
    }
    return PyList_GET_ITEM(list, i);
}

static int item_int(PyObject *list, Py_ssize_t i, long long low, long long high, const char *what, long long *out)
{
    PyObject *value = item(list, i, what);
    return value == NULL ? -1 : as_int(value, low, high, what, out);
}

static int set_int(PyObject *list, Py_ssize_t i, long long number)
{
    PyObject *value = PyLong_FromLongLong(number);
    return value == NULL ? -1 : PyList_SetItem(list, i, value);  /* steals the value; checks the index */
}

/* The hands into the state's list, so a callback sees the deal as the Python loop would show it. */
static int write_hands(Deal *d)
{
    for (int seat = 0; seat < d->players; seat++)
        if (set_int(d->hand_list, seat, d->hands[seat]) < 0)
            return -1;
    return 0;
}

static int read_hands(Deal *d)
{
    for (int seat = 0; seat < d->players; seat++) {
        long long hand;
        if (item_int(d->hand_list, seat, 0, 0xFFFFFFFFLL, "a hand", &hand) < 0)
            return -1;
        d->hands[seat] = (uint32_t)hand;
    }
    return 0;
}

/* Call a callback with the hands written back first; its result is dropped. */
static int call_back(Deal *d, PyObject *callback, const char *format, ...)
{
    if (write_hands(d) < 0)
        return -1;
    va_list va;
    va_start(va, format);
    PyObject *args = Py_VaBuildValue(format, va);
    va_end(va);
    if (args == NULL)
        return -1;
    PyObject *result = PyObject_Call(callback, args, NULL);
    Py_DECREF(args);
    if (result == NULL)
        return -1;
    Py_DECREF(result);
    return 0;
}

/* A random legal card: card_picker's draw, int(rand() * count) lowest cards skipped (none when negative). */
static int draw(Deal *d, uint32_t legal)
{
    PyObject *drawn = PyObject_CallNoArgs(d->rand);
    if (drawn == NULL)
        return -1;
    double x = PyFloat_AsDouble(drawn);
    Py_DECREF(drawn);
    if (x == -1.0 && PyErr_Occurred())
        return -1;
    int count = COUNT(legal);
    double skip = x * (double)count;
    if (Py_IS_NAN(skip) || Py_IS_INFINITY(skip)) {  /* as int() refuses it */
        PyErr_SetString(Py_IS_NAN(skip) ? PyExc_ValueError : PyExc_OverflowError,
                        "rand() must return a float in [0, 1)");
        return -1;
    }
    if (skip >= (double)count) {  /* the Python loop would draw no card: 1 << -1 */
        PyErr_SetString(PyExc_ValueError, "rand() must return a float in [0, 1)");
        return -1;
    }
    for (long n = skip > 0.0 ? (long)skip : 0; n; n--)
        legal &= legal - 1;
    return LOWEST(legal);
}

/* Trick 1: a seat not yet asked declares through the callback if it holds something, else nothing. */
static int declare(Deal *d, int seat, uint32_t hand, unsigned long long declaring)
{
    PyObject *key = PyLong_FromLong(seat);
    if (key == NULL)
        return -1;
    int known = PyDict_Contains(d->declared, key);
    int status = known;
    if (known == 0) {
        if (declaring >> seat & 1) {
            status = call_back(d, d->declare, "(ik)", seat, (unsigned long)hand);
        } else {
            PyObject *nothing = PyTuple_New(0);
            status = nothing == NULL ? -1 : PyDict_SetItem(d->declared, key, nothing);
            Py_XDECREF(nothing);
        }
    }
    Py_DECREF(key);
    return status < 0 ? -1 : 0;
}

/* The seat's belote suits still to be opened (the list _belote removes from), or NULL with an error. */
static PyObject *belote_suits(Deal *d, int seat)
{
    PyObject *suits = item(d->belote_suits, seat, "belote_suits");
    if (suits != NULL && !PyList_Check(suits)) {
        PyErr_SetString(PyExc_TypeError, "belote_suits holds a list per seat");
        return NULL;
    }
    return suits;
}

/* Whether ``suit`` is one of ``suits``. */
static int holds_belote(PyObject *suits, int suit)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(suits); i++) {
        long long held;
        if (as_int(PyList_GET_ITEM(suits, i), LLONG_MIN, LLONG_MAX, "a belote suit", &held) < 0)
            return -1;
        if (held == suit)
            return 1;
    }
    return 0;
}

/* The trick's winner takes its card points and the trick, in C and in the state's lists. */
static int take_trick(Deal *d, int side, long long taken)
{
    d->side_points[side] += taken;
    d->side_tricks[side] += 1;
    if (side >= PyList_GET_SIZE(d->point_list) || side >= PyList_GET_SIZE(d->trick_list)) {
        PyErr_SetString(PyExc_ValueError, "side_points and side_tricks changed size during the playout");
        return -1;
    }
    return set_int(d->point_list, side, d->side_points[side]) < 0 ? -1
        : set_int(d->trick_list, side, d->side_tricks[side]);
}

/* The tricks to the end of the deal; returns the last trick's winner, or -1 with an exception set. */
static long play_tricks(Deal *d, int leader, int win, unsigned long long declaring)
{
    const Spec *s = d->spec;
    int players = d->players, back = s->partner_back;
    int belote_held = 0;
    for (int seat = 0; seat < players; seat++)
        if (PyList_GET_SIZE(PyList_GET_ITEM(d->belote_suits, seat)))
            belote_held = 1;
    /* the trick so far: a deal may be resumed inside one */
    int led = 0, best = 0, cards[MAX_PLAYERS];
    long long taken = 0;
    for (Py_ssize_t pos = 0; pos < PyList_GET_SIZE(d->trick); pos++) {
        long long card;
        if (item_int(d->trick, pos, 0, 31, "a trick's card", &card) < 0)
            return -1;
        cards[pos] = (int)card;
        taken += s->points[card];
        if (pos == 0)
            led = (int)card >> 3;
        if (pos == win)
            best = (int)card;
    }
    for (Py_ssize_t done = PyList_GET_SIZE(d->tricks); done < d->hand_size; done++) {
        int first_trick = done == 0;
        for (int pos = (int)PyList_GET_SIZE(d->trick); pos < players; pos++) {
            int seat = (leader + pos) % players;
            uint32_t hand = d->hands[seat];
            if (first_trick && declare(d, seat, hand, declaring) < 0)
                return -1;
            uint32_t can = pos ? legal(s, hand, led, best, win == pos - back) : hand;
            if (!can) {
                PyErr_SetString(PyExc_ValueError, "the seat to play has no card");
                return -1;
            }
            int card;
            if (d->sense != NULL) {  /* CardSense.choose, then Memory.observe, as the Python callback does */
                card = choose(s, d->sense, &d->memory, seat, d->declarer, hand, can, cards, pos, win);
                observe(s, &d->memory, seat, card, cards, pos, win);
            } else if ((card = draw(d, can)) < 0) {
                return -1;
            }
            if (belote_held) {
                PyObject *suits = belote_suits(d, seat);
                if (suits == NULL)
                    return -1;
                if (PyList_GET_SIZE(suits)) {
                    int holds = holds_belote(suits, card >> 3);
                    if (holds < 0 || (holds && call_back(d, d->opened, "(iiii)", seat, card, leader, win) < 0))
                        return -1;
                }
            }
            d->hands[seat] = hand ^ (1u << card);
            PyObject *value = PyLong_FromLong(card);
            if (value == NULL || PyList_Append(d->trick, value) < 0) {
                Py_XDECREF(value);
                return -1;
            }
            Py_DECREF(value);
            cards[pos] = card;
            taken += s->points[card];
            if (!pos) {
                led = card >> 3;
                best = card;
            } else if (beats(s, led, card, best)) {
                win = pos;
                best = card;
            }
        }
        int winner = (leader + win) % players;
        if (take_trick(d, d->side_of[winner], taken) < 0)
            return -1;
        taken = 0;
        PyObject *cards = PyList_AsTuple(d->trick);
        if (cards == NULL)
            return -1;
        PyObject *entry = Py_BuildValue("(iNi)", leader, cards, winner);
        if (entry == NULL || PyList_Append(d->tricks, entry) < 0) {
            Py_XDECREF(entry);
            return -1;
        }
        Py_DECREF(entry);
        if (d->turned_up != Py_None) {  /* an open tableau turns up the cards under the trick's cards */
            if (call_back(d, d->turned_up, "(i)", leader) < 0 || read_hands(d) < 0)
                return -1;
        }
        if (PyList_SetSlice(d->trick, 0, PY_SSIZE_T_MAX, NULL) < 0)
            return -1;
        leader = winner;
        win = 0;
    }
    return leader;
}

#define CHECK(test, message) \
    if (!(test)) { PyErr_SetString(PyExc_TypeError, message); return NULL; }

/* A memory's state (players/memory.py, Memory: played, observed, excluded per seat) into C. */
static int read_memory(Deal *d, PyObject *memory)
{
    long long value;
    PyObject *played = PyObject_GetAttrString(memory, "played");
    PyObject *observed = PyObject_GetAttrString(memory, "observed");
    PyObject *excluded = PyObject_GetAttrString(memory, "excluded");
    int status = -1;
    if (played == NULL || observed == NULL || excluded == NULL)
        goto done;
    if (!PyList_Check(excluded) || PyList_GET_SIZE(excluded) != d->players) {
        PyErr_SetString(PyExc_TypeError, "memory.excluded must be a list with a card set per seat");
        goto done;
    }
    if (as_int(played, 0, 0xFFFFFFFFLL, "memory.played", &value) < 0)
        goto done;
    d->memory.played = (uint32_t)value;
    if (as_int(observed, 0, LLONG_MAX, "memory.observed", &d->memory.observed) < 0)
        goto done;
    for (int seat = 0; seat < d->players; seat++) {
        if (as_int(PyList_GET_ITEM(excluded, seat), 0, 0xFFFFFFFFLL, "memory.excluded", &value) < 0)
            goto done;
        d->memory.excluded[seat] = (uint32_t)value;
    }
    status = 0;
done:
    Py_XDECREF(played);
    Py_XDECREF(observed);
    Py_XDECREF(excluded);
    return status;
}

/* The memory's state back into the Python object: a new excluded list, as Memory.see_tables makes one. */
static int write_memory(Deal *d, PyObject *memory)
{
    PyObject *excluded = PyList_New(d->players);
    if (excluded == NULL)
        return -1;
    for (int seat = 0; seat < d->players; seat++)
        if (set_int(excluded, seat, d->memory.excluded[seat]) < 0) {
            Py_DECREF(excluded);
            return -1;
        }
    PyObject *played = PyLong_FromUnsignedLong(d->memory.played);
    PyObject *observed = PyLong_FromLongLong(d->memory.observed);
    int status = played == NULL || observed == NULL || PyObject_SetAttrString(memory, "played", played) < 0
        || PyObject_SetAttrString(memory, "observed", observed) < 0
        || PyObject_SetAttrString(memory, "excluded", excluded) < 0 ? -1 : 0;
    Py_XDECREF(played);
    Py_XDECREF(observed);
    Py_DECREF(excluded);
    return status;
}

PyDoc_STRVAR(play_doc,
"play(packed, players, hand_size, side_of, hands, leader, trick, win, tricks, side_points, side_tricks,\n"
"     belote_suits, declared, declaring, rand, declare, opened, turned_up[, sense, declarer, memory])\n"
"     -> last trick's winner\n\n"
"Play a deal's remaining tricks with uniformly random legal cards, updating the lists and dict\n"
"in place as DealState.play_out does: hands, trick (emptied at the end), tricks, side_points,\n"
"side_tricks (at each trick's end), declared. declare(seat, hand) chooses a declaring seat's\n"
"declarations in trick 1; opened(seat, card, leader, win) is called before a card of one of the\n"
"seat's belote suits is played; turned_up(leader) after each trick when an open tableau is laid\n"
"(else None). The hands are written back before each callback, not before each rand() call.\n"
"With sense (CardSense.packed) each card is the heuristic bot's choice instead, at every seat, for\n"
"the deal taken by declarer, from what memory (a Memory) has seen: rand is then unused (None), and\n"
"the memory sees every card and is written back at the end.");

static PyObject *play(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 18 && nargs != 21) {
        PyErr_Format(PyExc_TypeError, "play() takes 18 or 21 arguments (%zd given)", nargs);
        return NULL;
    }
    Deal d;
    PyObject *memory = NULL;
    d.sense = NULL;
    d.declarer = 0;
    long long players, hand_size, leader, win, declaring, side;
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(Spec),
          "packed must be Obligations.packed (bytes of PACKED_FORMAT)");
    d.spec = (const Spec *)PyBytes_AS_STRING(args[0]);
    if (as_int(args[1], 2, MAX_PLAYERS, "players", &players) < 0 || as_int(args[2], 0, 32, "hand_size", &hand_size) < 0
            || as_int(args[5], 0, players - 1, "leader", &leader) < 0 || as_int(args[7], 0, players - 1, "win", &win) < 0
            || as_int(args[13], 0, (1LL << MAX_PLAYERS) - 1, "declaring", &declaring) < 0)
        return NULL;
    d.players = (int)players;
    d.hand_size = (int)hand_size;
    d.hand_list = args[4];
    d.trick = args[6];
    d.tricks = args[8];
    d.point_list = args[9];
    d.trick_list = args[10];
    d.belote_suits = args[11];
    d.declared = args[12];
    d.rand = args[14];
    d.declare = args[15];
    d.opened = args[16];
    d.turned_up = args[17];
    CHECK(PyTuple_Check(args[3]) && PyTuple_GET_SIZE(args[3]) >= d.players, "side_of must be a tuple with a side per seat");
    CHECK(PyList_Check(d.hand_list) && PyList_GET_SIZE(d.hand_list) == d.players, "hands must be a list with a hand per seat");
    CHECK(PyList_Check(d.trick) && PyList_GET_SIZE(d.trick) < d.players, "trick must be a list of fewer cards than players");
    CHECK(PyList_Check(d.tricks), "tricks must be a list");
    CHECK(PyList_Check(d.point_list) && PyList_Check(d.trick_list)
          && PyList_GET_SIZE(d.point_list) == PyList_GET_SIZE(d.trick_list)
          && PyList_GET_SIZE(d.point_list) <= MAX_PLAYERS, "side_points and side_tricks must be lists, one entry per side");
    CHECK(PyList_Check(d.belote_suits) && PyList_GET_SIZE(d.belote_suits) == d.players, "belote_suits must be a list per seat");
    CHECK(PyDict_Check(d.declared), "declared must be a dict");
    if (nargs == 21 && args[18] != Py_None) {
        long long declarer;
        CHECK(PyBytes_Check(args[18]) && PyBytes_GET_SIZE(args[18]) == sizeof(Sense),
              "sense must be CardSense.packed (bytes of SENSE_FORMAT)");
        d.sense = (const Sense *)PyBytes_AS_STRING(args[18]);
        CHECK(d.sense->players == d.players && sense_sound(d.sense), "sense must be packed for this table's players");
        if (as_int(args[19], 0, players - 1, "declarer", &declarer) < 0)
            return NULL;
        d.declarer = (int)declarer;
        memory = args[20];
        if (read_memory(&d, memory) < 0)
            return NULL;
    }
    CHECK((d.sense != NULL || PyCallable_Check(d.rand)) && PyCallable_Check(d.declare) && PyCallable_Check(d.opened)
          && (d.turned_up == Py_None || PyCallable_Check(d.turned_up)), "rand (without a sense), declare, opened and turned_up are callables");
    CHECK(PyList_GET_SIZE(d.trick) == 0 || win < PyList_GET_SIZE(d.trick), "win must be a position in the trick");
    d.sides = (int)PyList_GET_SIZE(d.point_list);
    for (int seat = 0; seat < d.players; seat++) {
        CHECK(PyList_Check(PyList_GET_ITEM(d.belote_suits, seat)), "belote_suits must be a list per seat");
        if (as_int(PyTuple_GET_ITEM(args[3], seat), 0, d.sides - 1, "a side of side_of", &side) < 0)
            return NULL;
        d.side_of[seat] = (int)side;
    }
    for (int i = 0; i < d.sides; i++)
        if (item_int(d.point_list, i, -(1LL << 40), 1LL << 40, "side_points", &d.side_points[i]) < 0
                || item_int(d.trick_list, i, 0, 1LL << 40, "side_tricks", &d.side_tricks[i]) < 0)
            return NULL;
    if (read_hands(&d) < 0)
        return NULL;
    long last = play_tricks(&d, (int)leader, (int)win, (unsigned long long)declaring);
    /* the hands as far as the loop got, also when a callback raised */
    PyObject *error_type, *error_value, *error_trace;
    PyErr_Fetch(&error_type, &error_value, &error_trace);
    int written = write_hands(&d) == 0 && (memory == NULL || write_memory(&d, memory) == 0);
    if (error_type != NULL) {
        PyErr_Restore(error_type, error_value, error_trace);
        return NULL;
    }
    return written ? PyLong_FromLong(last) : NULL;
}

#include "_bidding.h"  /* the heuristic bot's calls, which read as_int and CHECK above */
#include "rules/scoring/deal_score.h"  /* a deal's score between two camps, which reads them too */
#include "_random_deal.h"  /* whole random deals, which read the play loop's rules and the score */

PyDoc_STRVAR(legal_doc,
"legal(packed, hand, led_suit, winning_card, partner_winning) -> card set\n\n"
"Obligations.legal_fast, as the kernel computes it (for tests).");

static PyObject *legal_cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "legal() takes 5 arguments (%zd given)", nargs);
        return NULL;
    }
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(Spec),
          "packed must be Obligations.packed (bytes of PACKED_FORMAT)");
    long long hand, led, winning;
    if (as_int(args[1], 0, 0xFFFFFFFFLL, "hand", &hand) < 0 || as_int(args[2], 0, 3, "led_suit", &led) < 0
            || as_int(args[3], 0, 31, "winning_card", &winning) < 0)
        return NULL;
    int partner_winning = PyObject_IsTrue(args[4]);
    if (partner_winning < 0)
        return NULL;
    return PyLong_FromUnsignedLong(legal((const Spec *)PyBytes_AS_STRING(args[0]), (uint32_t)hand, (int)led,
                                         (int)winning, partner_winning));
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(getrandbits, deck) -> None\n\n"
"random.Random.shuffle(deck) with the generator's getrandbits: the same draws, the same order\n"
"(rules/deal/dealing.py, shuffle, is the same loop in Python).");

static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "shuffle() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *getrandbits = args[0], *deck = args[1];
    CHECK(PyCallable_Check(getrandbits) && PyList_Check(deck), "shuffle() takes getrandbits and a list");
    for (Py_ssize_t i = PyList_GET_SIZE(deck) - 1; i > 0; i--) {
        Py_ssize_t bound = i + 1, j;
        int bits = 0;
        while (bound >> bits)
            bits++;
        PyObject *size = PyLong_FromLong(bits);
        if (size == NULL)
            return NULL;
        do {  /* random.Random._randbelow: getrandbits(bound.bit_length()) until below bound */
            PyObject *drawn = PyObject_Vectorcall(getrandbits, &size, 1, NULL);
            if (drawn == NULL) {
                Py_DECREF(size);
                return NULL;
            }
            j = PyLong_AsSsize_t(drawn);
            Py_DECREF(drawn);
            if (j == -1 && PyErr_Occurred()) {
                Py_DECREF(size);
                return NULL;
            }
        } while (j >= bound);
        Py_DECREF(size);
        if (j < 0 || i >= PyList_GET_SIZE(deck)) {
            PyErr_SetString(PyExc_ValueError, "getrandbits() gave a negative number, or the deck changed");
            return NULL;
        }
        PyObject *card = PyList_GET_ITEM(deck, i);  /* deck[i], deck[j] = deck[j], deck[i] */
        PyList_SET_ITEM(deck, i, PyList_GET_ITEM(deck, j));
        PyList_SET_ITEM(deck, j, card);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, shuffle_doc},
    {"play", (PyCFunction)(void (*)(void))play, METH_FASTCALL, play_doc},
    {"legal", (PyCFunction)(void (*)(void))legal_cards, METH_FASTCALL, legal_doc},
    {"call", (PyCFunction)(void (*)(void))heuristic_call, METH_FASTCALL, call_doc},
    {"ladder", (PyCFunction)(void (*)(void))heuristic_ladder, METH_FASTCALL, ladder_doc},
    {"score", (PyCFunction)(void (*)(void))score, METH_FASTCALL, score_doc},
    {"random_deals", (PyCFunction)(void (*)(void))random_deals, METH_FASTCALL, random_deals_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_playout",
    "The compiled trick loop of random playouts and the shuffle (optional: the same loops are in Python).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout(void)
{
    PyObject *m = PyModule_Create(&module);
    /* the layout of Spec, its codes and the source digest, which belot_rules/kernel.py checks */
    if (m != NULL && (add_build_constants(m) < 0 || PyModule_AddStringConstant(m, "SENSE_FORMAT", SENSE_FORMAT) < 0
                      || PyModule_AddStringConstant(m, "BIDDER_FORMAT", BIDDER_FORMAT) < 0
                      || PyModule_AddStringConstant(m, "SCORING_FORMAT", SCORING_FORMAT) < 0
                      || PyModule_AddStringConstant(m, "TABLE_FORMAT", TABLE_FORMAT) < 0))
        Py_CLEAR(m);
    return m;
}
