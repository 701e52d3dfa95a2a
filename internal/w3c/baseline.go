package w3c

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Baseline is an engine's accepted deviations: test id → entry. A test in
// the baseline is expected not to pass, with that class.
type Baseline map[string]BaselineEntry

// BaselineEntry is one line of a baseline file.
type BaselineEntry struct {
	Class  string
	Reason string
	Line   int
}

// ReadBaseline reads "test-id<TAB>class<TAB>reason" lines; blank lines and
// lines starting with '#' are comments.
func ReadBaseline(r io.Reader) (Baseline, error) {
	b := Baseline{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 || f[0] == "" || f[1] == "" {
			return nil, fmt.Errorf("baseline line %d: want \"test-id<TAB>class<TAB>reason\"", n)
		}
		if _, dup := b[f[0]]; dup {
			return nil, fmt.Errorf("baseline line %d: %s listed twice", n, f[0])
		}
		b[f[0]] = BaselineEntry{Class: f[1], Reason: f[2], Line: n}
	}
	return b, sc.Err()
}

// Change kinds. The first three make a run differ from its baseline.
const (
	NewFailure     = "new failure"
	ChangedClass   = "changed class"
	UnexpectedPass = "unexpected pass"
	Stale          = "stale" // in the baseline, but not run (absent or skipped): a note only
)

// Change is one difference between a run and a baseline.
type Change struct {
	Kind     string
	ID       string
	Was, Now string // classes ("" for pass / absent)
	Reason   string // the run's reason, for a new failure
}

func (c Change) String() string {
	switch c.Kind {
	case NewFailure:
		return fmt.Sprintf("%s: %s [%s] %s", c.Kind, c.ID, c.Now, c.Reason)
	case ChangedClass:
		return fmt.Sprintf("%s: %s: %s -> %s (%s)", c.Kind, c.ID, c.Was, c.Now, c.Reason)
	}
	return fmt.Sprintf("%s: %s (baseline class %s)", c.Kind, c.ID, c.Was)
}

// Fatal reports whether the change makes the run differ from its baseline.
func (c Change) Fatal() bool { return c.Kind != Stale }

// Compare lists how the report differs from b, in report order, stale
// entries last (sorted).
func (r *Report) Compare(b Baseline) []Change {
	var out []Change
	ran := map[string]bool{}
	for i := range r.Results {
		res := &r.Results[i]
		if res.Outcome == Skip {
			continue
		}
		ran[res.Test.ID] = true
		if c, ok := change(res, b); ok {
			out = append(out, c)
		}
	}
	var stale []Change
	for id, e := range b {
		if !ran[id] {
			stale = append(stale, Change{Kind: Stale, ID: id, Was: e.Class})
		}
	}
	sort.Slice(stale, func(i, j int) bool { return stale[i].ID < stale[j].ID })
	return append(out, stale...)
}

func change(res *Result, b Baseline) (Change, bool) {
	e, listed := b[res.Test.ID]
	c := Change{ID: res.Test.ID, Was: e.Class, Now: res.Class, Reason: res.Reason}
	switch {
	case res.Outcome == Pass && listed:
		c.Kind = UnexpectedPass
	case res.Outcome == Pass:
		return c, false
	case !listed:
		c.Kind = NewFailure
	case e.Class != res.Class:
		c.Kind = ChangedClass
	default:
		return c, false
	}
	return c, true
}

// WriteBaseline writes every test that did not pass (and was not skipped)
// as a baseline line, with the run's reason; a person then edits the
// reasons into explanations.
func (r *Report) WriteBaseline(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# W3C baseline for engine %s: test-id<TAB>class<TAB>reason\n", r.Engine)
	for i := range r.Results {
		res := &r.Results[i]
		if res.Outcome == Fail || res.Outcome == Error {
			reason := strings.ReplaceAll(res.Reason, "\t", " ")
			if reason == "" {
				reason = "-"
			}
			fmt.Fprintf(bw, "%s\t%s\t%s\n", res.Test.ID, res.Class, reason)
		}
	}
	return bw.Flush()
}
