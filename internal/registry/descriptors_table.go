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
// build is stale, the family's rules that apply to it by status, the most
// quads it is given (Capacity), and how it is installed (its Install steps).
func DescriptorTable() string {
	var b strings.Builder
	b.WriteString("| engine | family | tested | newest (date; source; checked) | stale | rules: intended / wontfix / known / fixed | capacity (quads) | installed by |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, d := range oracle.Described() {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", d.Name, familyCell(d), cell(d.Version),
			newestCell(d.Newest), cell(staleCell(d)), ruleCounts(d.Name), capacityCell(d.Capacity), cell(installCell(d.Install)))
	}
	return b.String()
}

// installCell says how the descriptor installs the engine: each step's
// method and what it works on, then the releases beside the pin.
func installCell(in oracle.Install) string {
	var parts []string
	for _, st := range in.Steps {
		what := st.Folder
		if st.Kind == oracle.StepDebian || st.Kind == oracle.StepMavenJar {
			what = strings.Join(st.Packages, " ")
		}
		parts = append(parts, st.Kind+" "+what)
	}
	if len(in.Releases) > 0 {
		parts = append(parts, "releases "+strings.Join(in.Releases, ", ")+" ("+in.Release.Kind+")")
	}
	return strings.Join(parts, "; ")
}

// capacityCell: "no limit" unless the descriptor measured one.
func capacityCell(n int) string {
	if n <= 0 {
		return "no limit"
	}
	return fmt.Sprint(n)
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
