# Thin wrappers over the swift commands; Documentation/Development.md lists them.

SWIFT         ?= swift
SWIFTC        ?= swiftc
PREFIX        ?= /usr/local
DESTDIR       ?=
ARGS          ?=
# On Linux, a fully static release binary: no Swift runtime or glibc to load at start-up, which
# halves the start-up time and takes peak memory under 8 MiB (see Documentation/Performance.md).
# Its functions are laid out in the order `tap` first runs them (LINK_ORDER, made by `make link-order`
# from valgrind's traces), so that start-up touches a few pages of a 16 MB binary instead of
# dozens: about 20 fewer page faults and 0.2-0.3 ms less a tap (Documentation/Performance.md).
# Two frontend switches keep start-up off the runtime's generic metadata: concrete types' metadata is
# reached by its accessor, not by demangling its name, and values are copied by code written for
# their type (-disable-type-layout), not through an optional's metadata built at run time.
LINK_ORDER    := Sources/emotions/link-order.txt
# The compiler's functions with no symbol, which the order file cannot name, packed together (its comment says why).
LINK_SCRIPT   := Sources/emotions/unnamed-functions.ld
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib -Xswiftc -static-executable \
	-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -disable-type-layout \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/$(LINK_SCRIPT))
FUZZ_SECONDS  ?= 60
FUZZ_ARGS     ?=
BENCH_ROUNDS  ?= 200
BENCH_HISTORY ?= 100000
BENCH_WATCH_ROUNDS ?= 200
PYTHON        ?= python3
# make install strips the installed copy of the binary with this (its symbols are half its size, and
# only backtraces and debuggers read them); .build/release/emotions keeps them, for the bench and the tests.
STRIP         ?= strip
BIN           := .build/release/emotions
BUILD_TMP     := .build/tmp
MANPAGE       := Documentation/emotions.1
COMPLETIONS   := .build/completions
# Where install puts the manual page and completion scripts: share/ under PREFIX, where man, bash-completion, zsh and fish look.
SHARE         = $(DESTDIR)$(PREFIX)/share
FUZZ_DIR      := .build/fuzz
FUZZER        := $(FUZZ_DIR)/data-file-fuzzer
# How the fuzzer is compiled: optimized, for runs long enough to find something. make test's run of
# 10 s, which proves it builds and runs, compiles it unoptimized in a folder of its own (26 s against
# 65 s here, a minute of CI).
FUZZ_OPTIMIZATION ?= -O
# The fuzzer compiles EmotionKit's sources itself, every one in any subfolder, found anew on each run so
# that a file added or moved is never left out; in the package's language mode, Swift 6.
FUZZ_SOURCES   = $(shell find Sources/EmotionKit -name '*.swift' | LC_ALL=C sort) Tests/Fuzz/DataFileFuzzer.swift \
	Sources/CSystemCalls/include/CSystemCalls.h
# The toolchain's own linker for sanitized builds: the system's gold warns about every symbol of the address sanitizer.
LLD           := $(if $(filter Linux,$(shell uname -s)),-use-ld=lld)
# The unit-test targets; the end-to-end tests' stress and crash runs are too slow under the sanitizers,
# so make sanitize sets EMOTIONS_SANITIZED_TESTS, which leaves them out of the package (see Package.swift)
# and saves compiling them twice, about 45 s. The suites in PLAIN_ONLY_SUITES it leaves out too, for
# make test's plain run:
# - The event model's property tests (pure values, no memory or threads of their own to check): under
#   the sanitizers they took half a minute of each run.
# - The large intake's and import's power-cut loops (thousands of events cut at every step, one thread):
#   they have no threads to check, and the chunk writer they drive (ArrivalAppender) runs under both
#   sanitizers in the sync and import suites, on histories of one chunk.
# - The time zone reader's comparisons with glibc (every zone file at a thousand instants, and the POSIX
#   rules, each through `date` in a child shell), and the spans over which each zone file's offset holds
#   (every zone file at 880 instants, probed 18 times): what they check is arithmetic, and the reader's
#   parsing of cut-short and scrambled files (TimeZoneFileTests) and the zone memo that uses the spans
#   (ZoneMemoryTests) run under both sanitizers.
# - The read-cost checks after an import of 5,000 changes (bytes of the journal read, counted through the
#   file system seam; one thread), and in the same file the queries after random imports: they took 48 s
#   of the AddressSanitizer run and count reads rather than touch memory or threads of their own; the
#   import and the reads they count run under both sanitizers in ImportStoreTests and ImportBatchTests.
# (A pattern also matches a test whose file has that name, as a parameterized test's name includes it.)
PLAIN_ONLY_SUITES := ConvergencePropertyTests ConvergenceSingleHistoryTests LargeIntakeTests LargeImportTests \
	TimeZoneFileAgreementTests PosixTimeZoneRuleTests NextPossibleChangeTests ImportReadCostTests ImportedHistoryQueryTests
SANITIZE_TESTS ?= --filter EmotionKitTests --filter EmotionsCLITests $(addprefix --skip ,$(PLAIN_ONLY_SUITES))
# ThreadSanitizer's run builds and runs EmotionKit's tests alone (EMOTIONS_SANITIZED_TESTS=model): the
# threads are the model's (watching, observers' turns, the ids' pool, the lock's alarm), the command
# line's targets took a third of that build, and AddressSanitizer runs their tests. It leaves out, as
# well, the suites with no thread of their own that take longest under the sanitizers (power cuts, the
# data file's and parsers' fuzz and mutation loops, views and queries over random histories, sync's
# simulated schedules; 100 s of AddressSanitizer's 250, serially): they share nothing a thread could
# race on, and they run under AddressSanitizer (and whole in the plain run where it shortens them).
THREAD_SANITIZER_SKIPS := PowerCutTests JournalLineCursorFuzzTests DayIndexStoreTests EventQueryTests JournalStoreTests \
	TallyDocumentTests TimeExpressionFuzzTests CanonicalFormMutationTests TimestampTests DataFileFuzzTests SyncPropertyTests
THREAD_SANITIZER_TESTS ?= --filter EmotionKitTests $(addprefix --skip ,$(PLAIN_ONLY_SUITES) $(THREAD_SANITIZER_SKIPS))
# The files of EmotionKitTests (in its folder) that hold only suites a sanitized run leaves out, which it
# does not compile either (EMOTIONS_UNBUILT_TESTS, read by Package.swift): 14 s of ThreadSanitizer's
# build. A file that also holds a helper other tests use (PowerCutTests.swift) stays; its suite is skipped.
PLAIN_ONLY_FILES := Convergence/ConvergencePropertyTests.swift Convergence/SingleHistoryTests.swift Sync/LargeIntakeTests.swift \
	Import/LargeImportTests.swift Time/TimeZoneFileAgreementTests.swift Time/PosixTimeZoneRuleTests.swift \
	Time/NextPossibleChangeTests.swift Import/ImportReadCostTests.swift
THREAD_SANITIZER_SKIPPED_FILES := Journal/JournalLineCursorFuzzTests.swift Views/DayIndexStoreTests.swift Journal/JournalStoreTests.swift \
	DataFile/TallyDocumentTests.swift DataFile/CanonicalFormMutationTests.swift Journal/TimestampTests.swift \
	DataFile/DataFileFuzzTests.swift Sync/SyncPropertyTests.swift
# The unit-test suites the sanitized runs shorten (SANITIZE_FUZZ_ITERATIONS, SANITIZE_PROPERTY_SEEDS below),
# which make test's plain run runs whole.
SHORTENED_SUITES := DataFileFuzzTests SyncPropertyTests
# make test's plain run: the end-to-end tests, and of the unit tests those the sanitized runs leave out
# or shorten. Every other unit test runs under both sanitizers: a third, unsanitized run of it added
# half a minute to CI, which took 19 minutes on 2026-11-27. Plain swift test runs every test.
PLAIN_TESTS ?= --filter EndToEndTests --filter RuntimeSettingsTests $(addprefix --filter ,$(PLAIN_ONLY_SUITES) $(SHORTENED_SUITES))
# Compile jobs for the fuzzer, which swiftc otherwise compiles on one core.
JOBS          := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# The seeded data-file fuzz tests try a quarter of their 20,000 inputs under each sanitizer: at full
# length they alone took 50 s of each sanitized run, and the plain run and libFuzzer try the rest.
SANITIZE_FUZZ_ITERATIONS ?= 5000
# The sync property tests, which replay seeded multi-machine histories, run one of their seeds under
# each sanitizer: a seed's hundreds of schedules find memory and thread errors as well as more would;
# the plain run tries them all. (The other seeded property tests are in PLAIN_ONLY_SUITES.)
SANITIZE_PROPERTY_SEEDS ?= 1
# make docs: the toolchain's own docc (no SwiftPM plugin, no package) reads the catalog and EmotionKit's symbol graph,
# which swift package dump-symbol-graph extracts from the everyday debug build's modules: after make test's plain run
# there is nothing left to compile, where a build of EmotionKit of its own took half a minute of CI.
DOCC          ?= $(if $(filter Darwin,$(shell uname -s)),xcrun docc,docc)
DOCS_CATALOG  := Documentation/EmotionKit.docc
DOCS_OUTPUT   := .build/docs
DOCS_SYMBOLS  := .build/docs-symbol-graphs

.DEFAULT_GOAL := build
.PHONY: build release run test docs sanitize fuzz bench bench-watch completions install uninstall clean help link-order

# Build everything in debug mode (.build/debug/emotions).
build:
	$(SWIFT) build

# Build an optimized binary at .build/release/emotions, fully static on Linux; RELEASE_FLAGS replace the default.
release:
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	@# lld writes the binary through a memory map, which leaves its pages in the page cache one small
	@# page at a time; written out by cp, as install or a package manager writes it, the cache holds it
	@# in large folios, and a run maps them with about 15 fewer page faults. So it is timed as installed.
	cp $(BIN) $(BIN).copy && mv -f $(BIN).copy $(BIN)

# Regenerate LINK_ORDER after the code or the toolchain changes: every function `tap happy` runs on an
# existing tally, printing its change as a person and the benchmark run it, first with the file named
# by EMOTIONS_FILE (as scripts and the benchmark name it), then found in the home folder; then a tap
# with tags, a tap of a history that syncs with a folder holding another history's file (nothing new
# in it), `stats --json` both ways, `log -n 20`, `stats --week` and `calendar`, each command's own new
# functions after those of the commands before it: for the commands lackey traces (below), in the
# order they first run them (bench/function_order.py), then for the rest in the order callgrind's
# profile names them (needs valgrind); then link again: the tap's are packed together first, the
# rarer commands' after them.
# valgrind's CPU has no AVX-512, so glibc's string functions it runs are the AVX2 ones: beside each,
# the same function's EVEX and AVX-512 forms, which this machine's CPU may pick, are listed too.
# After the functions come the data a tap, `stats --json`, a tagged tap and a synced tap touch, first
# touched first (valgrind's lackey, bench/data_order.py): the runtime's, the C library's and each Swift
# file's variables, caches and metadata packed into a few pages instead of spread over dozens.
LINK_ORDER_HOME := $(CURDIR)/$(BUILD_TMP)/link-order
# The standard library's own (not generic) code and data sit in one section each of its Swift.o, which
# the order cannot split or move: listed among the rest, that 1.6 MB block lands where its first symbol
# is listed and cuts the functions a tap runs in two, 64 KB windows apart. Its symbols are listed last
# (read from the toolchain's libswiftCore.a with binutils' ar and objdump, which the toolchain needs anyway).
SWIFT_CORE_ARCHIVE = $(shell $(SWIFT) -print-target-info | sed -n 's/.*"runtimeResourcePath": "\([^"]*\)".*/\1/p')_static/linux/libswiftCore.a
LINK_ORDER_COMMANDS := "file:tap happy" "tap happy" "tap smile +gym +work" "synced:tap happy" "file:stats --json" \
	"stats --json" "log -n 20" "stats --week" "calendar"
# Where a command of those lists runs: "synced:" in the history that syncs, "file:" with EMOTIONS_FILE set.
LINK_ORDER_PLACE = home=$(LINK_ORDER_HOME); file=; case "$$command" in \
	synced:*) home=$$home/synced; command=$${command\#synced:};; \
	file:*) file=$$home/.config/emotions/emotions.json; command=$${command\#file:};; \
	esac;
LINK_ORDER_DATA_COMMANDS := "file:stats --json" "file:tap happy" "tap happy" "tap smile +gym +work" "synced:tap happy"
# What a tap runs that valgrind never does, listed first, before the functions callgrind saw (as
# mangled names, an extended regular expression): glibc's static start looks the vDSO's symbols up with strcmp, and
# valgrind has no vDSO; the path walk in one openat2 (PathWalk.walkWithoutLinks, keepingWithoutLinks,
# FileSystem.statusAt and openFolderWithoutLinks) and the sync folder's listing through the descriptor
# that openat2 opens (Syscall.forEachName(readingThrough:)), and the update that takes the lock before it
# looks at the data file's name, where openat2 opened the folder (LockFile.takeIfPresent, and the outlined
# copies only it needs), and valgrind has no openat2; and so the tap made before the command line
# (QuickTap, QuickUpdate, and the calls, writer, counts and names only they use), which declines there.
LINK_ORDER_UNSEEN := ^__strcmp_(evex|avx2)$$|PathWalkV16walkWithoutLinks|PathWalkV19keepingWithoutLinks|FileSystemV8statusAt|openFolderWithoutLinks|readingThrough|LockFileV13takeIfPresent|LockFileV6Opener|LockFileVSgWOh$$|StoreCommitVSgWOi_$$|^.sSSWOh$$|8QuickTapO|11QuickUpdateO|12CStringCallsO|10ByteWriterV|10FiveCountsVy|10staticName
link-order: release
	rm -rf $(BUILD_TMP)/link-order && mkdir -p $(BUILD_TMP)/link-order/folder $(BUILD_TMP)/link-order/synced $(BUILD_TMP)/link-order/other
	HOME=$(LINK_ORDER_HOME) $(BIN) tap happy -q
	for home in synced other; do \
		HOME=$(LINK_ORDER_HOME)/$$home $(BIN) tap sad -q && \
		HOME=$(LINK_ORDER_HOME)/$$home $(BIN) sync --folder $(LINK_ORDER_HOME)/folder --name $$home > /dev/null || exit 1; \
	done
	HOME=$(LINK_ORDER_HOME)/synced $(BIN) sync > /dev/null
	@# The sync folder as a tap usually finds it, settled (its times 2 s old, which no program can
	@# set back for the change time): its names kept by one tap, looked at by the next.
	sleep 2.1
	HOME=$(LINK_ORDER_HOME)/synced $(BIN) tap sad -q
	for command in $(LINK_ORDER_COMMANDS); do \
		$(LINK_ORDER_PLACE) \
		HOME=$$home EMOTIONS_FILE=$$file valgrind --tool=callgrind --demangle=no \
			--callgrind-out-file="$$home/callgrind.out" $(BIN) $$command > /dev/null 2>&1 || exit 1; \
		grep -oE '^c?fn=\([0-9]+\) .+' "$$home/callgrind.out" | sed -E 's/^c?fn=\([0-9]+\) //'; \
	done | grep -v '^0x' | awk '!seen[$$0]++' > $(LINK_ORDER).callgrind
	n=0; for command in $(LINK_ORDER_DATA_COMMANDS); do \
		n=$$((n + 1)); \
		$(LINK_ORDER_PLACE) \
		HOME=$$home EMOTIONS_FILE=$$file valgrind --tool=lackey --trace-mem=yes --log-file="$$home/lackey.out" \
			$(BIN) $$command > /dev/null 2>&1 || exit 1; \
		cp "$$home/lackey.out" "$(LINK_ORDER_HOME)/lackey-$$n-$$(echo "$$command" | tr -c 'a-z' '-')-$${file:+file}$${home##*/}.out"; \
	done
	$(PYTHON) bench/data_order.py $(BIN) $(LINK_ORDER_HOME)/lackey-*.out > $(LINK_ORDER).data
	@# The functions in the order the traced commands first run them (the tap's first), then what
	@# callgrind saw the other commands run; callgrind's own list is in the order its dump walks them.
	$(PYTHON) bench/function_order.py $(BIN) $(LINK_ORDER_HOME)/lackey-*.out | cat - $(LINK_ORDER).callgrind | awk '!seen[$$0]++' > $(LINK_ORDER).executed
	mv $(LINK_ORDER).executed $(LINK_ORDER).callgrind
	nm $(BIN) | awk '$$3 ~ /^__[a-z]+_(evex|avx512)/ { print $$3 }' | sort -u > $(LINK_ORDER).variants
	awk 'NR == FNR { family = $$0; sub(/_(evex|avx512).*/, "", family); variants[family] = variants[family] $$0 "\n"; next } \
		{ print; family = $$0; if (sub(/_(avx2|avx|sse2|sse4_2|ssse3).*/, "", family) && !done[family]++) printf "%s", variants[family] }' \
		$(LINK_ORDER).variants $(LINK_ORDER).callgrind > $(LINK_ORDER).functions
	nm $(BIN) | awk '{ print $$3 }' | grep -E '$(LINK_ORDER_UNSEEN)' | cat - $(LINK_ORDER).functions $(LINK_ORDER).data \
		| awk '!seen[$$0]++' > $(LINK_ORDER).all
	cd $(LINK_ORDER_HOME) && ar x $(SWIFT_CORE_ARCHIVE) Swift.o
	objdump -t $(LINK_ORDER_HOME)/Swift.o | sed -nE \
		's/^[0-9a-f]+ .{7} (\.text|\.data|\.bss|\.rodata|\.data\.rel\.ro)[[:space:]]+[0-9a-f]+ (\.hidden )?(.*)$$/\3/p' \
		> $(LINK_ORDER).unmovable
	awk 'NR == FNR { unmovable[$$0] = 1; next } !($$0 in unmovable)' $(LINK_ORDER).unmovable $(LINK_ORDER).all > $(LINK_ORDER)
	awk 'NR == FNR { unmovable[$$0] = 1; next } $$0 in unmovable' $(LINK_ORDER).unmovable $(LINK_ORDER).all >> $(LINK_ORDER)
	rm -f $(LINK_ORDER).callgrind $(LINK_ORDER).variants $(LINK_ORDER).functions $(LINK_ORDER).data $(LINK_ORDER).all \
		$(LINK_ORDER).unmovable
	rm -f $(BIN)  # SwiftPM does not know the order file: link again.
	$(MAKE) release

# Build and run the tool in debug mode: make run ARGS="tap happy".
run:
	$(SWIFT) run emotions $(ARGS)

# Build and run the end-to-end tests and the unit tests the sanitizers leave out, build the documentation, run the
# other unit tests under the sanitizers, fuzz for 10 s: every test once or more; what CI runs.
test:
	$(SWIFT) test $(PLAIN_TESTS)
	$(MAKE) docs
	$(MAKE) sanitize
	$(MAKE) fuzz FUZZ_SECONDS=10 FUZZ_OPTIMIZATION=-Onone FUZZ_DIR=.build/fuzz-smoke

# Build EmotionKit's DocC documentation into .build/docs with the toolchain's docc; any warning, such as a broken link, fails it.
docs:
	rm -rf $(DOCS_SYMBOLS) $(DOCS_OUTPUT)
	mkdir -p $(DOCS_SYMBOLS)
	@# SwiftPM prints a build's errors on standard output: shown when it fails, or when it names no folder.
	dumped=$$($(SWIFT) package dump-symbol-graph) || { printf '%s\n' "$$dumped"; exit 1; }; \
		graphs=$$(printf '%s\n' "$$dumped" | sed -n 's/^Files written to //p'); \
		[ -n "$$graphs" ] || { printf '%s\n' "$$dumped"; echo "make docs: dump-symbol-graph named no folder" >&2; exit 1; }; \
		cp "$$graphs"/EmotionKit.symbols.json $(DOCS_SYMBOLS)/ && \
		for extra in "$$graphs"/EmotionKit@*.symbols.json; do [ ! -e "$$extra" ] || cp "$$extra" $(DOCS_SYMBOLS)/; done
	$(DOCC) convert $(DOCS_CATALOG) --additional-symbol-graph-dir $(DOCS_SYMBOLS) --output-path $(DOCS_OUTPUT) \
		--fallback-display-name EmotionKit --fallback-bundle-identifier emotions.EmotionKit --warnings-as-errors

# Run the unit tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
sanitize:
	EMOTIONS_SANITIZED_TESTS=unit EMOTIONS_UNBUILT_TESTS="$(PLAIN_ONLY_FILES)" LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/leaks.supp:print_suppressions=0 EMOTIONS_FUZZ_ITERATIONS=$(SANITIZE_FUZZ_ITERATIONS) \
		EMOTIONS_PROPERTY_SEEDS=$(SANITIZE_PROPERTY_SEEDS) \
		$(SWIFT) test --sanitize=address --scratch-path .build/sanitize-address $(SANITIZE_TESTS) \
		$(addprefix -Xswiftc ,$(LLD))
	EMOTIONS_SANITIZED_TESTS=model EMOTIONS_UNBUILT_TESTS="$(PLAIN_ONLY_FILES) $(THREAD_SANITIZER_SKIPPED_FILES)" TSAN_OPTIONS=halt_on_error=1 EMOTIONS_FUZZ_ITERATIONS=$(SANITIZE_FUZZ_ITERATIONS) \
		EMOTIONS_PROPERTY_SEEDS=$(SANITIZE_PROPERTY_SEEDS) \
		$(SWIFT) test --sanitize=thread --scratch-path .build/sanitize-thread $(THREAD_SANITIZER_TESTS) \
		$(addprefix -Xswiftc ,$(LLD))

# Fuzz the data file's reader with libFuzzer for FUZZ_SECONDS; new inputs and crashes go to .build/fuzz/.
fuzz: $(FUZZER)
	mkdir -p $(FUZZ_DIR)/corpus
	SWIFT_BACKTRACE=enable=no $(FUZZER) $(FUZZ_DIR)/corpus Tests/Fuzz/Corpus -dict=Tests/Fuzz/DataFile.dict \
		-max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_ARGS)

$(FUZZER): $(FUZZ_SOURCES)
	mkdir -p $(FUZZ_DIR)
	$(SWIFTC) -swift-version 6 -parse-as-library -package-name emotions -module-name DataFileFuzzer -I Sources/CSystemCalls/include \
		-sanitize=fuzzer,address $(FUZZ_OPTIMIZATION) -g -j $(JOBS) $(LLD) $(filter %.swift,$(FUZZ_SOURCES)) -o $@

# Time the release binary against C floors with and without the journal, Python and shell+jq, and on a BENCH_HISTORY-event history; see bench/run.py.
bench: release
	BENCH_ROUNDS=$(BENCH_ROUNDS) BENCH_HISTORY=$(BENCH_HISTORY) SWIFT="$(SWIFT)" CC="$(CC)" $(PYTHON) bench/run.py $(BIN)

# Time how soon emotions watch prints each of BENCH_WATCH_ROUNDS taps by another process; see bench/watch_latency.py.
bench-watch: release
	BENCH_WATCH_ROUNDS=$(BENCH_WATCH_ROUNDS) $(PYTHON) bench/watch_latency.py $(BIN)

# Write the bash, zsh and fish completion scripts into .build/completions/ with the release binary.
completions: release
	mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $(COMPLETIONS)/emotions.bash
	$(BIN) --generate-completion-script zsh > $(COMPLETIONS)/_emotions
	$(BIN) --generate-completion-script fish > $(COMPLETIONS)/emotions.fish

# Build the release binary and install it stripped, its manual page and its completion scripts under $(DESTDIR)$(PREFIX).
install: completions
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(SHARE)/man/man1" "$(SHARE)/bash-completion/completions" \
		"$(SHARE)/zsh/site-functions" "$(SHARE)/fish/vendor_completions.d"
	install -m 0755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/emotions"
	$(STRIP) "$(DESTDIR)$(PREFIX)/bin/emotions"
	install -m 0644 $(MANPAGE) "$(SHARE)/man/man1/emotions.1"
	install -m 0644 $(COMPLETIONS)/emotions.bash "$(SHARE)/bash-completion/completions/emotions"
	install -m 0644 $(COMPLETIONS)/_emotions "$(SHARE)/zsh/site-functions/_emotions"
	install -m 0644 $(COMPLETIONS)/emotions.fish "$(SHARE)/fish/vendor_completions.d/emotions.fish"

# Remove the files that install put in place, and nothing else: no folder, shared or not.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/emotions" "$(SHARE)/man/man1/emotions.1" \
		"$(SHARE)/bash-completion/completions/emotions" "$(SHARE)/zsh/site-functions/_emotions" \
		"$(SHARE)/fish/vendor_completions.d/emotions.fish"

# Remove every build product.
clean:
	$(SWIFT) package clean
	rm -rf .build

# List the targets with their one-line descriptions.
help:
	@awk '/^# / { text = substr($$0, 3) } /^[a-z-]+:/ { sub(/:.*/, "", $$1); if (text) printf "  %-12s %s\n", $$1, text; text = "" }' $(MAKEFILE_LIST)
