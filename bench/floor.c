/*
 * floor.c: the least a program must do for `emotions tap`, `add` and `stats --json`, in C.
 *
 * The benchmark's floor: the same file, the same location rules, the same system calls for a
 * durable update (flock on <file>.lock, read, temporary file, fsync, rename, remove leftovers,
 * fsync the folder) and byte-for-byte the same output, with nothing else. Whatever emotions
 * spends beyond this is the price of Swift and of its own code, not of the job.
 *
 *   floor [--journal] [--file PATH] tap EMOTION...
 *   floor [--journal] [--file PATH] add EMOTION N
 *   floor [--journal] [--file PATH] stats --json
 *
 * Without --journal: the update as emotions made it before it kept a history (two fsyncs, no
 * journal), the reference the "within 1.25x" is measured against.
 *
 * With --journal: the least the write-ahead journal's update must do, as emotions now does it
 * (see TallyStore.write): under the lock, read the data file and its "journal" position, open
 * <file>.journal (O_RDWR|O_APPEND|O_NOFOLLOW), fstat it (its size must be the recorded "bytes":
 * nothing to roll forward), append one JSON line per change and fdatasync it (the commit point),
 * then write the data file under a temporary name WITHOUT fsync and rename it into place WITHOUT
 * syncing the folder. The first update starts the journal with its header line, durably
 * (temporary file, fsync, rename, fsync the folder). `stats --json` reads the data file and
 * fstats the journal. Lines and files are the same as emotions writes but for the ids' random
 * bits and the times. Left out besides the above: rolling forward a journal longer than the data
 * file records, or making a lost data file again from it (this refuses such files, 65), checking
 * the journal's owner and links, and the "latest" key of a line written after the clock was set
 * back (written here, never exercised).
 *
 * Minimal, but it never loses or corrupts a count: every system call is checked, a missing file
 * is all zeros, and a file it does not fully understand is refused (65) rather than rewritten.
 * What it leaves out, none of which the benchmark exercises: unknown keys (emotions keeps them;
 * this refuses the file), a data file that is a link to a file not created yet (emotions follows
 * it; this replaces the link), giving new files to the folder's owner when run as root, the lock
 * timeout (this waits for the lock as long as it takes), and help and error texts.
 *
 * Exit status: 0 success, 64 usage or a count out of range, 65 a data file it cannot use,
 * 74 a failed system call.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { EX_USAGE_ = 64, EX_DATA_ = 65, EX_IO_ = 74 };
enum { EMOTIONS = 5, SIZE_LIMIT = 1024 * 1024 };

/* --journal: keep the write-ahead journal as emotions does (see the top of this file). */
static int journal_mode = 0;

/* Where the data file's counts are in the journal: its "journal" object. */
typedef struct {
    int present;
    int64_t seq, bytes, latest;
} Position;

static const char *const names[EMOTIONS] = {"happy", "smile", "neutral", "upset", "sad"};
static const char *const aliases[EMOTIONS][2] = {
    {"very-happy", "veryHappy"}, {"moderate-smile", "moderateSmile"}, {NULL, NULL},
    {"slightly-upset", "slightlyUpset"}, {"very-sad", "verySad"}};

static _Noreturn void fail(int status, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("Error: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    exit(status);
}

static _Noreturn void fail_call(const char *call, const char *path) {
    fail(EX_IO_, "%s %s: %s", call, path, strerror(errno));
}

/* --- Where the file is: --file, else EMOTIONS_FILE, else XDG_CONFIG_HOME, else HOME. --- */

static char *joined(const char *a, const char *b) {
    char *result;
    if (asprintf(&result, "%s%s", a, b) < 0) fail(EX_IO_, "out of memory");
    return result;
}

static char *data_path(const char *explicit_path) {
    if (explicit_path) return strdup(explicit_path);
    const char *file = getenv("EMOTIONS_FILE");
    if (file && *file) return strdup(file);
    const char *config = getenv("XDG_CONFIG_HOME");
    if (config && config[0] == '/') return joined(config, "/emotions/emotions.json");
    const char *home = getenv("HOME");
    if (!home || !*home) {
        struct passwd *entry = getpwuid(getuid());
        home = entry ? entry->pw_dir : NULL;
    }
    if (!home || !*home) fail(73, "no home folder; set HOME or EMOTIONS_FILE");
    return joined(home, "/.config/emotions/emotions.json");
}

/* The folder part of a path: "" for a bare name, "/" for a file at the root. */
static char *folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup("");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

static int emotion_named(const char *word) {
    for (int e = 0; e < EMOTIONS; e++) {
        if (strcasecmp(word, names[e]) == 0) return e;
        for (int a = 0; a < 2; a++)
            if (aliases[e][a] && strcasecmp(word, aliases[e][a]) == 0) return e;
    }
    fail(EX_USAGE_, "Unknown emotion '%s'.", word);
}

/* --- The data file: {"version": 1, "counts": {"happy": N, ...}}, any order, any spacing. --- */

typedef struct {
    const char *at, *end, *path;
} Reader;

static _Noreturn void refuse(const Reader *r, const char *why) {
    fail(EX_DATA_, "The data file %s cannot be used: %s. Fix or move the file; nothing was changed.", r->path, why);
}

static void skip_space(Reader *r) {
    while (r->at < r->end && (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r')) r->at++;
}

static void expect(Reader *r, char c) {
    skip_space(r);
    if (r->at >= r->end || *r->at != c) refuse(r, "it is not valid JSON of the expected shape");
    r->at++;
}

static int peek(Reader *r, char c) {
    skip_space(r);
    return r->at < r->end && *r->at == c;
}

/* A key without escapes, copied into `key`; any escape is refused (no key we know needs one). */
static void read_key(Reader *r, char *key, size_t size) {
    expect(r, '"');
    size_t length = 0;
    while (r->at < r->end && *r->at != '"') {
        if (*r->at == '\\' || (unsigned char)*r->at < 0x20 || length + 1 >= size) refuse(r, "it has a key this floor does not know");
        key[length++] = *r->at++;
    }
    if (r->at >= r->end) refuse(r, "it is not valid JSON");
    r->at++;
    key[length] = 0;
    expect(r, ':');
}

/* A whole number from 0 to INT64_MAX, as JSON writes it (no sign, no leading zero, no fraction). */
static int64_t read_count(Reader *r) {
    skip_space(r);
    const char *start = r->at;
    int64_t value = 0;
    while (r->at < r->end && isdigit((unsigned char)*r->at)) {
        int digit = *r->at++ - '0';
        if (value > (INT64_MAX - digit) / 10) refuse(r, "a number is out of range");
        value = value * 10 + digit;
    }
    if (r->at == start || (r->at - start > 1 && *start == '0')) refuse(r, "a value is not a whole number from 0 up");
    if (r->at < r->end && (*r->at == '.' || *r->at == 'e' || *r->at == 'E')) refuse(r, "a value is not a whole number");
    return value;
}

static void parse(const char *bytes, size_t length, const char *path, int64_t counts[EMOTIONS], Position *position) {
    Reader r = {bytes, bytes + length, path};
    int seen_version = 0, seen_counts = 0, seen_journal = 0, seen[EMOTIONS] = {0};
    char key[32];
    memset(counts, 0, EMOTIONS * sizeof counts[0]);
    memset(position, 0, sizeof *position);
    expect(&r, '{');
    for (int first = 1; !peek(&r, '}'); first = 0) {
        if (!first) expect(&r, ',');
        read_key(&r, key, sizeof key);
        if (strcmp(key, "version") == 0 && !seen_version++) {
            if (read_count(&r) != 1) refuse(&r, "its version is not 1");
        } else if (strcmp(key, "counts") == 0 && !seen_counts++) {
            expect(&r, '{');
            for (int first_count = 1; !peek(&r, '}'); first_count = 0) {
                if (!first_count) expect(&r, ',');
                read_key(&r, key, sizeof key);
                int e = 0;
                while (e < EMOTIONS && strcmp(key, names[e]) != 0) e++;
                if (e == EMOTIONS || seen[e]++) refuse(&r, "it has a count this floor does not know, or one twice");
                counts[e] = read_count(&r);
            }
            expect(&r, '}');
        } else if (journal_mode && strcmp(key, "journal") == 0 && !seen_journal++) {
            /* {"seq": N, "bytes": N, "latest": N}, in this order, as emotions writes it. */
            static const char *const parts[3] = {"seq", "bytes", "latest"};
            int64_t *values[3] = {&position->seq, &position->bytes, &position->latest};
            expect(&r, '{');
            for (int p = 0; p < 3; p++) {
                if (p > 0) expect(&r, ',');
                read_key(&r, key, sizeof key);
                if (strcmp(key, parts[p]) != 0) refuse(&r, "its journal position is not one this floor reads");
                *values[p] = read_count(&r);
            }
            expect(&r, '}');
            position->present = 1;
        } else {
            refuse(&r, "it has a key this floor does not know, or one twice");
        }
    }
    expect(&r, '}');
    skip_space(&r);
    if (r.at != r.end) refuse(&r, "it has text after the JSON object");
    int64_t total = 0;
    for (int e = 0; e < EMOTIONS; e++)
        if (__builtin_add_overflow(total, counts[e], &total)) refuse(&r, "its counts add up to more than 9223372036854775807");
}

/* Reads the whole file, refusing one past the size limit. */
static size_t read_all(int fd, const char *path, char *buffer) {
    size_t length = 0;
    for (;;) {
        ssize_t count = read(fd, buffer + length, SIZE_LIMIT + 1 - length);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) fail_call("read", path);
        if (count == 0) return length;
        length += (size_t)count;
        if (length > SIZE_LIMIT) fail(EX_DATA_, "The data file %s cannot be used: it is larger than 1 MiB.", path);
    }
}

/* Writes all of `bytes`, going on after short writes; 0, or -1 with errno set. */
static int write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t count = write(fd, bytes, length);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return -1;
        bytes += count;
        length -= (size_t)count;
    }
    return 0;
}

static int open_retrying(const char *path, int flags, mode_t mode) {
    int fd;
    while ((fd = open(path, flags | O_CLOEXEC, mode)) < 0 && errno == EINTR) {}
    return fd;
}

/* Reads the counts at `path` into `counts`; all zeros if there is no file. Returns the open file or -1. */
static int load(const char *path, int flags, int64_t counts[EMOTIONS], Position *position, struct stat *status,
                char *buffer) {
    int fd = open_retrying(path, flags | O_NONBLOCK, 0);
    if (fd < 0 && errno == ENOENT) {
        memset(counts, 0, EMOTIONS * sizeof counts[0]);
        memset(position, 0, sizeof *position);
        return -1;
    }
    if (fd < 0) fail_call("open", path);
    if (fstat(fd, status) != 0) fail_call("fstat", path);
    if (!S_ISREG(status->st_mode)) fail(EX_DATA_, "The data file %s cannot be used: it is not a regular file.", path);
    parse(buffer, read_all(fd, path, buffer), path, counts, position);
    return fd;
}

/* Opens the journal beside the data file `path` with `flags`, or returns -1 if there is none; checks
 * that its size is the position the data file records (or that there is no data file and no journal),
 * since rolling a journal forward is left out of this floor. */
static int open_journal(const char *journal_path, int flags, const Position *position, int data_exists) {
    int fd = open_retrying(journal_path, flags | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0 && errno == ENOENT) return -1;
    if (fd < 0) fail_call("open", journal_path);
    struct stat status;
    if (fstat(fd, &status) != 0) fail_call("fstat", journal_path);
    if (!S_ISREG(status.st_mode)) fail(EX_DATA_, "The journal %s cannot be used: it is not a regular file.", journal_path);
    if (!data_exists || !position->present || status.st_size != position->bytes)
        fail(EX_DATA_, "The journal %s does not end where the data file says; this floor does not roll it forward.",
            journal_path);
    return fd;
}
/* --- Commands --- */

static void stats_json(const char *path) {
    static char buffer[SIZE_LIMIT + 1];
    int64_t counts[EMOTIONS];
    Position position;
    struct stat status;
    int fd = load(path, O_RDONLY, counts, &position, &status, buffer);
    if (fd >= 0 && close(fd) != 0) fail_call("close", path);
    if (journal_mode) {
        char *journal_path = joined(path, ".journal");
        int journal = open_journal(journal_path, O_RDONLY, &position, fd >= 0);
        if (journal >= 0) close(journal);
        free(journal_path);
    }
    int64_t total = 0;
    for (int e = 0; e < EMOTIONS; e++) total += counts[e]; /* parse checked the sum */
    char line[256];
    int length = snprintf(line, sizeof line,
        "{\"counts\": {\"happy\": %lld, \"smile\": %lld, \"neutral\": %lld, \"upset\": %lld, \"sad\": %lld}, \"total\": %lld}\n",
        (long long)counts[0], (long long)counts[1], (long long)counts[2], (long long)counts[3], (long long)counts[4],
        (long long)total);
    if (write_all(STDOUT_FILENO, line, (size_t)length) != 0) fail_call("write", "standard output");
}

typedef struct {
    int emotion;
    int64_t amount;
} Action;

typedef struct {
    int emotion;
    int64_t old, new;
} Change;

/* Applies every action to `counts`, all or none; returns how many changed a count. */
static int apply(int64_t counts[EMOTIONS], const Action *actions, int count, Change *changes) {
    int64_t next[EMOTIONS], total = 0;
    memcpy(next, counts, sizeof next);
    int changed = 0;
    for (int i = 0; i < count; i++) {
        const Action *a = &actions[i];
        int64_t old = next[a->emotion], new;
        if (__builtin_add_overflow(old, a->amount, &new) || new < 0)
            fail(EX_USAGE_, "Cannot add %lld to %s: its count is %lld and would go out of range. Nothing was changed.",
                (long long)a->amount, names[a->emotion], (long long)old);
        if (new != old) changes[changed++] = (Change){a->emotion, old, new};
        next[a->emotion] = new;
    }
    for (int e = 0; e < EMOTIONS; e++)
        if (__builtin_add_overflow(total, next[e], &total))
            fail(EX_USAGE_, "The total would pass 9223372036854775807. Nothing was changed.");
    memcpy(counts, next, sizeof next);
    return changed;
}

/* Creates the missing folders of `folder`, mode 0700, like mkdir -p. */
static void make_folders(const char *folder) {
    struct stat status;
    if (!*folder || stat(folder, &status) == 0) return;
    char *parent = folder_of(folder);
    make_folders(parent);
    free(parent);
    if (mkdir(folder, 0700) != 0 && errno != EEXIST) fail_call("mkdir", folder);
}

/* Whether `name` is `<prefix><digits>-<digits>`, a temporary file as this and emotions name them. */
static int is_temporary(const char *name, const char *prefix) {
    size_t length = strlen(prefix);
    if (strncmp(name, prefix, length) != 0) return 0;
    const char *p = name + length;
    size_t digits = strspn(p, "0123456789");
    if (digits == 0 || p[digits] != '-') return 0;
    p += digits + 1;
    digits = strspn(p, "0123456789");
    return digits > 0 && p[digits] == 0;
}

/* Fills `bytes` from the system's generator. */
static void random_bytes(void *bytes, size_t length, const char *path) {
    unsigned char *at = bytes;
    while (length > 0) {
        ssize_t count = getrandom(at, length, 0);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) fail_call("getrandom", path);
        at += count;
        length -= (size_t)count;
    }
}

/* Replaces `target` with `contents`: a new file `<folder>/<prefix><pid>-<random>` given `mode`, written,
 * flushed if `durable`, renamed over `target`. On failure the new file is removed. */
static void replace_file(const char *target, const char *folder, const char *prefix, mode_t mode, const char *contents,
                         size_t length, int durable) {
    uint32_t random;
    random_bytes(&random, sizeof random, target);
    char *temporary;
    if (asprintf(&temporary, "%s%s%s%ld-%u", folder, *folder ? "/" : "", prefix, (long)getpid(), random) < 0)
        fail(EX_IO_, "out of memory");
    int fd = open_retrying(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
    if (fd < 0) fail_call("open", temporary);
    /* Keep the file's permissions; from here on a failure removes the temporary file. */
    if ((mode != 0600 && fchmod(fd, mode) != 0) || write_all(fd, contents, length) != 0 ||
        (durable && fsync(fd) != 0) || close(fd) != 0 || rename(temporary, target) != 0) {
        int saved = errno;
        unlink(temporary);
        errno = saved;
        fail_call("save", target);
    }
    free(temporary);
}

/* Only the lock holder writes a temporary file, so every other one is a killed process's leftover. */
static void remove_leftovers(const char *folder_path, const char *prefix) {
    DIR *listing = opendir(folder_path);
    if (listing) {
        struct dirent *entry;
        while ((entry = readdir(listing)))
            if (is_temporary(entry->d_name, prefix)) unlinkat(dirfd(listing), entry->d_name, 0);
        closedir(listing);
    }
}

/* Makes a rename survive a power cut; a file system that cannot sync folders is no error, as in SQLite. */
static void sync_folder(const char *folder_path) {
    int directory = open_retrying(folder_path, O_RDONLY | O_DIRECTORY, 0);
    if (directory >= 0) {
        if (fsync(directory) != 0 && errno != EINVAL && errno != ENOTSUP) fail_call("fsync", folder_path);
        close(directory);
    }
}

/* `ms` since 1970 as RFC 3339 with milliseconds, at the local offset (UTC if `utc`), as emotions writes it. */
static void rfc3339(int64_t ms, int utc, char out[64]) {
    time_t seconds = (time_t)(ms / 1000);
    struct tm tm;
    long offset = 0;
    if (!utc && localtime_r(&seconds, &tm) && tm.tm_gmtoff % 60 == 0) {
        offset = tm.tm_gmtoff;
    } else {
        gmtime_r(&seconds, &tm);
    }
    int minutes = (int)(labs(offset) / 60 % 6000); /* under a day, always */
    snprintf(out, 64, "%04d-%02d-%02dT%02d:%02d:%02d.%03d%c%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
        tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000), offset < 0 ? '-' : '+', minutes / 60, minutes % 60);
}

/* An event id: 48 bits of the time in ms, then 80 random bits, as 26 characters of Crockford's base32. */
static void event_id(int64_t ms, const unsigned char random[10], char out[27]) {
    static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    unsigned __int128 value = (unsigned __int128)(uint64_t)(ms < 0 ? 0 : ms & 0xFFFFFFFFFFFFLL) << 80;
    for (int i = 0; i < 10; i++) value |= (unsigned __int128)random[i] << (8 * (9 - i));
    for (int i = 0; i < 26; i++) out[i] = alphabet[(int)(value >> (125 - 5 * i)) & 31];
    out[26] = 0;
}

static void update(const char *path, const char *command, const Action *actions, int count) {
    static char buffer[SIZE_LIMIT + 1];
    Change changes[64];
    int64_t counts[EMOTIONS], before[EMOTIONS];
    Position position;
    struct stat status = {.st_mode = S_IFREG | 0600};

    /* Write through a link to the file it names, so the link stays a link. */
    char *target = realpath(path, NULL);
    if (!target && errno != ENOENT) fail_call("realpath", path);
    if (!target) {
        target = strdup(path);
        memset(counts, 0, sizeof counts);
        if (apply(counts, actions, count, changes) == 0) return; /* nothing to create for a no-op */
    } else if (stat(target, &status) == 0 && !S_ISREG(status.st_mode)) {
        fail(EX_DATA_, "The data file %s cannot be used: it is not a regular file.", target);
    }
    char *folder = folder_of(target);
    const char *name = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
    const char *folder_path = *folder ? folder : ".";
    make_folders(folder);

    char *lock_path = joined(target, ".lock");
    int lock = open_retrying(lock_path, O_RDWR | O_CREAT, 0600);
    if (lock < 0) fail_call("open", lock_path);
    while (flock(lock, LOCK_EX) != 0)
        if (errno != EINTR) fail_call("flock", lock_path);

    int data = load(target, O_RDWR, counts, &position, &status, buffer);
    if (data >= 0 && close(data) != 0) fail_call("close", target);
    char *journal_path = NULL;
    int journal = -1;
    if (journal_mode) {
        journal_path = joined(target, ".journal");
        journal = open_journal(journal_path, O_RDWR | O_APPEND, &position, data >= 0);
    }
    memcpy(before, counts, sizeof before);
    int changed = apply(counts, actions, count, changes);
    if (changed > 0) {
        char *prefix;
        if (asprintf(&prefix, ".%s.tmp-", name) < 0) fail(EX_IO_, "out of memory");
        mode_t mode = status.st_mode & 07777;
        char contents[640];
        int length = snprintf(contents, sizeof contents,
            "{\n  \"version\": 1,\n  \"counts\": {\n    \"happy\": %lld,\n    \"smile\": %lld,\n"
            "    \"neutral\": %lld,\n    \"upset\": %lld,\n    \"sad\": %lld\n  }",
            (long long)counts[0], (long long)counts[1], (long long)counts[2], (long long)counts[3], (long long)counts[4]);
        if (!journal_mode) {
            length += snprintf(contents + length, sizeof contents - (size_t)length, "\n}\n");
            replace_file(target, folder, prefix, mode, contents, (size_t)length, 1);
            remove_leftovers(folder_path, prefix);
            sync_folder(folder_path);
        } else {
            struct timespec clock;
            clock_gettime(CLOCK_REALTIME, &clock);
            int64_t now = (int64_t)clock.tv_sec * 1000 + clock.tv_nsec / 1000000;
            char at[64], latest[64] = "";
            rfc3339(now, 0, at);
            if (journal < 0) {
                /* The first update: the header line, durably, so that a journal is either absent or has it. */
                char header[512], *journal_prefix;
                int header_length = snprintf(header, sizeof header,
                    "{\"history\":1,\"at\":\"%s\",\"before\":{\"happy\":%lld,\"smile\":%lld,\"neutral\":%lld,"
                    "\"upset\":%lld,\"sad\":%lld}}\n", at, (long long)before[0], (long long)before[1],
                    (long long)before[2], (long long)before[3], (long long)before[4]);
                if (asprintf(&journal_prefix, ".%s.journal.tmp-", name) < 0) fail(EX_IO_, "out of memory");
                replace_file(journal_path, folder, journal_prefix, mode, header, (size_t)header_length, 1);
                sync_folder(folder_path);
                journal = open_retrying(journal_path, O_RDWR | O_APPEND | O_NOFOLLOW | O_NONBLOCK, 0);
                if (journal < 0) fail_call("open", journal_path);
                position = (Position){1, 0, header_length, now};
            }
            /* The clock was set back since an earlier event was recorded: say so, for backwards scans. */
            if (position.latest > now) rfc3339(position.latest, 1, latest);
            unsigned char random[64][10];
            random_bytes(random, (size_t)changed * sizeof random[0], journal_path);
            char lines[64 * 400], id[27], group[27];
            size_t used = 0;
            for (int i = 0; i < changed; i++) {
                event_id(now, random[i], id);
                if (i == 0) memcpy(group, id, sizeof group);
                used += (size_t)snprintf(lines + used, sizeof lines - used,
                    "{\"id\":\"%s\",\"at\":\"%s\",\"command\":\"%s\",\"emotion\":\"%s\",\"old\":%lld,\"new\":%lld,"
                    "\"seq\":%lld,\"group\":\"%s\"%s%s%s}\n", id, at, command, names[changes[i].emotion],
                    (long long)changes[i].old, (long long)changes[i].new, (long long)(position.seq + i + 1), group,
                    *latest ? ",\"latest\":\"" : "", latest, *latest ? "\"" : "");
            }
            /* The commit point: the lines appended and flushed. If that fails, cut them off again. */
            if (write_all(journal, lines, used) != 0 || fdatasync(journal) != 0) {
                int saved = errno;
                if (ftruncate(journal, position.bytes) != 0) fail(EX_IO_, "cannot cut the journal %s back", journal_path);
                errno = saved;
                fail_call("append to", journal_path);
            }
            if (close(journal) != 0) fail_call("close", journal_path);
            journal = -1;
            position.seq += changed;
            position.bytes += (int64_t)used;
            if (now > position.latest) position.latest = now;
            /* Past the commit point: the data file, neither flushed nor its rename synced; the journal makes it again. */
            length += snprintf(contents + length, sizeof contents - (size_t)length,
                ",\n  \"journal\": {\"seq\": %lld, \"bytes\": %lld, \"latest\": %lld}\n}\n",
                (long long)position.seq, (long long)position.bytes, (long long)position.latest);
            replace_file(target, folder, prefix, mode, contents, (size_t)length, 0);
            remove_leftovers(folder_path, prefix);
        }
    }
    if (journal >= 0) close(journal);
    if (close(lock) != 0) fail_call("close", lock_path);

    char output[64 * 96];
    size_t used = 0;
    for (int i = 0; i < changed; i++)
        used += (size_t)snprintf(output + used, sizeof output - used, "%s: %lld \xe2\x86\x92 %lld\n",
            names[changes[i].emotion], (long long)changes[i].old, (long long)changes[i].new);
    if (write_all(STDOUT_FILENO, output, used) != 0) fail_call("write", "standard output");
}

static int64_t parse_amount(const char *text) {
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (!*text || *end || errno == ERANGE || isspace((unsigned char)*text))
        fail(EX_USAGE_, "'%s' is not a whole number.", text);
    return value;
}

int main(int argc, char **argv) {
    const char *explicit_path = NULL;
    int i = 1;
    if (i < argc && strcmp(argv[i], "--journal") == 0) {
        journal_mode = 1;
        i++;
    }
    if (i + 1 < argc && strcmp(argv[i], "--file") == 0) {
        explicit_path = argv[i + 1];
        i += 2;
    }
    if (i >= argc) fail(EX_USAGE_, "usage: floor [--journal] [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)");
    const char *command = argv[i++];
    char *path = data_path(explicit_path);

    if (strcmp(command, "stats") == 0 && i + 1 == argc && strcmp(argv[i], "--json") == 0) {
        stats_json(path);
    } else if (strcmp(command, "tap") == 0 && i < argc && argc - i <= 64) {
        Action actions[64];
        int count = 0;
        for (; i < argc; i++) actions[count++] = (Action){emotion_named(argv[i]), 1};
        update(path, "tap", actions, count);
    } else if (strcmp(command, "add") == 0 && i + 2 == argc) {
        Action action = {emotion_named(argv[i]), parse_amount(argv[i + 1])};
        update(path, "add", &action, 1);
    } else {
        fail(EX_USAGE_, "usage: floor [--journal] [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)");
    }
    return 0;
}
