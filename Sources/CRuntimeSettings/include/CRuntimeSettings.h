// What the emotions executable tells the Swift runtime before the runtime starts (CRuntimeSettings.c).
#ifndef C_RUNTIME_SETTINGS_H
#define C_RUNTIME_SETTINGS_H

/// Puts back the environment's entry that the executable's constructor lent to a `SWIFT_BACKTRACE`
/// setting for the runtime's start (when the user had set none), so that the tool's own settings,
/// hooks and pagers see the environment as the user set it. Call it first thing in `main`.
void emotions_restoreEnvironment(void);

/// Whether `entry` (`NAME=value`) may be read by what runs before `main` in the static executable:
/// the Swift runtime reads the `SWIFT_` ones, the C++ library `GLIBCXX_TUNABLES`, glibc its own
/// (`GLIBC_TUNABLES`, `LD_`, `MALLOC_`). 1 if so, else 0.
int emotions_isReadBeforeMain(const char *entry);

/// Puts `setting` in the place of the first entry of the NULL-ended `environment` that nothing reads
/// before `main`, and returns that place, its old entry in `*previous`; NULL, changing nothing, if
/// an entry already sets `SWIFT_BACKTRACE` (the user's is obeyed) or none may be lent.
char **emotions_lendEnvironmentEntry(char **environment, char *setting, char **previous);

#endif
