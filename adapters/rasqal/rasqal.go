package rasqal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "rasqal"

// Config describes how to run roqet.
type Config struct {
	// Name is the engine's name (default Name); a release built beside the
	// pinned one runs as "rasqal@master" (internal/registry/releases.go).
	Name  string
	Roqet string // the roqet command (default "roqet", looked up in PATH)
	// Release, when set, is what Version reports ahead of `roqet -v`:
	// every build of git master says "0.9.34 GIT unknown", so the release
	// folder's VERSION file ("master COMMIT") names the build.
	Release string
	TempDir string // where each case's data files go (default os.TempDir())
	// MaxOutput bounds what one run may print; more is an error, not an answer.
	MaxOutput int
	// NoNetwork is kept for callers: roqet always runs confined
	// (sidecar.Jail: bwrap, else unshare --net), seeing only its case's
	// data folder besides the system, since it fetches SERVICE endpoints
	// and reads FROM IRIs (file: included) itself.
	NoNetwork bool
	// Env is added to roqet's (clean) environment.
	Env []string
	// Limits bound each run (default DefaultLimits): RLIMIT_DATA and
	// RLIMIT_CPU, SIGKILL one second past it; either is ErrResource.
	Limits sidecar.Limits
}

// DefaultLimits are roqet's limits unless the config says otherwise.
var DefaultLimits = sidecar.Limits{Memory: 1 << 30, CPU: 30 * time.Second}

// Engine runs one roqet process per case.
type Engine struct {
	cfg     Config
	once    sync.Once
	version string
}

// New returns the engine; nothing runs until the first use.
func New(cfg Config) *Engine {
	if cfg.Name == "" {
		cfg.Name = Name
	}
	if cfg.Roqet == "" {
		cfg.Roqet = "roqet"
	}
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = 64 << 20
	}
	if cfg.Limits == (sidecar.Limits{}) {
		cfg.Limits = DefaultLimits
	}
	return &Engine{cfg: cfg}
}

func (e *Engine) Name() string { return e.cfg.Name }

// Version runs `roqet -v` once; "unavailable" when it cannot run. With a
// Release it is "RELEASE (roqet VERSION)".
func (e *Engine) Version() string {
	e.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, e.cfg.Roqet, "-v").Output()
		e.version = strings.TrimSpace(string(out))
		switch {
		case err != nil || e.version == "":
			e.version = "unavailable"
		case e.cfg.Release != "":
			e.version = e.cfg.Release + " (roqet " + e.version + ")"
		}
	})
	return e.version
}

// Eval writes the case's dataset to files, runs roqet on them and reads its
// answer back, mapping file URIs to the graph names they stand for.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForEval(); err != nil { // an update case: oracle.ErrRequestKind
		return nil, err
	}
	info, perr := c.Info()
	if perr != nil {
		return e.dryRun(ctx, c, perr)
	}
	dir, err := os.MkdirTemp(e.cfg.TempDir, "rasqal-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	files, err := writeDataset(dir, c, info)
	if err != nil {
		return nil, err
	}
	query := c.Query
	if len(files.rename) > 0 {
		if query, err = c.RewriteIRIs(files.rename); err != nil {
			return nil, err
		}
	}
	graph := info.Form == "CONSTRUCT" || info.Form == "DESCRIBE"
	r := e.run(ctx, dir, e.args(query, c.Base, graph, files))
	if err := r.limited; err != nil {
		return nil, err
	}
	a, err := r.answer(graph)
	var ref *refusal
	if errors.As(err, &ref) {
		return nil, e.phaseOf(ctx, query, c.Base, ref, info.HasService)
	}
	if err != nil {
		return nil, err
	}
	files.mapBack(a)
	return a, nil
}

// phaseOf settles where a failed run failed: a dry run (-n: parse and
// prepare, nothing executed) of the same query that fails too puts it
// before evaluation; one that succeeds puts it in the evaluation.
func (e *Engine) phaseOf(ctx context.Context, query, base string, ref *refusal, hasService bool) error {
	args := []string{"-q", "-n", "-i", "sparql11-query", "-e", query}
	if base != "" {
		args = append(args, base)
	}
	dry := e.run(ctx, "", args)
	err := dry.failure()
	var again *refusal
	switch {
	case errors.As(err, &again):
		return ref.beforeEvaluation()
	case err != nil: // the dry run itself timed out or died: that is its outcome
		return err
	}
	return ref.whileEvaluating(hasService)
}

// args builds roqet's command line. SELECT and ASK answer in SPARQL results
// XML (its JSON writer is rejected with -r json); graph results come in its
// default graph syntax, which is N-Triples.
func (e *Engine) args(query, base string, graph bool, f *dataFiles) []string {
	args := []string{"-q", "-i", "sparql11-query"}
	if !graph {
		args = append(args, "-r", "xml")
	}
	if f.defaultFile != "" {
		args = append(args, "-D", f.defaultFile)
	}
	for _, n := range f.namedFiles {
		args = append(args, "-G", n)
	}
	args = append(args, "-e", query)
	if base != "" {
		args = append(args, base)
	}
	return args
}

// dryRun handles a query our parser rejects: roqet only prepares it (-n),
// so a query that is not SPARQL 1.1 never makes it read files or fetch.
func (e *Engine) dryRun(ctx context.Context, c *oracle.Case, perr error) (*results.Answer, error) {
	args := []string{"-q", "-n", "-i", "sparql11-query", "-e", c.Query}
	if c.Base != "" {
		args = append(args, c.Base)
	}
	r := e.run(ctx, "", args)
	if r.limited != nil {
		return nil, r.limited
	}
	var ref *refusal
	if err := r.failure(); errors.As(err, &ref) {
		// Refused before evaluation (nothing else runs with -n), and the
		// query is not SPARQL 1.1: a refusal.
		return nil, fmt.Errorf("%w: %s", oracle.ErrRejected, ref.msg)
	} else if err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("rasqal accepts a query that is not SPARQL 1.1 (%v); not run", perr)
}

// outcome is one finished roqet process.
type outcome struct {
	stdout, stderr []byte
	err            error // from Wait
	timedOut       bool
	overflow       bool
	limited        error // a limit stopped it (ErrResource), or it could not start confined
	// outside: it died of a SIGKILL nobody here sent (the kernel's OOM
	// killer, an operator): not the deadline's, the output cap's nor
	// RLIMIT_CPU's hard limit (which Limits.Exceeded recognises).
	outside bool
}

// run runs roqet once, and once more on a fresh process when the first was
// killed from outside: that death is ours (the machine's), never the
// case's. A second one stays in the outcome, which failure() makes
// ErrUnavailable; roqet never SIGKILLs itself, so a SIGKILL that is not
// ours is never its crash.
func (e *Engine) run(ctx context.Context, dir string, args []string) *outcome {
	o := e.runOnce(ctx, dir, args)
	if o.outside && ctx.Err() == nil {
		o = e.runOnce(ctx, dir, args)
	}
	return o
}

// runOnce starts roqet in its own process group and kills the whole group
// when the deadline passes or the output grows past the limit.
func (e *Engine) runOnce(ctx context.Context, dir string, args []string) *outcome {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd, cleanup, err := e.command(ctx, dir, args)
	if err != nil {
		return &outcome{err: err, limited: fmt.Errorf("%w: %v", oracle.ErrUnavailable, err)}
	}
	defer cleanup()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	stdout := &capped{max: e.cfg.MaxOutput, full: cancel}
	stderr := &capped{max: 64 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	o := &outcome{
		stdout: stdout.buf.Bytes(), stderr: stderr.buf.Bytes(), err: err,
		timedOut: ctx.Err() != nil && !stdout.over, overflow: stdout.over,
	}
	if !o.timedOut && !o.overflow {
		if lerr := e.cfg.Limits.Exceeded(cmd.ProcessState, string(o.stderr)); lerr != nil {
			o.limited = fmt.Errorf("rasqal: %w", lerr)
		}
	}
	o.outside = !o.timedOut && !o.overflow && o.limited == nil && sidecar.KilledBySIGKILL(cmd.ProcessState)
	return o
}

// command is roqet confined (its case's data folder read-only, nothing
// else of the server's files, no network) under its limits.
func (e *Engine) command(ctx context.Context, dir string, args []string) (*exec.Cmd, func(), error) {
	jail := sidecar.Jail{}
	if dir != "" {
		jail.ReadOnly = []string{dir}
	}
	l, err := jail.Prepare(append([]string{e.cfg.Roqet}, args...), e.cfg.Env)
	if err != nil {
		return nil, nil, err
	}
	argv := e.cfg.Limits.Argv(l.Argv, true)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = l.Dir, l.Env
	if cmd.Dir == "" && l.Mode != sidecar.ModeBwrap {
		cmd.Dir = dir
	}
	return cmd, l.Cleanup, nil
}

// signalled is the signal that ended roqet: directly, or as bwrap reports
// it, exit status 128+signal (bwrap's init waits for roqet and exits so).
func signalled(exit *exec.ExitError) (syscall.Signal, bool) {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	switch {
	case !ok:
		return 0, false
	case ws.Signaled():
		return ws.Signal(), true
	case ws.Exited() && ws.ExitStatus() > 128 && ws.ExitStatus() < 128+65 && sidecar.Confined().Mode == sidecar.ModeBwrap:
		return syscall.Signal(ws.ExitStatus() - 128), true
	}
	return 0, false
}

// capped keeps at most max bytes; past that it calls full (which kills the
// process) and drops the rest.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
	full func()
}

func (c *capped) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.max {
		if !c.over && c.full != nil {
			c.over = true
			c.full()
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}
