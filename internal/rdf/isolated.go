package rdf

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits bound what loading may consume; a zero field means no limit.
// The catalogue enforces them across all its documents together.
type Limits struct {
	MaxBytes int // total input bytes
	MaxQuads int // total quads
}

// ErrLimit is wrapped by every error caused by a Limits bound.
var ErrLimit = errors.New("input limit exceeded")

// workerEnv marks a loader worker started by LoadIsolated. Its presence
// makes ServeLoadChild act as `oracle load`, and makes LoadIsolated refuse
// to start a grandchild (a test binary without the TestMain hook would
// otherwise re-run its own tests recursively). childEnv does the same for
// a one-document `load` child started by hand (LoadIsolated starts none;
// test binaries hook behaviours on it).
const (
	workerEnv = "SPARQL_ORACLE_LOAD_WORKER"
	childEnv  = "SPARQL_ORACLE_LOAD_CHILD"
)

// DefaultLoadTimeout bounds a child when the context has no deadline.
const DefaultLoadTimeout = 30 * time.Second

// executable is os.Executable, looked up once.
var executable = sync.OnceValues(os.Executable)

// LoadIsolated parses a document in a child process (`<this binary> load
// -worker`), so that a panic in knakk/rdf's RDF/XML decoder, or a document
// that would take too long or too much memory, costs the child, not us. The child is a persistent worker from the loader pool
// (isolated_pool.go) that reads many documents one after another; a crash
// or a timeout costs that worker, which the pool replaces.
// The child writes canonical N-Quads, read back with ParseNQuads; its blank
// nodes are relabelled into a fresh scope. A crash, a timeout and a limit
// overrun each come back as an error naming the document.
func LoadIsolated(ctx context.Context, data []byte, format Format, base, name string, limits Limits) ([]Quad, error) {
	if limits.MaxBytes > 0 && len(data) > limits.MaxBytes {
		return nil, fmt.Errorf("%s: %d bytes exceeds the limit of %d: %w", name, len(data), limits.MaxBytes, ErrLimit)
	}
	if qs, ok, err := readOwn(data, format, name, limits); ok {
		return qs, err
	}
	if os.Getenv(childEnv) != "" || os.Getenv(workerEnv) != "" {
		return nil, fmt.Errorf("%s: LoadIsolated called inside a loader child (missing rdf.ServeLoadChild hook?)", name)
	}
	exe, err := executable()
	if err != nil {
		return nil, fmt.Errorf("%s: cannot find own executable: %v", name, err)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultLoadTimeout)
		defer cancel()
	}
	args := []string{"-format", format.String(), "-base", base, "-name", name, "-max-quads", strconv.Itoa(limits.MaxQuads)}
	out, err := pool.load(ctx, exe, args, data, name)
	if err != nil {
		return nil, err
	}
	qs, err := ParseNQuads(bytes.NewReader(out), name+" (loader output)")
	if err != nil {
		return nil, err
	}
	return relabel(qs, docCounter.Add(1)), nil
}

// readOwn reads in-process what needs no knakk/rdf: N-Triples and N-Quads go
// to our own reader (fuzzed, never panics), and so does a Turtle document
// that is N-Triples (the same triples either way: N-Triples is a subset of
// Turtle with absolute IRIs only). ok is false when the child must read it.
func readOwn(data []byte, format Format, name string, limits Limits) (qs []Quad, ok bool, err error) {
	switch format {
	case NTriples, NQuads:
		qs, err = parseLines(data, name, format == NQuads, false)
	case Turtle:
		if qs, err = parseLines(data, name, false, false); err != nil || len(qs) == 0 {
			return nil, false, nil
		}
	default:
		return nil, false, nil
	}
	if err == nil && limits.MaxQuads > 0 && len(qs) > limits.MaxQuads {
		err = fmt.Errorf("%s: %d quads exceeds the limit of %d: %w", name, len(qs), limits.MaxQuads, ErrLimit)
	}
	if err != nil {
		return nil, true, err
	}
	return relabel(qs, docCounter.Add(1)), true, nil
}

// childError rebuilds the child's "name:line:col: msg" (or "name: msg") error.
func childError(name, stderr string) error {
	line := firstLine(stderr)
	if strings.Contains(line, ErrLimit.Error()) {
		return fmt.Errorf("%s: %w", strings.TrimSuffix(line, ": "+ErrLimit.Error()), ErrLimit)
	}
	rest, ok := strings.CutPrefix(line, name+":")
	if !ok {
		return errors.New(line)
	}
	if parts := strings.SplitN(rest, ":", 3); len(parts) == 3 {
		l, err1 := strconv.Atoi(parts[0])
		c, err2 := strconv.Atoi(parts[1])
		if err1 == nil && err2 == nil {
			return &SyntaxError{File: name, Line: l, Col: c, Msg: strings.TrimPrefix(parts[2], " ")}
		}
	}
	return &SyntaxError{File: name, Msg: strings.TrimPrefix(rest, " ")}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// capWriter keeps at most n bytes and drops the rest.
type capWriter struct {
	w io.Writer
	n int
}

func (c *capWriter) Write(p []byte) (int, error) {
	if k := min(len(p), c.n); k > 0 {
		c.w.Write(p[:k])
		c.n -= k
	}
	return len(p), nil
}

// ServeLoadChild makes this process act as `oracle load` when it was started
// by LoadIsolated, and exits; otherwise it returns at once. Call it first
// thing in every TestMain whose tests reach LoadIsolated.
func ServeLoadChild() {
	if os.Getenv(childEnv) == "" && os.Getenv(workerEnv) == "" || len(os.Args) < 2 || os.Args[1] != "load" {
		return
	}
	os.Exit(RunLoad(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
}

// RunLoad implements `oracle load [-format F] [-base IRI] [-name NAME]
// [-max-quads N]`: it reads one document on stdin and writes canonical
// N-Quads on stdout. Exit 1 with the positioned error on stderr for bad
// input, 2 for bad usage. LoadIsolated runs `load -worker` instead: a
// worker that reads framed requests on stdin and answers each on stdout
// until EOF (isolated_child.go has the protocol).
func RunLoad(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, ok := parseLoadArgs(args, stderr)
	switch {
	case !ok:
		return 2
	case opts.worker:
		return serveWorker(stdin, stdout, stderr)
	}
	return runLoad(opts, stdin, stdout, stderr)
}

func runLoad(opts loadOpts, stdin io.Reader, stdout, stderr io.Writer) int {
	qs, err := Parse(stdin, opts.format, opts.base, opts.name)
	if err == nil && opts.maxQuads > 0 && len(qs) > opts.maxQuads {
		err = fmt.Errorf("%s: %d quads exceeds the limit of %d: %w", opts.name, len(qs), opts.maxQuads, ErrLimit)
	}
	if err == nil {
		err = WriteNQuads(stdout, qs)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

type loadOpts struct {
	format     Format
	base, name string
	maxQuads   int
	worker     bool
}

// parseLoadArgs reads `oracle load`'s flags; ok is false after a usage
// error, reported on stderr.
func parseLoadArgs(args []string, stderr io.Writer) (opts loadOpts, ok bool) {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	formatName := fs.String("format", "", "turtle, ntriples, nquads or rdfxml (default: from -name's extension, else turtle)")
	fs.StringVar(&opts.base, "base", "", "base IRI for relative IRIs")
	fs.StringVar(&opts.name, "name", "stdin", "document name used in error messages")
	fs.IntVar(&opts.maxQuads, "max-quads", 0, "fail when the document has more quads (0: no limit)")
	fs.BoolVar(&opts.worker, "worker", false, "serve framed requests on stdin until EOF (LoadIsolated's loader workers)")
	if err := fs.Parse(args); err != nil {
		return opts, false
	}
	var err error
	if opts.format, err = loadFormat(*formatName, opts.name); err != nil {
		fmt.Fprintln(stderr, err)
		return opts, false
	}
	return opts, true
}

func loadFormat(formatName, name string) (Format, error) {
	if formatName != "" {
		return ParseFormat(formatName)
	}
	if f := FormatFromName(name); f != FormatUnknown {
		return f, nil
	}
	return Turtle, nil
}

// IsolatedLoader is a Loader (for ParseCatalogueWith) that parses each
// document with LoadIsolated under ctx.
func IsolatedLoader(ctx context.Context) Loader {
	return func(data []byte, format Format, base, name string) ([]Quad, error) {
		return LoadIsolated(ctx, data, format, base, name, Limits{})
	}
}
