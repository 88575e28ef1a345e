# Thin wrappers over the swift commands; the README's "Development" section lists them.

SWIFT         ?= swift
PREFIX        ?= /usr/local
DESTDIR       ?=
ARGS          ?=
RELEASE_FLAGS ?=
BIN           := .build/release/emotions

.DEFAULT_GOAL := build
.PHONY: build release run test install uninstall clean help

# Build everything in debug mode (.build/debug/emotions).
build:
	$(SWIFT) build

# Build an optimized binary at .build/release/emotions; RELEASE_FLAGS are passed on.
release:
	$(SWIFT) build -c release $(RELEASE_FLAGS)

# Build and run the tool in debug mode: make run ARGS="tap happy".
run:
	$(SWIFT) run emotions $(ARGS)

# Build and run all the tests.
test:
	$(SWIFT) test

# Build the release binary and install it as $(DESTDIR)$(PREFIX)/bin/emotions.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/emotions"

# Remove the file that install put in place, and nothing else.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/emotions"

# Remove every build product.
clean:
	$(SWIFT) package clean
	rm -rf .build

# List the targets with their one-line descriptions.
help:
	@awk '/^# / { text = substr($$0, 3) } /^[a-z]+:/ { sub(/:.*/, "", $$1); if (text) printf "  %-10s %s\n", $$1, text; text = "" }' $(MAKEFILE_LIST)
