package triage

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
)

// Signature identifies a divergence independently of the case that shows
// it: the class and the engines on each side. Reports are deduplicated by
// it, and the reducer keeps a candidate only when the same signature
// survives (docs/architecture.md, "Reduction and reports"), never for "some
// difference".
type Signature struct {
	Class diff.Class
	Wrong []string // the diverging engines, sorted
	Right []string // the engines that agree with the judge (judge included), sorted
}

// String is the stable text form: "class: wrong,engines | right,engines".
func (s Signature) String() string {
	return fmt.Sprintf("%s: %s | %s", s.Class, strings.Join(s.Wrong, ","), strings.Join(s.Right, ","))
}

// Equal reports whether two signatures are the same.
func (s Signature) Equal(t Signature) bool { return s.String() == t.String() }

// ParseSignature reads the String form back.
func ParseSignature(text string) (Signature, error) {
	cls, rest, ok := strings.Cut(text, ": ")
	wrong, right, ok2 := strings.Cut(rest, " | ")
	if !ok || !ok2 {
		return Signature{}, fmt.Errorf("diff: signature %q: want \"class: a,b | c,d\"", text)
	}
	c, err := diff.ParseClass(cls)
	if err != nil {
		return Signature{}, err
	}
	return Signature{Class: c, Wrong: splitNames(wrong), Right: splitNames(right)}, nil
}

func splitNames(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	out := strings.Split(s, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	sort.Strings(out)
	return out
}

// Divergence is one signature found in a case, with the engines' verdicts.
type Divergence struct {
	Signature Signature
	// Internal: the fast engine is on the wrong side (the reference and
	// the fast engine disagree): a bug of ours, reported loudly.
	Internal bool
	// Suspect: oracle suspect (judge and twin against every external):
	// reported to us, never filed against the engines.
	Suspect bool
}
