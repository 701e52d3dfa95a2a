package report

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rootcause"
)

// A finding is one engine's witness of a root cause (internal/rootcause):
// the per-engine report says which, above the reproducer, so the person
// filing it sees whether upstream already knows it, chose it, or fixed it
// in a build newer than the one tested.

// familyMembers are the engines of the family (oracle.Descriptor.Family),
// sorted; the family's own name when none is described.
func familyMembers(family string) []string {
	var out []string
	for _, d := range oracle.Described() {
		if d.Family == family {
			out = append(out, d.Name)
		}
	}
	if len(out) == 0 {
		out = []string{family}
	}
	return out
}

// recheck is the note a stale build's finding carries: "" when the
// tested build is what the maintainers ship (rootcause.RootCause.Stale).
func recheck(engine string, rc rootcause.RootCause) string {
	if rc.Stale == "" {
		return ""
	}
	d, _ := oracle.Describe(engine)
	switch {
	case d.Newest.Unmaintained:
		return rc.Stale + ": re-check that the behaviour is still shipped before filing"
	case d.Newest.Version != "":
		return fmt.Sprintf("%s: re-check on the newest release (%s) before filing", rc.Stale, d.Newest.Version)
	}
	return rc.Stale + ": re-check on the newest release before filing"
}

// ruleStatus says what a known rule's status means for the filer.
var ruleStatus = map[string]string{
	oracle.RuleIntended: "intended — the maintainers chose this behaviour; do not file",
	oracle.RuleWontFix:  "won't fix — acknowledged and declared not to be fixed; do not file",
	oracle.RuleKnown:    "known — an issue already reports it; add to it rather than file anew",
	oracle.RuleFixed:    "fixed — fixed after the tested build",
}

// statusText is the root cause's status line.
func statusText(rc rootcause.RootCause) string {
	s, ok := ruleStatus[rc.Status]
	switch {
	case rc.Status == "":
		return "untriaged — no rule of the " + rc.Family + " family's known.json matches"
	case !ok:
		s = rc.Status
	}
	if rc.Status == oracle.RuleFixed && rc.FixedIn != "" {
		s = "fixed in " + rc.FixedIn + " — fixed after the tested build"
	}
	if rc.Rule != "" {
		s += " (rule " + rc.Rule + ")"
	}
	return s
}

// triggerText lists the trigger's constructs and how they were found.
func triggerText(rc rootcause.RootCause) string {
	if len(rc.Trigger) == 0 {
		return "none: the key is the family, the group and the symptom (a cosmetic difference, an error message of the engine's own, or a case without a named construct)"
	}
	how := "every construct of the case (no ablation ran: the root cause is as fine as the case)"
	if rc.Ablated {
		how = "found by ablation on the reduced case"
	}
	return strings.Join(rc.Trigger, ", ") + " — " + how
}

// rootCauseMarkdown writes an engine report's root cause section.
func rootCauseMarkdown(b *strings.Builder, er EngineReport) {
	rootCauseSection(b, er.RootCause, er.Members, er.Recheck)
}

// rootCauseSection writes what the finding is a witness of: the root
// cause's id, severity and group, the family and its members, the
// trigger, the symptom, the status a known rule gives (with the
// maintainers' link and sentence), the re-check a stale build asks, and
// the corpus case that already records it.
func rootCauseSection(b *strings.Builder, rc rootcause.RootCause, members []string, recheck string) {
	if rc.ID == "" {
		return
	}
	if len(members) == 0 {
		members = familyMembers(rc.Family)
	}
	b.WriteString("\n### Root cause\n\n")
	fmt.Fprintf(b, "- **Root cause:** `%s` · **Severity:** %s · **Group:** %s\n", inlineCode(rc.ID), esc(rc.Severity), esc(rc.Group))
	fmt.Fprintf(b, "- **Family:** %s (members: %s)\n", esc(rc.Family), esc(strings.Join(members, ", ")))
	fmt.Fprintf(b, "- **Trigger:** %s\n", esc(triggerText(rc)))
	fmt.Fprintf(b, "- **Symptom:** %s\n", esc(rc.Symptom))
	fmt.Fprintf(b, "- **Status:** %s", esc(statusText(rc)))
	if rc.Link != "" {
		fmt.Fprintf(b, " <%s>", urlText(rc.Link))
	}
	b.WriteString("\n")
	if rc.Quote != "" {
		fmt.Fprintf(b, "\n> %s\n", esc(rc.Quote))
	}
	if recheck != "" {
		fmt.Fprintf(b, "\n**Re-check before filing:** %s\n", esc(recheck))
	}
	if r := rc.Recorded; r != nil {
		up := esc(r.Upstream)
		if strings.HasPrefix(r.Upstream, "https://") {
			up = "<" + urlText(r.Upstream) + ">"
		}
		fmt.Fprintf(b, "\n**Recorded:** the regression corpus holds this root cause: `corpus/regress/%s` (%s; upstream: %s; docs/findings.md)\n",
			inlineCode(r.Case), esc(r.Status), up)
	}
}
