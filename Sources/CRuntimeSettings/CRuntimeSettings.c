// The Swift runtime's crash backtracer, told it is not wanted before the runtime's own start-up asks.
//
// On Linux the runtime's static initializer looks for its `swift-backtrace` helper on every start, in
// eight places beside the executable (`readlink` of /proc/self/exe, eight `newfstatat`, two `ioctl`s of
// standard output): eleven of a tap's system calls, about a sixth of them. Beside an installed
// `emotions` the helper is not there, so the backtracer turns itself off after looking; where it is
// (a toolchain installed in the same prefix), it would name no functions in the stripped binary that
// `make install` installs. `SWIFT_BACKTRACE`, the runtime's documented setting, says "off" and gives the
// helper's path, so it does not look. A user's own `SWIFT_BACKTRACE` is left as it is and obeyed.
//
// The setting has to be in the environment when the runtime reads it, put there by a constructor of
// our own; a constructor with a priority runs before every one without, the runtime's included. `main`
// puts the environment back as it was (emotions_restoreEnvironment) before anything reads it,
// so that the tool's own settings and everything it starts see the user's environment. Linux only, where the cost was measured: macOS keeps the runtime's defaults.
#include "CRuntimeSettings.h"

#include <stddef.h>
#include <string.h>

int emotions_isReadBeforeMain(const char *entry) {
    static const char *const prefixes[] = {"SWIFT_", "GLIBC", "LD_", "MALLOC_"};
    for (size_t index = 0; index < sizeof(prefixes) / sizeof(prefixes[0]); index += 1) {
        if (strncmp(entry, prefixes[index], strlen(prefixes[index])) == 0) return 1;
    }
    return 0;
}

char **emotions_lendEnvironmentEntry(char **environment, char *setting, char **previous) {
    if (environment == NULL) return NULL;
    char **lent = NULL;
    for (char **entry = environment; *entry != NULL; entry += 1) {
        if (strncmp(*entry, "SWIFT_BACKTRACE=", strlen("SWIFT_BACKTRACE=")) == 0) return NULL;
        if (lent == NULL && !emotions_isReadBeforeMain(*entry)) lent = entry;
    }
    if (lent == NULL) return NULL;
    *previous = *lent;
    *lent = setting;
    return lent;
}

#ifdef __linux__
#include <sys/auxv.h>

/// The process's environment (POSIX; declared by no header without _GNU_SOURCE).
extern char **environ;

/// Off, not interactive, no colour (so it does not ask whether standard output is a terminal), and
/// a helper's path given, empty (so it does not look for the helper).
static char quietBacktracer[] = "SWIFT_BACKTRACE=enable=no,interactive=no,color=no,swift-backtrace=";

/// The environment's entry that holds quietBacktracer from the constructor to `main`, and what it
/// held before; NULL when none does.
static char **lentEntry = NULL;
static char *lentEntryValue = NULL;

/// Before the Swift runtime's own constructors: 101 is the first priority not reserved to the system.
///
/// The setting takes the place of one entry no start-up code reads, which `main` puts back: the
/// environment cannot grow here, since `setenv` would move it to the heap, and the runtime finds the
/// command line's arguments just before it on the stack. Only in a static executable: in a dynamic
/// one (a debug build, the tests) the runtime's constructors, in its own library, have run already.
__attribute__((constructor(101))) static void emotions_quietBacktracer(void) {
    if (getauxval(AT_BASE) != 0) return;
    lentEntry = emotions_lendEnvironmentEntry(environ, quietBacktracer, &lentEntryValue);
}

void emotions_restoreEnvironment(void) {
    if (lentEntry == NULL) return;
    *lentEntry = lentEntryValue;
    lentEntry = NULL;
}
#else
void emotions_restoreEnvironment(void) {}
#endif
