package sparqlhttp

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestRewarmAfterAbandon runs the runaway case on the real servers under a
// 2 s deadline: a server stopped because it kept evaluating it is started
// again in the background (warm.go), so the next light case, coming once
// the restart had its time, answers within a few seconds instead of paying
// a cold start; the test logs the cold start beside it. On Fuseki (a start
// of tens of seconds on a loaded machine) a case coming half a cold start
// into the restart waits for that start (joined) rather than starting its
// own.
func TestRewarmAfterAbandon(t *testing.T) {
	jar := installed(t, FusekiJar)
	oxi := oxigraphBin(t)
	ask := &oracle.Case{Name: "ask", Query: "ASK {}"}
	for _, m := range []*Managed{OxigraphServer(oxi), Fuseki(FusekiJava(jar), jar)} {
		t.Run(m.Name(), func(t *testing.T) {
			defer m.Close()
			_, cold, err := adaptertest.Timed(m, ask, 3*time.Minute)
			if err != nil {
				t.Fatalf("cold start: %v", err)
			}
			took, stopped := abandonRunaway(t, m)
			if stopped && !m.Rewarmed(RewarmAfter+m.srv.StartTimeout) {
				t.Fatal("stopped after the abandoned case, and not started again in the background")
			}
			_, next, err := adaptertest.Timed(m, ask, time.Minute)
			t.Logf("cold start and ASK %s; runaway returned after %s (server stopped: %v); next ASK %s",
				cold.Round(time.Millisecond), took.Round(time.Millisecond), stopped, next.Round(time.Millisecond))
			if err != nil || next > 5*time.Second {
				t.Errorf("the next light case took %s (%v), want an answer within 5 s from a warm server", next.Round(time.Millisecond), err)
			}
			if m.Name() == FusekiName && stopped {
				joined(t, m, cold)
			}
		})
	}
}

// abandonRunaway runs the runaway case under a 2 s deadline, which must
// time out, and says how long it took and whether the server was stopped.
func abandonRunaway(t *testing.T, m *Managed) (time.Duration, bool) {
	t.Helper()
	_, took, err := adaptertest.Timed(m, adaptertest.CrossProduct(2000, 4), 2*time.Second)
	if k := oracle.Classify(err); k != "timeout" {
		t.Fatalf("the runaway case: %v, want a timeout", err)
	}
	return took, strings.Contains(err.Error(), "started afresh in the background")
}

// joined: a case that comes while the background restart is under way,
// half a cold start into it, waits for that start instead of starting a
// server of its own: it answers within three quarters of a cold start
// (about half is expected), and one JVM runs after it.
func joined(t *testing.T, m *Managed, cold time.Duration) {
	if _, stopped := abandonRunaway(t, m); !stopped {
		t.Logf("Fuseki stopped the second runaway case itself: no restart to join")
		return
	}
	time.Sleep(RewarmAfter + cold/2) // the restart is about half way
	_, next, err := adaptertest.Timed(m, &oracle.Case{Name: "ask", Query: "ASK {}"}, 3*time.Minute)
	javas := 0
	for _, pid := range sidecar.Tree(os.Getpid()) {
		if isJava(pid) {
			javas++
		}
	}
	t.Logf("ASK joining the background restart %s; JVMs %d", next.Round(time.Millisecond), javas)
	if err != nil || next > cold*3/4 || javas != 1 {
		t.Errorf("the case joining the restart took %s (%v; cold %s) with %d JVMs, want at most three quarters of the cold start and one JVM", next.Round(time.Millisecond), err, cold.Round(time.Millisecond), javas)
	}
}

// TestRewarmClosed: Close drops a pending background restart: no server
// runs after it, whatever was scheduled.
func TestRewarmClosed(t *testing.T) {
	oxi := oxigraphBin(t)
	m := OxigraphServer(oxi)
	if _, _, err := adaptertest.Timed(m, &oracle.Case{Query: "ASK {}"}, 3*time.Minute); err != nil {
		t.Fatal(err)
	}
	_, _, err := adaptertest.Timed(m, adaptertest.CrossProduct(2000, 4), 2*time.Second)
	if err == nil || !strings.Contains(err.Error(), "started afresh in the background") {
		t.Fatalf("the runaway case: %v, want the server stopped (it has no per-query timeout)", err)
	}
	m.Close()
	if !m.warm.Wait(RewarmAfter + 5*time.Second) {
		t.Fatal("the background restart did not end after Close")
	}
	if u := m.URL(); u != "" {
		t.Fatalf("a server runs at %s after Close", u)
	}
}
