/* A deal's score between two camps (the takers and the defenders), compiled: the numbers of
   rules/scoring/pipeline.py's ScoringRules._score, step for step (totals, capot, declarations without
   tricks, the verdict, the treatment and rounding, the reserve), for the options
   rules/scoring/kernel_scoring.py packs once per contract (SCORING_FORMAT) and only where it says the
   kernel expresses them all; everything else is scored in Python. The explanation is not made here:
   the Python pipeline writes it when it is read.

   Nothing here knows a variant: every rule arrives as the packed options. Included by _playout.c after
   its as_int and CHECK. */

#ifndef BELOT_SCORING_H
#define BELOT_SCORING_H

#include "rules/play/obligations.h"

/* ScoringKernel.packed (rules/scoring/kernel_scoring.py, SCORING_FORMAT), field for field. */
#define SCORING_FORMAT "=35i"
enum { ROW_CARDS = 0, ROW_CAPOT = 1, ROW_DECL = 2, ROW_BELOTE = 3 };
enum { TO_WINNERS = 0, KEPT = 1, VOID = 2 };                    /* a losing side's component becomes */
enum { V_MADE = 0, V_FAILED = 1, V_HANGING = 2, V_LITIGE = 3 };  /* verdicts */
enum { H_SPLIT = 0, H_ALL = 1, H_TIE = 2, H_POT = 3, H_HALF = 4 }; /* how a verdict is scored */
enum { DT_AS_UNDOUBLED = 0, DT_ALL_TO_RESERVE = 1, DT_TAKER_FAILS = 2 };
enum { STYLE_DIGITS = 0, STYLE_PAIR = 1, STYLE_EVEN = 2 };
typedef struct {
    int32_t last_trick, last_with_capot, capot_takers_only, capot_replaces, to_capot_team, count_without_tricks;
    int32_t left_out[4];     /* per row (cards, capot, declarations, belote): it does not count for the contract */
    int32_t doubled[4];      /* per row: contra and the other doubling levels multiply it */
    int32_t decl_on_failure, belote_on_failure;
    int32_t tie_verdict, tie_how, doubled_tie, wait_verdict, more_points, doubled_split;
    int32_t leader_rounds, min_one, reserve_up, round_multiplied, accumulate, maker_only;
    /* the contract's */
    int32_t factor, capot_bonus;
    int32_t exact, tie_digit, default_up, scale, style;  /* its Rounder; default_up -1: None */
} Scoring;

/* Python's divmod by 10 (floor) */
static inline void tens_of(long long total, long long *tens, long long *digit)
{
    *tens = total / 10;
    *digit = total % 10;
    if (*digit < 0) {
        *digit += 10;
        *tens -= 1;
    }
}

/* Rounder.round; up: -1 None (the mode's way), 0 down, 1 up */
static long long round_total(const Scoring *s, long long total, int up)
{
    if (s->exact)
        return total;
    long long tens, digit;
    tens_of(total, &tens, &digit);
    if (s->style == STYLE_EVEN)
        return (tens + (digit > 0 ? (tens & 1) : 0)) * s->scale;
    if (up < 0)
        up = s->default_up != 0;
    if (digit > s->tie_digit || (digit == s->tie_digit && up))
        tens += 1;
    return tens * s->scale;
}

/* Rounder.board_up */
static inline int board_up(const Scoring *s, int lower)
{
    return s->default_up < 0 ? lower : s->default_up;
}

/* _Treatment._multiplied */
static long long multiplied(const Scoring *s, long long multiplier, long long total, int up)
{
    return s->round_multiplied ? round_total(s, multiplier * total, up) : multiplier * round_total(s, total, up);
}

/* PairTreatment.round_pair with Rounder.round_pair */
static void round_pair(const Scoring *s, const long long *totals, int ct, int df, long long *points)
{
    if (s->leader_rounds) {
        int lead = totals[ct] >= totals[df] ? ct : df, other = lead == ct ? df : ct;
        points[lead] = round_total(s, totals[lead], board_up(s, 0));
        points[other] = round_total(s, totals[0] + totals[1], -1) - points[lead];
        return;
    }
    long long top = totals[0] > totals[1] ? totals[0] : totals[1];
    int level = totals[ct] == totals[df];
    for (int t = 0; t < 2; t++)
        points[t] = round_total(s, totals[t], board_up(s, totals[t] < top || (t == df && level)));
    if (s->style == STYLE_PAIR) {
        long long extra = points[0] + points[1] - round_total(s, totals[0] + totals[1], -1);
        if (extra) {
            long long d0, d1, tens;
            tens_of(totals[0], &tens, &d0);
            tens_of(totals[1], &tens, &d1);
            int team = (d0 > d1 || (d0 == d1 && totals[0] >= totals[1])) ? 0 : 1;
            points[team] -= extra;
        }
    }
}

/* A deal's totals per camp while it is scored: cards (last trick and factor in), capot bonus, declarations, belote. */
typedef struct {
    long long rows[4][2];
} Totals;

static inline long long raw_of(const Totals *d, int camp)
{
    return d->rows[ROW_CARDS][camp] + d->rows[ROW_CAPOT][camp] + d->rows[ROW_DECL][camp] + d->rows[ROW_BELOTE][camp];
}

/* PairTreatment.everything without point bids: what ``winner`` takes when it takes the deal whole. */
static long long everything(const Scoring *s, const Totals *d, int winner, int loser, const int *not_given,
                            long long multiplier)
{
    long long total = 0, apart = 0;
    for (int row = 0; row < 4; row++) {
        long long value = d->rows[row][winner] + (not_given[row] ? 0 : d->rows[row][loser]);
        if (multiplier > 1 && !s->doubled[row])
            apart += value;
        else
            total += value;
    }
    if (multiplier == 1)
        return round_total(s, total, -1);
    return multiplied(s, multiplier, total, -1) + round_total(s, apart, -1);
}

/* The score's numbers; 0, or -1 where a case falls outside what the kernel expresses (Python scores it). */
typedef struct {
    long long raw[2], points[2], hanging_out, parts[2][5];
    int verdict, capot, only[2];
} Scored;

static int score_pair(const Scoring *s, int ct, long long multiplier, const long long *cards_taken,
                      const long long *tricks, int last_camp, const long long *decl, const long long *belote,
                      long long hanging_in, Scored *out)
{
    int df = 1 - ct;  /* two camps: the takers' and the defenders' */
    Totals d = {{{cards_taken[0], cards_taken[1]}, {0, 0}, {decl[0], decl[1]}, {belote[0], belote[1]}}};
    long long last[2] = {0, 0};
    int without[2] = {tricks[0] == 0, tricks[1] == 0};
    int any_without = without[0] || without[1];
    int capot = without[0] && !without[1] ? 1 : without[1] && !without[0] ? 0 : -1;
    /* ScoringRules._totals */
    if (!(any_without && !s->last_with_capot)) {
        d.rows[ROW_CARDS][last_camp] += s->last_trick;
        last[last_camp] = (long long)s->last_trick * s->factor;
    }
    if (s->factor != 1) {
        d.rows[ROW_CARDS][0] *= s->factor;
        d.rows[ROW_CARDS][1] *= s->factor;
    }
    if (any_without && s->capot_bonus && capot >= 0) {  /* CapotRule.score between two camps */
        if (!(s->capot_takers_only && capot != ct)) {
            if (s->capot_replaces) {
                d.rows[ROW_CARDS][capot] = s->capot_bonus;
                last[0] = last[1] = 0;
            } else {
                d.rows[ROW_CAPOT][capot] = s->capot_bonus;
            }
        }
    }
    for (int camp = 0; camp < 2; camp++) {  /* ScoringRules._declarations_without_tricks */
        if (!without[camp] || !d.rows[ROW_DECL][camp])
            continue;
        if (s->to_capot_team && capot >= 0) {
            d.rows[ROW_DECL][capot] += d.rows[ROW_DECL][camp];
            d.rows[ROW_DECL][camp] = 0;
        } else if (!s->count_without_tricks) {
            d.rows[ROW_DECL][camp] = 0;
        }
    }
    long long raw[2] = {raw_of(&d, 0), raw_of(&d, 1)};
    for (int camp = 0; camp < 2; camp++) {
        long long p[5] = {d.rows[ROW_CARDS][camp] - last[camp], last[camp], d.rows[ROW_DECL][camp],
                          d.rows[ROW_BELOTE][camp], d.rows[ROW_CAPOT][camp]};
        for (int i = 0; i < 5; i++)
            out->parts[camp][i] = p[i];
        out->raw[camp] = raw[camp];
    }
    /* ScoringRules._judge: the contract's test, TakersAgainstDefence.decide */
    long long test[2] = {raw[0], raw[1]};
    for (int row = 0; row < 4; row++)
        if (s->left_out[row]) {
            test[0] -= d.rows[row][0];
            test[1] -= d.rows[row][1];
        }
    long long a = test[ct], b = test[df];
    int doubled = multiplier > 1, verdict, how, winner = -1;  /* winner: the one camp that wins, or -1: none */
    if (doubled && a == b && s->doubled_tie == DT_ALL_TO_RESERVE) {
        verdict = s->wait_verdict, how = H_POT;
    } else if (doubled && a == b && s->doubled_tie == DT_TAKER_FAILS) {
        verdict = V_FAILED, how = H_ALL, winner = df;
    } else if (doubled && a != b && s->more_points) {
        winner = a > b ? ct : df;
        verdict = winner == ct ? V_MADE : V_FAILED, how = H_ALL;
    } else {
        verdict = a > b ? V_MADE : a < b ? V_FAILED : s->tie_verdict;
        if (verdict == V_HANGING || verdict == V_LITIGE) {
            how = H_TIE;
        } else if (verdict == V_FAILED && a == b && s->tie_how == H_HALF) {
            how = H_HALF, winner = df;
        } else {
            how = verdict == V_MADE && (!doubled || s->doubled_split) ? H_SPLIT : H_ALL;
            winner = verdict == V_MADE ? ct : df;
        }
    }
    /* PairTreatment.treat */
    long long points[2] = {0, 0}, reserve = 0;
    int only[2] = {0, 0};
    if (how == H_SPLIT || how == H_HALF) {
        long long totals[2] = {raw[0], raw[1]}, immune[2] = {0, 0};
        int belote_doubled = s->doubled[ROW_BELOTE];
        if (multiplier != 1 && !belote_doubled) {
            immune[0] = d.rows[ROW_BELOTE][0], immune[1] = d.rows[ROW_BELOTE][1];
            totals[0] -= immune[0], totals[1] -= immune[1];
        }
        round_pair(s, totals, ct, df, points);
        if (s->min_one) {
            long long unit = s->scale;
            int order[2][2] = {{ct < df ? ct : df, ct < df ? df : ct}, {ct < df ? df : ct, ct < df ? ct : df}};
            for (int i = 0; i < 2; i++) {
                int t = order[i][0], other = order[i][1];
                if (totals[t] > 0 && points[t] < unit) {
                    points[other] -= unit - points[t];
                    points[t] = unit;
                }
            }
        }
        if (multiplier > 1)
            for (int t = 0; t < 2; t++)
                points[t] = multiplier * points[t] + round_total(s, immune[t], -1);
        for (int t = 0; t < 2; t++)
            only[t] = points[t] > 0 && totals[t] == d.rows[ROW_BELOTE][t];
        if (how == H_HALF)
            points[ct] = 0;
    } else if (how == H_ALL) {  /* PairTreatment.winner_takes_all */
        int loser = winner == ct ? df : ct;
        int decl_fate = verdict == V_MADE ? TO_WINNERS : s->decl_on_failure, belote_fate = s->belote_on_failure;
        int not_given[4] = {0, 0, decl_fate != TO_WINNERS, belote_fate != TO_WINNERS};
        long long kept_decl = decl_fate == KEPT ? d.rows[ROW_DECL][loser] : 0;
        long long kept_belote = belote_fate == KEPT ? d.rows[ROW_BELOTE][loser] : 0;
        points[winner] = everything(s, &d, winner, loser, not_given, multiplier);
        if (kept_decl || kept_belote)
            points[loser] = round_total(s, kept_decl + kept_belote, -1);
        only[loser] = !kept_decl && kept_belote && points[loser] > 0;
    } else if (how == H_TIE) {  /* PairTreatment.tie */
        int defenders_up = s->reserve_up ? 0 : board_up(s, 0), reserve_up = s->reserve_up ? 1 : board_up(s, 0);
        points[df] = multiplied(s, multiplier, raw[df], defenders_up);
        reserve = multiplied(s, multiplier, raw[ct], reserve_up);
        only[df] = points[df] > 0 && raw[df] == d.rows[ROW_BELOTE][df];
    } else {  /* everything waits in reserve */
        int not_given[4] = {0, 0, 0, 0};
        reserve = everything(s, &d, ct, df, not_given, multiplier);
    }
    /* ReserveRule.award */
    long long hanging_out = 0;
    if (verdict == V_HANGING || verdict == V_LITIGE) {
        hanging_out = s->accumulate ? hanging_in + reserve : reserve;
    } else if (hanging_in) {
        if (verdict != V_MADE && s->maker_only)
            hanging_out = hanging_in;
        else if (winner >= 0)
            points[winner] += hanging_in;
        else
            return -1;
    }
    out->points[0] = points[0], out->points[1] = points[1], out->hanging_out = hanging_out;
    out->verdict = verdict, out->capot = capot, out->only[0] = only[0], out->only[1] = only[1];
    return 0;
}

/* Two ints of a list or tuple. */
static int int_pair(PyObject *pair, const char *what, long long *out)
{
    if (!(PyList_CheckExact(pair) || PyTuple_CheckExact(pair)) || PySequence_Fast_GET_SIZE(pair) != 2) {
        PyErr_Format(PyExc_TypeError, "%s must be a list or tuple of two ints", what);
        return -1;
    }
    for (int i = 0; i < 2; i++)
        if (as_int(PySequence_Fast_GET_ITEM(pair, i), -(1LL << 40), 1LL << 40, what, &out[i]) < 0)
            return -1;
    return 0;
}

PyDoc_STRVAR(score_doc,
"score(packed, takers, multiplier, card_points, tricks, last_camp, declarations, belote, hanging_in)\n\n"
"A deal's numbers between two camps, as ScoringRules._score gives them: ((raw per camp), (match points),\n"
"hanging_out, verdict code (made, failed, hanging, litige), the capot's camp or -1, (belote alone per camp),\n"
"(parts of camp 0), (parts of camp 1)); or None where the deal falls outside what the kernel expresses.");

static PyObject *score(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 9) {
        PyErr_Format(PyExc_TypeError, "score() takes 9 arguments (%zd given)", nargs);
        return NULL;
    }
    CHECK(PyBytes_Check(args[0]) && PyBytes_GET_SIZE(args[0]) == sizeof(Scoring),
          "packed must be ScoringKernel's bytes of SCORING_FORMAT");
    const Scoring *s = (const Scoring *)PyBytes_AS_STRING(args[0]);
    long long ct, multiplier, last_camp, hanging_in, cards[2], tricks[2], decl[2], belote[2];
    if (as_int(args[1], 0, 1, "takers", &ct) < 0 || as_int(args[2], 1, 1LL << 20, "multiplier", &multiplier) < 0
            || int_pair(args[3], "card_points", cards) < 0 || int_pair(args[4], "tricks", tricks) < 0
            || as_int(args[5], 0, 1, "last_camp", &last_camp) < 0 || int_pair(args[6], "declarations", decl) < 0
            || int_pair(args[7], "belote", belote) < 0 || as_int(args[8], 0, 1LL << 40, "hanging_in", &hanging_in) < 0)
        return NULL;
    Scored out;
    if (score_pair(s, (int)ct, multiplier, cards, tricks, (int)last_camp, decl, belote, hanging_in, &out) < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("((LL)(LL)Lii(OO)(LLLLL)(LLLLL))", out.raw[0], out.raw[1], out.points[0], out.points[1],
                         out.hanging_out, out.verdict, out.capot, out.only[0] ? Py_True : Py_False, out.only[1] ? Py_True : Py_False,
                         out.parts[0][0], out.parts[0][1], out.parts[0][2], out.parts[0][3], out.parts[0][4],
                         out.parts[1][0], out.parts[1][1], out.parts[1][2], out.parts[1][3], out.parts[1][4]);
}

#endif
