# Ocean Rescue. `make test` is the whole check; `.ci/run` runs it on a fresh clone.
SHELL := /bin/bash
SWIFT ?= swift
export SWIFT_BACKTRACE := enable=no
# The release build links the Swift runtime in, so the installed game needs no
# toolchain at run time and names none in its RUNPATH (`readelf -d`).
RELEASE := -c release --static-swift-stdlib
# Flags every build of this Makefile passes, the same to each so none rebuilds another's
# work. CI (.ci/run) builds without debug information (-gnone, -g0): a fresh clone's
# build is a tenth faster, and CI never debugs; left empty, builds are as `swift build`'s.
BUILD_FLAGS ?=
export BUILD_FLAGS

# Debian and Ubuntu packages the project needs, each as CHECK:NAME:PACKAGE, where CHECK is
# `cmd` (a command on PATH), `pc` (a pkg-config module) or `glob` (a path pattern that matches an existing file).
# BUILD_NEEDS is what building `ocean` takes: SDL2 (window, input), SDL_image (the PNG tests read pictures back
# through libpng) and SDL_mixer (audio) for the platform layer, and libcurl, which the Daily Ocean's client calls
# (Sources/CCurl); a job that only verifies replays needs nothing more (`make deps-build`).
# TEST_NEEDS is what the tests add: Xvfb, xauth and xdotool so the window tests can run headless; GNU parallel for the
# sweep's shard test; desktop-file-validate for the install test's check of the menu entry; xmllint for the JUnit
# report's schema test; appstreamcli and man for the install test's checks of the AppStream metadata and the manual;
# PostgreSQL (any version: its programs are under /usr/lib/postgresql/VERSION/bin, not on PATH), HAProxy and
# Chromium for `ocean-server`'s tests (a throwaway cluster, a proxy, the page in a headless browser).
# Chromium's package is `chromium` on Debian and `chromium-browser` on Ubuntu: the name apt has a candidate for is
# taken (CHROMIUM_PACKAGES, in order).
BUILD_NEEDS := pc:sdl2:libsdl2-dev pc:SDL2_mixer:libsdl2-mixer-dev pc:SDL2_image:libsdl2-image-dev pc:libcurl:libcurl4-openssl-dev
TEST_NEEDS := cmd:xvfb-run:xvfb cmd:xauth:xauth cmd:xdotool:xdotool cmd:parallel:parallel \
	cmd:desktop-file-validate:desktop-file-utils cmd:xmllint:libxml2-utils cmd:appstreamcli:appstream cmd:man:man-db \
	glob:/usr/lib/postgresql/*/bin/initdb:postgresql cmd:chromium,chromium-browser:CHROMIUM file:/usr/sbin/haproxy:haproxy
CHROMIUM_PACKAGES := chromium chromium-browser
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps deps-build install-needs build build-release test sim bench bench-server compare-kernel clean fuzz fuzz-profile fuzz-tune fuzz-data fuzz-toml toml-test toml-differential replay-check balance-as-code play screenshots audio-sweep test-cluster \
	install install-built uninstall venv compare-sim tune-optuna test-optuna commit-stamp image test-image k8s k8s-check man fuzz-tune-eval

## deps: install the Debian packages the project needs, only if missing
deps:
	@$(MAKE) --no-print-directory install-needs NEEDS="$(BUILD_NEEDS) $(TEST_NEEDS)"

## deps-build: only what building `ocean` needs (a replay-only CI job: no server, browser or X packages)
deps-build:
	@$(MAKE) --no-print-directory install-needs NEEDS="$(BUILD_NEEDS)"

# Installs the packages of NEEDS whose check fails, in one apt-get; CHROMIUM stands for the Chromium package
# this system's apt knows (after `apt-get update`).
install-needs:
	@missing=""; \
	for need in $(NEEDS); do \
	  check=$${need%%:*}; rest=$${need#*:}; name=$${rest%%:*}; package=$${rest#*:}; \
	  case $$check in \
	    cmd) found=""; for c in $${name//,/ }; do command -v "$$c" >/dev/null && found=1; done; \
	         [ -n "$$found" ] || missing="$$missing $$package" ;; \
	    pc) { command -v pkg-config >/dev/null && pkg-config --exists "$$name"; } || missing="$$missing $$package pkg-config" ;; \
	    file) [ -e "$$name" ] || missing="$$missing $$package" ;; \
	    glob) compgen -G "$$name" >/dev/null || missing="$$missing $$package" ;; \
	  esac; \
	done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq || exit 1; \
	  if [[ " $$missing " == *" CHROMIUM "* ]]; then \
	    chromium=""; \
	    for p in $(CHROMIUM_PACKAGES); do \
	      [ -z "$$chromium" ] && apt-cache policy "$$p" 2>/dev/null | grep -q 'Candidate: [0-9]' && chromium=$$p; \
	    done; \
	    [ -n "$$chromium" ] || { echo "make deps: apt knows none of $(CHROMIUM_PACKAGES); install Chromium by hand (the page test is skipped without it)" >&2; }; \
	    missing="$${missing/ CHROMIUM/ $$chromium}"; \
	  fi; \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## build: the debug build of everything (the server's tests run the debug `ocean-server`), and release builds of
## what the tests time or compare: `ocean` (the game and CLI), `ocean-headless`, `ocean-bench` and the malloc
## interposer's library the bench preloads. The server's stack (SwiftNIO, Hummingbird, the SQL drivers) is not
## built in release here: `make bench` and `make image` build `ocean-server` when they need it.
RELEASE_PRODUCTS := ocean ocean-headless ocean-bench MallocInterposerSwift
build: deps
	$(SWIFT) build $(BUILD_FLAGS)
	$(MAKE) --no-print-directory build-release

build-release:
	for p in $(RELEASE_PRODUCTS); do $(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product $$p || exit 1; done
	$(MAKE) --no-print-directory commit-stamp

STAMP_DIRS ?= .build/debug .build/release
## commit-stamp: the commit the builds are of, beside each binary (`ocean --version` reads it; "-dirty" with changes)
commit-stamp:
	@c=$$(git rev-parse HEAD 2>/dev/null || echo unknown); \
	  git diff --quiet HEAD 2>/dev/null || c="$$c-dirty"; \
	  for d in $(STAMP_DIRS); do [ -d $$d ] && echo "$$c" > $$d/ocean.commit; done; true

## test: every test, including debug-vs-release and CLI end-to-end checks, the TOML conformance suite, the golden replays and the scripts against hostile input (Tests/Tools/hostile-scripts.sh).
## The debug build and its tests in one `swift build --build-tests` (one plan, both cores busy throughout);
## the kernel, replay, drivers, drawing and audio modules are optimized even in debug (Package.swift's
## `optimizedInDebug`), so the tests run their ticks, pixels and samples at release speed in process.
test: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(MAKE) --no-print-directory build-release
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory toml-test
	$(MAKE) --no-print-directory replay-check
	Tests/Tools/hostile-scripts.sh

## toml-test: the TOML reader over toml-test's TOML 1.0 suite (TOML_TEST_DIR, default ../shared/toml-test/tests):
## every valid file read to its expected value, every invalid one refused (exit 1 and a message, no crash or hang);
## prints "valid: N/M passed, invalid: N/M refused", fails on any miss, and skips (exit 0) when the suite is absent
toml-test:
	$(SWIFT) build $(BUILD_FLAGS) --product toml-test-decoder
	python3 scripts/toml-test.py --decoder .build/debug/toml-test-decoder

## toml-differential: the reader against Python's tomllib on COUNT (default 2000) mutated TOML files, seeded
## (SEED, default 1): the suite's and assets/**/*.toml, bytes flipped, inserted, spliced; any disagreement listed
COUNT ?= 2000
SEED ?= 1
toml-differential:
	$(SWIFT) build $(BUILD_FLAGS) --product toml-test-decoder
	python3 scripts/toml-differential.py --decoder .build/debug/toml-test-decoder --count $(COUNT) --seed $(SEED)

## play: the game in a window (release build of the game alone)
play: deps
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	.build/release/ocean play

## install: the release `ocean` under PREFIX (default ~/.local) with its assets, a desktop
## entry, an icon drawn from the sprites and bash/zsh/fish completions (scripts/install.sh)
PREFIX ?= $(HOME)/.local
install: deps
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	$(MAKE) --no-print-directory install-built

## install-built: the same from the release build already made, without building (the install test uses it)
install-built:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" OCEAN=.build/release/ocean scripts/install.sh install

## uninstall: remove exactly what `make install` put under PREFIX
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

## screenshots: docs/screenshots/*.png (each phase, a summary, high contrast, a career's pet) from the golden replays, the career's screens (career-*.png) and the pet's contact sheet, rendered headless, no display
screenshots: deps
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	OCEAN=.build/release/ocean scripts/screenshots.sh
	scripts/career-screenshots.sh

## sim: a few headless games with each bot
sim: build
	@for bot in idle greedy human; do echo "== $$bot"; .build/release/ocean sim --bot $$bot --seed 1 --games 3; done

## bench: ticks per second, typical and stress, peak memory, allocations per tick; audio; render frames/s and allocations per frame; first frame under Xvfb.
## `ocean-bench`, a program of its own, with ordo-one's malloc interposer preloaded (the game links none);
## then `ocean-server` under load: 400 runs under 400 names, on SQLite 8 and 32 at a time, on a throwaway PostgreSQL 32 at a time (scripts/bench-server.sh)
bench: build
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean-server
	LD_PRELOAD=$(CURDIR)/.build/release/libMallocInterposerSwift.so .build/release/ocean-bench
	scripts/bench-server.sh

## bench-server: only the server's load test (needs the release build)
bench-server:
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean-server
	scripts/bench-server.sh

## compare-kernel: the kernel's typical tick in ticks per CPU second, HEAD (or THIS=…) against commit 5a92273 (or COMMIT=…), interleaved (scripts/compare-kernel.sh)
compare-kernel:
	scripts/compare-kernel.sh $(or $(COMMIT),5a92273) $(THIS)

## compare-sim: `ocean sim`'s CPU per tick (idle bot, 2000 games; a 200-day career), this release build against commit 5a92273's (or COMMIT=…), built once under $TMPDIR, interleaved (scripts/compare-sim.sh)
compare-sim:
	scripts/compare-sim.sh $(or $(COMMIT),5a92273)

clean:
	rm -rf .build

## fuzz: run the replay reader's libFuzzer target for SECONDS seconds (default 60)
FUZZ_DIR := .build-fuzz
SECONDS ?= 60
fuzz:
	rm -rf $(FUZZ_DIR)/src && mkdir -p $(FUZZ_DIR)/src $(FUZZ_DIR)/corpus
	@# One module from the kernel, balance and replay sources: their cross-module
	@# imports are dropped so swiftc can build the fuzzer in one step.
	for f in $$(find Sources/OceanKernel Sources/OceanBalance Sources/OceanSystem Sources/OceanReplay -name '*.swift'); do \
	  sed -E '/^import (OceanKernel|OceanBalance|OceanSystem)$$/d' "$$f" > $(FUZZ_DIR)/src/$$(echo "$$f" | tr / _); done
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name ReplayFuzz \
	  $(FUZZ_DIR)/src/*.swift Fuzz/ReplayReaderFuzz.swift -o $(FUZZ_DIR)/replay-fuzzer
	$(FUZZ_DIR)/replay-fuzzer $(FUZZ_DIR)/corpus Fuzz/seeds replays \
	  -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## fuzz-profile: run the profile decoder's libFuzzer target for SECONDS seconds (default 60):
## the profile text, the state decoder and the state validation (Foundation-free, so
## built like the replay fuzzer; the replay reader only supplies the shipped balance).
PROFILE_FUZZ_DIR := .build-fuzz-profile
fuzz-profile:
	rm -rf $(PROFILE_FUZZ_DIR)/src && mkdir -p $(PROFILE_FUZZ_DIR)/src $(PROFILE_FUZZ_DIR)/corpus
	for f in $$(find Sources/OceanKernel Sources/OceanBalance Sources/OceanSystem Sources/OceanReplay -name '*.swift') \
	  Sources/OceanStore/ProfileText.swift Sources/OceanStore/ProfileKinds.swift; do \
	  sed -E '/^import (OceanKernel|OceanBalance|OceanSystem)$$/d' "$$f" > $(PROFILE_FUZZ_DIR)/src/$$(echo "$$f" | tr / _); done
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name ProfileFuzz \
	  $(PROFILE_FUZZ_DIR)/src/*.swift Fuzz/ProfileDecoderFuzz.swift -o $(PROFILE_FUZZ_DIR)/profile-fuzzer
	$(PROFILE_FUZZ_DIR)/profile-fuzzer $(PROFILE_FUZZ_DIR)/corpus Fuzz/profile-seeds \
	  -max_total_time=$(SECONDS) -max_len=16384 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## balance-as-code: derive Tests/KernelTestSupport/BalanceAsCode.swift (the kernel tests' copy of the
## shipped and gentle balances) from the files, after editing either
balance-as-code:
	python3 scripts/balance-as-code.py

## replay-check: verify every replays/**/*.replay (each format's folder found, none listed here) in parallel, each
## stopped after REPLAY_TIMEOUT seconds, the JUnit report in .build/replay-check.xml (see docs/ci.md)
REPLAY_TIMEOUT ?= 300
REPLAY_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
replay-check: deps
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	$(MAKE) --no-print-directory commit-stamp STAMP_DIRS=.build/release
	shopt -s globstar nullglob; files=(replays/**/*.replay); \
	  if [ $${#files[@]} = 0 ]; then echo "replay-check: no replays/**/*.replay found" >&2; exit 2; fi; \
	  .build/release/ocean replay verify "$${files[@]}" --jobs $(REPLAY_JOBS) --timeout $(REPLAY_TIMEOUT) \
	    --junit .build/replay-check.xml --force

## audio-sweep: render a 40 s sweep of ocean health from 0 to 1 and draw its spectrogram (docs/audio/health-sweep.png)
audio-sweep: build
	printf '0 0\n40 1\n' > .build/health-sweep.txt
	.build/release/ocean audio render --health-path .build/health-sweep.txt --out .build/health-sweep.wav --force
	python3 scripts/spectrogram.py .build/health-sweep.wav docs/audio/health-sweep.png

## test-cluster: a real one-node Slurm (root; installs slurm-wlm, munge): the example sweep as an array of 3, merged, compared with one machine's bytes
test-cluster: build
	scripts/test-cluster.sh

## fuzz-toml: run the TOML reader's libFuzzer target for SECONDS seconds (default 60): any bytes through
## `TOMLReader.parse(bytes:)`, each giving a table or an error at a place in the text, never a crash or a hang.
## Built like the fuzzers above, from the reader's sources alone; seeds: the repository's TOML files and the
## conformance suite's (TOML_TEST_DIR, when there).
TOML_FUZZ_DIR := .build-fuzz-toml
TOML_TEST_DIR ?= $(abspath ../shared/toml-test/tests)
fuzz-toml:
	rm -rf $(TOML_FUZZ_DIR)/src $(TOML_FUZZ_DIR)/seeds && mkdir -p $(TOML_FUZZ_DIR)/src $(TOML_FUZZ_DIR)/corpus $(TOML_FUZZ_DIR)/seeds
	cp Sources/OceanTOML/*.swift $(TOML_FUZZ_DIR)/src/
	shopt -s globstar nullglob; for f in assets/**/*.toml $(TOML_TEST_DIR)/valid/**/*.toml $(TOML_TEST_DIR)/invalid/**/*.toml; do \
	  cp "$$f" $(TOML_FUZZ_DIR)/seeds/$$(echo "$${f#$(TOML_TEST_DIR)/}" | tr / _); done
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TOMLFuzz \
	  $(TOML_FUZZ_DIR)/src/*.swift Fuzz/TOMLReaderFuzz.swift -o $(TOML_FUZZ_DIR)/toml-fuzzer
	$(TOML_FUZZ_DIR)/toml-fuzzer $(TOML_FUZZ_DIR)/corpus $(TOML_FUZZ_DIR)/seeds \
	  -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## fuzz-tune-eval: the JSON walk `ocean tune eval` checks each line with for a key given twice
## (`JSONDuplicateKeys`), over any bytes for SECONDS seconds (default 60): a key or nil, never a crash or a hang
TUNE_EVAL_FUZZ_DIR := .build-fuzz-tune-eval
fuzz-tune-eval:
	mkdir -p $(TUNE_EVAL_FUZZ_DIR)/corpus
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TuneEvalFuzz \
	  Sources/OceanTune/JSONDuplicateKeys.swift Fuzz/TuneEvalLineFuzz.swift -o $(TUNE_EVAL_FUZZ_DIR)/tune-eval-fuzzer
	$(TUNE_EVAL_FUZZ_DIR)/tune-eval-fuzzer $(TUNE_EVAL_FUZZ_DIR)/corpus \
	  -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## fuzz-tune: run the tune spec reader's libFuzzer target for SECONDS seconds (default 60):
## any text as a spec, and the points of every spec it accepts. Built like the fuzzers
## above from the kernel, balance and system sources with the TOML reader's and the spec
## reader's own files, all instrumented.
TUNE_FUZZ_DIR := .build-fuzz-tune
fuzz-tune:
	rm -rf $(TUNE_FUZZ_DIR)/src && mkdir -p $(TUNE_FUZZ_DIR)/src $(TUNE_FUZZ_DIR)/corpus
	for f in $$(find Sources/OceanKernel Sources/OceanBalance Sources/OceanSystem Sources/OceanTOML Sources/OceanDrivers/Bots -name '*.swift') \
	  Sources/OceanStore/TOMLEntries.swift Sources/OceanStore/KeyLocator.swift \
	  Sources/OceanTune/TuneSpec.swift Sources/OceanTune/TuneSpecReader.swift Sources/OceanTune/Points.swift; do \
	  sed -E '/^import (OceanKernel|OceanBalance|OceanSystem|OceanStore|OceanDrivers|OceanTOML)$$/d' "$$f" > $(TUNE_FUZZ_DIR)/src/$$(echo "$$f" | tr / _); done
	@# The sampler without its PointLine extension (the sweep's records are not built here).
	sed -i '/^extension PointLine {/,$$d' $(TUNE_FUZZ_DIR)/src/Sources_OceanTune_Points.swift
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TuneFuzz \
	  $(TUNE_FUZZ_DIR)/src/*.swift Fuzz/TuneSpecFuzz.swift -o $(TUNE_FUZZ_DIR)/tune-fuzzer
	$(TUNE_FUZZ_DIR)/tune-fuzzer $(TUNE_FUZZ_DIR)/corpus assets/tune \
	  -max_total_time=$(SECONDS) -max_len=8192 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## fuzz-data: run the front's data files' libFuzzer target for SECONDS seconds (default 60):
## the font (drawn at every scale once accepted), the sprites, the pet's art and themes;
## the first byte of an input picks the parser. Seeds: the shipped files, each behind its byte.
DATA_FUZZ_DIR := .build-fuzz-data
fuzz-data:
	rm -rf $(DATA_FUZZ_DIR)/src $(DATA_FUZZ_DIR)/seeds && mkdir -p $(DATA_FUZZ_DIR)/src $(DATA_FUZZ_DIR)/corpus $(DATA_FUZZ_DIR)/seeds
	for f in $$(find Sources/OceanKernel Sources/OceanBalance Sources/OceanSystem Sources/OceanAssets Sources/OceanTOML -name '*.swift') \
	  Sources/OceanStore/TOMLEntries.swift Sources/OceanStore/KeyLocator.swift; do \
	  sed -E '/^import (OceanKernel|OceanBalance|OceanSystem|OceanAssets|OceanTOML)$$/d; s/\bOceanAssets\./DataFuzz./g' "$$f" \
	    > $(DATA_FUZZ_DIR)/src/$$(echo "$$f" | tr / _); done
	{ printf '\0'; cat assets/font.txt; } > $(DATA_FUZZ_DIR)/seeds/font
	{ printf '\1'; cat assets/sprites.txt; } > $(DATA_FUZZ_DIR)/seeds/sprites
	{ printf '\2'; cat assets/pet.txt; } > $(DATA_FUZZ_DIR)/seeds/pet
	for t in assets/themes/*.toml; do { printf '\3'; cat "$$t"; } > $(DATA_FUZZ_DIR)/seeds/theme-$$(basename "$$t" .toml); done
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name DataFuzz \
	  $(DATA_FUZZ_DIR)/src/*.swift Fuzz/DataFilesFuzz.swift -o $(DATA_FUZZ_DIR)/data-fuzzer
	$(DATA_FUZZ_DIR)/data-fuzzer $(DATA_FUZZ_DIR)/corpus $(DATA_FUZZ_DIR)/seeds \
	  -max_total_time=$(SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1

## venv: a Python venv under .build/venv with Optuna (and CMA-ES's library) from PyPI, pinned, made once
VENV := .build/venv
OPTUNA_PINS := optuna==5.0.0 cmaes==0.13.1
venv: $(VENV)/.made
$(VENV)/.made:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q $(OPTUNA_PINS)
	touch $@

## tune-optuna: search SPEC's varied keys with Optuna (TPE, or SAMPLER=cmaes; MULTI=1 for a Pareto front over the
## targets; a spec of constraints only asks for a feasible balance), TRIALS trials asked of the built `ocean tune eval`
## (OCEAN, default .build/release/ocean: nothing is built); BALANCE_OUT=FILE writes the best trial as a balance file;
## the study is kept in .build/optuna/*.db and resumes when run again
SPEC ?= assets/tune/example.toml
OCEAN ?= .build/release/ocean
TRIALS ?= 40
SAMPLER ?= tpe
tune-optuna: venv
	@test -x "$(OCEAN)" || { echo "tune-optuna: $(OCEAN) is not built: make build-release first (or OCEAN=PATH to a built ocean)" >&2; exit 2; }
	$(VENV)/bin/python scripts/optuna_search.py $(SPEC) --trials $(TRIALS) --sampler $(SAMPLER) $(if $(MULTI),--multi) \
	  $(if $(BALANCE_OUT),--balance-out $(BALANCE_OUT)) --ocean $(OCEAN)

## test-optuna: the Optuna test (a 20-trial study whose best trial equals `ocean tune` at that point); `make test`
## runs it only when the venv is there
test-optuna: venv
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test --skip-build --filter OptunaCLITests

## image: the headless `ocean` (tuning, no SDL) as an OCI image IMAGE_NAME, from scratch (deploy/Containerfile):
## the release build with the Swift runtime linked in, the C libraries it needs, the assets, user 1000
IMAGE_NAME ?= ocean-rescue-headless:$(shell git rev-parse --short HEAD 2>/dev/null || echo dev)
image:
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean-headless
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean-server
	$(MAKE) --no-print-directory commit-stamp
	scripts/image-root.sh .build/release/ocean-headless .build/release/ocean-server .build/image/root
	podman build -t $(IMAGE_NAME) -f deploy/Containerfile .build/image/root

## test-image: the image's `ocean tune` run with chroot (podman run is refused here) gives the local build's bytes (root)
test-image: image
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE) --product ocean
	IMAGE=$(IMAGE_NAME) scripts/test-image.sh

## k8s: the Kubernetes manifests for SHARDS shards (the count's one place) of SPEC in the image IMAGE_NAME, in .build/k8s
## (deploy/k8s/run.sh applies the sweep, waits, then the merge)
SHARDS ?= 3
K8S_SPEC ?= /usr/local/share/ocean-rescue/assets/tune/example.toml
# The values reach scripts/render-k8s.py through its environment, never pasted into a command
# line or a manifest: it checks them all first, then writes each as a quoted YAML string.
k8s: export OCEAN_K8S_SHARDS = $(SHARDS)
k8s: export OCEAN_K8S_IMAGE = $(IMAGE_NAME)
k8s: export OCEAN_K8S_SPEC = $(K8S_SPEC)
k8s:
	python3 scripts/render-k8s.py --shards="$$OCEAN_K8S_SHARDS" --image="$$OCEAN_K8S_IMAGE" --spec="$$OCEAN_K8S_SPEC" --out=.build/k8s

## k8s-check: the rendered manifests against Kubernetes 1.25 and 1.37's schemas (kubernetes-validate, PyPI, in the venv)
k8s-check: k8s venv
	$(VENV)/bin/pip install -q kubernetes-validate==1.37.0
	for v in 1.25.0 1.37.0; do $(VENV)/bin/kubernetes-validate --strict -k $$v .build/k8s/tune.yaml .build/k8s/merge.yaml || exit 1; done

## man: docs/man/ocean.1 anew from the commands' help, by argument-parser's generate-manual plugin (it builds every
## product in release first; the static release is relinked after). Run it when a command's options change.
man:
	$(SWIFT) package plugin generate-manual
	@# A blank line inside a discussion is a paragraph break in mdoc, written as .Pp (mdoc warns on an empty line).
	sed 's/^$$/.Pp/' .build/plugins/GenerateManual/outputs/ocean/ocean.1 > docs/man/ocean.1
	$(SWIFT) build $(BUILD_FLAGS) $(RELEASE)
