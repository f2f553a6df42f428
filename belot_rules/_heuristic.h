/* The heuristic bot's card play, compiled: CardSense.choose (belot_rules/players/card_play.py) and the
   memory it reads, Memory.observe (belot_rules/players/memory.py), branch for branch, over the tables
   CardSense packs once per contract (SENSE_FORMAT) and the contract's Spec (obligations.h). The playout
   kernel (_playout.c) plays a deal's cards with it at every seat; the Python code stays the path
   where the kernel is not built, and the tests hold the two to the same cards and memory.

   Nothing here knows a variant: seats, camps and the order of the cards come as tables. */

#ifndef BELOT_HEURISTIC_H
#define BELOT_HEURISTIC_H

#include "rules/play/obligations.h"

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

#endif
