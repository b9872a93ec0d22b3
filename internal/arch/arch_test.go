package arch

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "purse"

// pkg is one package of the module as `go list` sees it (non-test files only).
type pkg struct {
	path    string
	dir     string
	imports []string
}

// list runs `go list` over the module from its root.
func list(t *testing.T, args ...string) []byte {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH: the import rules are checked where the module is built")
	}
	cmd := exec.Command(gobin, append([]string{"list"}, args...)...)
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, stderr.String())
	}
	return out
}

func packages(t *testing.T) map[string]pkg {
	t.Helper()
	out := list(t, "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Imports \" \"}}", "./...")
	pkgs := map[string]pkg{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 3)
		if len(f) < 3 {
			t.Fatalf("go list line %q", sc.Text())
		}
		pkgs[f[0]] = pkg{path: f[0], dir: f[1], imports: strings.Fields(f[2])}
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages: not the module's root?", len(pkgs))
	}
	return pkgs
}

func internal(imports []string) []string {
	var out []string
	for _, i := range imports {
		if i == module || strings.HasPrefix(i, module+"/") {
			out = append(out, i)
		}
	}
	return out
}

// screens are the packages under tui/ that declare a screen (a method `ID() kit.ScreenID`).
func screens(t *testing.T, pkgs map[string]pkg) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for path, p := range pkgs {
		if !strings.HasPrefix(path, module+"/tui/") {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(p.dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b, []byte(") ID() kit.ScreenID {")) {
				out[path] = true
			}
		}
	}
	if len(out) < 8 {
		t.Fatalf("found %d screen packages (%v): the marker `ID() kit.ScreenID` went missing?", len(out), out)
	}
	return out
}

func TestKitImportsNoProjectPackage(t *testing.T) {
	pkgs := packages(t)
	kit, ok := pkgs[module+"/tui/kit"]
	if !ok {
		t.Fatal("no package tui/kit")
	}
	// internal/visible is the one exception: the contract says text from elsewhere is shown
	// escaped, and kit's error rendering does it. It is a leaf, so no cycle can come of it.
	var got []string
	for _, i := range internal(kit.imports) {
		if i != module+"/internal/visible" {
			got = append(got, i)
		}
	}
	if len(got) > 0 {
		t.Fatalf("tui/kit is the screen contract and imports no package of the project but internal/visible; it imports %v", got)
	}
	if got := internal(pkgs[module+"/internal/visible"].imports); len(got) > 0 {
		t.Fatalf("internal/visible, which tui/kit imports, must stay a leaf; it imports %v", got)
	}
}

func TestNoScreenImportsAnotherScreen(t *testing.T) {
	pkgs := packages(t)
	scr := screens(t, pkgs)
	var bad []string
	for path := range scr {
		for _, i := range pkgs[path].imports {
			if scr[i] {
				bad = append(bad, path+" → "+i)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("screens never import screens (move the shared part to app, kit or a component):\n%s", strings.Join(bad, "\n"))
	}
}

func TestDependencyDirection(t *testing.T) {
	pkgs := packages(t)
	for path, p := range pkgs {
		imps := internal(p.imports)
		for _, i := range imps {
			switch {
			case path == module+"/wallet" || strings.HasPrefix(path, module+"/wallet/"):
				// protocol holds the service's bounds (deadline windows), which the signer
				// enforces, and strictjson the reading of JSON a signer must do; neither
				// imports anything of the project itself.
				if !strings.HasPrefix(i, module+"/wallet") && i != module+"/protocol" && i != module+"/internal/strictjson" {
					t.Errorf("wallet imports nothing of the project but protocol and strictjson; %s imports %s", path, i)
				}
			case path == module+"/app" && (strings.HasPrefix(i, module+"/tui") || strings.HasPrefix(i, module+"/cmd")):
				t.Errorf("app is below every front end; it imports %s", i)
			}
			// Production code never imports a sandbox (*test) package; only the sandbox
			// binary links the sandbox servers.
			sandboxPkg := i == module+"/sandbox" || strings.HasSuffix(i, "test") && !strings.HasSuffix(i, "/tuitest")
			allowed := path == module+"/cmd/purse-sandbox" || path == module+"/sandbox" ||
				strings.HasSuffix(path, "test") || strings.HasPrefix(path, module+"/e2e")
			if sandboxPkg && !allowed {
				t.Errorf("%s imports the sandbox package %s (only cmd/purse-sandbox may)", path, i)
			}
		}
	}
}

// TestFrontEndsDoNotSign checks that the command line signs only through the application
// layer: it imports no signing package (wallet).
func TestFrontEndsDoNotSign(t *testing.T) {
	pkgs := packages(t)
	for _, i := range pkgs[module+"/cmd/purse"].imports {
		if i == module+"/wallet" {
			t.Errorf("cmd/purse imports %s: a command signs through app (app/sign for `purse sign`)", i)
		}
	}
	if len(pkgs[module+"/cmd/purse"].imports) == 0 {
		t.Fatal("no package cmd/purse")
	}
}

// heavy are what a signer must not link: a node, a simulated chain, a database, metrics.
var heavy = []string{
	"github.com/ethereum/go-ethereum/eth",
	"github.com/ethereum/go-ethereum/node",
	"github.com/ethereum/go-ethereum/p2p",
	"github.com/ethereum/go-ethereum/ethclient/simulated",
	"github.com/cockroachdb/pebble",
	"github.com/prometheus/client_golang",
}

// linkedByRPC is the one package under a heavy prefix a JSON-RPC client needs:
// go-ethereum/rpc (which the contract bindings import) uses p2p/netutil's IP helpers. It
// is a leaf of the standard library's net; the peer-to-peer stack is not linked.
var linkedByRPC = "github.com/ethereum/go-ethereum/p2p/netutil"

// buildTime are what only `make build` needs, never a start of the shipped binary: the man
// page writer and its markdown renderer (cmd/purse links them with the man tag only).
var buildTime = []string{"github.com/spf13/cobra/doc", "github.com/cpuguy83/go-md2man", "github.com/russross/blackfriday"}

func TestSignerBinaryLinksNoBuildTool(t *testing.T) {
	for _, d := range strings.Fields(string(list(t, "-deps", "./cmd/purse"))) {
		for _, b := range buildTime {
			if d == b || strings.HasPrefix(d, b+"/") {
				t.Errorf("cmd/purse links %s, a build-time tool's package", d)
			}
		}
	}
}

func TestSignerBinaryLinksNoNode(t *testing.T) {
	deps := strings.Fields(string(list(t, "-deps", "./cmd/purse")))
	var bad []string
	for _, d := range deps {
		if d == linkedByRPC {
			continue
		}
		for _, h := range heavy {
			if d == h || strings.HasPrefix(d, h+"/") {
				bad = append(bad, d)
			}
		}
	}
	if len(bad) > 0 {
		t.Fatalf("cmd/purse links %d packages of a node or sandbox, among them %v", len(bad), bad[:min(len(bad), 8)])
	}
}

func TestConfigWithoutSolanaGo(t *testing.T) {
	for _, d := range strings.Fields(string(list(t, "-deps", "./config"))) {
		if strings.HasPrefix(d, "github.com/gagliardetto/solana-go") {
			t.Fatalf("config links %s: profiles validate base58 keys with mr-tron/base58", d)
		}
	}
}

// TestKeysAreOpenedOnlyBehindTheGate: outside the key store, a key's own signer (which signs
// any digest) is taken in two places only: the session's signers (app.evmSignerOf and
// app.solanaSigner, which wrap it in the signing gate) and the agent's backend (whose gate
// is the agent's). Anywhere else it would sign without the policy, the review and the
// approval (issue 21: sandbox onboarding signed Form A that way).
func TestKeysAreOpenedOnlyBehindTheGate(t *testing.T) {
	pkgs := packages(t)
	allowed := map[string]int{"app/app.go": 2, "app/agent.go": 2}
	found := map[string]int{}
	for path, p := range pkgs {
		if strings.HasPrefix(path, module+"/keystore") || strings.HasSuffix(path, "test") || strings.HasPrefix(path, module+"/e2e") {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(p.dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n := bytes.Count(b, []byte("ks.EVMSigner(")) + bytes.Count(b, []byte("ks.SolanaSigner("))
			if n > 0 {
				rel := strings.TrimPrefix(path, module+"/") + "/" + filepath.Base(f)
				found[rel] += n
			}
		}
	}
	for f, n := range found {
		if allowed[f] != n {
			t.Errorf("%s takes a key's own signer %d time(s) (allowed: %d): sign through the session's signers (app.evmSignerOf, solanaSigner), behind the signing gate", f, n, allowed[f])
		}
	}
	for f, n := range allowed {
		if found[f] != n {
			t.Errorf("%s: expected %d uses of a key's own signer, found %d (update this test with the gate)", f, n, found[f])
		}
	}
}
