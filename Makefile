# riichi — top-level entry points. `make help` lists them.
SHELL := /bin/bash
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc)
CMAKE_GEN := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

# Debian packages the build needs (checked one by one; only missing ones are installed).
DEB_PACKAGES := g++ cmake ninja-build make libgtest-dev libgmock-dev libbenchmark-dev libfmt-dev \
                nlohmann-json3-dev libcli11-dev clang-format \
                libpugixml-dev libsqlite3-dev libboost-dev zlib1g-dev \
                pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed \
                python3-setuptools python3-wheel python3-pip python3-venv python3-build \
                chromium clang libclang-rt-14-dev

.PHONY: help deps build run demo test loadtest soak strength review-check bench bench-python format asan clean \
        fuzz fuzz-quick fuzz-build fuzz-quick-build python-install python-uninstall python-wheel

help:
	@echo "make run     install missing packages, build, start the web table (prints the URL)"
	@echo "make demo    build, play and print one seeded hanchan between bots"
	@echo "make loadtest  the web server under 100 tables of WebSocket clients"
	@echo "make test    install missing packages, build, run every test (ctest)"
	@echo "make soak    self-play invariants over 1,000,000 hands per preset (long)"
	@echo "make build   Release build; the CLI is build/riichi"
	@echo "make bench   run the Google Benchmark suite (Release)"
	@echo "make strength  bot strength: arena runs of $(STRENGTH_GAMES) hanchan per pairing, $(STRONG_GAMES) for strong (long)"
	@echo "make review-check  review every decision of every seat of the 445 shared real games (long)"
	@echo "make bench-python  Python env / VectorEnv steps/s, dataset decisions/s, a Dask run's games/s"
	@echo "make python-install  pip install the module for /usr/bin/python3 (user site, no network)"
	@echo "make python-wheel    build a wheel of the module into dist/"
	@echo "make asan    build and run the tests with AddressSanitizer + UBSan"
	@echo "make fuzz    libFuzzer on every reader, FUZZ_SECONDS ($(FUZZ_SECONDS)) each (fuzz/README.md)"
	@echo "make format  clang-format every C++ source"
	@echo "make deps    apt-get install whatever is missing (idempotent)"

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	else echo "All Debian packages present."; fi
	@# Node.js and npm (for the web page's browser tests): any installed node/npm will do.
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo "Installing Debian's nodejs and npm"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm; \
	fi
	@# The web page's browser tests need playwright-core (web/package-lock.json).
	@if [ ! -d web/node_modules ] && [ -f web/package-lock.json ]; then \
	  npm ci --prefix web --no-audit --no-fund || echo "warning: npm ci failed: the browser tests will be skipped"; fi

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The web table: open the printed address (PORT=8080, DB=riichi-web.db; Ctrl-C stops it).
PORT ?= 8080
DB ?= riichi-web.db
run: build
	./$(BUILD)/riichi serve --port $(PORT) --db $(DB)

demo: build
	@echo "== riichi selfplay --rules ema2016 --seed 7 --bots greedy (one hanchan, hand by hand)"
	@./$(BUILD)/riichi selfplay --rules ema2016 --seed 7 --bots greedy
	@echo; echo "== riichi analyze 23456p99s123m456s (tenpai: waits and their shapes)"
	@./$(BUILD)/riichi analyze 23456p99s123m456s

# The tests, then every fuzz target for FUZZ_TEST_SECONDS over its seeds and past crashes.
# The fuzz build (clang, ASan + UBSan) runs at a lower priority while ctest runs: the browser
# suites mostly wait on chromium, and the fuzz build fills the CPU they leave (docs/build.md).
# Its output goes to $(BUILD)/fuzz-build.log, printed when it fails. (The browser table suite
# once timed out here: it reloaded the page before the seat's token was kept, fixed in the test.)
TEST_JOBS ?= $(JOBS)
test: build
	@nice -n 10 $(MAKE) --no-print-directory fuzz-quick-build > $(BUILD)/fuzz-build.log 2>&1 & fuzz=$$!; \
	status=0; (cd $(BUILD) && ctest --output-on-failure -j $(TEST_JOBS)) || status=$$?; \
	if ! wait $$fuzz; then cat $(BUILD)/fuzz-build.log; \
	  echo "error: the fuzz build failed (log above: $(BUILD)/fuzz-build.log)"; exit 1; fi; \
	exit $$status
	$(MAKE) --no-print-directory fuzz-quick

# Fuzzing (fuzz/README.md): the libFuzzer targets built by Debian's clang with ASan + UBSan.
# `make fuzz` runs each target FUZZ_SECONDS over its seeds, past crashes and the shared logs, built
# at -O1 in $(FUZZ_BUILD); `make fuzz-quick`, the part of `make test`, FUZZ_TEST_SECONDS over a
# smaller set, built at -O0 in $(FUZZ_QUICK_BUILD): it compiles in about two thirds of the CPU
# time (docs/build.md) and still runs every seed and past crash under the sanitizers.
FUZZ_BUILD ?= build-fuzz
FUZZ_QUICK_BUILD ?= build-fuzz-quick
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 3
define fuzz_configure_and_build
	@cmake -S . -B $(1) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=$(2) \
	  -DCMAKE_CXX_COMPILER=clang++ -DRIICHI_FUZZ=ON -DRIICHI_BENCH=OFF > /dev/null
	cmake --build $(1) -j $(JOBS) --target fuzz_all
endef

fuzz-build: build
	$(call fuzz_configure_and_build,$(FUZZ_BUILD),-O1)

fuzz-quick-build: build
	$(call fuzz_configure_and_build,$(FUZZ_QUICK_BUILD),-O0)

fuzz: fuzz-build
	fuzz/run_fuzz.sh $(FUZZ_BUILD) $(BUILD)/riichi $(FUZZ_SECONDS)

fuzz-quick: fuzz-quick-build
	FUZZ_QUICK=1 fuzz/run_fuzz.sh $(FUZZ_QUICK_BUILD) $(BUILD)/riichi $(FUZZ_TEST_SECONDS)

# Load test of the web server: 100 tables of 4 WebSocket clients, one hand each (LOAD_ARGS).
LOAD_ARGS ?= --tables 100 --hands 1 --time-limit 120
loadtest: build
	./$(BUILD)/apps/server/riichi_loadtest $(LOAD_ARGS)

SOAK_HANDS ?= 1000000
soak: build
	RIICHI_SOAK_HANDS=$(SOAK_HANDS) ./$(BUILD)/riichi_tests --gtest_filter='*SelfplayInvariants*'

# Bot strength (docs/arena.md): each pairing sits two bots at alternate seats with seat rotation;
# the JSON of each run goes to $(BUILD)/strength/, then a summary with the paired avg-rank
# difference and its 95% confidence interval.
STRENGTH_GAMES ?= 20000
STRENGTH_THREADS ?= 2
STRENGTH_PAIRINGS ?= efficiency,random,efficiency,random defensive,efficiency,defensive,efficiency
# The strong bot (docs/bots.md): two pairings under each of STRONG_RULES, STRONG_GAMES each.
# Two against two sits strong,strong,defensive,defensive: four different seatings (the
# alternate seating repeats two, and deterministic bots replay those games move for move).
STRONG_GAMES ?= 4000
STRONG_RULES ?= ema2016 tenhou
STRONG_PAIRINGS ?= strong,strong,defensive,defensive strong,defensive,defensive,defensive
strength: build
	@mkdir -p $(BUILD)/strength
	@for bots in $(STRENGTH_PAIRINGS); do \
	  out=$(BUILD)/strength/$$(echo $$bots | cut -d, -f1-2 | tr , _).json; \
	  echo "== riichi arena --bots $$bots --games $(STRENGTH_GAMES) --threads $(STRENGTH_THREADS) --json > $$out"; \
	  ./$(BUILD)/riichi arena --bots $$bots --games $(STRENGTH_GAMES) --threads $(STRENGTH_THREADS) \
	    --seed 1 --json > $$out || exit $$?; \
	  /usr/bin/python3 tools/arena_summary.py $$out; \
	done
	@for rules in $(STRONG_RULES); do for bots in $(STRONG_PAIRINGS); do \
	  out=$(BUILD)/strength/$$rules-$$(echo $$bots | tr , _).json; \
	  echo "== riichi arena --bots $$bots --rules $$rules --games $(STRONG_GAMES) --threads $(STRENGTH_THREADS) --json > $$out"; \
	  ./$(BUILD)/riichi arena --bots $$bots --rules $$rules --games $(STRONG_GAMES) \
	    --threads $(STRENGTH_THREADS) --seed 1 --json > $$out || exit $$?; \
	  /usr/bin/python3 tools/arena_summary.py $$out; \
	done; done

# Game review (docs/review.md): every decision of every seat of the 445 shared real Tenhou games
# (345 four-player, 100 three-player) reviewed; exit 1 if a hand or decision cannot be
# (--strict), 2 if a log is refused.
SHARED_DATA ?= ../shared/data
review-check: build
	./$(BUILD)/riichi review --strict --json -j $(JOBS) --no-progress \
	  $(SHARED_DATA)/tenhou-mjlog $(SHARED_DATA)/tenhou-mjlog-houou2021 \
	  $(SHARED_DATA)/tenhou-sanma > $(BUILD)/review-check.jsonl

bench: build
	cmake --build $(BUILD) -j $(JOBS) --target riichi_bench
	./$(BUILD)/riichi_bench --benchmark_min_time=0.2

bench-python: build
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 python/bench_env.py
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 -P -m riichi.selfplay --bots greedy --games 200 --workers 2 --block-size 10

# The Python module for /usr/bin/python3 from any directory: pip installs it into the user's site
# packages (~/.local; Debian's pip needs --break-system-packages for that, which touches no
# Debian package), built with CMake from Debian's packages, no network (--no-index). A build of
# `make build` is reused when there is one. In a venv instead:
#   python3 -m venv --system-site-packages .venv && .venv/bin/pip install --no-build-isolation .
PIP_INSTALL := /usr/bin/python3 -m pip install --user --break-system-packages --no-build-isolation --no-index
python-install: deps
	@if [ -f $(BUILD)/CMakeCache.txt ]; then export RIICHI_CMAKE_BUILD_DIR=$(CURDIR)/$(BUILD); fi; \
	  $(PIP_INSTALL) .
	@cd / && /usr/bin/python3 -c "import riichi; print('installed riichi', riichi.__version__, 'in', riichi.__file__)"

python-uninstall:
	/usr/bin/python3 -m pip uninstall --yes --break-system-packages riichi

python-wheel: deps
	@if [ -f $(BUILD)/CMakeCache.txt ]; then export RIICHI_CMAKE_BUILD_DIR=$(CURDIR)/$(BUILD); fi; \
	  /usr/bin/python3 -m build --no-isolation --wheel --outdir dist .
	@ls dist/riichi-*.whl

asan: deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DRIICHI_SANITIZE=ON -DRIICHI_BENCH=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && RIICHI_QUICK=1 ctest --output-on-failure -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(FUZZ_QUICK_BUILD)
