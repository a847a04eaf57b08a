/*
 * output.c - `-o FILE` (SPEC "Output"): where a run's records go when they
 * do not go to standard output, without losing or faking anything.
 *
 * - A symbolic link is followed to the file it names (relative links from
 *   the link's directory, at most CLI_OUTPUT_LINKS_MAX of them); that file is
 *   what is replaced or written, and the link stays a link.
 * - A regular file, or a name that does not exist yet, is written as a
 *   temporary file next to it (FILE.XXXXXX) that is renamed over FILE once
 *   the run ends whole: FILE never holds part of a run, and an interrupted
 *   run leaves the FILE that was there as it was.  The temporary file takes
 *   the old FILE's owner, group and mode before a byte is written (a 0600
 *   report stays 0600, a root run keeps the user's file the user's); a new
 *   FILE gets what a shell's '>' gives, 0666 less the umask.
 * - A regular FILE with more than one hard link is refused: a new file in
 *   its place would leave the other names on the old records, and writing
 *   into it would break the promise above.
 * - Anything else that exists (a character or block device, a FIFO) is
 *   opened and written through, as '>' does: /dev/null stays a device.
 * Invariant: while a temporary file exists its name is in pending_tmp (one
 * slot for each output a run may write: -o, --good, --bad), so that a second
 * signal can remove them all before the program dies
 * (cli_output_unlink_pending()).
 */
#include "cli/cli.h"

#include "i18n.h"
#include "report/escape.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CLI_OUTPUT_LINKS_MAX 40

/* The temporary files that exist now, for a signal handler; NULL: a free
 * slot. */
#define CLI_OUTPUT_PENDING_MAX 4
static const char *volatile pending_tmp[CLI_OUTPUT_PENDING_MAX];

void cli_output_unlink_pending(void)
{
    for (int i = 0; i < CLI_OUTPUT_PENDING_MAX; i++) {
        const char *p = pending_tmp[i];
        if (p) unlink(p);
    }
}

/* Name tmp as pending (set) or not any more. */
static void pending(const char *tmp, bool set)
{
    for (int i = 0; i < CLI_OUTPUT_PENDING_MAX; i++) {
        if (set ? pending_tmp[i] == NULL : pending_tmp[i] == tmp) {
            pending_tmp[i] = set ? tmp : NULL;
            return;
        }
    }
}

char *cli_escape_name(const char *name)
{
    char *s = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&s, &len);
    if (!m) return NULL;
    escape_cwrite(m, name ? name : "", ESCAPE_HEX);
    if (fclose(m) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

/* "pgnarbiter: " and fmt (translated, one or two %s) with the names escaped. */
static void say(FILE *err, const char *fmt, const char *a, const char *b)
{
    char *ea = cli_escape_name(a), *eb = b ? cli_escape_name(b) : NULL;
    fputs("pgnarbiter: ", err);
    fprintf(err, fmt, ea ? ea : "?", eb ? eb : "?");
    fputc('\n', err);
    free(ea);
    free(eb);
}

static void say_errno(FILE *err, const char *name, int e)
{
    char *en = cli_escape_name(name);
    fprintf(err, _("pgnarbiter: cannot write %s: %s\n"), en ? en : "?", strerror(e));
    free(en);
}

static mode_t current_umask(void)
{
    mode_t m = umask(022);
    umask(m);
    return m;
}

/* The directory part of path with its '/' ("" for none), then rel. */
static char *beside(const char *path, const char *rel)
{
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    char *s = malloc(dir + strlen(rel) + 1);
    if (!s) return NULL;
    memcpy(s, path, dir);
    strcpy(s + dir, rel);
    return s;
}

bool cli_output_find(struct cli_output *o, const char *path, FILE *err)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->path = path;
    char *cur = strdup(path);
    for (int links = 0; cur; links++) {
        if (lstat(cur, &o->st) != 0) {
            if (errno != ENOENT) break;
            o->target = cur; /* a new file (or a dangling link's new target) */
            return true;
        }
        if (!S_ISLNK(o->st.st_mode)) {
            o->target = cur;
            o->exists = true;
            return true;
        }
        char buf[PATH_MAX];
        ssize_t n = links < CLI_OUTPUT_LINKS_MAX ? readlink(cur, buf, sizeof buf - 1) : -1;
        if (links >= CLI_OUTPUT_LINKS_MAX) errno = ELOOP;
        if (n < 0) break;
        buf[n] = '\0';
        char *next = buf[0] == '/' ? strdup(buf) : beside(cur, buf);
        free(cur);
        cur = next;
    }
    int e = cur ? errno : ENOMEM;
    free(cur);
    say_errno(err, path, e);
    return false;
}

bool cli_output_same(const struct cli_output *o, const struct stat *st)
{
    /* A terminal or /dev/null may be read and written by one run. */
    return o->exists && !S_ISCHR(st->st_mode) && st->st_dev == o->st.st_dev &&
           st->st_ino == o->st.st_ino;
}

/* The temporary file next to o->target, with old's owner and mode (or a new
 * file's); false with a message. */
static bool open_temporary(struct cli_output *o, const struct stat *old, FILE *err)
{
    o->tmp = malloc(strlen(o->target) + 8);
    if (!o->tmp) return say_errno(err, o->path, ENOMEM), false;
    sprintf(o->tmp, "%s.XXXXXX", o->target);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        say_errno(err, o->path, errno);
        free(o->tmp);
        o->tmp = NULL;
        return false;
    }
    pending(o->tmp, true);
    o->fd = fd;
    struct stat now;
    bool ok = fstat(fd, &now) == 0;
    if (ok && old && (now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
        fchown(fd, old->st_uid, old->st_gid) != 0) {
        say(err, _("cannot give the new %s the owner and group of the old one; write the report "
                   "to a file of your own"),
            o->path, NULL);
        return false;
    }
    /* after fchown(), which may clear the set-user-ID and set-group-ID bits */
    if (ok) ok = fchmod(fd, old ? old->st_mode & 07777 : 0666 & ~current_umask()) == 0;
    if (!ok) return say_errno(err, o->path, errno), false;
    return true;
}

bool cli_output_open(struct cli_output *o, FILE *err)
{
    bool ok;
    if (!o->exists) {
        ok = open_temporary(o, NULL, err);
    } else if (S_ISDIR(o->st.st_mode)) {
        say_errno(err, o->path, EISDIR);
        return false;
    } else if (S_ISREG(o->st.st_mode)) {
        if (o->st.st_nlink > 1) {
            char links[24];
            snprintf(links, sizeof links, "%lu", (unsigned long)o->st.st_nlink);
            say(err, _("%s has %s hard links: a new file in its place would leave the other names "
                       "on the old content, and writing into it could leave part of a run; give "
                       "the report a name of its own"),
                o->path, links);
            return false;
        }
        if (faccessat(AT_FDCWD, o->target, W_OK, AT_EACCESS) != 0) {
            say_errno(err, o->path, errno);
            return false;
        }
        ok = open_temporary(o, &o->st, err);
    } else { /* a device, a FIFO: written through (a FIFO waits for its reader) */
        o->fd = open(o->target, O_WRONLY | O_NOCTTY);
        ok = o->fd >= 0;
        if (!ok) say_errno(err, o->path, errno);
    }
    if (ok && !(o->f = fdopen(o->fd, "w"))) {
        say_errno(err, o->path, errno);
        ok = false;
    }
    if (!ok) {
        cli_output_abandon(o);
        return false;
    }
    o->fd = -1; /* o->f owns it */
    return true;
}

bool cli_output_through(const struct cli_output *o)
{
    return o->f && !o->tmp;
}

void cli_output_abandon(struct cli_output *o)
{
    if (o->f)
        fclose(o->f);
    else if (o->fd >= 0)
        close(o->fd);
    if (o->tmp) unlink(o->tmp);
    if (o->tmp) pending(o->tmp, false);
    free(o->tmp);
    free(o->target);
    o->f = NULL;
    o->fd = -1;
    o->tmp = NULL;
    o->target = NULL;
}

bool cli_output_close(struct cli_output *o, bool whole, FILE *err)
{
    if (!o->f && !o->tmp) {
        cli_output_abandon(o);
        return true;
    }
    errno = 0;
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    int e = errno;
    if (o->tmp && ok && whole && fsync(fileno(o->f)) != 0) ok = false, e = errno;
    if (fclose(o->f) != 0 && ok) ok = false, e = errno;
    o->f = NULL;
    if (ok && o->tmp && !whole) {
        say(err, _("%s is left as it was: the run did not end"), o->path, NULL);
    } else if (ok && o->tmp && rename(o->tmp, o->target) != 0) {
        ok = false;
        e = errno;
    } else if (ok && o->tmp) {
        pending(o->tmp, false);
        free(o->tmp);
        o->tmp = NULL;
    }
    if (!ok) say_errno(err, o->path, e ? e : EIO);
    cli_output_abandon(o);
    return ok;
}
