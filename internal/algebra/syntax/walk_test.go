package syntax

import (
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// countNodes counts, by reflection, every non-nil pointer to a node struct
// reachable from n: Walk must visit exactly these.
func countNodes(v reflect.Value, seen map[string]int) int {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		n := countNodes(v.Elem(), seen)
		if _, ok := v.Interface().(Node); ok {
			seen[v.Type().String()]++
			n++
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		return countNodes(v.Elem(), seen)
	case reflect.Slice:
		n := 0
		for i := 0; i < v.Len(); i++ {
			n += countNodes(v.Index(i), seen)
		}
		return n
	case reflect.Struct:
		n := 0
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				n += countNodes(v.Field(i), seen)
			}
		}
		return n
	}
	return 0
}

// declaredNodeTypes reads the tree's source files and lists, as "*Name",
// every struct type that embeds Pos: the node types of the tree.
func declaredNodeTypes(t *testing.T) []string {
	var out []string
	for _, f := range []string{"ast.go", "ast12.go", "update_ast.go"} {
		file, err := goparser.ParseFile(gotoken.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if st, ok := ts.Type.(*ast.StructType); ok && embedsPos(st) {
				out = append(out, "*"+ts.Name.Name)
			}
			return false
		})
	}
	sort.Strings(out)
	return out
}

func embedsPos(st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if id, ok := f.Type.(*ast.Ident); ok && len(f.Names) == 0 && id.Name == "Pos" {
			return true
		}
	}
	return false
}

// walkCaseTypes lists the types of the cases of Walk's switch (walk.go).
func walkCaseTypes(t *testing.T) []string {
	file, err := goparser.ParseFile(gotoken.NewFileSet(), "walk.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "Walk" {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if cc, ok := n.(*ast.CaseClause); ok {
				for _, e := range cc.List {
					if star, ok := e.(*ast.StarExpr); ok {
						out = append(out, "*"+star.X.(*ast.Ident).Name)
					}
				}
			}
			return true
		})
	}
	sort.Strings(out)
	return out
}

// parsedTrees parses every W3C query and update file (SPARQL 1.0, 1.1 and
// 1.2 folders) and this package's testdata inputs that parse, as the
// corpus of trees the parser produces.
func parsedTrees(t *testing.T) map[string]Node {
	out := map[string]Node{}
	root := filepath.Join(w3cDir(t), "sparql")
	for _, sub := range []string{"sparql10", "sparql11", "sparql12"} {
		filepath.WalkDir(filepath.Join(root, sub), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			src, _ := os.ReadFile(p)
			opts := Options{Base: "file://" + filepath.ToSlash(p)}
			switch filepath.Ext(p) {
			case ".rq":
				if q, err := Parse(string(src), opts); err == nil {
					out[p] = q
				}
			case ".ru":
				if u, err := ParseUpdate(string(src), opts); err == nil {
					out[p] = u
				}
			}
			return nil
		})
	}
	for _, f := range []string{"check.txt", "print.txt", "sparql12.txt", "expand.txt"} {
		for _, c := range readCases(t, filepath.Join("testdata", f)) {
			if q, err := Parse(c.input, Options{}); err == nil {
				out[f+":"+c.cmd+":"+c.input] = q
			}
		}
	}
	return out
}

// TestWalkEveryNodeType: Walk's switch lists exactly the node types the
// tree declares, the parser produces every one of them from the W3C suites
// and the testdata, and on every parsed tree Walk visits each node
// reachable from the root once (counted by reflection). A node type added
// to ast*.go and not to Walk fails here.
func TestWalkEveryNodeType(t *testing.T) {
	declared, cases := declaredNodeTypes(t), walkCaseTypes(t)
	if !slices.Equal(declared, cases) {
		t.Fatalf("node types missing from Walk's switch: %v; cases that are no node type: %v", minus(declared, cases), minus(cases, declared))
	}
	trees := parsedTrees(t)
	produced, visitedTypes := map[string]int{}, map[string]int{}
	for name, n := range trees {
		visited := 0
		Inspect(n, func(m Node) bool {
			visited++
			visitedTypes[reflect.TypeOf(m).String()]++
			return true
		})
		if want := countNodes(reflect.ValueOf(n), produced); visited != want {
			t.Errorf("%s: Walk visited %d nodes, tree has %d", name, visited, want)
		}
	}
	var missing []string
	for _, ty := range declared {
		if visitedTypes["*syntax."+ty[1:]] == 0 {
			missing = append(missing, ty)
		}
	}
	if len(missing) > 0 {
		t.Errorf("no parsed tree holds %v: add a case that produces them", missing)
	}
	t.Logf("%d trees, %d node types declared, %d nodes visited", len(trees), len(declared), sum(visitedTypes))
}

// minus lists the members of a that b lacks.
func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// alien is a node type the tree does not have.
type alien struct{ Pos }

func TestWalkUnknownNodePanics(t *testing.T) {
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "unexpected node type *syntax.alien") {
			t.Fatalf("recovered %v, want the unknown node type named", r)
		}
	}()
	Inspect(&GroupPattern{Elems: []Pattern{&Filter{Expr: &Binary{X: &Var{Name: "x"}}}}}, func(Node) bool { return true })
	Walk(inspector(func(Node) bool { return true }), &alien{})
	t.Fatal("Walk returned on an unknown node type")
}

// depthVisitor checks the Visitor protocol: every Visit(n) that returns a
// visitor is closed by exactly one Visit(nil) after the children.
type depthVisitor struct{ stack *[]Node }

func (d depthVisitor) Visit(n Node) Visitor {
	if n == nil {
		*d.stack = (*d.stack)[:len(*d.stack)-1]
		return nil
	}
	*d.stack = append(*d.stack, n)
	return d
}

func TestWalkVisitorProtocol(t *testing.T) {
	u, err := ParseUpdate("PREFIX : <http://e/> DELETE { ?s :p ?o } INSERT { GRAPH :g { ?s :q [] } } USING :u WHERE { ?s :p ?o FILTER NOT EXISTS { ?o :r 1 } } ; CLEAR GRAPH :g", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var stack []Node
	Walk(depthVisitor{&stack}, u)
	if len(stack) != 0 {
		t.Fatalf("%d nodes left open", len(stack))
	}
	var typed *GroupPattern
	Inspect(typed, func(Node) bool { t.Fatal("a nil *GroupPattern was visited"); return true })
	Inspect(Node(nil), func(Node) bool { t.Fatal("nil was visited"); return true })
}

func TestInspectAndClone(t *testing.T) {
	files := allQueries(t)
	checked := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		q, err := Parse(string(src), Options{Base: "file://" + filepath.ToSlash(f)})
		if err != nil {
			continue
		}
		c := Clone(q)
		if !Equal(q, c) || c.String() != q.String() {
			t.Errorf("%s: clone differs", f)
		}
		if c.Where != nil && c.Where == q.Where {
			t.Errorf("%s: clone shares nodes", f)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no queries checked")
	}
}
