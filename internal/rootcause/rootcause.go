package rootcause

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// RootCause is one thing an engine family's maintainers would fix once.
type RootCause struct {
	// ID is the key's hash (12 hex digits): the finding's identity in the
	// store, the API, the CLI's JSON, the dashboard and the corpus.
	ID     string `json:"id"`
	Family string `json:"family"`
	Group  string `json:"group"`
	// Relation names the metamorphic relation a finding violated (the
	// engine disagreeing with itself, Finding.Relation); "" for a finding
	// judged against the reference or the fast engine.
	Relation string   `json:"relation,omitempty"`
	Trigger  []string `json:"trigger"`
	// Ablated: the trigger was found by ablation on the reduced case; when
	// false it lists every construct of the case (no reduction ran) and
	// the identity is as fine as the case.
	Ablated  bool   `json:"ablated"`
	Symptom  string `json:"symptom"`
	Severity string `json:"severity"`
	// Status is what upstream said (a rule of the family's known.json):
	// intended, wontfix, known, fixed; "" when no rule matches.
	Status string `json:"status,omitempty"`
	// Rule is the matching rule's id, Link and Quote its evidence.
	Rule    string `json:"rule,omitempty"`
	Link    string `json:"link,omitempty"`
	Quote   string `json:"quote,omitempty"`
	FixedIn string `json:"fixed_in,omitempty"`
	// Stale, when set, says why the finding must be re-checked on the
	// newest release before it is filed (oracle.Descriptor.Stale).
	Stale string `json:"stale,omitempty"`
	// Recorded, when set, is the regression corpus's record of this root
	// cause: its case, status and tracker record (RecordedOf).
	Recorded *Recorded `json:"recorded,omitempty"`
}

// Key is what identifies a root cause.
type Key struct {
	Family   string
	Group    string
	Relation string
	Trigger  []string
	Symptom  string
}

// ID hashes the key; the trigger's order does not matter. A key without a
// relation hashes as before relations were keyed, so no stored root cause
// moves.
func (k Key) ID() string {
	t := slices.Clone(k.Trigger)
	sort.Strings(t)
	text := k.Family + "\x00" + k.Group + "\x00" + strings.Join(t, "\x01") + "\x00" + k.Symptom
	if k.Relation != "" {
		text += "\x00relation " + k.Relation
	}
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:6])
}

// keyOf is the key a finding files under. These refinements make it name
// what is fixed once rather than what was seen:
//
//   - a cosmetic root cause is one per family and kind (its class group:
//     lexical, datatype, head; or a boolean written as 0/1): what changes
//     no value is grouped, whatever construct showed it;
//   - an error whose message is the engine's own, specific one (not its
//     parser's generic "syntax error at ...") is keyed by that message: it
//     names the place in the engine's code that fails, whichever
//     constructs reached it (an internal error naming the function that
//     failed is the engine's own, whatever generic word it uses: Virtuoso's
//     "ssg_print_bop_bool_expn (): unsupported mode" came as nine root
//     causes);
//   - a parser's generic refusal of a literal (a trigger naming a literal
//     kind) is keyed by the literal kinds alone;
//   - a literal's numeric datatype in the trigger is "literal numeric":
//     that a number is needed is the trigger, which of XSD's numeric types
//     the reduced case happened to keep is not (the symptom names a
//     datatype where it matters: "xsd:int typed xsd:integer");
//   - a row dropped or added is the rows group whatever the query form
//     showed it (an ASK that answers false where the spec gives true is
//     a solution dropped: Symptom; a CONSTRUCT's triple missing is its
//     solution missing), and ASK and CONSTRUCT, which ablation cannot
//     replace, are not in its trigger;
//   - a row added or dropped under GROUP BY is a group too many or too
//     few (#defn_algGroup: one solution per key of the solutions
//     grouped, none when there are no solutions), whichever pattern,
//     FILTER, aggregate or literal made the solutions grouped: the key's
//     trigger is GROUP BY alone (RDFLib's row for an empty GROUP BY came
//     as five root causes, Rasqal's as four, one per construct that
//     emptied the group);
//   - a triple that is not RDF written by CONSTRUCT (ClassIllegalTriple:
//     a literal subject, a literal or blank predicate) is one fault, the
//     template's instantiation not leaving it out (#templatesWithBNodes,
//     #construct), whichever position and literal kind showed it;
//   - a row dropped or added by a basic graph pattern and typed literals
//     alone is the engine's matching of a stored literal: the literal's
//     datatype and lexical form (which of them the engine rewrites on
//     load) are one trigger label, "literal typed" (language-tagged and
//     xsd:string literals stay apart: another comparison);
//   - a type error of the engine's runtime (runtimeError) is keyed by
//     the expression's constructs, whichever built-in raised it and
//     whichever clause held the expression;
//   - SELECT * projecting a variable that is not in scope is the
//     projection's fault (#variableScope): the construct that mentioned
//     the variable (MINUS, FILTER, a BIND's expression) is not in the key.
func keyOf(fam string, f Finding, trig []string, sev diff.Severity) Key {
	k := Key{Family: fam, Group: groupOf(f), Relation: f.Relation, Trigger: coarse(trig), Symptom: f.Symptom}
	switch {
	case f.Relation != "": // the relation's trigger is already its rewritten clause's constructs
	case sev == diff.SeverityCosmetic:
		k.Trigger, k.Symptom = nil, cosmeticKind(f)
	case runtimeError(f) && sortingError(f, k.Trigger):
		k.Trigger, k.Symptom = []string{"ORDER BY"}, "error: the runtime's type error"
	case runtimeError(f):
		k.Trigger, k.Symptom = expressionLabels(k.Trigger), "error: the runtime's type error"
	case specificMessage(f):
		k.Trigger = nil
	case f.Class == diff.ClassRejected && len(literalLabels(k.Trigger)) > 0:
		k.Trigger = literalLabels(k.Trigger)
	case f.Symptom == "extra variable projected" && slices.Contains(k.Trigger, "SELECT *"):
		k.Trigger = []string{"SELECT *"}
	case f.Class == diff.ClassIllegalTriple:
		k.Trigger = []string{"CONSTRUCT"}
	case rowSymptoms[f.Symptom] && slices.Contains(k.Trigger, "GROUP BY"):
		k.Trigger = []string{"GROUP BY"}
	case rowSymptoms[f.Symptom]:
		k.Trigger = storedLiteral(slices.DeleteFunc(k.Trigger, func(l string) bool { return l == "ASK" || l == "CONSTRUCT" }))
	}
	return k
}

// runtimeErrorRe recognises a type or value error of the language the
// engine is written in (Python's TypeError, ValueError and decimal
// signals, Java's NumberFormatException and ClassCastException): it names
// the built-in the bad value reached (math.ceil, Decimal), not the
// engine's code that let it through. RDFLib's CEIL and ROUND over an
// ill-typed ""^^xsd:decimal raise "TypeError: must be real number" and
// "InvalidOperation" from one fault, its numeric() returning the literal.
var runtimeErrorRe = regexp.MustCompile(`^error: (query raised error: )?(TypeError|ValueError|InvalidOperation|DivisionByZero|NumberFormatException|ClassCastException): `)

func runtimeError(f Finding) bool { return runtimeErrorRe.MatchString(f.Symptom) }

// sortingErrorRe is the runtime's refusal to order two values ("'<' not
// supported between instances of 'Literal' and 'URIRef'"): under ORDER BY
// it is the sort's fault, which must order any terms (#modOrderBy), not
// the fault of the expression whose values it sorted (RDFLib's ORDER BY
// over a comparison's and over a cast's results is one fault).
var sortingErrorRe = regexp.MustCompile(`not supported between instances of`)

func sortingError(f Finding, trig []string) bool {
	return sortingErrorRe.MatchString(f.Symptom) && slices.Contains(trig, "ORDER BY")
}

// hostLabels are the clauses an expression sits in: an error raised
// evaluating it is the fault of its operators, functions and operands
// (expressionLabels), not of where ablation could not move it from.
var hostLabels = map[string]bool{"ORDER BY": true, "SELECT *": true, "BIND": true, "FILTER": true, "HAVING": true,
	"subquery": true, labelBGP: true}

// expressionLabels is the trigger without its host clauses, or the
// trigger when nothing else is left.
func expressionLabels(trig []string) []string {
	out := slices.DeleteFunc(slices.Clone(trig), func(l string) bool { return hostLabels[l] })
	if len(out) == 0 {
		return trig
	}
	return out
}

// rowSymptoms are the symptoms of a solution dropped or added.
var rowSymptoms = map[string]bool{"row dropped": true, "row added": true}

// groupOf is the finding's class group, the rows group for a row dropped
// or added whatever class the query form gave it.
func groupOf(f Finding) string {
	if rowSymptoms[f.Symptom] {
		return diff.ClassMissingRows.Group()
	}
	return f.Class.Group()
}

const (
	labelBGP          = "basic graph pattern"
	labelTypedLiteral = "literal typed"
)

// storedLiteral is the trigger of a row dropped or added: "basic graph
// pattern" and "literal typed" when it holds nothing else than a basic
// graph pattern and typed literals (not @lang, not xsd:string), the
// trigger unchanged otherwise.
func storedLiteral(trig []string) []string {
	typed := 0
	for _, l := range trig {
		switch {
		case l == labelBGP:
		case strings.HasPrefix(l, "literal ") && l != "literal xsd:string" && !strings.HasPrefix(l, "literal @"):
			typed++
		default:
			return trig
		}
	}
	if typed == 0 || !slices.Contains(trig, labelBGP) {
		return trig
	}
	return []string{labelBGP, labelTypedLiteral}
}

// literalLabels are the trigger's literal kinds. A parser's generic
// refusal of a case whose trigger names a literal kind is a refusal of
// that literal's token ("+.5"): the clause it sat in (HAVING, FILTER) is
// where ablation could not move it from, not what the parser refused.
func literalLabels(trig []string) []string {
	var out []string
	for _, t := range trig {
		if strings.HasPrefix(t, "literal ") {
			out = append(out, t)
		}
	}
	return out
}

func cosmeticKind(f Finding) string {
	if slices.Contains(cosmeticSymptoms, f.Symptom) {
		return f.Symptom
	}
	return f.Class.Group()
}

// genericMessage recognises a parser's generic complaint, which says
// where the text stopped making sense to it, not what in the engine fails.
var genericMessage = regexp.MustCompile(`(?i)syntax error|parse error|lexical error|encountered|unexpected|expected|not supported|unsupported`)

// internalError recognises an engine's report of its own internal fault
// ("Internal error: ssg_print_bop_bool_expn (): unsupported mode"): it
// names the function that failed, so it is specific even where a generic
// word ("unsupported") appears in it.
var internalError = regexp.MustCompile(`(?i)internal error`)

// specificMessage: the finding is an error, crash or refusal with a
// message of the engine's own that is not a parser's generic one.
func specificMessage(f Finding) bool {
	msg, ok := "", false
	for _, p := range []string{"error: ", "crash: ", "refused: "} {
		if m, found := strings.CutPrefix(f.Symptom, p); found {
			msg, ok = m, true
		}
	}
	return ok && len(msg) >= 12 && (internalError.MatchString(msg) || !genericMessage.MatchString(msg))
}

var numericLiteral = regexp.MustCompile(`^literal xsd:(integer|decimal|float|double|int|long|short|byte|nonNegativeInteger|positiveInteger|nonPositiveInteger|negativeInteger|unsignedInt|unsignedLong|unsignedShort|unsignedByte)$`)

// coarse is the trigger as the key reads it: numeric datatypes of
// literals as one label, sorted, each once.
func coarse(trig []string) []string {
	var out []string
	for _, t := range trig {
		if numericLiteral.MatchString(t) {
			t = "literal numeric"
		}
		out = append(out, t)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// Finding is what a root cause is computed from: one engine's divergence.
type Finding struct {
	Engine  string
	Class   diff.Class
	Trigger []string
	Ablated bool
	Symptom string
	Query   string // the witness's request text, for rules that match it
	// Relation is the metamorphic relation violated, when the finding is
	// an engine disagreeing with itself (no judge's answer): its key is
	// (family, relation, trigger, symptom), the trigger being the
	// constructs of the clause the relation rewrites, so seeds violating
	// one relation on one construct are one root cause.
	Relation string
}

// Of is the root cause of one engine's finding: its family (the parser's
// family for a refusal of an engine that reuses another's parser), the
// key, the severity, the matching rule and the staleness of the build.
func Of(f Finding) RootCause {
	d, _ := oracle.Describe(f.Engine)
	fam := d.Family
	if d.Parser != "" && parserFault(f) {
		fam = oracle.FamilyOf(d.Parser)
	}
	trig := slices.Clone(f.Trigger)
	sort.Strings(trig)
	trig = slices.Compact(trig)
	sev := SeverityOf(f.Class, f.Symptom)
	k := keyOf(fam, f, trig, sev)
	rc := RootCause{ID: k.ID(), Family: fam, Group: k.Group, Relation: f.Relation, Trigger: trig, Ablated: f.Ablated,
		Symptom: f.Symptom, Severity: sev.String(), Stale: d.Stale()}
	if trig == nil {
		rc.Trigger = []string{}
	}
	facts := oracle.Facts{Engine: f.Engine, Class: string(f.Class), Trigger: trig, Symptom: f.Symptom, Query: f.Query}
	if r, ok := oracle.MatchRule(facts); ok {
		rc.Status, rc.Rule, rc.Link, rc.Quote, rc.FixedIn = r.Status, r.ID, r.Link, r.Quote, r.FixedIn
	}
	if r, ok := RecordedOf(rc.ID); ok {
		rc.Recorded = &r
	}
	return rc
}

// parserFaultRe recognises messages of a SPARQL parser.
var parserFaultRe = regexp.MustCompile(`(?i)pars(e|er|ing)|syntax|unexpected|expected one of|spargebra`)

// parserFault: the finding is a refusal, or an error whose message is a
// parser's.
func parserFault(f Finding) bool {
	switch f.Class {
	case diff.ClassRejected:
		return true
	case diff.ClassErrorVsAnswer, diff.ClassCrash:
		return parserFaultRe.MatchString(f.Symptom)
	}
	return false
}

// cosmeticSymptoms are value differences that change no value a user
// computes with: the class says "value", the symptom says cosmetic.
var cosmeticSymptoms = []string{"boolean written as 0/1"}

// SeverityOf is the class's severity refined by the symptom.
func SeverityOf(c diff.Class, symptom string) diff.Severity {
	if slices.Contains(cosmeticSymptoms, symptom) {
		return diff.SeverityCosmetic
	}
	return c.Severity()
}

// Untriaged reports whether a root cause still asks a person: no rule
// says upstream knows or chose it.
func (rc RootCause) Untriaged() bool { return rc.Status == "" }

// Intended reports whether the maintainers chose the behaviour (or
// declared it will not be fixed): never in an engine's open count.
func (rc RootCause) Intended() bool {
	return rc.Status == oracle.RuleIntended || rc.Status == oracle.RuleWontFix
}
