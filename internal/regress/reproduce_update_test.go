package regress

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// updateReproducers runs engine's reproducer of every update case that
// records it on the wrong side (nativeUpdate) and says how many ran.
// Virtuoso's talks to a running server: adapters/virtuoso's
// TestUpdateReproducer starts one and checks it there.
func updateReproducers(t *testing.T, root string, ref oracle.Engine, engine string, cases []*Case) int {
	ran := 0
	for _, c := range cases {
		for _, e := range c.Expect {
			if e.Engine != engine {
				continue
			}
			if _, ok := expectOf(c, engine); !ok || engine == "virtuoso" {
				continue
			}
			t.Run("update/"+c.ID, func(t *testing.T) {
				if nativeUpdate(t, root, ref, c, e) {
					ran++
				}
			})
		}
	}
	return ran
}

// nativeUpdate runs one engine's reproducer on one case; false when the
// engine has none.
func nativeUpdate(t *testing.T, root string, ref oracle.Engine, c *Case, e Expect) bool {
	eng, err := registry.New(e.Engine)
	if err != nil {
		t.Fatal(err)
	}
	defer registry.Close(eng)
	var data bytes.Buffer
	if err := rdf.WriteNQuads(&data, c.Data.Quads()); err != nil {
		t.Fatal(err)
	}
	nc := oracle.NativeCase{Query: c.Query, Data: data.String(), Update: true}
	n, ok := oracle.NativeFor(eng, nc)
	if !ok {
		t.Logf("%s has no update reproducer: its report carries the oracle line alone", e.Engine)
		return false
	}
	out, stderr, runErr := runUpdateScript(t, root, e.Engine, n.Run, nc)
	if slices.Contains(e.Classes, diff.ClassGraphExistence) && !namesGraphs(out, c) {
		// N-Quads cannot hold an empty named graph: a command printing the
		// store as N-Quads cannot show which graphs exist. The report says so
		// under its command; the adapter's reproducer would have to list the
		// graphs.
		t.Skipf("%s: graph-existence is invisible in N-Quads and the command does not list the graphs:\n%s", e.Engine, out)
	}
	want := judgeStore(t, ref, c)
	got, parseErr := rdf.ParseNQuads(strings.NewReader(out), "stdout")
	switch {
	case e.Outcome != triage.Wrong && runErr == nil && parseErr == nil && rdf.IsomorphicQuads(got, want):
		t.Errorf("%s is recorded %s, the command prints the judge's store:\n%s", e.Engine, e.Outcome, out)
	case e.Outcome == triage.Wrong && runErr == nil && parseErr == nil && rdf.IsomorphicQuads(got, want):
		t.Errorf("the command prints the judge's store: the divergence does not show\n%s", out)
	case e.Outcome == triage.Wrong && runErr != nil && !strings.Contains(string(e.Classes[len(e.Classes)-1]), "error"):
		t.Errorf("the command failed (%v) where %s answers a wrong store: %s", runErr, e.Engine, excerpt(stderr))
	}
	t.Logf("%s %s: shows it with the engine alone (exit %v): %s", c.ID, e.Engine, runErr, firstLine(out+stderr))
	return true
}

// judgeStore is the judge's store after the case's request, as quads.
func judgeStore(t *testing.T, ref oracle.Engine, c *Case) []rdf.Quad {
	u, _ := oracle.AsUpdater(ref)
	ctx, cancel := context.WithTimeout(context.Background(), Deadline)
	defer cancel()
	a, err := u.Update(ctx, c.Oracle())
	if err != nil {
		t.Fatalf("the judge: %v", err)
	}
	return a.Store.Dataset().Quads()
}

// runUpdateScript runs the script with bash in a fresh folder holding
// update.ru and data.nq (runScript).
func runUpdateScript(t *testing.T, root, engine, script string, nc oracle.NativeCase) (string, string, error) {
	env, bin := scriptEnv(t, root, engine)
	if engine == "jena" {
		env.setup = func(dir string) { jenaDist(t, root, dir, bin) }
	}
	r := runScript(t, t.TempDir(), script, nc, env)
	return r.stdout, r.stderr, r.err
}

// jenaDist stands in for the apache-jena distribution the Jena command
// names: its lib folder holds the adapter's jar (Jena's classes), and java
// is the JDK the jar was built with (Jena 6 needs Java 21).
func jenaDist(t *testing.T, root, dir, bin string) {
	lib := filepath.Join(dir, "apache-jena-"+jena.Version, "lib")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	jar := filepath.Join(root, "adapters", "jena", "target", "jena-sidecar.jar")
	if err := os.Symlink(jar, filepath.Join(lib, "jena-sidecar.jar")); err != nil {
		t.Fatal(err)
	}
	shim(t, bin, "java", `exec `+shellWord(jenaJDK(root, "java"))+` "$@"`)
}

// namesGraphs: the command's output names a graph the case's divergence is
// about beyond its quads (a listing of the graphs that exist).
func namesGraphs(out string, c *Case) bool {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "#") && strings.Contains(l, "<") {
			return true
		}
	}
	return false
}
