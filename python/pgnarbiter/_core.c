/*
 * _core.c - pgnarbiter._core, the CPython binding of libpgnarbiter
 * (include/pgnarbiter.h, API version 1).
 *
 * A Checker is an iterator over one run's records.  Its inputs are added in
 * order: paths and in-memory buffers at once, a file object through the feed
 * API (pgnarbiter_feed_begin/feed/feed_end), read chunk by chunk when the
 * library asks for more (PGNARBITER_NEED_INPUT); the inputs after a file
 * object are added once it is fed to its end, since nothing may be added
 * between feed_begin and feed_end.
 *
 * Records come in batches: pgnarbiter_next() runs with the GIL released until
 * a batch is full (BATCH_RECORDS records or BATCH_BYTES bytes of JSON), the
 * library needs input, or the run is over; each record's JSON line is copied
 * into the batch (a record is valid only until the next call).  Then, with
 * the GIL, each line becomes a dict equal to json.loads of the line
 * `pgnarbiter check --format=jsonl` writes (_records.c, which leaves to
 * json.loads itself what it does not read); with raw=True each line is handed
 * out as bytes instead.
 *
 * A checker is used by one thread at a time (the library's rule): a second
 * thread calling next() on a checker another thread is inside gets an error.
 * Different checkers run in parallel on different threads.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgnarbiter.h>

#include "_records.h"

#if PGNARBITER_API_VERSION != 1
#error "this binding is written for libpgnarbiter API version 1"
#endif

/* A batch ends after this many records or bytes of JSON, whichever first:
 * large enough that the GIL is taken a few hundred times a second at most,
 * small enough that a consumer sees records soon. */
#define BATCH_RECORDS 1024
#define BATCH_BYTES (512 * 1024)
/* The length of a message from pgnarbiter_new() or the position helpers. */
#define WHY_LEN 1024

enum input_kind { INPUT_PATH = 0, INPUT_BUFFER = 1, INPUT_FILE = 2 };

static PyObject *Error;      /* pgnarbiter.Error */
static PyObject *UsageError; /* pgnarbiter.UsageError (Error, ValueError) */
static PyObject *InputError; /* pgnarbiter.InputError (Error, OSError) */
static PyObject *json_loads; /* json.loads */

/* The exception for a status of the library, with its message. */
static PyObject *raise_status(int st, const char *why)
{
    PyObject *type = Error;
    if (st == PGNARBITER_ERR_USAGE)
        type = UsageError;
    else if (st == PGNARBITER_ERR_INPUT)
        type = InputError;
    if (!why || !*why)
        why = st == PGNARBITER_ERR_MEMORY ? "out of memory" : "libpgnarbiter failed";
    PyObject *msg = PyUnicode_DecodeUTF8(why, (Py_ssize_t)strlen(why), "replace");
    if (msg) {
        PyErr_SetObject(type, msg);
        Py_DECREF(msg);
    }
    return NULL;
}

/* ---- the options ---- */

enum opt_type { OPT_BOOL, OPT_UINT, OPT_STR, OPT_DOUBLE };
static const struct opt_field {
    const char *name;
    enum opt_type type;
    size_t offset;
} OPT_FIELDS[] = {
#define F(name, type) {#name, type, offsetof(struct pgnarbiter_options, name)}
    F(strict, OPT_BOOL),         F(werror, OPT_BOOL),        F(report_games, OPT_BOOL),
    F(jobs, OPT_UINT),           F(notation, OPT_STR),       F(select, OPT_STR),
    F(ignore, OPT_STR),          F(severity, OPT_STR),       F(config, OPT_STR),
    F(duplicates, OPT_STR),      F(round_form, OPT_STR),     F(after_illegal, OPT_STR),
    F(clock_delay, OPT_DOUBLE),  F(clock_slack, OPT_DOUBLE), F(trf, OPT_STR),
    F(players, OPT_STR),         F(trf_require_all, OPT_BOOL), F(stdin_name, OPT_STR),
#undef F
};
#define N_OPT_FIELDS (sizeof OPT_FIELDS / sizeof OPT_FIELDS[0])

/* Fill *o from the dict d (name -> value; strings as str, or bytes for
 * file names); the strings point into d's values, which the caller keeps. */
static int options_from_dict(PyObject *d, struct pgnarbiter_options *o)
{
    pgnarbiter_options_init(o);
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!name) {
            PyErr_SetString(PyExc_TypeError, "option names must be str");
            return -1;
        }
        const struct opt_field *f = NULL;
        for (size_t i = 0; i < N_OPT_FIELDS; i++)
            if (strcmp(OPT_FIELDS[i].name, name) == 0)
                f = &OPT_FIELDS[i];
        if (!f) {
            PyErr_Format(PyExc_TypeError, "unknown option '%s'", name);
            return -1;
        }
        if (value == Py_None)
            continue;
        char *field = (char *)o + f->offset;
        switch (f->type) {
        case OPT_BOOL: {
            int b = PyObject_IsTrue(value);
            if (b < 0)
                return -1;
            *(int *)field = b;
            break;
        }
        case OPT_UINT: {
            unsigned long n = PyLong_AsUnsignedLong(value);
            if (PyErr_Occurred() || n > 0xFFFFFFFFUL) {
                PyErr_Clear();
                PyErr_Format(UsageError, "%s must be an integer from 0 to 4294967295", name);
                return -1;
            }
            *(unsigned *)field = (unsigned)n;
            break;
        }
        case OPT_DOUBLE: {
            double x = PyFloat_AsDouble(value);
            if (x == -1.0 && PyErr_Occurred())
                return -1;
            *(double *)field = x;
            break;
        }
        case OPT_STR: {
            const char *s;
            Py_ssize_t n;
            if (PyBytes_Check(value)) {
                s = PyBytes_AS_STRING(value);
                n = PyBytes_GET_SIZE(value);
            } else if (!(s = PyUnicode_AsUTF8AndSize(value, &n))) {
                return -1;
            }
            if (strlen(s) != (size_t)n) {
                PyErr_Format(UsageError, "%s contains a NUL character", name);
                return -1;
            }
            *(const char **)field = s;
            break;
        }
        }
    }
    return 0;
}

/* pgnarbiter_new() failed: say why, as an InputError when a file the
 * options name cannot be opened, else as a UsageError. */
static PyObject *raise_new_failed(const struct pgnarbiter_options *o, const char *why)
{
    const char *files[] = {o->trf, o->players, o->config};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        if (!files[i])
            continue;
        FILE *f = fopen(files[i], "rb");
        if (!f)
            return raise_status(PGNARBITER_ERR_INPUT, why);
        fclose(f);
    }
    return raise_status(PGNARBITER_ERR_USAGE, why);
}

/* ---- the checker ---- */

typedef struct {
    PyObject_HEAD
    pgnarbiter_checker *c;
    PyObject *options; /* the options dict: its strings are the struct's */
    PyObject *inputs;  /* list of (kind, object, name) */
    Py_ssize_t next_input;
    Py_buffer *views; /* the buffers added, released after pgnarbiter_free */
    Py_ssize_t nviews;
    PyObject *feeding; /* the file object being fed, or NULL */
    Py_ssize_t chunk;  /* bytes read from a file object at a time */
    int games_only, raw;
    int busy;        /* a thread is inside next() */
    int done;        /* END given, or an error raised: the checker is freed */
    int last_status; /* what the last batch ended on */
    /* the batch: "[" json "," json ... "]", with each line's place */
    char *buf;
    size_t len, cap;
    size_t *starts;
    size_t nrec;
    size_t given; /* the batch's records handed out so far */
    struct records_cache *cache; /* keys and short strings seen (_records.c) */
} Checker;

static void checker_release(Checker *self)
{
    if (self->c) {
        pgnarbiter_free(self->c);
        self->c = NULL;
    }
    for (Py_ssize_t i = 0; i < self->nviews; i++)
        PyBuffer_Release(&self->views[i]);
    PyMem_Free(self->views);
    self->views = NULL;
    self->nviews = 0;
    Py_CLEAR(self->feeding);
    free(self->buf);
    self->buf = NULL;
    self->len = self->cap = 0;
    free(self->starts);
    self->starts = NULL;
    self->nrec = 0;
    self->done = 1;
}

static int checker_traverse(Checker *self, visitproc visit, void *arg)
{
    Py_VISIT(self->options);
    Py_VISIT(self->inputs);
    Py_VISIT(self->feeding);
    for (Py_ssize_t i = 0; i < self->nviews; i++)
        Py_VISIT(self->views[i].obj);
    return 0;
}

static int checker_clear(Checker *self)
{
    checker_release(self);
    records_cache_free(self->cache);
    self->cache = NULL;
    Py_CLEAR(self->options);
    Py_CLEAR(self->inputs);
    return 0;
}

static void checker_dealloc(Checker *self)
{
    PyObject_GC_UnTrack(self);
    checker_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The error of the last call on the checker, raised. */
static PyObject *raise_checker(Checker *self, int st)
{
    return raise_status(st, self->c ? pgnarbiter_error(self->c) : NULL);
}

/* Add the inputs not yet added, up to and including the next file object
 * (whose feeding begins); after the last one, end the inputs.  -1 with an
 * exception set on failure. */
static int checker_add_inputs(Checker *self)
{
    Py_ssize_t n = PyList_GET_SIZE(self->inputs);
    while (self->next_input < n) {
        PyObject *item = PyList_GET_ITEM(self->inputs, self->next_input);
        self->next_input++;
        long kind;
        PyObject *obj, *nameobj;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_SetString(PyExc_TypeError, "an input must be a (kind, object, name) tuple");
            return -1;
        }
        kind = PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
        obj = PyTuple_GET_ITEM(item, 1);
        nameobj = PyTuple_GET_ITEM(item, 2);
        const char *name = NULL;
        if (nameobj != Py_None && !(name = PyBytes_AsString(nameobj)))
            return -1;
        int st;
        if (kind == INPUT_PATH) {
            const char *path = PyBytes_AsString(obj);
            if (!path)
                return -1;
            if (strlen(path) != (size_t)PyBytes_GET_SIZE(obj)) {
                PyErr_SetString(UsageError, "a path contains a NUL character");
                return -1;
            }
            st = pgnarbiter_add_path(self->c, path);
        } else if (kind == INPUT_BUFFER) {
            Py_buffer *v = PyMem_Realloc(self->views, (size_t)(self->nviews + 1) * sizeof *v);
            if (!v) {
                PyErr_NoMemory();
                return -1;
            }
            self->views = v;
            if (PyObject_GetBuffer(obj, &v[self->nviews], PyBUF_C_CONTIGUOUS) < 0)
                return -1;
            self->nviews++;
            Py_buffer *view = &v[self->nviews - 1];
            st = pgnarbiter_add_bytes(self->c, view->buf, (size_t)view->len, name);
        } else if (kind == INPUT_FILE) {
            st = pgnarbiter_feed_begin(self->c, name);
            if (st == PGNARBITER_OK) {
                Py_INCREF(obj);
                self->feeding = obj;
                return 0;
            }
        } else {
            PyErr_SetString(PyExc_TypeError, "unknown input kind");
            return -1;
        }
        if (st != PGNARBITER_OK) {
            raise_checker(self, st);
            return -1;
        }
    }
    int st = pgnarbiter_end_inputs(self->c);
    if (st != PGNARBITER_OK) {
        raise_checker(self, st);
        return -1;
    }
    return 0;
}

/* The library needs more input: the next chunk of the file object being
 * fed, its end, or the inputs after it. */
static int checker_supply(Checker *self)
{
    if (!self->feeding)
        return checker_add_inputs(self);
    PyObject *data = PyObject_CallMethod(self->feeding, "read", "n", self->chunk);
    if (!data)
        return -1;
    Py_buffer view;
    if (data == Py_None) {
        Py_DECREF(data);
        PyErr_SetString(PyExc_TypeError,
                        "a file object's read() returned None (a non-blocking file with no data)");
        return -1;
    }
    if (PyUnicode_Check(data) || PyObject_GetBuffer(data, &view, PyBUF_C_CONTIGUOUS) < 0) {
        Py_DECREF(data);
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError,
                        "a file object must be opened in binary mode (read() must return bytes)");
        return -1;
    }
    int st;
    if (view.len == 0) {
        st = pgnarbiter_feed_end(self->c);
        Py_CLEAR(self->feeding);
    } else {
        st = pgnarbiter_feed(self->c, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    Py_DECREF(data);
    if (st != PGNARBITER_OK) {
        raise_checker(self, st);
        return -1;
    }
    return self->feeding ? 0 : checker_add_inputs(self);
}

/* Room for n more bytes in the batch; 0 when memory runs out. */
static int batch_reserve(Checker *self, size_t n)
{
    if (self->len + n <= self->cap)
        return 1;
    size_t cap = self->cap ? self->cap : 64 * 1024;
    while (cap < self->len + n)
        cap *= 2;
    char *b = realloc(self->buf, cap);
    if (!b)
        return 0;
    self->buf = b;
    self->cap = cap;
    return 1;
}

/* How long the library is waited for without the GIL before Python's
 * signal handlers get a chance: Ctrl-C stops a check within this time
 * even while a long clean input gives no record. */
#define CHECKER_WAIT_MS 100

/* Fill the batch from pgnarbiter_next_wait (called without the GIL): the
 * status it stopped on, OK when the batch is full or has records and
 * nothing more came in CHECKER_WAIT_MS, TIMEOUT when nothing came. */
static int checker_fill(Checker *self)
{
    int st;
    self->len = 0;
    self->nrec = 0;
    if (!batch_reserve(self, 1))
        return PGNARBITER_ERR_MEMORY;
    self->buf[self->len++] = '[';
    for (;;) {
        const struct pgnarbiter_record *r;
        st = pgnarbiter_next_wait(self->c, &r, CHECKER_WAIT_MS);
        if (st == PGNARBITER_TIMEOUT && self->nrec)
            st = PGNARBITER_OK; /* hand over what came; wait again after */
        if (st != PGNARBITER_OK)
            break;
        if (self->games_only && r->kind != PGNARBITER_GAME)
            continue;
        if (!batch_reserve(self, r->json_len + 2))
            return PGNARBITER_ERR_MEMORY;
        if (self->nrec)
            self->buf[self->len++] = ',';
        self->starts[self->nrec++] = self->len;
        memcpy(self->buf + self->len, r->json, r->json_len);
        self->len += r->json_len;
        if (self->nrec == BATCH_RECORDS || self->len >= BATCH_BYTES)
            break;
    }
    self->starts[self->nrec] = self->len + 1; /* past the "," or "]" */
    self->buf[self->len] = ']';
    return st;
}

/* One record's JSON line as json.loads gives it (of the line as bytes; a
 * line that is not UTF-8 is read with its bad bytes replaced). */
static PyObject *record_loads(const char *line, size_t n)
{
    PyObject *bytes = PyBytes_FromStringAndSize(line, (Py_ssize_t)n);
    if (!bytes)
        return NULL;
    PyObject *r = PyObject_CallOneArg(json_loads, bytes);
    Py_DECREF(bytes);
    if (!r && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
        PyErr_Clear();
        PyObject *text = PyUnicode_DecodeUTF8(line, (Py_ssize_t)n, "replace");
        if (!text)
            return NULL;
        r = PyObject_CallOneArg(json_loads, text);
        Py_DECREF(text);
    }
    return r;
}

/* The batch's next record: a dict (_records.c, equal to json.loads of the
 * line, which reads the lines it leaves), or the line as bytes.  One at a
 * time: a consumer that drops each record keeps no batch of them alive (nor
 * makes the cyclic GC walk them). */
static PyObject *checker_give(Checker *self)
{
    size_t i = self->given++;
    const char *line = self->buf + self->starts[i];
    size_t n = self->starts[i + 1] - 1 - self->starts[i];
    if (self->raw)
        return PyBytes_FromStringAndSize(line, (Py_ssize_t)n);
    PyObject *r;
    int st = records_parse(self->cache, line, n, &r);
    if (st == RECORDS_FALLBACK)
        r = record_loads(line, n);
    return r;
}

static PyObject *checker_next(Checker *self)
{
    if (self->busy) {
        PyErr_SetString(PyExc_ValueError, "this check is already running in another thread");
        return NULL;
    }
    for (;;) {
        if (self->given < self->nrec) {
            PyObject *r = checker_give(self);
            if (!r)
                checker_release(self);
            return r;
        }
        if (self->done)
            return NULL;
        int st = self->last_status;
        if (st == PGNARBITER_END) {
            checker_release(self);
            return NULL;
        }
        if (st == PGNARBITER_NEED_INPUT) {
            self->busy = 1;
            int ok = checker_supply(self);
            self->busy = 0;
            if (ok < 0) {
                checker_release(self);
                return NULL;
            }
        } else if (st == PGNARBITER_TIMEOUT) {
            if (PyErr_CheckSignals() < 0) { /* Ctrl-C: KeyboardInterrupt, the run abandoned */
                checker_release(self);
                return NULL;
            }
        } else if (st != PGNARBITER_OK) {
            raise_checker(self, st);
            checker_release(self);
            return NULL;
        }
        self->busy = 1;
        Py_BEGIN_ALLOW_THREADS
        st = checker_fill(self);
        Py_END_ALLOW_THREADS
        self->busy = 0;
        self->last_status = st;
        self->given = 0;
    }
}

static PyObject *checker_close(Checker *self, PyObject *unused)
{
    (void)unused;
    if (self->busy) {
        PyErr_SetString(PyExc_ValueError, "this check is running in another thread");
        return NULL;
    }
    checker_release(self);
    Py_RETURN_NONE;
}

static PyObject *checker_enter(Checker *self, PyObject *unused)
{
    (void)unused;
    Py_INCREF(self);
    return (PyObject *)self;
}

static PyObject *checker_exit(Checker *self, PyObject *args)
{
    (void)args;
    return checker_close(self, NULL);
}

static PyObject *checker_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"inputs", "options", "games_only", "raw", "chunk_size", NULL};
    PyObject *inputs, *options;
    int games_only = 0, raw = 0;
    Py_ssize_t chunk = 1 << 20;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!|ppn:Checker", kwlist, &PyList_Type, &inputs,
                                     &PyDict_Type, &options, &games_only, &raw, &chunk))
        return NULL;
    if (chunk <= 0) {
        PyErr_SetString(UsageError, "chunk_size must be positive");
        return NULL;
    }
    struct pgnarbiter_options o;
    if (options_from_dict(options, &o) < 0)
        return NULL;
    if (games_only)
        o.report_games = 1;
    Checker *self = (Checker *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    Py_INCREF(options);
    self->options = options;
    inputs = PyList_GetSlice(inputs, 0, PyList_GET_SIZE(inputs)); /* a copy of its own */
    if (!inputs) {
        Py_DECREF(self);
        return NULL;
    }
    self->inputs = inputs;
    self->chunk = chunk;
    self->games_only = games_only;
    self->raw = raw;
    self->last_status = PGNARBITER_OK;
    self->starts = malloc((BATCH_RECORDS + 1) * sizeof *self->starts);
    self->cache = raw ? NULL : records_cache_new();
    if (!self->starts || (!raw && !self->cache)) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    char why[WHY_LEN] = "";
    Py_BEGIN_ALLOW_THREADS
    self->c = pgnarbiter_new(&o, why, sizeof why);
    Py_END_ALLOW_THREADS
    if (!self->c) {
        raise_new_failed(&o, why);
        Py_DECREF(self);
        return NULL;
    }
    if (checker_add_inputs(self) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static PyMethodDef checker_methods[] = {
    {"close", (PyCFunction)checker_close, METH_NOARGS,
     "close()\n--\n\nStop the run and free the checker; iterating gives no more records."},
    {"__enter__", (PyCFunction)checker_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)checker_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CheckerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "pgnarbiter._core.Checker",
    .tp_doc = "Checker(inputs, options, games_only=False, raw=False, chunk_size=1048576)\n--\n\n"
              "An iterator over the records of one run of the checker (use pgnarbiter.check).",
    .tp_basicsize = sizeof(Checker),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = checker_new,
    .tp_dealloc = (destructor)checker_dealloc,
    .tp_traverse = (traverseproc)checker_traverse,
    .tp_clear = (inquiry)checker_clear,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)checker_next,
    .tp_methods = checker_methods,
};

/* ---- position and play_move ---- */

static PyObject *core_position(PyObject *module, PyObject *args)
{
    (void)module;
    const char *fen;
    int chess960 = 0;
    unsigned long nodes = 0;
    if (!PyArg_ParseTuple(args, "s|pk:position", &fen, &chess960, &nodes))
        return NULL;
    struct pgnarbiter_position out;
    char why[WHY_LEN] = "";
    int st;
    memset(&out, 0, sizeof out);
    Py_BEGIN_ALLOW_THREADS
    st = pgnarbiter_judge_position(fen, chess960, nodes, &out, why, sizeof why);
    Py_END_ALLOW_THREADS
    if (st != PGNARBITER_OK) {
        pgnarbiter_string_free(out.json);
        return raise_status(st, why);
    }
    if (!out.json)
        return raise_status(PGNARBITER_ERR_MEMORY, "libpgnarbiter gave no JSON for the position");
    PyObject *text = PyUnicode_DecodeUTF8(out.json, (Py_ssize_t)strlen(out.json), "replace");
    pgnarbiter_string_free(out.json);
    if (!text)
        return NULL;
    PyObject *d = PyObject_CallOneArg(json_loads, text);
    Py_DECREF(text);
    return d;
}

static PyObject *core_play_move(PyObject *module, PyObject *args)
{
    (void)module;
    const char *fen, *move, *notation = NULL;
    if (!PyArg_ParseTuple(args, "ss|z:play_move", &fen, &move, &notation))
        return NULL;
    char *san = NULL, *after = NULL;
    char why[WHY_LEN] = "";
    int st;
    Py_BEGIN_ALLOW_THREADS
    st = pgnarbiter_play_move(fen, move, notation, &san, &after, why, sizeof why);
    Py_END_ALLOW_THREADS
    PyObject *r = NULL;
    if (st != PGNARBITER_OK)
        raise_status(st, why);
    else if (!san || !after)
        raise_status(PGNARBITER_ERR_MEMORY, "libpgnarbiter gave no move");
    else
        r = Py_BuildValue("(ss)", san, after);
    pgnarbiter_string_free(san);
    pgnarbiter_string_free(after);
    return r;
}

/* _loads(bytes): a JSON line as the checker makes it a record (tests). */
static PyObject *core_loads(PyObject *module, PyObject *arg)
{
    (void)module;
    char *s;
    Py_ssize_t n;
    if (PyBytes_AsStringAndSize(arg, &s, &n) < 0)
        return NULL;
    static struct records_cache *cache; /* kept: used with the GIL held */
    if (!cache && !(cache = records_cache_new()))
        return NULL;
    PyObject *r;
    int st = records_parse(cache, s, (size_t)n, &r);
    if (st == RECORDS_FALLBACK)
        r = record_loads(s, (size_t)n);
    return r;
}

static PyObject *core_version(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyUnicode_FromString(pgnarbiter_version());
}

static PyMethodDef core_methods[] = {
    {"position", core_position, METH_VARARGS,
     "position(fen, chess960=False, nodes=0)\n--\n\n"
     "The verdict on one position as a dict (pgnarbiter.position)."},
    {"play_move", core_play_move, METH_VARARGS,
     "play_move(fen, move, notation=None)\n--\n\n"
     "(san, fen_after) for a move played from fen (pgnarbiter.play_move)."},
    {"_loads", core_loads, METH_O,
     "_loads(line)\n--\n\nA JSON line (bytes) made a record as check() makes it (for the tests)."},
    {"version", core_version, METH_NOARGS,
     "version()\n--\n\nThe version of the libpgnarbiter this module runs on."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pgnarbiter._core",
    .m_doc = "The C binding of libpgnarbiter; use the pgnarbiter package.",
    .m_size = -1,
    .m_methods = core_methods,
};

PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&CheckerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m)
        return NULL;
    PyObject *json = PyImport_ImportModule("json");
    if (!json)
        goto fail;
    json_loads = PyObject_GetAttrString(json, "loads");
    Py_DECREF(json);
    if (!json_loads)
        goto fail;
    Error = PyErr_NewExceptionWithDoc(
        "pgnarbiter.Error", "A call the library could not carry out; str(e) says why.", NULL, NULL);
    if (!Error)
        goto fail;
    PyObject *bases = PyTuple_Pack(2, Error, PyExc_ValueError);
    if (!bases)
        goto fail;
    UsageError = PyErr_NewExceptionWithDoc(
        "pgnarbiter.UsageError", "A bad argument or option value (also a ValueError).", bases, NULL);
    Py_DECREF(bases);
    if (!UsageError)
        goto fail;
    bases = PyTuple_Pack(2, Error, PyExc_OSError);
    if (!bases)
        goto fail;
    InputError = PyErr_NewExceptionWithDoc(
        "pgnarbiter.InputError",
        "A file named by an option (trf, players, config) that cannot be read (also an OSError).",
        bases, NULL);
    Py_DECREF(bases);
    if (!InputError)
        goto fail;
    Py_INCREF(Error);
    Py_INCREF(UsageError);
    Py_INCREF(InputError);
    Py_INCREF(&CheckerType);
    if (PyModule_AddObject(m, "Error", Error) < 0 || PyModule_AddObject(m, "UsageError", UsageError) < 0 ||
        PyModule_AddObject(m, "InputError", InputError) < 0 ||
        PyModule_AddObject(m, "Checker", (PyObject *)&CheckerType) < 0 ||
        PyModule_AddIntConstant(m, "API_VERSION", PGNARBITER_API_VERSION) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
