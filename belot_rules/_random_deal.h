/* Whole random deals, compiled: what a chunk of `belot simulate` plays at a table of random players alone
   (sim/simulate.py, play_chunk, and engine/playout.py, play_at_random), deal after deal, from each deal's seed to
   its tally. Per deal: a generator seeded as random.Random(seed) seeds one (Mersenne Twister, init_by_array), the
   pack shuffled as rules/deal/dealing.py's shuffle does (random.Random.shuffle's draws), the first packets dealt by
   their deck positions, the random auction walked through the table of a ladder's positions (engine/playout.py,
   random_auction), the rest dealt, trick 1's declarations found from the runs table and chosen at random, the
   tricks with belotes (the trick loop of _playout.c), the contest of declarations (rules/declarations/melds.py,
   DeclarationRules._resolve), the score (deal_score.h) and what sim/simulate.py's record_deal counts of it.
   Every draw is the Python code's: random() = (a * 2^26 + b) / 2^53 from two outputs, getrandbits(k) the top k
   bits of one, in the same order as the Python path draws them.

   Nothing here knows a variant: engine/random_kernel.py packs its tables (TABLE_FORMAT, the ladder's positions)
   only where every rule of the variant is one this code expresses, and the Python path plays any other.
   Included by _playout.c after its play loop's helpers and deal_score.h. */

#ifndef BELOT_RANDOM_DEAL_H
#define BELOT_RANDOM_DEAL_H

#include "rules/play/obligations.h"

#define MAX_CONTRACTS 8
#define MAX_RUNS 3
/* RandomTable (engine/random_kernel.py, TABLE_FORMAT), field for field: 4-byte fields, no padding. */
#define TABLE_FORMAT "=4i4i4i4i32i128i512i2560i9i9i8i8i13i1i8i8i8i64i64I64i8I8i"
typedef struct {
    int32_t players, hand_size, pack_size, sides;
    int32_t side_of[4];
    int32_t first_of[4];             /* per dealer: the first seat, dealt first and leading trick 1 */
    int32_t start_of[4];             /* per dealer: the auction's first position */
    int32_t pack[32];                /* seating.cards, the pack a deal shuffles */
    int32_t first_deal[4][32];       /* per first seat, per deck position: the seat dealt it before the auction, or -1 */
    int32_t second_deal[4][4][32];   /* per first seat and taker: the seat dealt it after the auction, or -1 */
    int32_t runs[256][1 + 3 * MAX_RUNS];  /* per suit holding: its runs' count, then (top rank, length, suit byte) */
    int32_t seq_points[9];           /* per run length: its points */
    int32_t seq_class[9];            /* per run length: the listed length it counts as */
    int32_t seq_pos[8];              /* per rank: its place in the sequence order */
    int32_t quad_strength[8];        /* per rank: its place from the bottom of quad_order */
    int32_t unified, no_contest, by_class, by_size, quad_flag, prefer_quad, tie, best_only, absorbed,
            belote_points, belote_required, belote_forced_lost, belote_always;
    int32_t contracts;
    int32_t allowed[MAX_CONTRACTS];        /* sequences and quads are declared in it */
    int32_t decl_trump[MAX_CONTRACTS];     /* the trump suit the contest reads, or -1 */
    int32_t play_trump[MAX_CONTRACTS];     /* the trump suit a belote's card may be played in, or -1 */
    int32_t quad_rank[MAX_CONTRACTS][8];   /* its quads in order: rank, cards, points (points 0: none) */
    uint32_t quad_mask[MAX_CONTRACTS][8];
    int32_t quad_points[MAX_CONTRACTS][8];
    uint32_t belote_queens[MAX_CONTRACTS]; /* the queen of each belote suit */
    int32_t quad_ranks[MAX_CONTRACTS];     /* the ranks of its quads, a bit each */
} RandomTable;

enum { TIE_CANCEL = 0, TIE_TRUMP_CANCEL = 1, TIE_TRUMP_FIRST = 2, TIE_FIRST = 3 };
enum { D_SEQUENCE = 0, D_QUAD = 1, D_BELOTE = 2 };

/* ------------------------------------------------------------------ the generator: CPython's _randommodule.c */

#define MT_N 624
#define MT_M 397
typedef struct {
    uint32_t state[MT_N];
    int index;
} Twister;

static void mt_init(Twister *mt, uint32_t s)
{
    mt->state[0] = s;
    for (int i = 1; i < MT_N; i++)
        mt->state[i] = 1812433253U * (mt->state[i - 1] ^ (mt->state[i - 1] >> 30)) + (uint32_t)i;
    mt->index = MT_N;
}

/* random.Random(seed).seed for an int 0 <= seed < 2**64: init_by_array with its 32-bit words, lowest first. */
static void mt_seed(Twister *mt, unsigned long long seed)
{
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int length = key[1] ? 2 : 1;
    mt_init(mt, 19650218U);
    uint32_t *s = mt->state;
    int i = 1, j = 0;
    for (int k = MT_N > length ? MT_N : length; k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            s[0] = s[MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            s[0] = s[MT_N - 1];
            i = 1;
        }
    }
    s[0] = 0x80000000U;
}

static uint32_t mt_next(Twister *mt)
{
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *s = mt->state;
    if (mt->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (s[kk] & 0x80000000U) | (s[kk + 1] & 0x7fffffffU);
            s[kk] = s[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (s[kk] & 0x80000000U) | (s[kk + 1] & 0x7fffffffU);
            s[kk] = s[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (s[MT_N - 1] & 0x80000000U) | (s[0] & 0x7fffffffU);
        s[MT_N - 1] = s[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        mt->index = 0;
    }
    y = s[mt->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random.random */
static inline double mt_random(Twister *mt)
{
    uint32_t a = mt_next(mt) >> 5, b = mt_next(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* int(random() * count): a uniform choice among count things, as the Python path draws it */
static inline int mt_pick(Twister *mt, int count)
{
    return (int)(mt_random(mt) * (double)count);
}

/* random.Random.shuffle (rules/deal/dealing.py, shuffle): _randbelow by getrandbits(bit length), drawn again while
   too large */
static void mt_shuffle(Twister *mt, int32_t *deck, int size)
{
    for (int i = size - 1; i > 0; i--) {
        uint32_t bound = (uint32_t)i + 1, j;
        int bits = 0;
        while (bound >> bits)
            bits++;
        do
            j = mt_next(mt) >> (32 - bits);
        while (j >= bound);
        int32_t card = deck[i];
        deck[i] = deck[j];
        deck[j] = card;
    }
}

/* ------------------------------------------------------------------ declarations (rules/declarations/melds.py) */

typedef struct {
    int seat, kind, suit, rank, length, points;
    uint32_t mask;
} Meld;

/* DeclarationRules.held: a hand's sequences and quads, quads first (in the contract's order), then each suit's runs */
static int held(const RandomTable *t, int contract, int seat, uint32_t hand, Meld *out)
{
    int n = 0;
    uint32_t quads = hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & (uint32_t)t->quad_ranks[contract];
    uint32_t rest = hand;
    if (quads)
        for (int q = 0; q < 8 && t->quad_points[contract][q]; q++) {
            int rank = t->quad_rank[contract][q];
            if (!(quads >> rank & 1))
                continue;
            Meld m = {seat, D_QUAD, -1, rank, 4, t->quad_points[contract][q], t->quad_mask[contract][q]};
            out[n++] = m;
            if (t->prefer_quad)
                rest &= ~m.mask;
        }
    for (int suit = 0; suit < 4; suit++) {
        const int32_t *runs = t->runs[rest >> (8 * suit) & 0xFF];
        for (int r = 0; r < runs[0]; r++) {
            int length = runs[2 + 3 * r];
            Meld m = {seat, D_SEQUENCE, suit, runs[1 + 3 * r], length, t->seq_points[length],
                      (uint32_t)runs[3 + 3 * r] << (8 * suit)};
            out[n++] = m;
        }
    }
    return n;
}

/* Whether a hand holds something to declare (DeclarationRules.holds_any, _may_hold) */
static inline int may_hold(const RandomTable *t, int contract, uint32_t hand)
{
    return t->allowed[contract]
        && ((hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & (uint32_t)t->quad_ranks[contract])
            || t->runs[hand & 0xFF][0] || t->runs[hand >> 8 & 0xFF][0] || t->runs[hand >> 16 & 0xFF][0]
            || t->runs[hand >> 24][0]);
}

/* DeclarationRules._key */
static void meld_key(const RandomTable *t, const Meld *d, long long *key)
{
    long long points = t->unified ? d->points : 0;
    if (t->by_size && t->unified) {
        key[0] = points;
        key[1] = d->kind == D_QUAD ? 4 : d->length;
        key[2] = d->kind == D_QUAD ? t->quad_flag : 0;
        key[3] = d->kind == D_QUAD ? t->quad_strength[d->rank] : t->seq_pos[d->rank];
    } else if (d->kind == D_QUAD) {
        key[0] = points, key[1] = t->quad_flag, key[2] = d->points, key[3] = t->quad_strength[d->rank];
    } else {
        key[0] = points, key[1] = 0, key[2] = t->by_class ? t->seq_class[d->length] : d->length;
        key[3] = t->seq_pos[d->rank];
    }
}

static int key_order(const long long *a, const long long *b)
{
    for (int i = 0; i < 4; i++)
        if (a[i] != b[i])
            return a[i] > b[i] ? 1 : -1;
    return 0;
}

/* DeclarationRules._compare */
static int compare(const RandomTable *t, const Meld *a, const Meld *b)
{
    long long ka[4], kb[4];
    meld_key(t, a, ka);
    meld_key(t, b, kb);
    if (a->kind != b->kind && ka[0] == kb[0] && ka[1] == kb[1])
        return 0;
    return key_order(ka, kb);
}

/* max(melds, key=_key): the first of the highest */
static int best_of(const RandomTable *t, const Meld *const *melds, int n)
{
    int best = 0;
    long long top[4], key[4];
    meld_key(t, melds[0], top);
    for (int i = 1; i < n; i++) {
        meld_key(t, melds[i], key);
        if (key_order(key, top) > 0) {
            best = i;
            memcpy(top, key, sizeof top);
        }
    }
    return best;
}

/* DeclarationRules._winner and _break_tie between the two camps: the winning camp, or -1 (cancelled) */
static int contest_winner(const RandomTable *t, const Meld *const teams[2][32], const int *count, int trump,
                          int first_seat, int players)
{
    const Meld *best[2] = {teams[0][best_of(t, teams[0], count[0])], teams[1][best_of(t, teams[1], count[1])]};
    int order = compare(t, best[1], best[0]);
    if (order)
        return order > 0 ? 1 : 0;
    int leaders[2] = {1, 1};
    if (t->tie == TIE_TRUMP_CANCEL || t->tie == TIE_TRUMP_FIRST) {
        int in_trumps[2] = {0, 0};
        for (int camp = 0; camp < 2; camp++)
            for (int i = 0; i < count[camp]; i++) {
                const Meld *d = teams[camp][i];
                if (compare(t, d, best[camp]) == 0 && d->kind == D_SEQUENCE && d->suit == trump)
                    in_trumps[camp] = 1;
            }
        if (in_trumps[0] != in_trumps[1])
            return in_trumps[0] ? 0 : 1;
    }
    if (t->tie == TIE_FIRST || t->tie == TIE_TRUMP_FIRST) {
        int place[2];
        for (int camp = 0; camp < 2; camp++) {
            place[camp] = players;
            for (int i = 0; i < count[camp]; i++) {
                const Meld *d = teams[camp][i];
                int p = ((d->seat - first_seat) % players + players) % players;
                if (leaders[camp] && compare(t, d, best[camp]) == 0 && p < place[camp])
                    place[camp] = p;
            }
        }
        return place[1] < place[0] ? 1 : 0;
    }
    return -1;
}

/* DeclarationRules._resolve with the sides as camps: the kept sequences and quads' points and the kept belotes'
   points, per side. */
static void resolve(const RandomTable *t, int contract, const Meld *melds, int n, int first_seat, long long *points,
                    long long *belote)
{
    const Meld *groups[2][2][32];
    int count[2][2] = {{0, 0}, {0, 0}};
    const Meld *kept[64];
    int kept_n = 0;
    points[0] = points[1] = belote[0] = belote[1] = 0;
    for (int i = 0; i < n; i++) {
        const Meld *d = &melds[i];
        if (d->kind == D_BELOTE)
            continue;
        int g = t->unified || d->kind == D_SEQUENCE ? 0 : 1, camp = t->side_of[d->seat];
        groups[g][camp][count[g][camp]++] = d;
        if (t->no_contest)
            kept[kept_n++] = d;
    }
    for (int g = 0; g < 2 && !t->no_contest; g++) {
        int *c = count[g];
        if (!c[0] && !c[1])
            continue;
        int winner = !c[0] ? 1 : !c[1] ? 0 : -2;
        if (winner == -2)
            winner = contest_winner(t, groups[g], c, t->decl_trump[contract], first_seat, t->players);
        else if (!t->best_only) {
            for (int i = 0; i < c[winner]; i++)
                kept[kept_n++] = groups[g][winner][i];
            continue;
        }
        if (winner < 0)
            continue;
        int top = best_of(t, groups[g][winner], c[winner]);
        for (int i = 0; i < c[winner]; i++)
            if (!t->best_only || i == top)
                kept[kept_n++] = groups[g][winner][i];
    }
    for (int i = 0; i < kept_n; i++)
        points[t->side_of[kept[i]->seat]] += kept[i]->points;
    for (int i = 0; i < n; i++) {
        const Meld *b = &melds[i];
        if (b->kind != D_BELOTE)
            continue;
        int absorbed = 0;
        for (int k = 0; k < kept_n && t->absorbed; k++)
            if (kept[k]->kind == D_SEQUENCE && kept[k]->seat == b->seat && (b->mask & kept[k]->mask) == b->mask)
                absorbed = 1;
        if (!absorbed)
            belote[t->side_of[b->seat]] += b->points;
    }
}

/* ------------------------------------------------------------------ the ladder's positions */

/* The ladder (engine/random_kernel.py, packed_ladder): a header (positions, moves), per position (first move, moves,
   contract or -1, declarer, level, multiplier), per move (next position, whether the auction is then over). */
typedef struct {
    int32_t positions, moves;
} LadderHead;

/* ------------------------------------------------------------------ a chunk */

/* What record_deal counts of a chunk's deals. */
typedef struct {
    long long deals, all_pass, played, contracts[MAX_CONTRACTS], verdicts[4], capot, doubled, redoubled,
        declarations, belote;
    long long raw[2][3], match[2][3];  /* per side: n, total, squares */
} Counts;

/* Obligations.packed and the scoring's packed options per contract, checked once. */
typedef struct {
    const Spec *spec[MAX_CONTRACTS];
    const Scoring *scoring[MAX_CONTRACTS];
} ContractRules;

/* One deal of a table of random players: its counts added to ``c`` and the takers' raw points (its bin) to
   ``bins`` (None for all pass). Returns 0, or -1 with an exception set. */
static int random_deal(const RandomTable *t, const int32_t *ladder, const ContractRules *rules,
                       unsigned long long seed, long long number, Counts *c, PyObject *bins, Twister *mt)
{
    const int32_t *position_rows = ladder + 2, *move_rows = ladder + 2 + 6 * ladder[0];
    int players = t->players;
    int32_t deck[32];
    uint32_t hands[4] = {0, 0, 0, 0};
    mt_seed(mt, seed);
    memcpy(deck, t->pack, sizeof deck);
    mt_shuffle(mt, deck, t->pack_size);
    int dealer = (int)(number % players), first = t->first_of[dealer];
    for (int pos = 0; pos < t->pack_size; pos++)
        if (t->first_deal[first][pos] >= 0)
            hands[t->first_deal[first][pos]] |= 1u << deck[pos];
    c->deals++;
    /* the auction, from position to position (engine/playout.py, random_auction) */
    int at = t->start_of[dealer], over = 0;
    while (!over) {
        const int32_t *row = position_rows + 6 * at;
        const int32_t *move = move_rows + 2 * (row[0] + mt_pick(mt, row[1]));
        at = move[0];
        over = move[1];
    }
    const int32_t *end = position_rows + 6 * at;
    int contract = end[2], declarer = end[3], level = end[4];
    long long multiplier = end[5];
    if (contract < 0) {
        c->all_pass++;
        return 0;
    }
    for (int pos = 0; pos < t->pack_size; pos++)
        if (t->second_deal[first][declarer][pos] >= 0)
            hands[t->second_deal[first][declarer][pos]] |= 1u << deck[pos];
    const Spec *s = rules->spec[contract];
    /* trick 1 begins: the belotes held, the seats that hold declarations */
    uint32_t queens = t->belote_queens[contract];
    int belote_suits[4] = {0, 0, 0, 0}, belote_held = 0;
    for (int seat = 0; seat < players; seat++) {
        uint32_t pairs = hands[seat] & hands[seat] >> 1 & queens;
        for (int suit = 0; suit < 4; suit++)
            if (pairs >> (suit * 8 + 5) & 1)
                belote_suits[seat] |= 1 << suit, belote_held = 1;
    }
    Meld melds[4 * 16 + 4];
    int n = 0, declared = 0;
    int belotes = 0;
    /* the tricks (_playout.c, play_tricks, with random cards and the random players' declarations and belotes) */
    int leader = first, back = s->partner_back;
    long long side_points[2] = {0, 0}, side_tricks[2] = {0, 0};
    for (int done = 0; done < t->hand_size; done++) {
        int led = 0, best = 0, win = 0;
        long long taken = 0;
        for (int pos = 0; pos < players; pos++) {
            int seat = (leader + pos) % players;
            uint32_t hand = hands[seat];
            if (!done && may_hold(t, contract, hand)) {  /* _choose_declarations: [held, nothing], one drawn */
                Meld found[16];
                int k = held(t, contract, seat, hand, found);
                if (k && mt_pick(mt, 2) == 0) {
                    memcpy(melds + n, found, (size_t)k * sizeof(Meld));
                    n += k;
                    declared = 1;
                }
            }
            uint32_t can = pos ? legal(s, hand, led, best, win == pos - back) : hand;
            if (!can) {
                PyErr_SetString(PyExc_ValueError, "the seat to play has no card");
                return -1;
            }
            uint32_t left = can;
            for (int skip = mt_pick(mt, COUNT(can)); skip; skip--)
                left &= left - 1;
            int card = LOWEST(left), suit = card >> 3, rank = card & 7;
            if (belote_held && belote_suits[seat] >> suit & 1 && (rank == 5 || rank == 6)) {  /* DealState._belote */
                int announced = !t->belote_required || mt_random(mt) < 0.5;
                belote_suits[seat] &= ~(1 << suit);
                int counts = announced && !(t->belote_forced_lost && can == 1u << card)
                    && (t->belote_always || !pos || suit == led || suit == t->play_trump[contract]);
                if (counts) {
                    Meld b = {seat, D_BELOTE, suit, 6, 2, t->belote_points, 3u << (suit * 8 + 5)};
                    melds[n++] = b;
                    belotes++;
                }
            }
            hands[seat] = hand ^ (1u << card);
            taken += s->points[card];
            if (!pos) {
                led = suit;
                best = card;
            } else if (beats(s, led, card, best)) {
                win = pos;
                best = card;
            }
        }
        int winner = (leader + win) % players, side = t->side_of[winner];
        side_points[side] += taken;
        side_tricks[side] += 1;
        leader = winner;
    }
    /* the score (engine/deal_score.py: the declarations by seat, then the belotes as they counted) */
    Meld ordered[4 * 16 + 4];
    int m = 0;
    for (int seat = 0; seat < players; seat++)
        for (int i = 0; i < n; i++)
            if (melds[i].kind != D_BELOTE && melds[i].seat == seat)
                ordered[m++] = melds[i];
    for (int i = 0; i < n; i++)
        if (melds[i].kind == D_BELOTE)
            ordered[m++] = melds[i];
    long long decl[2] = {0, 0}, belote[2] = {0, 0};
    if (m)
        resolve(t, contract, ordered, m, first, decl, belote);
    int ct = t->side_of[declarer];
    Scored out;
    if (score_pair(rules->scoring[contract], ct, multiplier, side_points, side_tricks, t->side_of[leader], decl, belote,
                   0, &out) < 0) {
        PyErr_SetString(PyExc_ValueError, "a random deal the kernel cannot score");
        return -1;
    }
    /* record_deal */
    c->played++;
    c->contracts[contract]++;
    c->verdicts[out.verdict]++;
    c->capot += out.capot >= 0;
    c->doubled += level >= 1;
    c->redoubled += level >= 2;
    c->declarations += declared;
    c->belote += belotes > 0;
    for (int side = 0; side < 2; side++) {
        c->raw[side][0]++, c->raw[side][1] += out.raw[side], c->raw[side][2] += out.raw[side] * out.raw[side];
        c->match[side][0]++, c->match[side][1] += out.points[side];
        c->match[side][2] += out.points[side] * out.points[side];
    }
    long long taker = out.raw[ct], bin = taker - ((taker % 10) + 10) % 10;
    PyObject *key = PyLong_FromLongLong(bin);
    if (key == NULL)
        return -1;
    PyObject *was = PyDict_GetItemWithError(bins, key);
    long long now = 1;
    if (was != NULL)
        now += PyLong_AsLongLong(was);
    PyObject *value = PyErr_Occurred() ? NULL : PyLong_FromLongLong(now);
    int status = value == NULL ? -1 : PyDict_SetItem(bins, key, value);
    Py_DECREF(key);
    Py_XDECREF(value);
    return status;
}

static PyObject *counts_of(const Counts *c, int contracts, PyObject *bins)
{
    PyObject *per_contract = PyTuple_New(contracts);
    if (per_contract == NULL)
        return NULL;
    for (int i = 0; i < contracts; i++) {
        PyObject *v = PyLong_FromLongLong(c->contracts[i]);
        if (v == NULL) {
            Py_DECREF(per_contract);
            return NULL;
        }
        PyTuple_SET_ITEM(per_contract, i, v);
    }
    return Py_BuildValue("(LLLN(LLLL)LLLLLO((LLL)(LLL))((LLL)(LLL)))", c->deals, c->all_pass, c->played, per_contract,
                         c->verdicts[0], c->verdicts[1], c->verdicts[2], c->verdicts[3], c->capot, c->doubled,
                         c->redoubled, c->declarations, c->belote, bins,
                         c->raw[0][0], c->raw[0][1], c->raw[0][2], c->raw[1][0], c->raw[1][1], c->raw[1][2],
                         c->match[0][0], c->match[0][1], c->match[0][2], c->match[1][0], c->match[1][1],
                         c->match[1][2]);
}

PyDoc_STRVAR(random_deals_doc,
"random_deals(table, ladder, obligations, scorings, first, seeds) -> counts\n\n"
"Play deals first, first + 1, ... of a table of random players, one per seed of seeds (an int below 2**64:\n"
"each deal's generator is random.Random(seed)), as sim/simulate.py's play_chunk plays them, and count\n"
"what record_deal counts: (deals, all passed, played, (per contract), (made, failed, hanging, litige),\n"
"capot, doubled, redoubled, declarations, belote, {takers' raw points' bin: deals},\n"
"((n, total, squares) of each side's raw points), (the same of its match points)).\n"
"table is RandomTable's bytes (TABLE_FORMAT), ladder the ladder's positions and moves (int32s),\n"
"obligations and scorings per contract index Obligations.packed and the scoring's packed options.");

static PyObject *random_deals(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 6) {
        PyErr_Format(PyExc_TypeError, "random_deals() takes 6 arguments (%zd given)", nargs);
        return NULL;
    }
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(RandomTable),
          "table must be RandomTable's bytes (TABLE_FORMAT)");
    const RandomTable *t = (const RandomTable *)PyBytes_AS_STRING(args[0]);
    CHECK(t->players >= 2 && t->players <= 4 && t->sides == 2 && t->pack_size == 32 && t->hand_size >= 1
          && t->hand_size * t->players <= 32 && t->contracts >= 1 && t->contracts <= MAX_CONTRACTS,
          "table holds a table of 2 to 4 players in two sides, a pack of 32 cards and 1 to 8 contracts");
    for (int seat = 0; seat < t->players; seat++)
        CHECK(t->side_of[seat] >= 0 && t->side_of[seat] < 2 && t->first_of[seat] >= 0 && t->first_of[seat] < t->players,
              "table's seats are out of range");
    for (int i = 0; i < 32; i++) {
        CHECK(t->pack[i] >= 0 && t->pack[i] < 32, "table's pack holds cards 0..31");
        for (int f = 0; f < 4; f++) {
            CHECK(t->first_deal[f][i] < t->players, "table's deal names seats of the table");
            for (int k = 0; k < 4; k++)
                CHECK(t->second_deal[f][k][i] < t->players, "table's deal names seats of the table");
        }
    }
    for (int h = 0; h < 256; h++) {
        CHECK(t->runs[h][0] >= 0 && t->runs[h][0] <= MAX_RUNS, "table's runs are 0 to 3 per holding");
        for (int r = 0; r < t->runs[h][0]; r++)
            CHECK(t->runs[h][1 + 3 * r] >= 0 && t->runs[h][1 + 3 * r] < 8 && t->runs[h][2 + 3 * r] >= 1
                  && t->runs[h][2 + 3 * r] <= 8, "table's runs hold ranks and lengths of a suit");
    }
    CHECK(PyBytes_Check(args[1]) && PyBytes_GET_SIZE(args[1]) >= 8, "ladder must be the ladder's int32 bytes");
    const int32_t *ladder = (const int32_t *)PyBytes_AS_STRING(args[1]);
    long long positions = ladder[0], moves = ladder[1];
    CHECK(positions > 0 && moves > 0 && PyBytes_GET_SIZE(args[1]) == (Py_ssize_t)(4 * (2 + 6 * positions + 2 * moves)),
          "ladder's size must be what its header says");
    for (long long p = 0; p < positions; p++) {
        const int32_t *row = ladder + 2 + 6 * p;
        CHECK(row[0] >= 0 && row[1] >= 0 && row[0] + row[1] <= moves && row[2] >= -1 && row[2] < t->contracts
              && (row[2] < 0 || (row[3] >= 0 && row[3] < t->players)) && row[4] >= 0 && row[5] >= 1,
              "ladder's positions must name its moves, contracts and seats");
    }
    for (long long m = 0; m < moves; m++) {  /* an auction goes on only from a position with calls */
        long long to = ladder[2 + 6 * positions + 2 * m];
        CHECK(to >= 0 && to < positions && (ladder[3 + 6 * positions + 2 * m] || ladder[3 + 6 * to] >= 1),
              "ladder's moves must lead to its positions");
    }
    for (int seat = 0; seat < t->players; seat++)
        CHECK(t->start_of[seat] >= 0 && t->start_of[seat] < positions && ladder[3 + 6 * t->start_of[seat]] >= 1,
              "table's auctions start at the ladder's positions");
    ContractRules rules;
    CHECK(PyTuple_Check(args[2]) && PyTuple_Check(args[3]) && PyTuple_GET_SIZE(args[2]) == t->contracts
          && PyTuple_GET_SIZE(args[3]) == t->contracts, "obligations and scorings hold one entry per contract");
    for (int i = 0; i < t->contracts; i++) {
        PyObject *spec = PyTuple_GET_ITEM(args[2], i), *scoring = PyTuple_GET_ITEM(args[3], i);
        CHECK(PyBytes_Check(spec) && PyBytes_GET_SIZE(spec) == sizeof(Spec)
              && PyBytes_Check(scoring) && PyBytes_GET_SIZE(scoring) == sizeof(Scoring),
              "obligations are Obligations.packed and scorings the packed options, per contract");
        rules.spec[i] = (const Spec *)PyBytes_AS_STRING(spec);
        rules.scoring[i] = (const Scoring *)PyBytes_AS_STRING(scoring);
    }
    long long first;
    if (as_int(args[4], 0, LLONG_MAX / 2, "first", &first) < 0)
        return NULL;
    CHECK(PyList_Check(args[5]), "seeds must be a list of ints");
    Counts c;
    memset(&c, 0, sizeof c);
    PyObject *bins = PyDict_New();
    Twister *mt = PyMem_Malloc(sizeof(Twister));
    if (bins == NULL || mt == NULL) {
        Py_XDECREF(bins);
        PyMem_Free(mt);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(args[5]); i++) {
        PyObject *seed = PyList_GET_ITEM(args[5], i);
        unsigned long long value = PyLong_Check(seed) ? PyLong_AsUnsignedLongLong(seed) : (unsigned long long)-1;
        if (!PyLong_Check(seed) || (value == (unsigned long long)-1 && PyErr_Occurred())) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "seeds must be ints 0 <= seed < 2**64");
            goto failed;
        }
        if (random_deal(t, ladder, &rules, value, first + i, &c, bins, mt) < 0)
            goto failed;
    }
    PyMem_Free(mt);
    PyObject *result = counts_of(&c, t->contracts, bins);
    Py_DECREF(bins);
    return result;
failed:
    PyMem_Free(mt);
    Py_DECREF(bins);
    return NULL;
}

#endif
