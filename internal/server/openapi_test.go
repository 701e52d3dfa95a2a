package server

import (
	"bytes"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestOpenAPICoversRoutes: every route the router serves is a path of
// api/openapi.yaml with its method, and the reverse, so the description
// cannot drift from the handlers.
func TestOpenAPICoversRoutes(t *testing.T) {
	doc, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	path := ""
	pathRe, methodRe := regexp.MustCompile(`^  (/[^:]*):$`), regexp.MustCompile(`^    (get|post|put|delete|patch):`)
	for _, line := range strings.Split(string(doc), "\n") {
		if m := pathRe.FindStringSubmatch(line); m != nil {
			path = m[1]
		} else if m := methodRe.FindStringSubmatch(line); m != nil && path != "" {
			documented[strings.ToUpper(m[1])+" "+path] = true
		}
	}
	s := New(Config{Store: nil})
	served := map[string]bool{}
	chi.Walk(s.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served[method+" "+strings.TrimSuffix(route, "/*")] = true
		return nil
	})
	if len(served) < 14 || len(documented) < 14 {
		t.Fatalf("%d routes served, %d documented: the walk or the parse is broken", len(served), len(documented))
	}
	sameKeys(t, served, documented, "%s is served but not in api/openapi.yaml", "%s is in api/openapi.yaml but not served")
}

// TestOpenAPIOutcomes: the Outcome enum of api/openapi.yaml is exactly the
// triage.Outcome constants declared in internal/triage (read from the source,
// so a new outcome cannot be answered without being described).
func TestOpenAPIOutcomes(t *testing.T) {
	doc, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^    Outcome:\n(?:      .*\n)*?      enum: \[([^\]]*)\]`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("api/openapi.yaml has no components.schemas.Outcome enum")
	}
	documented := map[string]bool{}
	for _, v := range strings.Split(string(m[1]), ",") {
		documented[strings.TrimSpace(v)] = true
	}
	declared := outcomeConstants(t, "../triage")
	if len(declared) < 8 {
		t.Fatalf("%d Outcome constants found in internal/triage: the parse is broken", len(declared))
	}
	sameKeys(t, declared, documented, "outcome %q is declared in internal/triage but not in the Outcome enum",
		"outcome %q is in the Outcome enum but no internal/triage constant has it")
	for _, ref := range []string{"DiffReport", "UpdateReport"} {
		i := bytes.Index(doc, []byte("    "+ref+":\n"))
		if i < 0 || !bytes.Contains(doc[i:i+min(len(doc)-i, 3000)], []byte(`outcome: {$ref: "#/components/schemas/Outcome"}`)) {
			t.Errorf("%s's verdict outcome does not refer to the Outcome schema", ref)
		}
	}
}

// sameKeys fails the test for each key of a not in b (onlyA, a format of
// the key) and of b not in a (onlyB).
func sameKeys(t *testing.T, a, b map[string]bool, onlyA, onlyB string) {
	t.Helper()
	for k := range a {
		if !b[k] {
			t.Errorf(onlyA, k)
		}
	}
	for k := range b {
		if !a[k] {
			t.Errorf(onlyB, k)
		}
	}
}

// outcomeConstants reads the string constants of type Outcome declared in
// the package's non-test files.
func outcomeConstants(t *testing.T, dir string) map[string]bool {
	fset := gotoken.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	out := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Outcome" {
				return true
			}
			for _, v := range vs.Values {
				if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == gotoken.STRING {
					s, _ := strconv.Unquote(lit.Value)
					out[s] = true
				}
			}
			return true
		})
	}
	return out
}

// TestGrafanaQueriesKnownMetrics: every oracle_* series the Grafana
// dashboard (deploy/) queries is one the server exports.
func TestGrafanaQueriesKnownMetrics(t *testing.T) {
	dash, err := os.ReadFile("../../deploy/grafana/dashboards/oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTest(t, Config{Engines: append(inHouse(), flaky{inHouse()[1]})})
	do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "`+selectSP+`", "dataset": `+twoRows+`}`))
	exported := string(do(t, "GET", ts.URL+"/metrics", "", nil).Body)
	if !strings.Contains(exported, `oracle_sidecar_restarts_total{engine="flaky"} 3`) {
		t.Errorf("restarts of an engine that counts them are not exported")
	}
	names := regexp.MustCompile(`oracle_[a-z_]+`).FindAllString(string(dash), -1)
	if len(names) < 10 {
		t.Fatalf("%d metric references in the dashboard", len(names))
	}
	for _, n := range names {
		if !strings.Contains(exported, "\n"+n) && !strings.Contains(exported, "# TYPE "+n+" ") {
			t.Errorf("the Grafana dashboard queries %s, which /metrics does not export", n)
		}
	}
}

// flaky is an engine reporting sidecar restarts.
type flaky struct{ oracle.Engine }

func (flaky) Name() string    { return "flaky" }
func (flaky) Restarts() int64 { return 3 }
