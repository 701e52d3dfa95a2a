package registry

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// DescriptorTable is the Markdown table of every described engine
// (docs/engines.md, "Engines, families and releases"): family, tested
// build, newest release with its date and source, whether the tested
// build is stale, and the family's rules that apply to it by status.
func DescriptorTable() string {
	var b strings.Builder
	b.WriteString("| engine | family | tested | newest (date; source; checked) | stale | rules: intended / wontfix / known / fixed |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- |\n")
	for _, d := range oracle.Described() {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", d.Name, familyCell(d), cell(d.Version),
			newestCell(d.Newest), cell(staleCell(d)), ruleCounts(d.Name))
	}
	return b.String()
}

func familyCell(d oracle.Descriptor) string {
	if d.Parser != "" {
		return d.Family + " (parser: " + d.Parser + ")"
	}
	return d.Family
}

func newestCell(r oracle.Release) string {
	if r.Version == "" {
		return "—"
	}
	date := r.Date
	if date == "" {
		date = "date not shown"
	}
	return cell(fmt.Sprintf("%s (%s; %s; %s)", r.Version, date, r.Source, r.Checked))
}

func staleCell(d oracle.Descriptor) string {
	if s := d.Stale(); s != "" {
		return "yes: " + s
	}
	return "no"
}

// ruleCounts counts the family's rules that can match engine name (no
// engine list, or one naming it), by status.
func ruleCounts(name string) string {
	n := map[string]int{}
	for _, r := range oracle.FamilyRules(name) {
		if len(r.Match.Engines) == 0 || slices.Contains(r.Match.Engines, name) {
			n[r.Status]++
		}
	}
	return fmt.Sprintf("%d / %d / %d / %d", n[oracle.RuleIntended], n[oracle.RuleWontFix], n[oracle.RuleKnown], n[oracle.RuleFixed])
}

// cell keeps a table cell on one line and its pipes literal.
func cell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}
