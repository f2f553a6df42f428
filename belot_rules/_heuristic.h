/* The heuristic bot's card play, compiled: CardSense.choose (belot_rules/players/card_play.py) and the
   memory it reads, Memory.observe (belot_rules/players/memory.py), branch for branch, over the tables
   CardSense packs once per contract (SENSE_FORMAT) and the contract's Spec (_rules.h). The playout
   kernel (_playout.c) plays a deal's cards with it at every seat; the Python code stays the path
   where the kernel is not built, and the tests hold the two to the same cards and memory.

   Nothing here knows a variant: seats, camps and the order of the cards come as tables. */

#ifndef BELOT_HEURISTIC_H
#define BELOT_HEURISTIC_H

#include "_rules.h"

/* CardSense.packed (players/card_play.py, SENSE_FORMAT), field for field: what the heuristic bot's card choice
   reads besides the contract's Spec (whose points, stronger cards and suit masks it shares). Seats beyond the
   table's players, and lists shorter than their room, are padded with -1 (0 for seat sets). */
#define SENSE_FORMAT "=iIiI32I64i32i32i32i32i32i32i64i512i64I512i"
typedef struct {
    int32_t players;
    uint32_t pack;
    int32_t trump_suit;
    uint32_t trump_mask;            /* trumps that ruff other suits: 0 outside a suit contract */
    uint32_t beats[32];             /* the cards that beat each card */
    int32_t to_win[4][16];          /* per suit of the winning card: the cards that may win, in the order tried */
    int32_t gift_cost[32], throw_cost[32], master_cost[32], lead_cost[32], lead_master_cost[32];
    int32_t ascending[4][8];        /* per suit, its cards from the weakest */
    int32_t camps[MAX_PLAYERS][MAX_PLAYERS];           /* per declarer and seat: 0 the contract's camp, 1 the other */
    int32_t allies[MAX_PLAYERS][MAX_PLAYERS][MAX_PLAYERS];  /* per declarer and seat: its allies in order */
    uint32_t opponents[MAX_PLAYERS][MAX_PLAYERS];      /* per declarer and seat: its opponents as a seat set */
    int32_t later[MAX_PLAYERS][MAX_PLAYERS][MAX_PLAYERS];   /* per declarer, seat and cards in the trick: the
                                                               first opponent still to play after it, or -1 */
} Sense;

enum { BY_COST = 256, LOOSE_HONOUR = 10 };  /* card_play.py's constants the choice itself reads */

/* Memory (players/memory.py): the cards played and, per seat, the cards it is known not to hold. */
typedef struct {
    uint32_t played;
    uint32_t excluded[MAX_PLAYERS];
    long long observed;
} Memory;

/* Memory.observe: ``seat`` plays ``card`` onto the ``n`` cards of ``trick``, the one at ``win`` winning. */
static void observe(const Spec *s, Memory *m, int seat, int card, const int *trick, int n, int win)
{
    m->played |= 1u << card;
    m->observed++;
    if (!n)
        return;
    int led = trick[0] >> 3, winning = trick[win];
    uint32_t probes;
    if (card >> 3 != led) {
        m->excluded[seat] |= s->suit_mask[led];
        if (s->kind != SUIT)
            return;
        probes = s->trump_mask & ~m->played;
    } else if (s->kind == ALL_TRUMPS || led == s->trump_suit) {
        probes = s->suit_mask[led] & s->stronger[winning] & ~m->played;
    } else {
        return;
    }
    probes &= ~m->excluded[seat];
    if (!probes)
        return;
    /* Memory._rule_out: one probe of those that beat the table and one of the others answer for all */
    uint32_t bit = 1u << card, beating = s->stronger[winning], excluded = 0;
    uint32_t groups[2] = {probes & beating, probes & ~beating};
    for (int g = 0; g < 2; g++)
        if (groups[g] && !(legal(s, bit | (groups[g] & -groups[g]), led, winning, win == n - s->partner_back) & bit))
            excluded |= groups[g];
    m->excluded[seat] |= excluded;
}

/* card_play.empty_suits: every card of the suits ``cards`` has none of. */
static inline uint32_t empty_suits(uint32_t cards)
{
    uint32_t held = cards | cards >> 4;
    held |= held >> 2;
    held |= held >> 1;
    return (~held & 0x01010101u) * 0xFFu;
}

/* CardSense._lowest and _highest: the weakest (strongest) of ``cards`` of ``suit``, or -1. */
static int weakest(const Sense *k, int suit, uint32_t cards)
{
    for (int i = 0; i < 8; i++)
        if (cards >> k->ascending[suit][i] & 1)
            return k->ascending[suit][i];
    return -1;
}

static int strongest(const Sense *k, int suit, uint32_t cards)
{
    for (int i = 7; i >= 0; i--)
        if (cards >> k->ascending[suit][i] & 1)
            return k->ascending[suit][i];
    return -1;
}

/* CardSense._may_beat */
static int may_beat(const Spec *s, const Sense *k, const Memory *m, uint32_t live, int seat, int best, int led)
{
    uint32_t possible = live & ~m->excluded[seat];
    uint32_t higher = possible & s->stronger[best];
    if (!k->trump_mask)
        return higher != 0;
    if (best >> 3 == k->trump_suit)
        return higher && (led == k->trump_suit || !(possible & s->suit_mask[led]));
    return higher || ((possible & k->trump_mask) && !(possible & s->suit_mask[led]));
}

/* CardSense._cheapest: the card it costs least to give away (a ``gift`` to a partner holding the trick). */
static int cheapest(const Spec *s, const Sense *k, uint32_t cards, uint32_t live, int gift)
{
    const int32_t *base = gift ? k->gift_cost : k->throw_cost;
    int best = -1;
    int32_t best_cost = 0;
    for (; cards; cards &= cards - 1) {
        int card = LOWEST(cards);
        int32_t cost = s->stronger[card] & live ? base[card] : base[card] + k->master_cost[card];
        if (best < 0 || cost < best_cost) {
            best = card;
            best_cost = cost;
        }
    }
    return best;
}

/* CardSense._lead */
static int lead(const Spec *s, const Sense *k, const Memory *m, int seat, int declarer, uint32_t hand, uint32_t live)
{
    uint32_t opponents = k->opponents[declarer][seat], known_void = 0xFFFFFFFFu, ruffed = 0;
    for (int other = 0; other < k->players; other++)
        if (opponents >> other & 1) {
            known_void &= m->excluded[other];
            uint32_t possible = live & ~m->excluded[other];  /* CardSense._ruffed */
            if (possible & k->trump_mask)
                ruffed |= empty_suits(possible);
        }
    uint32_t opponent_trumps = live & k->trump_mask & ~known_void, trumps = hand & k->trump_mask;
    if (k->camps[declarer][seat] == 0 && trumps && opponent_trumps) {
        int top = strongest(k, k->trump_suit, trumps);
        if (!(s->stronger[top] & live))
            return top;
        if (seat == declarer && COUNT(trumps) >= COUNT(opponent_trumps))
            return weakest(k, k->trump_suit, trumps);
    }
    int cash = -1;
    for (uint32_t cards = hand & ~k->trump_mask & ~ruffed; cards; cards &= cards - 1) {
        int card = LOWEST(cards);
        if (!(s->stronger[card] & live) && (cash < 0 || s->points[card] > s->points[cash]))
            cash = card;
    }
    if (cash >= 0)
        return cash;
    for (int i = 0; i < MAX_PLAYERS && k->allies[declarer][seat][i] >= 0; i++) {
        uint32_t partner_may_hold = live & ~m->excluded[k->allies[declarer][seat][i]];
        if (partner_may_hold & k->trump_mask) {
            uint32_t partner_ruffs = hand & empty_suits(partner_may_hold);
            if (partner_ruffs)
                return weakest(k, LOWEST(partner_ruffs) >> 3, partner_ruffs);
        }
    }
    int best = -1;
    int32_t best_cost = 0;
    for (uint32_t cards = hand; cards; cards &= cards - 1) {
        int card = LOWEST(cards);
        int32_t cost = s->stronger[card] & live ? k->lead_cost[card] : k->lead_master_cost[card];
        if (ruffed >> card & 1)
            cost += LOOSE_HONOUR / 2 * BY_COST;
        if (best < 0 || cost < best_cost) {
            best = card;
            best_cost = cost;
        }
    }
    return best;
}

/* CardSense._follow */
static int follow(const Spec *s, const Sense *k, const Memory *m, int seat, int declarer, uint32_t can,
                  uint32_t live, const int *trick, int n, int win)
{
    int led = trick[0] >> 3, winning = trick[win], players = k->players;
    const int32_t *camp = k->camps[declarer];
    int later = k->later[declarer][seat][n];
    int partner_winning = camp[((seat - n + win) % players + players) % players] == camp[seat];
    if (partner_winning && (later < 0 || !may_beat(s, k, m, live, later, winning, led)))
        return cheapest(s, k, can, live, 1);
    uint32_t winners = can & k->beats[winning];
    if (winners) {
        int first = -1;
        const int32_t *order = k->to_win[winning >> 3];
        for (int i = 0; i < 16 && order[i] >= 0; i++) {
            int card = order[i];
            if (winners >> card & 1) {
                if (later < 0 || !may_beat(s, k, m, live, later, card, led))
                    return card;
                if (first < 0)
                    first = card;
            }
        }
        if (first >= 0 && !partner_winning && s->points[first] < LOOSE_HONOUR && !(k->trump_mask >> first & 1))
            return first;  /* make the opponent spend a stronger card */
    }
    return cheapest(s, k, can, live, 0);
}

/* Whether every seat and card a sense names is one (it arrives as bytes: a bad one must not read astray). */
static int sense_sound(const Sense *k)
{
    int players = k->players;
    if (players < 2 || players > MAX_PLAYERS || (k->trump_mask && (k->trump_suit < 0 || k->trump_suit > 3)))
        return 0;
    for (int suit = 0; suit < 4; suit++) {
        for (int i = 0; i < 16; i++)
            if (k->to_win[suit][i] < -1 || k->to_win[suit][i] > 31)
                return 0;
        for (int i = 0; i < 8; i++)
            if (k->ascending[suit][i] < 0 || k->ascending[suit][i] > 31)
                return 0;
    }
    for (int d = 0; d < players; d++)
        for (int seat = 0; seat < players; seat++)
            for (int i = 0; i < MAX_PLAYERS; i++)
                if (k->allies[d][seat][i] < -1 || k->allies[d][seat][i] >= players || k->later[d][seat][i] < -1
                        || k->later[d][seat][i] >= players)
                    return 0;
    return 1;
}

/* CardSense.choose: the card ``seat`` plays from ``can`` (its legal cards) onto the trick. */
static int choose(const Spec *s, const Sense *k, const Memory *m, int seat, int declarer, uint32_t hand,
                  uint32_t can, const int *trick, int n, int win)
{
    if (!(can & (can - 1)))
        return LOWEST(can);
    uint32_t live = k->pack & ~m->played & ~hand;
    return n ? follow(s, k, m, seat, declarer, can, live, trick, n, win) : lead(s, k, m, seat, declarer, can, live);
}

/* BiddingSense.packed (players/bidding_sense.py, BIDDER_FORMAT), field for field: per contract (in the
   ruleset's order, up to MAX_CONTRACTS) what the heuristic bot's calls read, then the hand valuer's
   tables (players/hand_strength.py). The doubles come first, so the layout has no padding. */
#define BIDDER_FORMAT "=8d8d8d8d8d8d16d8d8d8d1280d6i8i8i8i32I"
#define MAX_CONTRACTS 8
enum { NO_TRUMPS_KIND = 4, ALL_TRUMPS_KIND = 5, UNDENUFE_KIND = 6 };  /* 0..3: a suit contract, its trump */
typedef struct {
    double total[MAX_CONTRACTS];       /* the deal's points (BiddingSense.total) */
    double share[MAX_CONTRACTS];       /* a seat's share of them */
    double bidding_share[MAX_CONTRACTS], passed_share[MAX_CONTRACTS];  /* a partner's, as _partner_share says */
    double chien[MAX_CONTRACTS];
    double weight[MAX_CONTRACTS];
    double bid_need[MAX_CONTRACTS][2]; /* alone, and over the partner's contract */
    double need_double[MAX_CONTRACTS], need_redouble[MAX_CONTRACTS];
    double scale[MAX_CONTRACTS];       /* HandValuer.scale */
    double values[5][256];             /* HandValuer: plain, trump, no_trumps, all_trumps, undenufe */
    int32_t contracts, hand_size, pack_size, partners, defence_pair, belote_points;
    int32_t kind[MAX_CONTRACTS];
    int32_t declaration_key[MAX_CONTRACTS];  /* which of the hand's two declaration values counts, or -1: none */
    int32_t pack_total[MAX_CONTRACTS];       /* HandValuer.total */
    uint32_t belote_pairs[MAX_CONTRACTS][4]; /* the king and queen of each belote suit, 0 where none */
} Bidder;

enum { CALL_PASS = 0, CALL_BID = 1, CALL_DOUBLE = 2, CALL_REDOUBLE = 3 };
#define PASSED_PARTNER 0.85
#define BIDDING_PARTNER 1.1

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
        WORTH(doubled);
        if (seen->ours && 2 * teams[doubled] + held[doubled] - b->total[doubled] >= b->need_redouble[doubled])
            return i;
        if (!seen->ours) {
            double share = b->defence_pair ? product(b->share[doubled], seen->partner_passed ? PASSED_PARTNER
                : seen->partner_contract >= 0 ? BIDDING_PARTNER : 1.0) : 0.0;
            double defence = taken[doubled] + share + held[doubled];
            if (2 * defence - b->total[doubled] >= b->need_double[doubled])
                return i;
        }
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

#endif
