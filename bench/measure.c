/*
 * measure.c: runs one command and reports its wall time, peak RSS and minor page faults, for
 * bench/run.py.
 *
 *   measure PROGRAM [ARGUMENT...]
 *
 * The command inherits standard input, output and error; on descriptor 3, which the command does
 * not get, this writes "<exit status> <wall ns> <peak RSS KiB> <minor page faults>\n" (the status
 * is 128 + N after signal N; the faults are wait4's ru_minflt, the command's and those of any
 * process it waited for). The time runs from just before posix_spawn to just after wait4.
 *
 * Why not time and reap the command from Python: a process's ru_maxrss starts at the peak RSS of
 * the memory it replaced at exec, and a child spawned by Python replaces Python's (about 17 MiB
 * here), so every command would report at least that much. Spawned from this small static
 * program instead, a command's peak is its own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs("usage: measure PROGRAM [ARGUMENT...]\n", stderr);
        return 64;
    }
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0 || posix_spawn_file_actions_addclose(&actions, 3) != 0) {
        perror("measure: posix_spawn_file_actions");
        return 71;
    }
    struct timespec start, end;
    struct rusage usage;
    int status;
    pid_t pid;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int error = posix_spawn(&pid, argv[1], &actions, NULL, argv + 1, environ);
    if (error != 0) {
        fprintf(stderr, "measure: cannot run %s: %s\n", argv[1], strerror(error));
        return 71;
    }
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("measure: wait4");
            return 71;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long wall = (end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (dprintf(3, "%d %lld %ld %ld\n", code, wall, usage.ru_maxrss, usage.ru_minflt) < 0) {
        perror("measure: writing the report to descriptor 3");
        return 71;
    }
    return 0;
}
