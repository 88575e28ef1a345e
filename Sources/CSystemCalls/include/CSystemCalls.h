// The few system calls Swift's Glibc module does not bring: static inline wrappers, nothing else.
#ifndef C_SYSTEM_CALLS_H
#define C_SYSTEM_CALLS_H

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <linux/stat.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// The effective user id the kernel gave the process at exec (getauxval(AT_EUID)): no system call.
static inline unsigned int emotions_auxiliary_effective_user(void) { return (unsigned int)getauxval(AT_EUID); }

/// The effective group id the kernel gave the process at exec (getauxval(AT_EGID)).
static inline unsigned int emotions_auxiliary_effective_group(void) { return (unsigned int)getauxval(AT_EGID); }

/// getrandom(2): up to 256 bytes come whole once the generator is ready; -1 and errno otherwise.
static inline long emotions_getrandom(void *buffer, unsigned long length) { return getrandom(buffer, length, 0); }

/// getdents64(2): the open folder's next entries, as `struct linux_dirent64` records (an 8-byte inode,
/// an 8-byte offset, a 2-byte record length, a byte of type, then the NUL-ended name), filling at most
/// `length` bytes; 0 at its end, -1 and errno otherwise. What readdir does, without fdopendir's checks.
static inline long emotions_getdents64(int folder, void *buffer, unsigned long length) {
    return syscall(SYS_getdents64, folder, buffer, length);
}

/// fstatfs(2)'s `f_type`: the magic number of the file system the open `file` is on; -1 and errno otherwise.
static inline long long emotions_file_system_type(int file) {
    struct statfs status;
    if (fstatfs(file, &status) != 0) return -1;
    return (long long)(unsigned int)status.f_type;
}

/// openat2(2) with RESOLVE_NO_SYMLINKS (no link of any kind followed on the way, magic links of /proc
/// included) and O_CLOEXEC: -1 and errno otherwise, ENOSYS where the kernel (before 5.6) has none.
static inline int emotions_openat2_no_links(int folder, const char *path, unsigned long long flags) {
    struct open_how how = {.flags = flags | O_CLOEXEC, .mode = 0, .resolve = RESOLVE_NO_SYMLINKS};
    return (int)syscall(SYS_openat2, folder, path, &how, sizeof how);
}

/// 1 if `name` in `folder` (a link not followed) is immutable or append-only (`chattr +i`, `+a`),
/// which no permission bit tells and which stop even root from replacing it; 0 if not, or if the
/// system does not say (statx(2) with no fields asked: its attributes come anyway).
static inline int emotions_unchangeable(int folder, const char *name) {
    struct statx status;
    if (syscall(SYS_statx, folder, name, AT_SYMLINK_NOFOLLOW, 0U, &status) != 0) return 0;
    unsigned long long unchangeable = STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND;
    return (status.stx_attributes & status.stx_attributes_mask & unchangeable) != 0;
}

/// fstat(2) of the open `file` (a link itself, if it is one) in one statx(2), which also tells, as
/// emotions_unchangeable does, whether it is immutable or append-only: `*unchangeable` 1 or 0, or -1
/// where the kernel has no statx. The `struct stat` is filled as glibc fills it from statx. 0, or -1
/// and errno.
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000  // <fcntl.h> names it only with _GNU_SOURCE; the kernel's value.
#endif
static inline int emotions_fstat_changeable(int file, struct stat *out, int *unchangeable) {
    struct statx status;
    if (syscall(SYS_statx, file, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &status) != 0) {
        if (errno != ENOSYS) return -1;
        *unchangeable = -1;
        return fstat(file, out);
    }
    memset(out, 0, sizeof *out);
    out->st_dev = makedev(status.stx_dev_major, status.stx_dev_minor);
    out->st_ino = status.stx_ino;
    out->st_mode = status.stx_mode;
    out->st_nlink = status.stx_nlink;
    out->st_uid = status.stx_uid;
    out->st_gid = status.stx_gid;
    out->st_rdev = makedev(status.stx_rdev_major, status.stx_rdev_minor);
    out->st_size = (off_t)status.stx_size;
    out->st_blksize = (blksize_t)status.stx_blksize;
    out->st_blocks = (blkcnt_t)status.stx_blocks;
    out->st_atim.tv_sec = status.stx_atime.tv_sec;
    out->st_atim.tv_nsec = status.stx_atime.tv_nsec;
    out->st_mtim.tv_sec = status.stx_mtime.tv_sec;
    out->st_mtim.tv_nsec = status.stx_mtime.tv_nsec;
    out->st_ctim.tv_sec = status.stx_ctime.tv_sec;
    out->st_ctim.tv_nsec = status.stx_ctime.tv_nsec;
    unsigned long long unchangeableBits = STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND;
    *unchangeable = (status.stx_attributes & status.stx_attributes_mask & unchangeableBits) != 0;
    return 0;
}

/// What SIGALRM does while a writer waits in `emotions_lock_waiting`: nothing but cut the wait short.
static void emotions_lock_alarm(int signal) { (void)signal; }

/// Installs `emotions_lock_alarm` for SIGALRM, without SA_RESTART, keeping what was there in
/// `previous`: 0, or -1 and errno. The caller counts the waiters and puts `previous` back after the
/// last (`emotions_alarm_restore`): with waiters on several threads, one that put it back while
/// another still waited would leave that one's timer to end the process.
static inline int emotions_alarm_install(struct sigaction *previous) {
    struct sigaction quiet;
    memset(&quiet, 0, sizeof quiet);
    quiet.sa_handler = emotions_lock_alarm;
    sigemptyset(&quiet.sa_mask);
    return sigaction(SIGALRM, &quiet, previous);
}

/// Puts back what SIGALRM did before `emotions_alarm_install`.
static inline void emotions_alarm_restore(const struct sigaction *previous) { sigaction(SIGALRM, previous, NULL); }

/// flock(fd, LOCK_EX), blocking for at most `timeout_ns`, with `emotions_alarm_install`'s handler in
/// place: 0 once the lock is taken; -1 with errno EWOULDBLOCK if the time ran out first, or with the
/// errno that stopped it; -2, with nothing waited for, if the wait could not be cut short (no
/// timer: `timer_create` fails with EAGAIN, which is EWOULDBLOCK, when no signal may be queued),
/// for the caller to poll instead.
///
/// Blocking lets the kernel hand the lock over the moment its holder lets go, to the waiters in
/// turn, as a C program's blocking flock gets it. The wait is cut by a timer that sends SIGALRM to
/// this thread alone (SIGEV_THREAD_ID), first at the timeout and then every 10 ms (a signal that
/// came just before flock began is never the last). The thread's signal mask is put back as it
/// was, after any SIGALRM the timer sent has been taken. Only for a program that owns its
/// process's signals: a library must not install a handler.
static inline int emotions_lock_waiting(int fd, long long timeout_ns) {
    sigset_t alarm_only, previous_mask;
    sigemptyset(&alarm_only);
    sigaddset(&alarm_only, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm_only, &previous_mask);
    int result = -1, error = 0;
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGALRM;
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    timer_t timer;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) {
        result = -2;
        error = errno;
    } else {
        if (timeout_ns < 1) timeout_ns = 1;
        struct itimerspec when = {.it_interval = {0, 10000000}, .it_value = {timeout_ns / 1000000000, timeout_ns % 1000000000}};
        struct timespec start, now;
        clock_gettime(CLOCK_MONOTONIC, &start);
        if (timer_settime(timer, 0, &when, NULL) != 0) {
            result = -2;
            error = errno;
        } else {
            for (;;) {
                if (flock(fd, LOCK_EX) == 0) {
                    result = 0;
                    break;
                }
                if (errno != EINTR) {
                    error = errno;
                    break;
                }
                clock_gettime(CLOCK_MONOTONIC, &now);
                long long waited = (long long)(now.tv_sec - start.tv_sec) * 1000000000LL + (now.tv_nsec - start.tv_nsec);
                if (waited >= timeout_ns) {
                    error = EWOULDBLOCK;
                    break;
                }
            }
        }
        timer_delete(timer);
        // A SIGALRM the timer sent just before it was deleted, not yet taken, is taken now, by the
        // handler, rather than left pending on a thread whose mask may block it.
        struct timespec none = {0, 0};
        pthread_sigmask(SIG_BLOCK, &alarm_only, NULL);
        while (sigtimedwait(&alarm_only, NULL, &none) == SIGALRM) {}
    }
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    if (result != 0) errno = error;
    return result;
}
#endif

#endif
