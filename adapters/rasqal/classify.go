package rasqal

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
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
		a, err := sidecar.ReadGraph(bytes.NewReader(o.stdout), "roqet output")
		if err != nil {
			return nil, fmt.Errorf("rasqal printed unreadable N-Triples: %w", err)
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
// (exit 0 or 2, and no error on stderr). A refusal or an error is returned
// as a *refusal, whose phase the caller settles with a dry run (phaseOf).
func (o *outcome) failure() error {
	switch {
	case o.timedOut:
		return fmt.Errorf("%w: roqet killed at the deadline", oracle.ErrTimeout)
	case o.overflow:
		return fmt.Errorf("rasqal printed more than the output limit")
	case o.outside:
		return fmt.Errorf("%w: roqet was killed from outside twice (a SIGKILL the oracle did not send: the kernel's OOM killer or an operator), not by the case", oracle.ErrUnavailable)
	}
	var exit *exec.ExitError
	if o.err != nil && !errors.As(o.err, &exit) {
		return fmt.Errorf("%w: cannot run roqet: %v", oracle.ErrUnavailable, o.err)
	}
	if exit != nil {
		if sig, ok := signalled(exit); ok {
			return fmt.Errorf("%w: roqet died of %v: %s", oracle.ErrCrashed, sig, o.message())
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
	return &refusal{code: code, msg: o.message()}
}

// refusal is a failed roqet run whose phase is not known yet: roqet says
// where it failed only in words, so the adapter asks it again with -n
// (parse and prepare only, nothing executed) and lets that decide.
type refusal struct {
	code int
	msg  string
}

func (r *refusal) Error() string {
	return fmt.Sprintf("roqet exited with status %d: %s", r.code, r.msg)
}

// beforeEvaluation classifies a refusal the dry run repeats: roqet refused
// the query while parsing or preparing it. Our SPARQL 1.1 parser accepted
// it (a query it rejects only gets the dry run, dryRun), so roqet lacks
// the feature (property paths, EXISTS, some aggregates): ErrUnsupported,
// this adapter's documented rule.
func (r *refusal) beforeEvaluation() error {
	return fmt.Errorf("%w: rasqal refuses this SPARQL 1.1 query before evaluating it (parse or prepare): %s", oracle.ErrUnsupported, r.msg)
}

// whileEvaluating classifies a refusal the dry run does not repeat: roqet
// failed while executing. Its only words for an execution it cannot do
// are "Query execution failed" (MINUS, DESCRIBE and SERVICE end there,
// measured on 0.9.33), a feature it lacks; a failed assertion is logged
// and carried on from, so the output is not trusted; a term XML 1.0
// cannot hold stops its writer. Anything else is an evaluation error.
func (r *refusal) whileEvaluating(hasService bool) error {
	switch {
	case hasService:
		return fmt.Errorf("%w: SERVICE cannot be evaluated without a network: %s", oracle.ErrUnsupported, r.msg)
	case strings.Contains(r.msg, "Query execution failed"):
		return fmt.Errorf("%w: rasqal failed to execute the query (MINUS, DESCRIBE and SERVICE end here): %s", oracle.ErrUnsupported, r.msg)
	case strings.Contains(r.msg, "assertion failed"):
		return fmt.Errorf("rasqal failed an internal assertion (exit %d): %s", r.code, r.msg)
	case strings.Contains(r.msg, "Cannot write illegal XML 1.0 character"):
		return fmt.Errorf("%w: rasqal cannot write a result term in XML 1.0: %s", oracle.ErrUnsupported, r.msg)
	}
	return fmt.Errorf("%w: %s", oracle.ErrQueryError, r.Error())
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
