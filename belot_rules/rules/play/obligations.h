/* The compiled rules of card play, the one home in C of what the playout kernel (_playout.c) and the
   double-dummy solver (_solver.c) both read: Obligations.packed (belot_rules/rules/play/obligations.py,
   PACKED_FORMAT) as a struct, Obligations.legal_fast over it, branch for branch, and the winner of a
   trick by the packed strengths. A play rule is written here once; setup.py lists this header among
   both extensions' sources, so a change to it rebuilds both.

   Nothing here knows a variant: every rule arrives as tables the compiled rules already hold. */

#ifndef BELOT_RULES_H
#define BELOT_RULES_H

#include <stdint.h>

#define MAX_PLAYERS 8

/* Obligations.packed, field for field: 4-byte fields, no padding, in the order of its struct format. */
#define PACKED_FORMAT "=8i5I32i32I128i"
/* the codes its fields take, as belot_rules/kernel.py names them: a new code changes this */
#define PACKED_CODES "kind 0-2, partner_void 0-4, undertrump 0-2, head_plain 0-2"
typedef struct {
    int32_t kind;                  /* 0 a suit contract, 1 no trumps, 2 all trumps */
    int32_t trump_suit;            /* 0..3, or -1 */
    int32_t partner_back;          /* how many places before a seat its partner played: 2, or 0 without partners */
    int32_t raise_on_trump_lead;   /* raise_on_trump_lead_over_partner */
    int32_t overtake_over_partner; /* all trumps: beat the partner's winning card too */
    int32_t partner_void;          /* 0 free, 1 overtrump_if_trumping, 2 overtrump_if_able, 3 as if an opponent won,
                                      4 overtrump_when_trumping */
    int32_t undertrump;            /* 0 never required, 1 required, 2 forbidden unless only trumps */
    int32_t head_plain;            /* plain-suit overtaking: 0 never, 1 always, 2 unless the partner is winning */
    uint32_t trump_mask;
    uint32_t suit_mask[4];
    int32_t points[32];
    uint32_t stronger[32];         /* per card: the cards of its suit that beat it */
    int32_t strength[4][32];       /* per led suit, per card: its strength in the trick, -1 when it cannot win */
} Spec;

enum { SUIT = 0, NO_TRUMPS = 1, ALL_TRUMPS = 2 };
enum { VOID_FREE = 0, VOID_OVERTRUMP_IF_TRUMPING = 1, VOID_OVERTRUMP_IF_ABLE = 2, VOID_OVERTRUMP_WHEN_TRUMPING = 4 };

#if defined(__GNUC__) || defined(__clang__)
#define COUNT(x) __builtin_popcount(x)
#define LOWEST(x) __builtin_ctz(x)
#else
static inline int COUNT(uint32_t x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
static inline int LOWEST(uint32_t x) { int n = 0; while (!(x >> n & 1)) n++; return n; }
#endif

/* Obligations._heads: a player following a plain led suit must beat the winning card of that suit. */
static inline int heads(const Spec *s, int led, int winning, int partner_winning)
{
    return s->head_plain && (winning >> 3) == led && !(partner_winning && s->head_plain == 2);
}

/* (follow & stronger[winning]) or follow */
static inline uint32_t beat_or_follow(const Spec *s, uint32_t follow, int winning)
{
    uint32_t over = follow & s->stronger[winning];
    return over ? over : follow;
}

/* Obligations.legal_fast */
static inline uint32_t legal(const Spec *s, uint32_t hand, int led, int winning, int partner_winning)
{
    uint32_t follow = hand & s->suit_mask[led];
    if (s->kind == NO_TRUMPS) {
        if (follow && heads(s, led, winning, partner_winning))
            return beat_or_follow(s, follow, winning);
        return follow ? follow : hand;
    }
    if (s->kind == ALL_TRUMPS) {
        if (!follow)
            return hand;
        if (partner_winning && !s->overtake_over_partner)
            return follow;
        return beat_or_follow(s, follow, winning);
    }
    if (follow) {
        if (led != s->trump_suit)
            return heads(s, led, winning, partner_winning) ? beat_or_follow(s, follow, winning) : follow;
        if (partner_winning && !s->raise_on_trump_lead)
            return follow;
        return beat_or_follow(s, follow, winning);
    }
    uint32_t trumps = hand & s->trump_mask;
    if (!trumps)
        return hand;
    int trumped = (winning >> 3) == s->trump_suit;
    uint32_t over = trumped ? trumps & s->stronger[winning] : trumps;
    if (partner_winning) {
        if (s->partner_void == VOID_FREE)
            return hand;
        if (s->partner_void == VOID_OVERTRUMP_IF_TRUMPING)
            return hand == trumps ? hand : (hand & ~trumps) | over;
        if (s->partner_void == VOID_OVERTRUMP_IF_ABLE)
            return (hand & ~trumps) | (over ? over : trumps);
        if (s->partner_void == VOID_OVERTRUMP_WHEN_TRUMPING)
            return ((hand & ~trumps) | over) ? (hand & ~trumps) | over : hand;
    }
    if (!trumped)
        return trumps;
    if (over)
        return over;
    if (!s->undertrump)
        return hand;
    if (s->undertrump == 1)
        return trumps;
    return (hand & ~trumps) ? (hand & ~trumps) : hand;
}

/* Whether ``card`` takes the trick from ``best``, its winning card so far, in a trick led in suit ``led``:
   the stronger by the packed strengths (a card that cannot win is -1, so the first of equals keeps it). */
static inline int beats(const Spec *s, int led, int card, int best)
{
    return s->strength[led][card] > s->strength[led][best];
}

#ifdef Py_PYTHON_H
#define BELOT_STRING(x) #x
#define BELOT_EXPANDED(x) BELOT_STRING(x)
/* The layout and codes this build reads, and the digest of its source where setup.py gave it, as module
   constants: belot_rules/kernel.py compares them with those Obligations packs now and with the source
   beside it, and leaves a build of older source unused. */
static int add_build_constants(PyObject *module)
{
    if (PyModule_AddStringConstant(module, "PACKED_FORMAT", PACKED_FORMAT) < 0
            || PyModule_AddStringConstant(module, "PACKED_CODES", PACKED_CODES) < 0)
        return -1;
#ifdef SOURCE_DIGEST
    if (PyModule_AddStringConstant(module, "SOURCE_DIGEST", BELOT_EXPANDED(SOURCE_DIGEST)) < 0)
        return -1;
#endif
    return 0;
}
#endif

#endif
