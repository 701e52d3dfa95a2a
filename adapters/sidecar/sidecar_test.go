package sidecar

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestMain lets the test binary act as a sidecar process of its own: a real
// child process speaking the protocol, whose behaviour the query text picks
// ("hang", "die", "garbage", "reject"; anything else counts the data's lines).
func TestMain(m *testing.M) {
	rdf.ServeLoadChild() // a loader worker of this binary (loader_test.go)
	if os.Getenv("SIDECAR_TEST_CHILD") == "1" {
		serveTestChild()
		return
	}
	os.Exit(m.Run())
}

func serveTestChild() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req Request
		json.Unmarshal(in.Bytes(), &req)
		switch {
		case req.Op == "version":
			out.Encode(Response{ID: req.ID, OK: true, Version: "child-1", Engine: "child"})
		case req.Op == "ping":
			out.Encode(Response{ID: req.ID, OK: true})
		case hostileChild(out, &req):
		case req.Query == "hang":
			time.Sleep(time.Hour)
		case req.Query == "slow":
			time.Sleep(400 * time.Millisecond)
			out.Encode(Response{ID: req.ID, OK: true, Format: "json", Result: `{"head":{"vars":[]},"results":{"bindings":[]}}`})
		case req.Query == "die":
			os.Exit(7)
		case req.Query == "garbage":
			fmt.Println("this is not json")
		case req.Query == "reject":
			out.Encode(Response{ID: req.ID, Error: &Failure{Kind: "rejected", Message: "line 1: bad"}})
		default:
			n := strings.Count(req.Data, "\n")
			res := fmt.Sprintf(`{"head":{"vars":["n"]},"results":{"bindings":[{"n":{"type":"literal","value":"%d","datatype":"http://www.w3.org/2001/XMLSchema#integer"}}]}}`, n)
			out.Encode(Response{ID: req.ID, OK: true, Format: "json", Result: res, TimeMS: 0.5})
		}
	}
}

func childEngine(t *testing.T, pool int) *Engine {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Config{Name: "child", Command: []string{exe}, Env: []string{"SIDECAR_TEST_CHILD=1"}, Pool: pool, StartTimeout: 10 * time.Second})
	t.Cleanup(e.Close)
	return e
}

func testCase(query string) *oracle.Case {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://x/s"), P: rdf.IRI("http://x/p"), O: rdf.String("o")})
	ds.Add(rdf.Quad{S: rdf.IRI("http://x/s"), P: rdf.IRI("http://x/p"), O: rdf.String("o2"), G: rdf.IRI("http://x/g")})
	return &oracle.Case{Query: query, Dataset: ds}
}

func evalWithin(e *Engine, q string, d time.Duration) (*results.Answer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return e.Eval(ctx, testCase(q))
}

func TestAnswerAndVersion(t *testing.T) {
	e := childEngine(t, 1)
	if v := e.Version(); v != "child-1" {
		t.Fatalf("version %q", v)
	}
	a, err := evalWithin(e, "count", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Rows[0]["n"]; got != rdf.Literal("2", rdf.XSDInteger) {
		t.Fatalf("the sidecar saw %v data lines, want 2 quads", got)
	}
	if e.LastQueryTime() != 500*time.Microsecond {
		t.Errorf("engine time %v, want 500µs", e.LastQueryTime())
	}
}

// TestFaults checks that a hang, a death and a protocol break are each
// classified, and that the next case runs on a fresh process.
func TestFaults(t *testing.T) {
	e := childEngine(t, 1)
	cases := []struct {
		query string
		want  error
	}{
		{"hang", oracle.ErrTimeout},
		{"die", oracle.ErrCrashed},
		{"garbage", oracle.ErrCrashed},
		{"reject", oracle.ErrRejected},
	}
	for _, c := range cases {
		start := time.Now()
		_, err := evalWithin(e, c.query, 300*time.Millisecond)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.query, err, c.want)
		}
		if time.Since(start) > 5*time.Second {
			t.Errorf("%s: took %v", c.query, time.Since(start))
		}
		if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
			t.Errorf("after %s the next case failed: %v", c.query, err)
		}
	}
	if e.Restarts() < 3 {
		t.Errorf("restarts = %d, want at least 3", e.Restarts())
	}
}

// TestDeadlineExcludesWait: a case's deadline bounds its own request, not
// the wait for the pool's one process (busy with a slower case): the
// waiting case still answers, where counting the wait timed it out and,
// killing its process, cascaded into the next cases.
func TestDeadlineExcludesWait(t *testing.T) {
	e := childEngine(t, 1)
	e.Version() // the process is up
	done := make(chan error, 1)
	go func() { _, err := evalWithin(e, "slow", 5*time.Second); done <- err }()
	time.Sleep(50 * time.Millisecond)
	if _, err := evalWithin(e, "count", 300*time.Millisecond); err != nil {
		t.Fatalf("the case that waited for the busy process failed: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("slow case: %v", err)
	}
	if e.Restarts() != 0 {
		t.Errorf("restarts = %d, want 0", e.Restarts())
	}
}

// A sidecar that cannot start is unavailable: it says nothing about the
// engine's answers, so it is neither correct nor a bug.
func TestMissingCommandIsUnavailable(t *testing.T) {
	e := New(Config{Name: "absent", Command: []string{"/nonexistent/sidecar"}})
	_, err := evalWithin(e, "count", time.Second)
	if !errors.Is(err, oracle.ErrUnavailable) {
		t.Fatalf("error %v, want ErrUnavailable", err)
	}
	if e.Version() != "unavailable" {
		t.Errorf("version of a missing engine: %q", e.Version())
	}
}
