# Two commands set everything up: `make serve` and `make test`.
# Both create .venv from requirements.txt when it is missing or the file changed.

PYTHON     ?= python3
VENV       := .venv
BIN        := $(VENV)/bin
STAMP      := $(VENV)/.requirements.stamp
SERVE_ADDR ?= 127.0.0.1:8000

# Builds are reproducible: page dates come from the last commit, not the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 1700000000)
export NO_MKDOCS_2_WARNING := 1
# Notebooks run in a kernel whose working directory is their folder: let it find `snippets`.
export PYTHONPATH := $(CURDIR)
export PYTHONHASHSEED := 0

.PHONY: help install serve build test test-fast mutants bench outputs lock clean translations translations-sync test-latest audit system-packages

help:
	@echo "make serve   serve the site with live reload at http://$(SERVE_ADDR)/attention/"
	@echo "make test    run every test (snippets, site build, browser checks)"
	@echo "make build   build the site strictly into site/"
	@echo "make mutants plant the bugs in tools/mutants.toml one at a time; each must fail its tests"
	@echo "make bench   benchmarks: attention vs PyTorch, build time, page weight"
	@echo "make audit   Lighthouse (mobile) on every page, both languages, served gzipped (5 min idle)"
	@echo "make outputs rewrite the '#>' output comments in snippets/ from real output"
	@echo "make lock    regenerate requirements.txt (full lock) from requirements.in"
	@echo "make translations       check every zh/en page pair section by section"
	@echo "make translations-sync PAGE=weights   record a page pair as in line (PAGE=all, ONLY=en)"
	@echo "make system-packages  apt-get install what system-packages.txt lists and is missing (macOS: prints the brew line)"

install: $(STAMP)

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

serve: $(STAMP)
	$(BIN)/mkdocs serve --strict --livereload --dev-addr $(SERVE_ADDR)

# Build into site.partial and move it into place only on success (the PDF edition included:
# python -m attention_site.pdf prints attention-zh.pdf and attention-en.pdf, cached in .cache/pdf/):
# a failed build leaves no half-built site/ that looks good (MkDocs writes one language before the other fails). Without the PDF
# toolchain (system-packages.txt) the site is built without the books and one line says what is missing;
# under CI=true that fails the build.
build: $(STAMP)
	rm -rf site site.partial
	$(BIN)/mkdocs build --strict --clean -d site.partial || { rm -rf site.partial; exit 1; }
	$(BIN)/python -m attention_site.pdf site.partial || { rm -rf site.partial; exit 1; }
	mv site.partial site

# Two workers (pytest-xdist): whole files go to one worker each (--dist loadfile), so a module's
# fixtures (the PDF books, a page's phone measurements) run once, in the order tests/conftest.py
# gives them (--no-loadscope-reorder); the site is built once and shared. PYTEST_WORKERS=0 runs serially.
PYTEST_WORKERS ?= 2
PYTEST_XDIST = $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder)

test: $(STAMP)
	$(BIN)/python -m tools.translations check
	$(BIN)/python -m pytest $(PYTEST_XDIST)

# Every zh/en page pair, section by section: fails naming what one language changed alone.
translations: $(STAMP)
	$(BIN)/python -m tools.translations check

# After bringing a page pair in line: make translations-sync PAGE=weights (PAGE=all for every page;
# ONLY=en records a wording fix in en that zh does not need).
translations-sync: $(STAMP)
	@test -n "$(PAGE)" || { echo "usage: make translations-sync PAGE=<page>|all [ONLY=zh|en]"; exit 2; }
	$(BIN)/python -m tools.translations sync $(if $(filter all,$(PAGE)),--all,$(PAGE)) $(if $(ONLY),--only $(ONLY))

test-fast: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_XDIST) -m "not site"

# Not part of `make test`: shows that the tests still catch the catalogued bugs (run after editing tests).
mutants: $(STAMP)
	$(BIN)/python -m tools.mutants $(IDS)

bench: $(STAMP)
	$(BIN)/python -m bench

# Lighthouse on every page of both languages (mobile preset), built into a temp folder and served
# gzip-compressed under /attention/ like a static host; goals: a11y, best practices, SEO 100,
# performance >= 90. Not part of `make test` (5 min on an idle 2-core machine). Lighthouse comes from npm, pinned in
# tools/package-lock.json. AUDIT_ARGS="--site site" audits an existing build; see tools/audit.py.
audit: $(STAMP) tools/node_modules/.package-lock.json
	$(BIN)/python -m tools.audit $(AUDIT_ARGS)

tools/node_modules/.package-lock.json: tools/package.json tools/package-lock.json
	npm ci --prefix tools --no-audit --no-fund
	@touch $@

outputs: $(STAMP)
	$(BIN)/python -m tests.outputs --update

# The whole suite against the newest releases of the direct dependencies (pins lifted from
# requirements.in) in .venv-latest: what will break when we upgrade. Weekly in CI (latest.yml).
LATEST := .venv-latest
test-latest:
	rm -rf $(LATEST) && $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	sed -E 's/[=<>~!]=.*$$//' requirements.in | $(LATEST)/bin/python -m pip install --quiet --upgrade -r /dev/stdin
	$(LATEST)/bin/python -m pip freeze > $(LATEST)/freeze.txt
	$(LATEST)/bin/python -m tools.translations check
	$(LATEST)/bin/python -m pytest -p no:cacheprovider

# The system packages the build and tests need: one list, system-packages.txt (.ci/run and the workflows
# call the same script).
system-packages:
	tools/system-packages.sh

lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet -r requirements.in
	{ sed -n '1,2p' requirements.txt; .lock-venv/bin/python -m pip freeze; } > requirements.lock.tmp
	mv requirements.lock.tmp requirements.txt && rm -rf .lock-venv

clean:
	rm -rf site site.partial .cache
