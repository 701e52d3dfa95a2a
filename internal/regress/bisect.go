package regress

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// ReleaseVerdict is one release's verdict on a case (Bisect).
type ReleaseVerdict struct {
	Release  registry.Release `json:"release"`
	Version  string           `json:"version"` // what the engine said it runs
	Outcome  triage.Outcome   `json:"outcome"`
	Classes  []diff.Class     `json:"classes,omitempty"`
	Present  bool             `json:"present"`  // the divergence reproduces in this release
	Unjudged bool             `json:"unjudged"` // this release could not be judged (unavailable, timeout, no judge)
}

// Bisect runs c on every installed release of engine (registry.Releases:
// the pinned one and those installed beside it, oldest first), each judged
// against the reference as `oracle diff` judges it. A release reproduces
// the finding when it is judged wrong, or fails (error, rejected, crashed)
// where the judge answered; with class set, only when that class is among
// its classes.
func Bisect(ctx context.Context, c *oracle.Case, engine string, class diff.Class, deadline time.Duration) ([]ReleaseVerdict, error) {
	rels, err := registry.Releases(engine)
	if err != nil {
		return nil, err
	}
	ref, err := registry.New(oracle.JudgeName)
	if err != nil {
		return nil, err
	}
	var out []ReleaseVerdict
	for _, rel := range rels {
		out = append(out, judgeRelease(ctx, c, ref, rel, class, deadline))
	}
	return out, nil
}

func judgeRelease(ctx context.Context, c *oracle.Case, ref oracle.Engine, rel registry.Release, class diff.Class, deadline time.Duration) ReleaseVerdict {
	rv := ReleaseVerdict{Release: rel, Version: rel.Version, Outcome: triage.Unavailable, Unjudged: true}
	eng, err := registry.New(rel.Name)
	if err != nil {
		return rv
	}
	defer registry.Close(eng)
	v := triage.Judge(ctx, c, []oracle.Engine{ref, eng}, deadline).Verdict(rel.Name)
	if v == nil {
		return rv
	}
	rv.Version, rv.Outcome, rv.Classes = v.Version, v.Outcome, v.Classes
	switch v.Outcome {
	case triage.Wrong, triage.Errored, triage.Rejected, triage.Crashed:
		rv.Unjudged = false
		rv.Present = class == "" || slices.Contains(v.Classes, class)
	case triage.Correct, triage.Extended:
		rv.Unjudged = false
	}
	return rv
}

// BisectLine says in which releases a finding reproduces, oldest first:
// "present in 5.0.0 to 5.6.0, fixed in 6.2.0", "present in 5.6.0 to
// 6.2.0" (every release installed), "absent in 5.6.0, introduced in
// 6.2.0", "absent in 5.6.0 to 6.2.0"; releases that could not be judged
// are named apart.
func BisectLine(engine string, vs []ReleaseVerdict) string {
	var judged []ReleaseVerdict
	var parts, unjudged []string
	for _, v := range vs {
		if v.Unjudged {
			unjudged = append(unjudged, v.Release.Version+" ("+string(v.Outcome)+")")
			continue
		}
		judged = append(judged, v)
	}
	seen := false // some earlier release reproduced it
	for i := 0; i < len(judged); {
		j := i
		for j+1 < len(judged) && judged[j+1].Present == judged[i].Present {
			j++
		}
		parts = append(parts, span(judged[i].Present, i > 0, seen, versions(judged[i], judged[j])))
		seen = seen || judged[i].Present
		i = j + 1
	}
	line := engine + ": " + strings.Join(parts, ", ")
	if len(parts) == 0 {
		line = engine + ": no installed release could be judged"
	}
	if len(unjudged) > 0 {
		line += "; not judged: " + strings.Join(unjudged, ", ")
	}
	return line
}

func versions(from, to ReleaseVerdict) string {
	if from.Release.Version == to.Release.Version {
		return from.Release.Version
	}
	return from.Release.Version + " to " + to.Release.Version
}

// span words one run of releases with the same verdict, by what came
// before it: the first run is "present" or "absent"; a present run after
// an absent one "introduced" (or "present again" when an earlier release
// had it), an absent run after a present one "fixed".
func span(present, after, seen bool, versions string) string {
	switch {
	case present && after && seen:
		return "present again in " + versions
	case present && after:
		return "introduced in " + versions
	case present:
		return "present in " + versions
	case after:
		return "fixed in " + versions
	}
	return "absent in " + versions
}

// FindingBisectLines is the line per engine of a corpus case's finding
// (its signature's wrong side) for the findings page: each engine with
// releases installed side by side is bisected; the others are left out.
func FindingBisectLines(ctx context.Context, c *Case) []string {
	sig, err := triage.ParseSignature(c.Meta["signature"])
	if err != nil {
		return nil
	}
	var lines []string
	for _, e := range sig.Wrong {
		rels, err := registry.Releases(e)
		if err != nil || len(rels) < 2 {
			continue
		}
		vs, err := Bisect(ctx, c.Oracle(), e, sig.Class, Deadline)
		if err != nil {
			lines = append(lines, fmt.Sprintf("%s: not bisected: %v", e, err))
			continue
		}
		lines = append(lines, BisectLine(e, vs))
	}
	return lines
}
