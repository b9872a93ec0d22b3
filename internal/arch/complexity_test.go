package arch

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxComplexity bounds every production function's cyclomatic complexity, the sandbox's
// included and abigen's generated bindings excluded: a function past it is a judgement too
// long to review as one, and is split by what it judges.
const maxComplexity = 25

// complexity is a function's cyclomatic complexity as gocyclo counts it: one, plus one for
// each if, for, range, non-default case and select case, and each && and ||.
func complexity(fn ast.Node) int {
	c := 1
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil {
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}

func TestNoFunctionIsTooComplex(t *testing.T) {
	var over []string
	files := 0
	root := "../.."
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && rel != "." {
			switch {
			case rel == "homechain/bindings", strings.HasPrefix(d.Name(), "."), d.Name() == "node_modules", d.Name() == "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				if c := complexity(fn); c > maxComplexity {
					over = append(over, fmt.Sprintf("%s: %s: %d", rel, fn.Name.Name, c))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 200 {
		t.Fatalf("%d Go files read: not the module's root?", files)
	}
	sort.Strings(over)
	if len(over) > 0 {
		t.Fatalf("cyclomatic complexity above %d:\n%s", maxComplexity, strings.Join(over, "\n"))
	}
}

// The count is gocyclo's: a function of every kind of branch.
func TestComplexityCountsEveryBranch(t *testing.T) {
	src := `package p
func f(a, b bool, xs []int, ch chan int) {
	if a && b || a {}
	for i := 0; i < 1; i++ {}
	for range xs {}
	switch { case a: case b: default: }
	select { case <-ch: default: }
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	// 1 + if + && + || + for + range + 2 cases + 1 comm case
	if got := complexity(f.Decls[0]); got != 9 {
		t.Fatalf("complexity %d, want 9", got)
	}
}
