package rasqal

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// roqet's exit status: 0 for success, 1 for an error, and 2 whenever a
// warning was raised, even with a complete and correct answer. Its stderr
// says what went wrong ("roqet: Error - URI ...:1 - syntax error, ...").

// answer reads roqet's output when it is a whole answer, and classifies the
// failure otherwise. A partial document is never taken as an answer.
func (o *outcome) answer(graph bool) (*results.Answer, error) {
	if err := o.failure(); err != nil {
		return nil, err
	}
	if graph {
		quads, err := rdf.ParseNQuads(bytes.NewReader(o.stdout), "roqet output")
		if err != nil {
			return nil, fmt.Errorf("rasqal printed unreadable N-Triples: %w", err)
		}
		a := &results.Answer{Kind: results.Graph}
		for _, q := range quads {
			a.Triples = append(a.Triples, q.Triple())
		}
		return a, nil
	}
	a, err := results.ReadXML(bytes.NewReader(o.stdout))
	if err != nil {
		return nil, fmt.Errorf("rasqal printed an incomplete or unreadable results document: %w", err)
	}
	return a, nil
}

// failure classifies a run that did not produce an answer; nil when it did
// (exit 0 or 2, and no error on stderr).
func (o *outcome) failure() error {
	switch {
	case o.timedOut:
		return fmt.Errorf("%w: roqet killed at the deadline", oracle.ErrTimeout)
	case o.overflow:
		return fmt.Errorf("rasqal printed more than the output limit")
	}
	var exit *exec.ExitError
	if o.err != nil && !errors.As(o.err, &exit) {
		return fmt.Errorf("%w: cannot run roqet: %v", oracle.ErrUnsupported, o.err)
	}
	if exit != nil {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return fmt.Errorf("%w: roqet died of %v: %s", oracle.ErrCrashed, ws.Signal(), o.message())
		}
	}
	code := 0
	if exit != nil {
		code = exit.ExitCode()
	}
	if (code == 0 || code == 2) && !bytes.Contains(o.stderr, []byte("roqet: Error")) &&
		!bytes.Contains(o.stderr, []byte("failed")) {
		return nil
	}
	return o.classify(code)
}

// classify names a failed run from roqet's messages. The query reached roqet
// only if our SPARQL 1.1 parser accepted it, so a parse failure in roqet is a
// feature it lacks (property paths, EXISTS, NOT EXISTS, ...), not a syntax
// error; the dry run turns it back into ErrRejected for queries we reject.
func (o *outcome) classify(code int) error {
	msg := o.message()
	switch {
	case o.parseFailed():
		return fmt.Errorf("%w: rasqal cannot parse this SPARQL 1.1 query: %s", oracle.ErrUnsupported, msg)
	case containsAny(msg, "Could not resolve host", "Failed to fetch", "Resolving URI failed"):
		return fmt.Errorf("%w: rasqal tried to fetch a remote resource (no network here): %s", oracle.ErrUnsupported, msg)
	case containsAny(msg, "was not bound and not used in the query", "Aggregate expressions cannot be evaluated"):
		return fmt.Errorf("%w: rasqal refuses this SPARQL 1.1 query at preparation: %s", oracle.ErrUnsupported, msg)
	case strings.Contains(msg, "Query execution failed"):
		// MINUS, DESCRIBE and SERVICE end here: execution features it lacks.
		return fmt.Errorf("%w: rasqal failed to execute the query (MINUS, DESCRIBE and SERVICE end here): %s", oracle.ErrUnsupported, msg)
	case strings.Contains(msg, "assertion failed"):
		// Its assertions log and carry on (exit 0): the output is not trusted.
		return fmt.Errorf("rasqal failed an internal assertion (exit %d): %s", code, msg)
	case strings.Contains(msg, "Cannot write illegal XML 1.0 character"):
		return fmt.Errorf("%w: rasqal cannot write a result term in XML 1.0: %s", oracle.ErrUnsupported, msg)
	}
	return fmt.Errorf("roqet exited with status %d: %s", code, msg)
}

// parseFailed reports whether roqet refused the query text itself.
func (o *outcome) parseFailed() bool {
	return containsAny(string(o.stderr), "syntax error", "Parsing query", "Failed to decode SPARQL ID", "was not declared")
}

// message is roqet's stderr on one line, bounded, for error texts.
func (o *outcome) message() string {
	s := strings.Join(strings.Fields(string(o.stderr)), " ")
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	if s == "" {
		return "(no message)"
	}
	return s
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
