package adaptertest

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Secret is the distinctive literal of the files the hostile checks plant:
// it must never appear in an answer or an error.
const Secret = "SECRET-7f3a9c-never-read"

// secretTurtle is a file any RDF parser reads (Turtle, N-Triples, N3).
const secretTurtle = "<http://example/secret> <http://example/p> \"" + Secret + "\" .\n"

// Listener is a loopback TCP listener that counts connections and answers
// each with a small HTTP response holding Secret (so a fetch that got
// through would show).
type Listener struct {
	URL   string
	conns atomic.Int32
	ln    net.Listener
}

// Listen starts a Listener, closed when the test ends.
func Listen(t *testing.T) *Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &Listener{URL: fmt.Sprintf("http://%s/", ln.Addr()), ln: ln}
	t.Cleanup(func() { ln.Close() })
	go l.serve()
	return l
}

func (l *Listener) serve() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		l.conns.Add(1)
		c.SetDeadline(time.Now().Add(2 * time.Second))
		c.Read(make([]byte, 4096))
		fmt.Fprintf(c, "HTTP/1.0 200 OK\r\nContent-Type: text/turtle\r\n\r\n%s", secretTurtle)
		c.Close()
	}
}

// Conns is how many connections the listener has seen.
func (l *Listener) Conns() int { return int(l.conns.Load()) }

// PlantSecrets writes the secret Turtle file in a temporary folder and in
// the working folder (the adapter's own folder when run by go test: the
// one folder a confined engine can read), and returns both paths.
func PlantSecrets(t *testing.T) []string {
	tmp := filepath.Join(t.TempDir(), "secret.ttl")
	wd, _ := os.Getwd()
	own := filepath.Join(wd, fmt.Sprintf(".hostile-%d.ttl", os.Getpid()))
	for _, p := range []string{tmp, own} {
		if err := os.WriteFile(p, []byte(secretTurtle), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { os.Remove(own) })
	return []string{tmp, own}
}

// HostileQueries are queries that try to read a file or reach the
// listener: dataset clauses on file: and http: IRIs, SERVICE, LOAD, and
// the built-ins engines have for it (Virtuoso's bif: and sql:).
func HostileQueries(files []string, url string) []string {
	var qs []string
	for _, f := range files {
		u := "file://" + f
		qs = append(qs,
			"SELECT * FROM <"+u+"> WHERE { ?s ?p ?o }",
			"SELECT * FROM NAMED <"+u+"> WHERE { GRAPH ?g { ?s ?p ?o } }",
			"BASE <file://"+filepath.Dir(f)+"/> SELECT * FROM <"+filepath.Base(f)+"> WHERE { ?s ?p ?o }",
			"SELECT * WHERE { SERVICE <"+u+"> { ?s ?p ?o } }",
			`SELECT (<bif:file_to_string>("`+f+`") AS ?o) WHERE {}`,
		)
	}
	return append(qs,
		"SELECT * WHERE { SERVICE <"+url+"sparql> { ?s ?p ?o } }",
		"SELECT * WHERE { SERVICE SILENT <"+url+"sparql> { ?s ?p ?o } }",
		"SELECT * FROM <"+url+"g> WHERE { ?s ?p ?o }",
		"SELECT * FROM NAMED <"+url+"g> WHERE { GRAPH ?g { ?s ?p ?o } }",
		`SELECT (<bif:http_get>("`+url+`x") AS ?o) WHERE {}`,
		`PREFIX bif: <bif:> SELECT (bif:http_client("`+url+`y") AS ?o) WHERE {}`,
		`SELECT (<sql:DB.DBA.XML_URI_GET>("", "`+url+`z") AS ?o) WHERE {}`,
		"LOAD <"+url+"load>",
		"LOAD <"+url+"load> INTO GRAPH <http://example/into>",
	)
}

// checkHostile: no query reads a planted file or reaches the listener,
// nothing of either shows in an answer or an error, and
// FROM <file:///dev/zero> ends within its deadline.
func checkHostile(t *testing.T, e oracle.Engine) {
	l := Listen(t)
	for _, q := range HostileQueries(PlantSecrets(t), l.URL) {
		a, err := eval(t, e, q)
		if leaks(a, err) {
			t.Errorf("%s: the engine read the secret: %+v, %v", q, a, err)
		}
		t.Logf("%-.90s → %s", q, outcome(a, err))
	}
	time.Sleep(100 * time.Millisecond)
	if n := l.Conns(); n > 0 {
		t.Errorf("the loopback listener saw %d connection(s): an engine reached the network", n)
	}
	checkDevZero(t, e)
	checkServiceWord(t, e)
	logPeakRSS(t, e)
}

// checkServiceWord: no guard matches words: a query whose IRIs and
// literals say "service" runs like any other.
func checkServiceWord(t *testing.T, e oracle.Engine) {
	q := `SELECT ?o WHERE { ?s ?p ?o FILTER(?s != <http://example/service> && ?o != "SERVICE") }`
	a, err := eval(t, e, q)
	if err != nil || len(a.Rows) != 1 {
		t.Errorf("%s: %+v, %v; want the default graph's one row", q, a, err)
	}
}

// leaks reports whether the secret shows in an answer or an error.
func leaks(a *results.Answer, err error) bool {
	if err != nil && strings.Contains(err.Error(), Secret) {
		return true
	}
	return a != nil && strings.Contains(fmt.Sprint(a.Rows, a.Triples), Secret)
}

func outcome(a *results.Answer, err error) string {
	if err != nil {
		return oracle.Classify(err) + ": " + firstLine(err.Error())
	}
	return fmt.Sprintf("answer (%d rows, %d triples)", len(a.Rows), len(a.Triples))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

// DevZeroDeadline is the deadline of the FROM <file:///dev/zero> case.
const DevZeroDeadline = 10 * time.Second

// checkDevZero: a dataset clause naming an endless file ends within the
// deadline (plus a second for the kill) with any outcome but a crash.
func checkDevZero(t *testing.T, e oracle.Engine) {
	for _, q := range []string{"SELECT * FROM <file:///dev/zero> WHERE { ?s ?p ?o }",
		"SELECT * FROM NAMED <file:///dev/zero> WHERE { GRAPH ?g { ?s ?p ?o } }"} {
		ctx, cancel := context.WithTimeout(context.Background(), DevZeroDeadline)
		start := time.Now()
		a, err := e.Eval(ctx, &oracle.Case{Name: t.Name(), Query: q, Dataset: Dataset()})
		took := time.Since(start)
		cancel()
		t.Logf("%s: %s in %v", q, outcome(a, err), took.Round(time.Millisecond))
		if took > DevZeroDeadline+time.Second {
			t.Errorf("%s took %v, past its %v deadline", q, took, DevZeroDeadline)
		}
		if oracle.Classify(err) == "crashed" {
			t.Errorf("%s: %v", q, err)
		}
	}
}

// logPeakRSS logs the peak resident memory of the engine's processes, for
// engines that measure it (sidecars: PeakRSS).
func logPeakRSS(t *testing.T, e oracle.Engine) {
	if p, ok := e.(interface{ PeakRSS() int64 }); ok {
		t.Logf("peak RSS of %s's processes: %d MiB", e.Name(), p.PeakRSS()>>20)
	}
}
