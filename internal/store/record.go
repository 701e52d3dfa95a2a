package store

import (
	"encoding/json"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/rootcause"
)

// Record is a divergence as the store files it: what makes its findings
// (the signature's wrong side, each engine's root cause, the reduced case
// the fingerprint is taken of) and what each finding shows. The store
// reads no write-up type: whoever files converts its write-up to a Record
// (internal/filing converts a report.Bug), and each finding's write-up is
// kept as the JSON it was given (Witness.Body), returned as Report.Bug.
type Record struct {
	ID        string // the write-up's id: ReportByBugID finds the finding by it
	Signature string // triage.Signature.String(); filing needs one
	Engine    string // the divergence's own engine: FileReport returns its finding
	Class     string // diff.Class
	Kind      string // triage.Kind
	Status    string // the filing's own status: open, internal, suspect, spec-question
	Feature   string // the construct it shows in ("" when none)
	// Reproducer is the reduced case: a finding's fingerprint is taken
	// of it (FingerprintOf), and of two witnesses the smaller is kept.
	Reproducer Reproducer
	// Witnesses are the findings: one per engine on the wrong side.
	Witnesses []Witness
}

// Reproducer is the text of the reduced case.
type Reproducer struct {
	Query string // SPARQL text
	Base  string // the base IRI, "" when none
	Data  string // N-Quads
}

// size is the reproducer's length, by which a smaller witness is kept.
func (r Reproducer) size() int { return len(r.Query) + len(r.Data) }

// Witness is one engine's finding in a Record, as it is listed and shown.
type Witness struct {
	Engine  string
	Version string // the engine's version as it ran
	Title   string
	Feature string
	// RootCause is what the finding is a witness of; zero for a write-up
	// made before root causes, keyed by class and fingerprint instead.
	RootCause rootcause.RootCause
	// Body is the write-up filed against this engine, a JSON object
	// (docs/report-schema.md), kept as given and returned as Report.Bug
	// with its "status" the finding's current one.
	Body json.RawMessage
}

// check says what makes a Record unfit to file.
func (r Record) check() error {
	switch {
	case r.Signature == "":
		return fmt.Errorf("%w: report without a signature", ErrInvalid)
	case len(r.Witnesses) == 0:
		return fmt.Errorf("%w: report names no diverging engine", ErrInvalid)
	}
	for i, w := range r.Witnesses {
		if w.Engine == "" {
			return fmt.Errorf("%w: witness %d names no engine", ErrInvalid, i)
		}
		if !isObject(w.Body) {
			return fmt.Errorf("%w: %s's write-up is not a JSON object", ErrInvalid, w.Engine)
		}
	}
	return nil
}

// isObject tells whether body is one JSON object.
func isObject(body []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(body, &m) == nil && m != nil
}

// withStatus is a stored write-up with its "status" member set to the
// finding's current status (triage changes it after filing).
func withStatus(body []byte, status string) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	m["status"], _ = json.Marshal(status)
	return json.Marshal(m)
}

// standIn is the write-up shown for a stored body that does not read back
// (never written so by FileReport): the row's own columns, under the
// member names of docs/report-schema.md, so a damaged row does not hide
// the rest of a listing.
func standIn(r Report, why error) json.RawMessage {
	body, _ := json.Marshal(map[string]any{"engine": r.Engine, "version": r.Version, "class": r.Class,
		"kind": r.Kind, "status": r.Status, "signature": r.Signature, "feature": r.Feature,
		"title": r.Title + " (stored report unreadable: " + why.Error() + ")"})
	return body
}
