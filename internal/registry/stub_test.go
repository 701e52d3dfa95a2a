package registry_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// stubLine is the one line that adds an engine to the oracle: a blank
// import of its adapter folder in this package (the stub's folder is
// adapters/adaptertest/stub). The test adds it with a build overlay, so
// the stub is never in the real binary.
const stubLine = `import _ "github.com/sparql-oracle/oracle/adapters/adaptertest/stub"`

// TestStubEngineOneFolderOneLine proves that adding an engine is one new
// folder plus one registry line: it builds the oracle binary with
// stubLine added to internal/registry and nothing else, then runs the
// stub through `oracle diff` (judged correct against the reference),
// `oracle version` (listed with its pin), a sweep of generated
// cases (`oracle sweep start`) and the dashboard of `oracle serve` over
// that sweep's store (its engine page lists it, with its version and
// family from its descriptor). -short skips it (it builds the binary).
func TestStubEngineOneFolderOneLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the oracle binary")
	}
	root, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := buildWithStub(t, root)
	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "ORACLE_HOME="+root)
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return 0, string(out)
	}

	write(t, filepath.Join(dir, "q.rq"), "PREFIX : <http://e/>\nSELECT ?s ?o WHERE { ?s :p ?x OPTIONAL { ?x :q ?o } } ORDER BY ?s")
	write(t, filepath.Join(dir, "d.ttl"), "@prefix : <http://e/> .\n:a :p :b . :b :q 1 . :c :p :d .\n")
	code, out := run("diff", "-q", "q.rq", "-d", "d.ttl", "--engines", "stub", "--format", "json")
	var rep struct {
		Kind     string
		Verdicts []struct{ Engine, Outcome string }
	}
	if code != 0 || json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &rep) != nil {
		t.Fatalf("oracle diff --engines stub: exit %d\n%s", code, out)
	}
	if !hasVerdict(rep.Verdicts, "stub", "correct") {
		t.Errorf("oracle diff: no correct verdict for stub: %+v", rep.Verdicts)
	}

	if code, out = run("version"); code != 0 || !regexp.MustCompile(`(?m)^stub +1\.0\.0$`).MatchString(out) {
		t.Errorf("oracle version: exit %d, stub not listed with its pin\n%s", code, out)
	}

	db := filepath.Join(dir, "o.db")
	if code, out = run("sweep", "start", "--db", db, "--gen", "0:4", "--workers", "1", "--engines", "stub"); code != 0 || !strings.Contains(out, "done") {
		t.Fatalf("oracle sweep start --engines stub: exit %d\n%s", code, out)
	}
	page := dashboardPage(t, bin, root, db, "/engines/stub")
	for _, want := range []string{"stub", "1.0.0"} {
		if !strings.Contains(page, want) {
			t.Errorf("the dashboard's engine page lacks %q:\n%.2000s", want, page)
		}
	}
	if list := dashboardPage(t, bin, root, db, "/engines"); !strings.Contains(list, "/engines/stub") {
		t.Errorf("the dashboard's engines page does not link the stub:\n%.2000s", list)
	}
}

// buildWithStub builds cmd/oracle with stubLine added to internal/registry
// (go build -overlay: the working tree is not touched).
func buildWithStub(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	line := filepath.Join(dir, "stub_engine.go")
	write(t, line, "package registry\n\n"+stubLine+"\n")
	overlay, _ := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(root, "internal", "registry", "stub_engine.go"): line}})
	write(t, filepath.Join(dir, "overlay.json"), string(overlay))
	bin := filepath.Join(dir, "oracle")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-o", bin, "./cmd/oracle")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build with the stub's line: %v\n%s", err, out)
	}
	return bin
}

// dashboardPage starts `oracle serve` on the store db, on a free loopback
// port, and returns the body of path; the server is stopped before return.
func dashboardPage(t *testing.T, bin, root, db, path string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db, "--engines", "stub")
	cmd.Env = append(os.Environ(), "ORACLE_HOME="+root)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
	}
	resp, err := http.Get("http://" + addr + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s\n%.1000s", path, resp.Status, body)
	}
	return string(body)
}

func hasVerdict(vs []struct{ Engine, Outcome string }, engine, outcome string) bool {
	for _, v := range vs {
		if v.Engine == engine && v.Outcome == outcome {
			return true
		}
	}
	return false
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
