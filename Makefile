# Ocean Rescue. `make test` is the whole check; `.ci/run` runs it on a fresh clone.
SHELL := /bin/bash
SWIFT ?= swift
export SWIFT_BACKTRACE := enable=no

# Debian packages the project needs, and how to tell each is there.
APT_PACKAGES := pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build build-release test sim bench clean

## deps: install the Debian packages the project needs, only if missing
deps:
	@missing=""; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

## build: debug and release builds of the ocean CLI
build: deps
	$(SWIFT) build
	$(SWIFT) build -c release

## test: every test, including debug-vs-release and CLI end-to-end checks
test: build
	$(SWIFT) test

## sim: a few headless games with each bot
sim: build
	@for bot in idle greedy human; do echo "== $$bot"; .build/release/ocean sim --bot $$bot --seed 1 --games 3; done

## bench: ticks per second, typical and stress, peak memory, allocations per tick
bench: build
	.build/release/ocean bench

clean:
	rm -rf .build
