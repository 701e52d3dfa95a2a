package deploy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Marker starts the comment of the rule this project adds, so a merged
// profile is recognised (and not merged twice).
const Marker = "sparql-oracle"

// Rule is a seccomp rule in the runtimes' JSON format (moby's and
// containers/common's), restricted to what the addition may hold: names
// allowed whatever their arguments.
type Rule struct {
	Names   []string `json:"names"`
	Action  string   `json:"action"`
	Comment string   `json:"comment"`
}

// Addition is seccomp-bwrap-addition.json: the rule to append and, per
// syscall, why bubblewrap needs it.
type Addition struct {
	About string            `json:"about"`
	Rule  Rule              `json:"rule"`
	Why   map[string]string `json:"why"`
}

// ParseAddition reads an addition strictly (an unknown key is an error)
// and checks it can only allow: one rule, action allow, each name
// explained, the marker in its comment.
func ParseAddition(data []byte) (Addition, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var a Addition
	if err := dec.Decode(&a); err != nil {
		return a, fmt.Errorf("seccomp addition: %w", err)
	}
	r := a.Rule
	if r.Action != "SCMP_ACT_ALLOW" || len(r.Names) == 0 || !strings.HasPrefix(r.Comment, Marker) {
		return a, fmt.Errorf("seccomp addition: the rule must be SCMP_ACT_ALLOW with names and a comment starting %q", Marker)
	}
	for _, n := range r.Names {
		if a.Why[n] == "" {
			return a, fmt.Errorf("seccomp addition: %s has no entry in \"why\"", n)
		}
	}
	if len(a.Why) != len(r.Names) {
		return a, errors.New("seccomp addition: \"why\" explains a syscall the rule does not name")
	}
	return a, nil
}

// Merge returns base with the addition's rule appended to its syscalls;
// every other byte of meaning in base is kept (its keys are re-encoded,
// in sorted order). It refuses a base that is not a deny-by-default
// seccomp profile, one already merged, and one that refuses one of the
// addition's syscalls by a rule of its own (that is the runtime's
// decision, which an appended allow must not contradict).
func Merge(base, addition []byte) ([]byte, error) {
	a, err := ParseAddition(addition)
	if err != nil {
		return nil, err
	}
	top, rules, err := parseBase(base)
	if err != nil {
		return nil, err
	}
	if err := checkBase(rules, a.Rule.Names); err != nil {
		return nil, err
	}
	raw := make([]json.RawMessage, len(rules))
	for i, r := range rules {
		raw[i] = r.raw
	}
	added, err := json.Marshal(a.Rule)
	if err != nil {
		return nil, err
	}
	top["syscalls"], err = json.Marshal(append(raw, added))
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(top, "", "  ")
	return append(out, '\n'), err
}

// baseRule is what Merge reads of a base rule; raw is the rule itself,
// written back unchanged.
type baseRule struct {
	Names   []string `json:"names"`
	Name    string   `json:"name"` // the older one-name form
	Action  string   `json:"action"`
	Comment string   `json:"comment"`
	raw     json.RawMessage
}

var actions = []string{"SCMP_ACT_KILL", "SCMP_ACT_KILL_PROCESS", "SCMP_ACT_KILL_THREAD", "SCMP_ACT_TRAP",
	"SCMP_ACT_ERRNO", "SCMP_ACT_TRACE", "SCMP_ACT_ALLOW", "SCMP_ACT_LOG", "SCMP_ACT_NOTIFY"}

// parseBase checks the shape of a seccomp profile: an object with a
// known defaultAction that is not allow, and a non-empty syscalls list
// of rules each with an action and names.
func parseBase(data []byte) (map[string]json.RawMessage, []baseRule, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, nil, fmt.Errorf("base profile: not a JSON object: %w", err)
	}
	var def string
	if err := json.Unmarshal(top["defaultAction"], &def); err != nil || !slices.Contains(actions, def) {
		return nil, nil, fmt.Errorf("base profile: not a seccomp profile (defaultAction %q, want one of %v)", top["defaultAction"], actions)
	}
	if def == "SCMP_ACT_ALLOW" || def == "SCMP_ACT_LOG" {
		return nil, nil, fmt.Errorf("base profile: defaultAction %s allows every syscall: there is nothing to add to, and nothing confines the container", def)
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(top["syscalls"], &raws); err != nil || len(raws) == 0 {
		return nil, nil, errors.New("base profile: not a seccomp profile (no \"syscalls\" list of rules)")
	}
	rules := make([]baseRule, len(raws))
	for i, raw := range raws {
		r := &rules[i]
		if err := json.Unmarshal(raw, r); err != nil || !slices.Contains(actions, r.Action) || len(r.Names) == 0 && r.Name == "" {
			return nil, nil, fmt.Errorf("base profile: syscalls[%d] is not a seccomp rule (names and an SCMP_ACT_* action): %s", i, raw)
		}
		r.raw = raw
	}
	return top, rules, nil
}

// checkBase refuses a base already merged, or one with a rule of its own
// that does something other than allow one of the addition's syscalls.
func checkBase(rules []baseRule, ours []string) error {
	for i, r := range rules {
		if strings.HasPrefix(r.Comment, Marker) {
			return fmt.Errorf("base profile: syscalls[%d] is already this project's addition: merge into the runtime's own profile, not a merged one", i)
		}
		if r.Action == "SCMP_ACT_ALLOW" {
			continue
		}
		for _, n := range append(r.Names, r.Name) {
			if slices.Contains(ours, n) {
				return fmt.Errorf("base profile: syscalls[%d] answers %s with %s: the runtime refuses it on purpose, so the addition is not merged over it", i, n, r.Action)
			}
		}
	}
	return nil
}
