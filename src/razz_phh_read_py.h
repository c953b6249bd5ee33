/*
 * razz_phh_read_py.h - the compiled reader of PHH text: the subset of TOML
 * that razzcore writes (razzcore/histories/_phh_toml.py), read into the
 * Python objects tomllib.loads returns for it.
 *
 * The subset: one `key = value` per line (a bare or quoted key, one space
 * either side of `=`); table headers `[name]` and empty lines (a .phhs file);
 * values are whole numbers in canonical form (at most 18 digits), true and
 * false, local times HH:MM:SS[.ffffff] (a line's whole value), literal
 * strings and basic strings (escapes \" \\ \b \t \n \f \r \uXXXX, no raw
 * control character), arrays and inline tables written with ", " and " = "
 * (nested at most 32 deep).  Anything else (a comment, other spacing, a
 * float, a date, a dotted key, a duplicate key, a carriage return ...) is
 * declined: rz_phh_read returns None and the caller reads the text with
 * tomllib, the grammar of the whole format.  What this reads, tomllib
 * reads the same (tests/test_phh_toml.py checks it against tomllib).
 *
 * Included by razzcore/_phh_read.pxi.  Needs Python.h.  Every read is
 * bounded by the text's length; nothing is indexed by a value read from it.
 */
#ifndef RAZZ_PHH_READ_PY_H
#define RAZZ_PHH_READ_PY_H

#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "razz_eval.h" /* RZ_INLINE */

/* The reader's position in one line: [p, end). */
typedef struct {
    const char *p;
    const char *end;
    PyObject *time_type; /* datetime.time */
} rz_phh_cur;

/* A value's outcome: an object (a new reference), or DECLINE (NULL, no
 * error set: outside the subset), or an error (NULL with one set). */
#define RZ_PHH_MAX_DEPTH 32

RZ_INLINE int rz_phh_bare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

RZ_INLINE int rz_phh_starts(const rz_phh_cur *cur, const char *s, Py_ssize_t n)
{
    return cur->end - cur->p >= n && memcmp(cur->p, s, (size_t)n) == 0;
}

RZ_INLINE int rz_phh_hex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A literal ('...') or basic ("...") string at cur->p, as str; NULL when
 * declined (no error) or on an error (set). */
RZ_INLINE PyObject *rz_phh_string(rz_phh_cur *cur)
{
    const char *p = cur->p, *start;
    char quote = *p;
    char small[256], *buf, *out;
    PyObject *s;
    Py_ssize_t cap;
    start = ++p;
    if (quote == '\'') {
        while (p < cur->end && *p != '\'') {
            unsigned char c = (unsigned char)*p;
            if (c < 0x20 || c == 0x7f)
                return NULL;
            p++;
        }
        if (p >= cur->end)
            return NULL;
        s = PyUnicode_DecodeUTF8(start, p - start, "strict");
        cur->p = p + 1;
        return s;
    }
    /* A basic string: find its end first (no escape spans it). */
    while (p < cur->end && *p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f)
            return NULL;
        if (c == '\\') {
            if (p + 1 >= cur->end)
                return NULL;
            p++;
        }
        p++;
    }
    if (p >= cur->end)
        return NULL;
    cap = p - start; /* decoded, never longer than the escaped text */
    buf = cap <= (Py_ssize_t)sizeof(small) ? small : (char *)PyMem_Malloc((size_t)cap);
    if (buf == NULL)
        return PyErr_NoMemory();
    out = buf;
    s = NULL;
    {
        const char *q = start;
        while (q < p) {
            if (*q != '\\') {
                *out++ = *q++;
                continue;
            }
            q++; /* q < p: the scan above saw the escaped character */
            switch (*q) {
            case '"': *out++ = '"'; q++; break;
            case '\\': *out++ = '\\'; q++; break;
            case 'b': *out++ = '\b'; q++; break;
            case 't': *out++ = '\t'; q++; break;
            case 'n': *out++ = '\n'; q++; break;
            case 'f': *out++ = '\f'; q++; break;
            case 'r': *out++ = '\r'; q++; break;
            case 'u': {
                unsigned code = 0;
                int k, d;
                if (p - q < 5)
                    goto done; /* declined */
                for (k = 1; k <= 4; k++) {
                    d = rz_phh_hex(q[k]);
                    if (d < 0)
                        goto done;
                    code = code * 16 + (unsigned)d;
                }
                if (code >= 0xD800 && code <= 0xDFFF)
                    goto done; /* not a Unicode scalar value: tomllib refuses */
                if (code < 0x80) {
                    *out++ = (char)code;
                } else if (code < 0x800) {
                    *out++ = (char)(0xC0 | (code >> 6));
                    *out++ = (char)(0x80 | (code & 0x3F));
                } else {
                    *out++ = (char)(0xE0 | (code >> 12));
                    *out++ = (char)(0x80 | ((code >> 6) & 0x3F));
                    *out++ = (char)(0x80 | (code & 0x3F));
                }
                q += 5;
                break;
            }
            default:
                goto done; /* \U, \e, ... : declined */
            }
        }
    }
    s = PyUnicode_DecodeUTF8(buf, out - buf, "strict");
    cur->p = p + 1;
done:
    if (buf != small)
        PyMem_Free(buf);
    return s;
}

/* A key at cur->p (bare, or a quoted string), as str; NULL when declined
 * or on an error. */
RZ_INLINE PyObject *rz_phh_key(rz_phh_cur *cur)
{
    const char *p = cur->p;
    if (p < cur->end && (*p == '\'' || *p == '"'))
        return rz_phh_string(cur);
    while (p < cur->end && rz_phh_bare(*p))
        p++;
    if (p == cur->p)
        return NULL;
    {
        PyObject *key = PyUnicode_DecodeUTF8(cur->p, p - cur->p, "strict");
        cur->p = p;
        return key;
    }
}

RZ_INLINE PyObject *rz_phh_value(rz_phh_cur *cur, int depth);

/* The items of an array ('[' at cur->p). */
RZ_INLINE PyObject *rz_phh_array(rz_phh_cur *cur, int depth)
{
    PyObject *out = PyList_New(0), *item;
    if (out == NULL)
        return NULL;
    cur->p++;
    if (rz_phh_starts(cur, "]", 1)) {
        cur->p++;
        return out;
    }
    for (;;) {
        item = rz_phh_value(cur, depth + 1);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
        if (rz_phh_starts(cur, ", ", 2)) {
            cur->p += 2;
        } else if (rz_phh_starts(cur, "]", 1)) {
            cur->p++;
            return out;
        } else {
            Py_DECREF(out);
            return NULL;
        }
    }
}

/* The pairs of an inline table ('{' at cur->p). */
RZ_INLINE PyObject *rz_phh_table(rz_phh_cur *cur, int depth)
{
    PyObject *out = PyDict_New(), *key, *item;
    int has;
    if (out == NULL)
        return NULL;
    cur->p++;
    if (rz_phh_starts(cur, "}", 1)) {
        cur->p++;
        return out;
    }
    for (;;) {
        key = rz_phh_key(cur);
        if (key == NULL)
            goto fail;
        has = PyDict_Contains(out, key);
        if (has != 0 || !rz_phh_starts(cur, " = ", 3)) { /* a duplicate: declined */
            Py_DECREF(key);
            goto fail;
        }
        cur->p += 3;
        item = rz_phh_value(cur, depth + 1);
        if (item == NULL || PyDict_SetItem(out, key, item) < 0) {
            Py_DECREF(key);
            Py_XDECREF(item);
            goto fail;
        }
        Py_DECREF(key);
        Py_DECREF(item);
        if (rz_phh_starts(cur, ", ", 2)) {
            cur->p += 2;
        } else if (rz_phh_starts(cur, "}", 1)) {
            cur->p++;
            return out;
        } else {
            goto fail;
        }
    }
fail:
    Py_DECREF(out);
    return NULL;
}

/* A whole number in canonical form: -?(0|[1-9][0-9]{0,17}); what follows
 * is the caller's to check (", ", "]", "}" or the line's end). */
RZ_INLINE PyObject *rz_phh_int(rz_phh_cur *cur)
{
    const char *p = cur->p;
    int negative = 0, digits = 0;
    long long value = 0;
    if (p < cur->end && *p == '-') {
        negative = 1;
        p++;
    }
    if (p >= cur->end || *p < '0' || *p > '9')
        return NULL;
    if (*p == '0') {
        p++;
        if (p < cur->end && *p >= '0' && *p <= '9')
            return NULL; /* a leading zero */
    } else {
        while (p < cur->end && *p >= '0' && *p <= '9') {
            if (++digits > 18)
                return NULL;
            value = value * 10 + (*p - '0');
            p++;
        }
    }
    cur->p = p;
    return PyLong_FromLongLong(negative ? -value : value);
}

RZ_INLINE PyObject *rz_phh_value(rz_phh_cur *cur, int depth)
{
    char c;
    if (depth > RZ_PHH_MAX_DEPTH || cur->p >= cur->end)
        return NULL;
    c = *cur->p;
    if (c == '\'' || c == '"')
        return rz_phh_string(cur);
    if (c == '[')
        return rz_phh_array(cur, depth);
    if (c == '{')
        return rz_phh_table(cur, depth);
    if (rz_phh_starts(cur, "true", 4)) {
        cur->p += 4;
        Py_RETURN_TRUE;
    }
    if (rz_phh_starts(cur, "false", 5)) {
        cur->p += 5;
        Py_RETURN_FALSE;
    }
    return rz_phh_int(cur);
}

/* A local time HH:MM:SS or HH:MM:SS.ffffff filling [p, end): a
 * datetime.time; NULL (no error) when it is not one or out of range. */
RZ_INLINE PyObject *rz_phh_time(const rz_phh_cur *cur)
{
    const char *p = cur->p;
    Py_ssize_t n = cur->end - p, k;
    int part[4] = {0, 0, 0, 0};
    static const Py_ssize_t digit_at[12] = {0, 1, 3, 4, 6, 7, 9, 10, 11, 12, 13, 14};
    PyObject *out;
    if (n != 8 && n != 15)
        return NULL;
    if (p[2] != ':' || p[5] != ':' || (n == 15 && p[8] != '.'))
        return NULL;
    for (k = 0; k < (n == 8 ? 6 : 12); k++) {
        char d = p[digit_at[k]];
        if (d < '0' || d > '9')
            return NULL;
    }
    part[0] = (p[0] - '0') * 10 + (p[1] - '0');
    part[1] = (p[3] - '0') * 10 + (p[4] - '0');
    part[2] = (p[6] - '0') * 10 + (p[7] - '0');
    if (n == 15)
        for (k = 9; k < 15; k++)
            part[3] = part[3] * 10 + (p[k] - '0');
    if (part[0] > 23 || part[1] > 59 || part[2] > 59)
        return NULL; /* out of range: declined */
    out = PyObject_CallFunction(cur->time_type, "iiii", part[0], part[1], part[2], part[3]);
    if (out == NULL && PyErr_ExceptionMatches(PyExc_ValueError))
        PyErr_Clear(); /* declined */
    return out;
}

/* The value of one line (cur spans the text after "key = "). */
RZ_INLINE PyObject *rz_phh_line_value(rz_phh_cur *cur)
{
    PyObject *value;
    if (cur->end - cur->p >= 3 && cur->p[0] >= '0' && cur->p[0] <= '9' && cur->p[2] == ':')
        return rz_phh_time(cur);
    value = rz_phh_value(cur, 0);
    if (value != NULL && cur->p != cur->end) {
        Py_DECREF(value); /* something after the value: declined */
        return NULL;
    }
    return value;
}

/* razzcore._core._read_phh_toml(text, time_type): see _phh_read.pxi. */
RZ_INLINE PyObject *rz_phh_read(PyObject *text, PyObject *time_type)
{
    const char *data, *line, *stop, *nl;
    Py_ssize_t size;
    PyObject *root, *table, *key, *value;
    rz_phh_cur cur;
    int has;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "expected str");
        return NULL;
    }
    data = PyUnicode_AsUTF8AndSize(text, &size);
    if (data == NULL) { /* a lone surrogate: tomllib judges it */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (memchr(data, '\r', (size_t)size) != NULL)
        Py_RETURN_NONE;
    root = PyDict_New();
    if (root == NULL)
        return NULL;
    table = root; /* borrowed: root holds it */
    cur.time_type = time_type;
    stop = data + size;
    for (line = data;; line = nl + 1) {
        nl = (const char *)memchr(line, '\n', (size_t)(stop - line));
        if (nl == NULL)
            nl = stop;
        if (nl == line)
            goto next;
        cur.p = line;
        cur.end = nl;
        if (*line == '[') { /* a table header [name] */
            const char *p = line + 1;
            while (p < nl && rz_phh_bare(*p))
                p++;
            if (p == line + 1 || p + 1 != nl || *p != ']')
                goto declined;
            key = PyUnicode_DecodeUTF8(line + 1, p - line - 1, "strict");
            if (key == NULL)
                goto error;
            has = PyDict_Contains(root, key);
            value = has == 0 ? PyDict_New() : NULL;
            if (value == NULL || PyDict_SetItem(root, key, value) < 0) {
                Py_DECREF(key);
                Py_XDECREF(value);
                if (has == 0 || PyErr_Occurred())
                    goto error;
                goto declined; /* a table named twice */
            }
            Py_DECREF(key);
            Py_DECREF(value);
            table = value; /* borrowed */
            goto next;
        }
        key = rz_phh_key(&cur);
        if (key == NULL)
            goto declined_or_error;
        has = PyDict_Contains(table, key);
        if (has != 0 || !rz_phh_starts(&cur, " = ", 3)) {
            Py_DECREF(key);
            goto declined_or_error;
        }
        cur.p += 3;
        value = rz_phh_line_value(&cur);
        if (value == NULL || PyDict_SetItem(table, key, value) < 0) {
            Py_DECREF(key);
            Py_XDECREF(value);
            goto declined_or_error;
        }
        Py_DECREF(key);
        Py_DECREF(value);
    next:
        if (nl == stop)
            break;
    }
    return root;
declined_or_error:
    if (PyErr_Occurred())
        goto error;
declined:
    Py_DECREF(root);
    Py_RETURN_NONE;
error:
    Py_DECREF(root);
    return NULL;
}

#endif /* RAZZ_PHH_READ_PY_H */
