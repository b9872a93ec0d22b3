package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestOneReceiverNamePerType: every method of a type names its receiver the same way, in
// production code and tests alike (generated code aside), so a reader of any method knows what the receiver is
// called (gofmt cannot, and the review of issue 30 found service receivers named six ways).
// The check is shown to see a second name first.
func TestOneReceiverNamePerType(t *testing.T) {
	mixed := func(files map[string]string) []string {
		names := map[string]map[string]bool{}
		fset := token.NewFileSet()
		for name, src := range files {
			f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || len(fd.Recv.List[0].Names) == 0 {
					continue
				}
				typ := fd.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				switch x := typ.(type) {
				case *ast.IndexExpr:
					typ = x.X
				case *ast.IndexListExpr:
					typ = x.X
				}
				id, ok := typ.(*ast.Ident)
				if !ok {
					continue
				}
				if names[id.Name] == nil {
					names[id.Name] = map[string]bool{}
				}
				if n := fd.Recv.List[0].Names[0].Name; n != "_" {
					names[id.Name][n] = true
				}
			}
		}
		var bad []string
		for typ, ns := range names {
			if len(ns) > 1 {
				var list []string
				for n := range ns {
					list = append(list, n)
				}
				sort.Strings(list)
				bad = append(bad, typ+": "+strings.Join(list, ", "))
			}
		}
		sort.Strings(bad)
		return bad
	}
	if got := mixed(map[string]string{"a.go": "package p\ntype T struct{}\nfunc (t T) A() {}\nfunc (x *T) B() {}\n"}); len(got) != 1 {
		t.Fatalf("the check missed a second receiver name: %v", got)
	}
	var bad []string
	for path, p := range packages(t) {
		files, _ := filepath.Glob(filepath.Join(p.dir, "*.go"))
		// A package's tests in package p_test are another package; theirs are read apart.
		byPkg := map[string]map[string]string{}
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			src := string(b)
			f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if ast.IsGenerated(f) {
				continue // abigen's bindings: their names are the generator's
			}
			if byPkg[f.Name.Name] == nil {
				byPkg[f.Name.Name] = map[string]string{}
			}
			byPkg[f.Name.Name][name] = src
		}
		for pkgName, fs := range byPkg {
			for _, b := range mixed(fs) {
				bad = append(bad, path+" ("+pkgName+") "+b)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("types whose methods name their receiver more than one way:\n%s", strings.Join(bad, "\n"))
	}
}
