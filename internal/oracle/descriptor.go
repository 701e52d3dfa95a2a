package oracle

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Descriptor is everything the oracle knows about one engine, declared once
// by the engine's adapter (its folder holds the data: the pinned manifests,
// known.json) and registered with Register in the adapter package's init.
// Packages that must not import the adapters read it by name (Describe):
// triage groups findings by Family, the store and the dashboard show
// Newest and the rules, reports mark findings of a stale build.
type Descriptor struct {
	// Name is the engine's canonical name (registry.Canonical).
	Name string `json:"name"`
	// Note says why the data below is as it is (what a comment would say
	// in code: the adapter's descriptor.json has no comments).
	Note string `json:"note,omitempty"`
	// Family is the code base whose maintainers would fix its bugs once:
	// an engine's library, its language bindings and its server are one
	// family. Defaults to Name.
	Family string `json:"family"`
	// Parser is the family whose parser the engine reuses when that is not
	// its own (an engine built on another's parser): a root cause whose
	// trigger is a refusal or a parse error belongs to that family.
	Parser string `json:"parser,omitempty"`
	// Version is the build tested here (the pin; registry fills it from the
	// installed manifests when the adapter leaves it empty).
	Version string `json:"version"`
	// Newest is the newest build its maintainers ship, as known to the
	// project on Newest.Checked.
	Newest Release `json:"newest"`
	// Tracker is where the engine's bugs are filed.
	Tracker string `json:"tracker,omitempty"`
	// Supports lists the optional parts of the oracle's interface the
	// engine has: "update", "sparql12", "endpoint".
	Supports []string `json:"supports,omitempty"`
	// Rules are the engine's known behaviours: what its maintainers declared
	// intended or won't fix, and issues already filed: the file RulesFrom
	// names in the adapter folder (known.json).
	Rules     []Rule `json:"rules,omitempty"`
	RulesFrom string `json:"rules_from,omitempty"`
	// Install says how it is installed, pinned and confined
	// (descriptor_install.go).
	Install Install `json:"install"`
	// EARL describes its project in EARL reports (none: its name alone).
	EARL Project `json:"earl,omitzero"`
	// Build builds it from a config entry's settings: the registry builds
	// every described engine this way, and knows none by name.
	Build func(BuildSettings) (Engine, error) `json:"-"`
	// Capacity is the most quads the engine is known to load and query
	// within its default deadline on the reference machine (2 cores): Run
	// does not give it a case over that (ErrUnsupported, naming both sizes
	// and the measurement, the sentence of Note that names the capacity).
	// 0: no limit known.
	Capacity int `json:"capacity,omitempty"`
	// Pools: Build runs Pool processes itself (a sidecar pool), so the
	// registry adds no limit on cases in flight; otherwise it does.
	Pools bool `json:"pools,omitempty"`
	// Probe is how `oracle engines` checks that it runs: ProbeASK, a live
	// endpoint answers ASK {}; "" (the default), the engine answers its
	// version (a server is not started for it).
	Probe string `json:"probe,omitempty"`
	// BuildRelease builds one of its releases installed beside the pin
	// (engine@release: Install.Releases; BuildSettings.Release names it,
	// Dir is the adapter folder holding it); nil when it has none.
	BuildRelease func(BuildSettings) (Engine, error) `json:"-"`
	// Bench starts its sidecar by hand under root (a checkout, the data
	// folder) for `oracle bench`; nil when it cannot be benchmarked.
	Bench func(root string) Process `json:"-"`
}

// Release is one upstream build of an engine.
type Release struct {
	Version string `json:"version"`
	// Date is the release's date (YYYY-MM-DD), or the snapshot's commit date
	// for an unreleased branch.
	Date string `json:"date,omitempty"`
	// Source says where the fact comes from (a release page, a tag, a
	// package registry), checked on Checked.
	Source  string `json:"source,omitempty"`
	Checked string `json:"checked,omitempty"`
	// Unmaintained: the maintainers no longer ship this engine (its
	// successor, if any, in Source).
	Unmaintained bool `json:"unmaintained,omitempty"`
}

// Stale says why a finding on the tested build must be re-checked on what
// the maintainers ship before it is filed: "" when the tested build is the
// newest known release.
func (d Descriptor) Stale() string {
	switch {
	case d.Newest.Unmaintained:
		return fmt.Sprintf("%s is no longer maintained (%s)", d.Name, d.Newest.Source)
	case d.Newest.Version == "" || d.Version == "":
		return ""
	case versionLess(d.Version, d.Newest.Version) && d.Newest.Date != "":
		return fmt.Sprintf("tested build %s is older than the newest %s (%s)", d.Version, d.Newest.Version, d.Newest.Date)
	case versionLess(d.Version, d.Newest.Version):
		return fmt.Sprintf("tested build %s is older than the newest %s", d.Version, d.Newest.Version)
	}
	return ""
}

// versionLess compares dotted versions numerically field by field; a
// version that is not numbered (a branch name such as "master") is newer
// than any numbered one. Text after the first space is ignored ("0.9.33
// (Debian 12 rasqal-utils)").
func versionLess(a, b string) bool {
	a, _, _ = strings.Cut(strings.TrimPrefix(a, "v"), " ")
	b, _, _ = strings.Cut(strings.TrimPrefix(b, "v"), " ")
	if a == b {
		return false
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < max(len(as), len(bs)); i++ {
		x, y := field(as, i), field(bs, i)
		if x != y {
			return x < y
		}
	}
	return false
}

// field is the i-th dotted field as a number; missing is 0, not a number
// (a branch, "master") is above every release.
func field(fs []string, i int) int {
	if i >= len(fs) {
		return 0
	}
	digits := strings.TrimRightFunc(fs[i], func(r rune) bool { return r < '0' || r > '9' })
	n, err := strconv.Atoi(digits)
	if err != nil {
		return 1 << 30
	}
	return n
}

// Rule statuses: what the maintainers said of a root cause.
const (
	RuleIntended = "intended" // the behaviour is on purpose: never untriaged, never open
	RuleWontFix  = "wontfix"  // acknowledged, and declared not to be fixed
	RuleKnown    = "known"    // an open issue reports it
	RuleFixed    = "fixed"    // an issue or a merged change fixed it after the tested build
)

// Rule matches root causes of one engine family and says what upstream
// said of them. Every field of Match that is set must hold.
type Rule struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	// Link is the issue or change where the maintainers said it.
	Link string `json:"link"`
	// Quote is the maintainers' own sentence (required for intended and
	// wontfix), Note what we add (what the rule matches, why).
	Quote string `json:"quote,omitempty"`
	Note  string `json:"note,omitempty"`
	// FixedIn is the release that fixed it (status fixed).
	FixedIn string `json:"fixed_in,omitempty"`
	Match   Match  `json:"match"`
}

// Match is what a rule requires of a root cause (RootCauseFacts).
type Match struct {
	// Engines limits the rule to these members of the family (none: all).
	Engines []string `json:"engines,omitempty"`
	// Classes: the finding's divergence class is one of these.
	Classes []string `json:"classes,omitempty"`
	// Trigger: every construct listed is in the root cause's trigger.
	Trigger []string `json:"trigger,omitempty"`
	// Symptom: the root cause's symptom matches this regular expression.
	Symptom string `json:"symptom,omitempty"`
	// Query: the witness's query matches this regular expression.
	Query string `json:"query,omitempty"`
}

// Facts are what a rule is matched against: one finding's root cause.
type Facts struct {
	Engine  string
	Class   string
	Trigger []string
	Symptom string
	Query   string
}

// Matches reports whether every set field of r.Match holds for f.
func (r Rule) Matches(f Facts) bool {
	m := r.Match
	if len(m.Engines) > 0 && !slices.Contains(m.Engines, f.Engine) {
		return false
	}
	if len(m.Classes) > 0 && !slices.Contains(m.Classes, f.Class) {
		return false
	}
	for _, c := range m.Trigger {
		if !slices.Contains(f.Trigger, c) {
			return false
		}
	}
	return matchRe(m.Symptom, f.Symptom) && matchRe(m.Query, f.Query)
}

func matchRe(expr, s string) bool {
	if expr == "" {
		return true
	}
	ok, err := regexp.MatchString(expr, s)
	return err == nil && ok
}

// ParseRules reads an adapter's known.json: a JSON array of Rule. Every
// rule needs an id, a status of the four, a link, a quote when intended
// or wontfix, and a valid regular expression in symptom and query.
func ParseRules(data []byte) ([]Rule, error) {
	var rs []Rule
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rs); err != nil {
		return nil, fmt.Errorf("known rules: %w", err)
	}
	seen := map[string]bool{}
	for i, r := range rs {
		if err := checkRule(r); err != nil {
			return nil, fmt.Errorf("known rules: rule %d (%q): %w", i+1, r.ID, err)
		}
		if seen[r.ID] {
			return nil, fmt.Errorf("known rules: rule id %q twice", r.ID)
		}
		seen[r.ID] = true
	}
	return rs, nil
}

func checkRule(r Rule) error {
	switch {
	case r.ID == "":
		return fmt.Errorf("no id")
	case r.Link == "":
		return fmt.Errorf("no link")
	case (r.Status == RuleIntended || r.Status == RuleWontFix) && r.Quote == "":
		return fmt.Errorf("status %s needs the maintainers' sentence in quote", r.Status)
	}
	switch r.Status {
	case RuleIntended, RuleWontFix, RuleKnown, RuleFixed:
	default:
		return fmt.Errorf("status %q: want intended, wontfix, known or fixed", r.Status)
	}
	for _, re := range []string{r.Match.Symptom, r.Match.Query} {
		if _, err := regexp.Compile(re); err != nil {
			return fmt.Errorf("bad regular expression %q: %w", re, err)
		}
	}
	return nil
}

// MustRules is ParseRules for an adapter's embedded known.json: a rule file
// that does not read is a build defect, caught by every test run.
func MustRules(data []byte) []Rule {
	rs, err := ParseRules(data)
	if err != nil {
		panic(err)
	}
	return rs
}

var descriptors = struct {
	sync.RWMutex
	m map[string]Descriptor
}{m: map[string]Descriptor{}}

// Register records an engine's descriptor; adapters call it from init.
// Registering a name twice replaces the first (a release engine, registered
// by the registry, is described by its own name).
func Register(d Descriptor) {
	if d.Family == "" {
		d.Family = d.Name
	}
	descriptors.Lock()
	defer descriptors.Unlock()
	descriptors.m[d.Name] = d
}

// Describe returns the descriptor registered for name. An engine nobody
// described (a test stub, an endpoint of the config) is its own family.
// "engine@release" is described as engine at that release.
func Describe(name string) (Descriptor, bool) {
	descriptors.RLock()
	defer descriptors.RUnlock()
	if d, ok := descriptors.m[name]; ok {
		return d, true
	}
	if base, rel, ok := strings.Cut(name, "@"); ok {
		if d, ok := descriptors.m[base]; ok {
			d.Name, d.Version = name, rel
			return d, true
		}
	}
	return Descriptor{Name: name, Family: name}, false
}

// FamilyOf is the family of the engine called name (itself when
// undescribed).
func FamilyOf(name string) string {
	d, _ := Describe(name)
	return d.Family
}

// Described lists every registered descriptor, sorted by name.
func Described() []Descriptor {
	descriptors.RLock()
	defer descriptors.RUnlock()
	out := make([]Descriptor, 0, len(descriptors.m))
	for _, d := range descriptors.m {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// DescribedNames are the names of the described engines keep accepts,
// sorted: the one loop behind the registry's lists (the engines an adapter
// builds, those installed at several releases).
func DescribedNames(keep func(Descriptor) bool) []string {
	var out []string
	for _, d := range Described() {
		if keep(d) {
			out = append(out, d.Name)
		}
	}
	return out
}

// FamilyRules are the rules every member of the engine's family declares
// (a family's rules live in one adapter folder and apply to every member),
// in the order of the members' names, each once.
func FamilyRules(name string) []Rule {
	fam := FamilyOf(name)
	var out []Rule
	seen := map[string]bool{}
	for _, d := range Described() {
		if d.Family != fam {
			continue
		}
		for _, r := range d.Rules {
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// MatchRule is the first rule of the engine's family matching f (ok false
// when none does).
func MatchRule(f Facts) (Rule, bool) {
	for _, r := range FamilyRules(f.Engine) {
		if r.Matches(f) {
			return r, true
		}
	}
	return Rule{}, false
}
