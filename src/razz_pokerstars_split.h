/*
 * razz_pokerstars_split.h - a PokerStars file split into its hands and
 * lines as str.splitlines and str.strip split it, for the compiled reader
 * (razz_pokerstars.h): the one splitter of razzcore.pokerstars.  A text with
 * other line or space characters is first normalised in Python (each line
 * of str.splitlines stripped, joined by '\n') and split here again.
 */
#ifndef RAZZ_POKERSTARS_SPLIT_H
#define RAZZ_POKERSTARS_SPLIT_H

#include "razz_pokerstars.h"

/* Split data[0:len] (UTF-8) into lines as str.splitlines, then str.strip
 * do: line k's stripped bytes are [bounds[3k+1], bounds[3k+2]), where its
 * raw text starts at bounds[3k]; heads[k] says whether it opens a hand
 * ("PokerStars ... #N: "): 1, 0, or 2 when the hand number may be written
 * in other digits (\d is any Unicode digit: HAND_START, in Python, says).
 * Returns the number of lines (at most cap), or -1 for a text holding a
 * line or space character other than '\n', '\r', ' ' and '\t' (\v, \f,
 * \x1c-\x1f, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
 * U+205F, U+3000), unless it is "normalised" (its lines already split and
 * stripped by Python, joined by '\n': the characters left are inside lines). */
RZ_ENTRY int64_t rz_ps_split(const char *data, int64_t len, int64_t *bounds, uint8_t *heads,
                             int64_t cap, int normalised)
{
    const unsigned char *u = (const unsigned char *)data;
    int64_t i, start = 0, end, a, b, count = 0, j, k;
    for (i = 0; i < len && !normalised; i++) {
        unsigned c = u[i];
        if (c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1f))
            return -1;
        if (c == 0xC2 && i + 1 < len && (u[i + 1] == 0x85 || u[i + 1] == 0xA0))
            return -1;
        if (c == 0xE1 && i + 2 < len && u[i + 1] == 0x9A && u[i + 2] == 0x80)
            return -1;
        if (c == 0xE2 && i + 2 < len && u[i + 1] == 0x80 &&
            (u[i + 2] <= 0x8A || u[i + 2] == 0xA8 || u[i + 2] == 0xA9 || u[i + 2] == 0xAF))
            return -1;
        if (c == 0xE2 && i + 2 < len && u[i + 1] == 0x81 && u[i + 2] == 0x9F)
            return -1;
        if (c == 0xE3 && i + 2 < len && u[i + 1] == 0x80 && u[i + 2] == 0x80)
            return -1;
    }
    while (start < len) {
        for (end = start; end < len && data[end] != '\n' && data[end] != '\r'; end++)
            ;
        if (count >= cap)
            return -1;
        for (a = start; a < end && (data[a] == ' ' || data[a] == '\t'); a++)
            ;
        for (b = end; b > a && (data[b - 1] == ' ' || data[b - 1] == '\t'); b--)
            ;
        bounds[3 * count] = start;
        bounds[3 * count + 1] = a;
        bounds[3 * count + 2] = b;
        heads[count] = 0;
        if (rz_ps_starts(data + a, b - a, "PokerStars ")) {
            for (j = a + 11; j < b; j++) { /* a '#', digits, ": " */
                if (data[j] != '#')
                    continue;
                for (k = j + 1; k < b && data[k] >= '0' && data[k] <= '9'; k++)
                    ;
                if (k < b && u[k] >= 0x80) {
                    heads[count] = 2; /* other digits, maybe: Python says */
                    break;
                }
                if (k > j + 1 && rz_ps_starts(data + k, b - k, ": ")) {
                    heads[count] = 1;
                    break;
                }
            }
        }
        count++;
        start = end < len && data[end] == '\r' && end + 1 < len && data[end + 1] == '\n' ? end + 2
                                                                                       : end + 1;
    }
    return count;
}

/* The hand opening at line k of what rz_ps_split found: its non-empty lines
 * after the table line, stripped and joined by '\n', go to buf (*used
 * bytes; never longer than the hand's text); *head and *table are its first
 * two non-empty lines (-1: none).  Returns the line that opens the next
 * hand, or count. */
RZ_ENTRY int64_t rz_ps_hand(const char *data, const int64_t *bounds, const uint8_t *heads,
                            int64_t count, int64_t k, char *buf, int64_t *used,
                            int64_t *head, int64_t *table)
{
    int64_t line, a, b, seen = 0;
    *used = 0;
    *head = *table = -1;
    for (line = k; line < count && (line == k || !heads[line]); line++) {
        a = bounds[3 * line + 1];
        b = bounds[3 * line + 2];
        if (b == a)
            continue;
        if (seen++ < 2) {
            *(seen == 1 ? head : table) = line;
            continue;
        }
        if (*used)
            buf[(*used)++] = '\n';
        memcpy(buf + *used, data + a, (size_t)(b - a));
        *used += b - a;
    }
    return line;
}


#endif /* RAZZ_POKERSTARS_SPLIT_H */
