# purse — every command a developer or CI needs. `make run` and `make test` are the two
# that matter on a fresh machine; everything they need is installed from here.

GO      ?= go
BIN     := bin/purse
SANDBOX := bin/purse-sandbox
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
# runtime/secret (Go 1.26, experimental): a key file's decryption runs in secret.Do, so the
# copies go-ethereum's KDF leaves (the passphrase, the decrypted key) are erased once garbage,
# and `purse agent lock` leaves neither in the agent's memory (keystore/erase_on.go). Every
# build and test of this Makefile uses it; a plain `go build` gets a purse without it.
export GOEXPERIMENT ?= runtimesecret
# -trimpath: a build does not depend on where the clone is, so a second clone (CI's) finds
# every package in the build cache, and the binaries name no directory of this machine.
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)

.PHONY: build run test unit fuzz test-keyring e2e lint bench contracts readme-picture clean

# Two binaries: purse (the signer, TUI and CLI; it links no node) and purse-sandbox (the
# sandbox servers with a simulated EVM), which purse starts when the sandbox is not running;
# and purse's man pages, a page per command written from the commands (MANPATH=bin/man man
# purse-key) by purse built with the man tag: the shipped binary does not link the writer.
build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/purse
	$(GO) build -ldflags "$(LDFLAGS)" -o $(SANDBOX) ./cmd/purse-sandbox
	$(GO) run -tags man -ldflags "$(LDFLAGS)" ./cmd/purse man bin/man

run: build
	./$(BIN)

# All tests: formatting and vet (for Linux, Windows and macOS, where purse ships), the unit
# and sandbox tests under the race detector, the real OS-keyring test inside its own D-Bus
# session, and the end-to-end test of the binary.
test: lint unit fuzz test-keyring e2e

# Test packages run four at a time whatever the machine's CPUs: most of their time is spent
# waiting on sandboxes, sockets and subprocesses, not computing (on 2 CPUs, -p 4 took the run
# from 253 s to 164 s, at 1.5 cores busy on average).
UNIT_P ?= 4

unit:
	$(GO) test -race -count=1 -p $(UNIT_P) ./...
	CGO_ENABLED=0 $(GO) test -count=1 ./ledger/...

# The Solana decoder and validator under the fuzzer for a bounded time (seed corpus: the
# valid deposit and every malicious case of the checklist); then the payload judge: no
# spelling of a route's body a server reads the same way gets a weaker policy line (seed
# corpus: the leading bytes of issue 29 on every route); then strictjson's one-pass check
# against its walker (same verdict for any input); then the EIP-712 reader (whatever it reads,
# it reads one way, and apitypes hashes it as the reader said). `go test -fuzz` takes one
# target a run.
# The budgets are counts of executions (about 10 to 30 s each here), not durations: Go 1.26's fuzz
# coordinator can fail a duration's end with "context deadline exceeded" and no crasher on a
# loaded machine (golang/go#75804, fixed in 1.27), which a count never reaches.
FUZZ_INSPECT ?= 400000x
FUZZ_PAYLOAD ?= 150000x
FUZZ_STRICT ?= 200000x
FUZZ_TYPED ?= 200000x
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzInspect$$' -fuzztime $(FUZZ_INSPECT) ./altchain/
	$(GO) test -run '^$$' -fuzz '^FuzzPayloadVariations$$' -fuzztime $(FUZZ_PAYLOAD) ./agent/
	$(GO) test -run '^$$' -fuzz '^FuzzValidAgreesWithTheWalker$$' -fuzztime $(FUZZ_STRICT) ./internal/strictjson/
	$(GO) test -run '^$$' -fuzz '^FuzzParseTypedData$$' -fuzztime $(FUZZ_TYPED) ./wallet/

test-keyring:
	bash scripts/test-keyring.sh

# The real binary in tmux (installed when missing) on the embedded sandbox: first run, keys,
# mint, KYC, Form A, Live, card block/unblock, permit, Solana deposit, a transfer, an EVM
# deposit (e2e/e2e_test.go); the agent with the TUI as its display (agent_test.go); keys on
# the sandbox's Ledger stand-in signing a read session, a permit and a Solana deposit
# (ledger_test.go).
e2e:
	bash scripts/ensure-tmux.sh
	GO=$(GO) $(GO) test -tags e2e -count=1 -run TestE2E -v ./e2e/

# staticcheck at a pinned version, built by the Go toolchain from the module proxy (nothing
# to install first); homechain/bindings/staticcheck.conf keeps abigen's error strings.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=windows $(GO) vet ./...
	GOOS=darwin $(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

bench:
	bash scripts/bench.sh

# The README's picture of the terminal UI, captured from the real program in tmux and
# rendered by Charm's freeze (docs/images/tui.svg): run it after changing a screen.
readme-picture:
	bash scripts/readme-picture.sh

# Recompile the Solidity sources with solc from npm into assets/contracts and regenerate
# the Go bindings. Only needed after changing contracts/src: the artifacts are committed.
contracts:
	bash scripts/contracts.sh

clean:
	rm -rf bin
