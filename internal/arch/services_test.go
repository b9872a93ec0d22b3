package arch

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// infra are the infrastructure clients and raw signers package app keeps to itself: a front
// end calls a use case, never the client under it (issue 24 §2: the Transactions screen paged
// the API itself and skipped the account check; the Account screen drove the sandbox's
// control client and composed onboarding a third way).
var infra = map[string][]string{
	module + "/enduser":    {"Client"},
	module + "/keystore":   {"Store"},
	module + "/homechain":  {"Client"},
	module + "/altchain":   {"RPC"},
	module + "/sandboxctl": {"Control"},
	module + "/agent":      {"Client"},
	module + "/wallet":     {"EVMSigner", "SolanaSigner", "RequestSigner", "SolanaRequestSigner", "EVMKey", "SolanaKey"},
}

// infraIn lists the infrastructure types expr names, given the file's imports (name → path).
func infraIn(expr ast.Node, imports map[string]string) []string {
	var out []string
	ast.Inspect(expr, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		for _, name := range infra[imports[x.Name]] {
			if sel.Sel.Name == name {
				out = append(out, imports[x.Name]+"."+name)
			}
		}
		return true
	})
	return out
}

// fileImports maps the names a file imports under to their paths.
func fileImports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		out[name] = p
	}
	return out
}

// appSurface is what package app exports that could hand out an infrastructure client:
// every exported function's and method's results (of an exported type), every exported
// field of an exported struct, every method of an exported interface, every exported
// variable and alias; each with what it names of infra.
func appSurface(t *testing.T) map[string][]string {
	t.Helper()
	p, ok := packages(t)[module+"/app"]
	if !ok {
		t.Fatal("no package app")
	}
	files, _ := filepath.Glob(filepath.Join(p.dir, "*.go"))
	fset := token.NewFileSet()
	found := map[string][]string{}
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imports := fileImports(f)
		note := func(what string, n ast.Node) {
			seen++
			if got := infraIn(n, imports); len(got) > 0 {
				found[what] = append(found[what], got...)
			}
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() || d.Type.Results == nil {
					continue
				}
				what := d.Name.Name
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if s, ok := recv.(*ast.StarExpr); ok {
						recv = s.X
					}
					id, ok := recv.(*ast.Ident)
					if !ok || !id.IsExported() {
						continue
					}
					what = id.Name + "." + what
				}
				note(what, d.Type.Results)
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if !sp.Name.IsExported() {
							continue
						}
						switch ty := sp.Type.(type) {
						case *ast.StructType:
							for _, fl := range ty.Fields.List {
								for _, n := range fl.Names {
									if n.IsExported() {
										note(sp.Name.Name+"."+n.Name, fl.Type)
									}
								}
								if len(fl.Names) == 0 { // embedded: its methods are exported too
									note(sp.Name.Name+" (embedded)", fl.Type)
								}
							}
						default:
							note(sp.Name.Name, sp.Type)
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								if sp.Type != nil {
									note(n.Name, sp.Type)
								}
								for _, v := range sp.Values {
									note(n.Name, v)
								}
							}
						}
					}
				}
			}
		}
	}
	if seen < 50 {
		t.Fatalf("looked at %d exported declarations of package app: not its files?", seen)
	}
	return found
}

// TestAppHandsOutNoInfrastructureClient: no exported function, method, field, variable or
// type of package app returns or holds an end-user client, the key store, a chain client, the
// Solana RPC, the sandbox's control client, the agent's client or a raw signer. Tests that
// need one take it from the package under it (keystore.Open, homechain.ProfileChain.Dial).
func TestAppHandsOutNoInfrastructureClient(t *testing.T) {
	found := appSurface(t)
	var bad []string
	for what, types := range found {
		bad = append(bad, what+" → "+strings.Join(types, ", "))
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("package app hands out infrastructure (call a use case of app instead):\n%s", strings.Join(bad, "\n"))
	}
}

// TestInfraInSeesAClient: the check above finds what it looks for (a *enduser.Client result,
// a wallet.EVMSigner field under another import name, one inside a func type).
func TestInfraInSeesAClient(t *testing.T) {
	src := `package app
import (
	eu "purse/enduser"
	"purse/wallet"
)
func (s *App) API() (*eu.Client, error)
type T struct { S func() wallet.EVMSigner }
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	imports := fileImports(f)
	fn := f.Decls[1].(*ast.FuncDecl)
	if got := infraIn(fn.Type.Results, imports); len(got) != 1 || got[0] != module+"/enduser.Client" {
		t.Fatalf("results: %v", got)
	}
	st := f.Decls[2].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type
	if got := infraIn(st, imports); len(got) != 1 || got[0] != module+"/wallet.EVMSigner" {
		t.Fatalf("field: %v", got)
	}
}

// TestTUIImportsNoAgentOrSandboxControl: the TUI reaches the agent and the sandbox through
// app's use cases (app.Agent, app/sandbox, Agent().StartDisplayed), never their clients.
// Its test helpers (tui/internal/tuitest) set a sandbox up and may.
func TestTUIImportsNoAgentOrSandboxControl(t *testing.T) {
	var bad []string
	n := 0
	for path, p := range packages(t) {
		if !strings.HasPrefix(path, module+"/tui") || strings.HasSuffix(path, "test") {
			continue
		}
		n++
		for _, i := range p.imports {
			if i == module+"/agent" || i == module+"/sandboxctl" {
				bad = append(bad, path+" → "+i)
			}
		}
	}
	if n < 10 {
		t.Fatalf("found %d TUI packages", n)
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("TUI packages import the agent's or the sandbox's client (call app instead):\n%s", strings.Join(bad, "\n"))
	}
}

// appSession and appServices are every exported method App may have: the session itself (its home, profile,
// clock, request log, logger, unlocked keys) and one getter per service. A use case
// lives on its service (Account, Card, Permit, …), never on App: issue 24 §2 split the
// 94-method App into services named by what users do, and this keeps a new use case from
// growing it again.
var (
	appSession  = []string{"Home", "KeepUnlocked", "Lock", "Now", "Profile", "RequestLog", "SetLogger", "Unlocked", "UpdateProfile"}
	appServices = []string{"API", "Agent"}
)

// TestAppIsTheSessionAndItsServices: App's exported methods are exactly appSession and
// appServices, and each service getter returns a value of package app whose only field is
// the session.
func TestAppIsTheSessionAndItsServices(t *testing.T) {
	p, ok := packages(t)[module+"/app"]
	if !ok {
		t.Fatal("no package app")
	}
	files, _ := filepath.Glob(filepath.Join(p.dir, "*.go"))
	fset := token.NewFileSet()
	methods := map[string]*ast.FuncDecl{}
	structs := map[string]*ast.StructType{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || !d.Name.IsExported() {
					continue
				}
				recv := d.Recv.List[0].Type
				if s, ok := recv.(*ast.StarExpr); ok {
					recv = s.X
				}
				if id, ok := recv.(*ast.Ident); ok && id.Name == "App" {
					methods[d.Name.Name] = d
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							structs[ts.Name.Name] = st
						}
					}
				}
			}
		}
	}
	var got []string
	for name := range methods {
		got = append(got, name)
	}
	sort.Strings(got)
	want := append(append([]string(nil), appSession...), appServices...)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		var extra, missing []string
		for _, n := range got {
			if !slices.Contains(want, n) {
				extra = append(extra, n)
			}
		}
		for _, n := range want {
			if !slices.Contains(got, n) {
				missing = append(missing, n)
			}
		}
		t.Errorf("App's exported methods differ from the session and its service getters:\n  not allowed on App (put the use case on its service): %v\n  allowed but gone (update appSession or appServices): %v", extra, missing)
	}
	if len(got) >= 30 {
		t.Errorf("App exports %d methods; the session and its getters stay well under 30", len(got))
	}
	// A getter takes nothing and returns a service: a struct of package app holding the
	// session (one field, *App) and nothing a front end could reach into.
	for _, name := range appServices {
		d, ok := methods[name]
		if !ok {
			continue
		}
		res := d.Type.Results
		if len(d.Type.Params.List) != 0 || res == nil || len(res.List) != 1 {
			t.Errorf("App.%s: a service getter takes nothing and returns one service", name)
			continue
		}
		id, ok := res.List[0].Type.(*ast.Ident)
		if !ok {
			t.Errorf("App.%s returns %T, not a service type of package app", name, res.List[0].Type)
			continue
		}
		st, ok := structs[id.Name]
		if !ok || len(st.Fields.List) != 1 || len(st.Fields.List[0].Names) != 1 || st.Fields.List[0].Names[0].IsExported() {
			t.Errorf("App.%s returns %s: a service is a struct with one unexported field, the session", name, id.Name)
			continue
		}
		if star, ok := st.Fields.List[0].Type.(*ast.StarExpr); !ok || fmt.Sprint(star.X) != "App" {
			t.Errorf("App.%s returns %s, whose field is not the session (*App)", name, id.Name)
		}
	}
}
