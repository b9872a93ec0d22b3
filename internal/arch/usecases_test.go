package arch

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The application layer is a core (package app) and use-case packages under it (issue 30
// §4): each use case stands on the core and its port alone, so a change to one reaches no
// other, and the core knows none of them.
const (
	core     = module + "/app"
	corePort = module + "/app/internal/port"
)

// notUseCases are the packages under app that are not use cases: the port, the review
// document every review shares, and the helpers of external tests.
var notUseCases = []string{corePort, core + "/review", core + "/apptest"}

// exportBudget is about what issue 30 allows an application-layer package to export:
// past it, a package holds more than one use case (or the core more than the core).
const exportBudget = 125

// TestUseCasesStandOnTheCoreAlone: every use-case package under app imports the core and its
// port and no other use case (nor the core one of them), says in its package doc that it
// reaches the core through its port, and exports at most exportBudget identifiers, as the
// core does. A lazier check would read the import lines of one file; this reads every
// package's imports from go list and counts every exported name and method of the package.
func TestUseCasesStandOnTheCoreAlone(t *testing.T) {
	pkgs := packages(t)
	n := 0
	for path := range pkgs {
		if isUseCase(path) {
			n++
		}
	}
	if n < 12 {
		t.Fatalf("only %d use-case packages under app", n)
	}
	for _, e := range useCaseFaults(pkgs, func(dir string) string { return packageDoc(t, dir) }, func(dir string) []string { return exported(t, dir) }) {
		t.Error(e)
	}
}

// A use case that imports another, a core that imports a use case, one that skips the port,
// one whose doc says nothing of it, and one past the budget are each named; methods of an
// unexported type are not counted as exported.
func TestUseCaseFaultsAreFound(t *testing.T) {
	pkgs := map[string]pkg{
		core:            {path: core, dir: "core", imports: []string{corePort, core + "/a"}},
		core + "/a":     {path: core + "/a", dir: "a", imports: []string{core, corePort, core + "/b"}},
		core + "/b":     {path: core + "/b", dir: "b", imports: []string{core}},
		core + "/big":   {path: core + "/big", dir: "big", imports: []string{core, corePort}},
		core + "/quiet": {path: core + "/quiet", dir: "quiet", imports: []string{core, corePort}},
		corePort:        {path: corePort, dir: "port"},
	}
	docs := func(dir string) string {
		if dir == "quiet" {
			return "Package quiet does things."
		}
		return "It reaches the core through its port."
	}
	count := func(dir string) []string {
		if dir == "big" {
			return make([]string, exportBudget+1)
		}
		return nil
	}
	got := strings.Join(useCaseFaults(pkgs, docs, count), "\n")
	for _, want := range []string{
		core + "/a imports the use case " + core + "/b",
		"the core imports the use case " + core + "/a",
		core + "/b: a use case reaches the core through app and its port",
		core + "/quiet: its package doc does not say",
		core + "/big exports 126 identifiers",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("not found: %s\nin:\n%s", want, got)
		}
	}
	dir := t.TempDir()
	src := "package x\n\ntype T struct{}\n\nfunc (T) A() {}\n\ntype u struct{}\n\nfunc (*u) B() {}\n\ntype G[P any] struct{}\n\nfunc (G[P]) C() {}\n\nfunc F() {}\n\nvar V, w = 1, 2\n"
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	if names := exported(t, dir); strings.Join(names, " ") != "T T.A G G.C F V" {
		t.Errorf("exported: %v", names)
	}
}

// isUseCase says whether path is a use-case package under app.
func isUseCase(path string) bool {
	return strings.HasPrefix(path, core+"/") && !slices.Contains(notUseCases, path)
}

// useCaseFaults lists what breaks the rule of TestUseCasesStandOnTheCoreAlone in pkgs, with
// the package docs and exported names that docs and count read from a package's directory.
func useCaseFaults(pkgs map[string]pkg, docs func(dir string) string, count func(dir string) []string) []string {
	var out []string
	var paths []string
	for path := range pkgs {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		p := pkgs[path]
		switch {
		case path == core:
			for _, imp := range p.imports {
				if isUseCase(imp) {
					out = append(out, "the core imports the use case "+imp)
				}
			}
		case isUseCase(path):
			if !slices.Contains(p.imports, core) || !slices.Contains(p.imports, corePort) {
				out = append(out, fmt.Sprintf("%s: a use case reaches the core through app and its port; it imports %v", path, internal(p.imports)))
			}
			for _, imp := range p.imports {
				if imp != path && isUseCase(imp) {
					out = append(out, fmt.Sprintf("%s imports the use case %s: one use case's change would reach another", path, imp))
				}
			}
			if doc := docs(p.dir); !strings.Contains(doc, "port") {
				out = append(out, fmt.Sprintf("%s: its package doc does not say it reaches the core through its port: %q", path, doc))
			}
		default:
			continue
		}
		if names := count(p.dir); len(names) > exportBudget {
			out = append(out, fmt.Sprintf("%s exports %d identifiers (budget %d): split it", path, len(names), exportBudget))
		}
	}
	return out
}

// packageDoc is the package doc comment of the non-test files of dir.
func packageDoc(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var doc []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil {
			doc = append(doc, f.Doc.Text())
		}
	}
	return strings.Join(doc, " ")
}

// exported counts what a package in dir exports: its exported top-level names and the
// exported methods of its exported types (an exported method of an unexported type is
// reached by no other package by name).
func exported(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var names []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					names = append(names, d.Name.Name)
				} else if recv := receiverName(d.Recv.List[0].Type); ast.IsExported(recv) {
					names = append(names, recv+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	return names
}

// receiverName is the type a method's receiver names (T of T, *T, T[P]).
func receiverName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverName(x.X)
	case *ast.IndexExpr:
		return receiverName(x.X)
	case *ast.IndexListExpr:
		return receiverName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}
