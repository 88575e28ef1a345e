// The few system calls Swift's Glibc module does not bring: static inline wrappers, nothing else.
#ifndef C_SYSTEM_CALLS_H
#define C_SYSTEM_CALLS_H

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The effective user id the kernel gave the process at exec (getauxval(AT_EUID)): no system call.
static inline unsigned int emotions_auxiliary_effective_user(void) { return (unsigned int)getauxval(AT_EUID); }

/// The effective group id the kernel gave the process at exec (getauxval(AT_EGID)).
static inline unsigned int emotions_auxiliary_effective_group(void) { return (unsigned int)getauxval(AT_EGID); }

/// getrandom(2): up to 256 bytes come whole once the generator is ready; -1 and errno otherwise.
static inline long emotions_getrandom(void *buffer, unsigned long length) { return getrandom(buffer, length, 0); }

/// openat2(2) with RESOLVE_NO_SYMLINKS (no link of any kind followed on the way, magic links of /proc
/// included) and O_CLOEXEC: -1 and errno otherwise, ENOSYS where the kernel (before 5.6) has none.
static inline int emotions_openat2_no_links(int folder, const char *path, unsigned long long flags) {
    struct open_how how = {.flags = flags | O_CLOEXEC, .mode = 0, .resolve = RESOLVE_NO_SYMLINKS};
    return (int)syscall(SYS_openat2, folder, path, &how, sizeof how);
}
#endif

#endif
