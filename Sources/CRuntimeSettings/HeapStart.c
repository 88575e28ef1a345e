// Where the heap starts in the static executable: on a page boundary, which spares glibc one `brk`
// on every start.
//
// glibc's static start takes the thread-local storage block (this binary's thread-local variables,
// glibc's static surplus and its thread control block) from the program break, which the kernel
// leaves on a page boundary. The heap starts where that block ends. malloc's first growth rounds the
// break's end to a page and, when the heap did not start on one, asks the kernel a second time for
// the difference (sysmalloc's "correction"): `brk(NULL)`, `brk(grow)`, `brk(round)`. With the block
// 3,392 bytes long (0x98 of ours and the runtime's, glibc 2.36's surplus and control block), these 704
// bytes make it 4,096, a page: the third call is not made (Documentation/Performance.md, "Issue 25's
// twelfth stop"). The size depends on the C library the binary is linked with and on GLIBC_TUNABLES;
// where they differ, the heap starts off a page again, as it did, and nothing else changes. Only in a
// static Linux executable (make release): a dynamic one gets its block from the dynamic loader.
#ifdef __linux__
#include <features.h>
#ifdef __GLIBC__
__attribute__((used, retain)) static _Thread_local char emotions_heapStartPadding[704];
#endif
#endif
