// CSystemCalls is header-only (static inline wrappers in include/CSystemCalls.h); SwiftPM wants a source file.
#include "CSystemCalls.h"
