package store

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/triage"
)

// legacyBody is a write-up as migration 001 stored it: a JSON object with
// the members of docs/report-schema.md. Migration 002 reads the members
// that identify its findings and rewrites the ones that name the engine;
// every other member is kept as written. (Filing today gets a Record with
// one body per engine already: internal/filing.)
type legacyBody map[string]json.RawMessage

// readLegacy reads a stored body; ok is false when it is no JSON object.
func readLegacy(body string) (legacyBody, bool) {
	var b legacyBody
	if json.Unmarshal([]byte(body), &b) != nil || b == nil {
		return nil, false
	}
	return b, true
}

// str is a string member ("" when absent or not a string).
func (b legacyBody) str(key string) string {
	var s string
	json.Unmarshal(b[key], &s)
	return s
}

// set sets a member to v's JSON.
func (b legacyBody) set(key string, v any) {
	b[key], _ = json.Marshal(v)
}

// objects is an array member of objects (nil when absent or not one).
func (b legacyBody) objects(key string) []legacyBody {
	var out []legacyBody
	json.Unmarshal(b[key], &out)
	return out
}

// identities are the body's findings as 001 wrote them, before root
// causes: one per engine on the signature's wrong side (the body's own
// engine when the signature does not read), keyed by class and the
// reduced case's fingerprint.
func (b legacyBody) identities() []Identity {
	var wrong []string
	if sig, err := triage.ParseSignature(b.str("signature")); err == nil {
		wrong = append(wrong, sig.Wrong...)
	}
	if len(wrong) == 0 && b.str("engine") != "" {
		wrong = append(wrong, b.str("engine"))
	}
	slices.Sort(wrong)
	var rep struct{ Reproducer Reproducer }
	json.Unmarshal(b["reproducer"], &rep.Reproducer)
	fp := FingerprintOf(rep.Reproducer)
	var out []Identity
	for _, e := range slices.Compact(wrong) {
		out = append(out, Identity{Engine: e, Class: b.str("class"), Fingerprint: fp})
	}
	return out
}

// forEngine is the body as filed against engine: its engine and version,
// its answer first among the actual answers, its own tracker report alone
// (with its effect, feature and title); the others stay as annotations.
func (b legacyBody) forEngine(engine string) legacyBody {
	out := legacyBody{}
	for k, v := range b {
		out[k] = v
	}
	out.set("engine", engine)
	for _, er := range b.objects("reports") {
		if er.str("engine") == engine {
			out.set("reports", []legacyBody{er})
			out["effect"], out["feature"] = er["effect"], er["feature"]
			if rc, ok := er["root_cause"]; ok {
				out["root_cause"] = rc
			}
			out.set("title", statusPrefix(b.str("title"))+er.str("title")+" ("+engine+")")
			break
		}
	}
	actual := b.objects("actual")
	if actual == nil {
		return out
	}
	slices.SortStableFunc(actual, func(x, y legacyBody) int {
		return boolRank(x.str("engine") != engine) - boolRank(y.str("engine") != engine)
	})
	if actual[0].str("engine") == engine {
		out["version"] = actual[0]["version"]
	}
	out.set("actual", actual)
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// statusPrefix is a title's bracketed status ("[spec question] "), if any.
func statusPrefix(title string) string {
	if i := strings.Index(title, "] "); strings.HasPrefix(title, "[") && i > 0 {
		return title[:i+2]
	}
	return ""
}
