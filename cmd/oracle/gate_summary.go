package main

import (
	"fmt"
	"strings"
	"time"
)

// maxListed bounds each list of the Markdown summary (a CI job summary
// is read, not searched: the JUnit file has every test).
const maxListed = 50

// markdown is the summary for a CI job: the verdict first, the pass rates
// per suite, then the regressions, the fixed tests and the class changes.
func (run *gateRun) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## sparql-oracle gate: %s %s\n\n", mdText(run.Engine), mdText(run.Version))
	n := run.count(verdictRegressed)
	against := "baseline `" + run.BaselinePath + "`"
	if run.NoBaseline {
		run.firstRun(&b)
	} else if n > 0 {
		fmt.Fprintf(&b, "❌ **%d test(s) went from passed to failed** (%s).\n\n", n, against)
	} else {
		fmt.Fprintf(&b, "✅ **No test went from passed to failed** (%s).\n\n", against)
	}
	run.suiteTable(&b)
	run.list(&b, verdictRegressed, "Passed → failed", "")
	run.list(&b, verdictFailing, "Failing", "")
	run.list(&b, verdictFixed, "Failed → passed", "The baseline lists these but they pass: remove them from it (`--write-baseline` writes the new one).")
	run.list(&b, verdictChanged, "Class changed", "Still failing, accepted, with another class than the baseline's.")
	run.list(&b, verdictIntended, "Intended", "Not in the baseline, failing as the engine's maintainers chose (a rule of its family's known.json): not a regression.")
	fmt.Fprintf(&b, "\n<sub>%d tests in %s.</sub>\n", len(run.Tests), run.Elapsed.Round(time.Second))
	return b.String()
}

// firstRun is the verdict line of a run without a baseline: it records one
// (--write-baseline), or else every test was expected to pass.
func (run *gateRun) firstRun(b *strings.Builder) {
	n := run.count(verdictFailing)
	switch {
	case run.Recording != "":
		fmt.Fprintf(b, "📝 **No baseline yet: recording one.** %d failing test(s) written to `%s`; commit it and pass `--baseline %s` from now on.\n\n", n, run.Recording, run.Recording)
	case n > 0:
		fmt.Fprintf(b, "❌ **%d test(s) failed** (no baseline given: every test is expected to pass; `--write-baseline FILE` records the failing ones as a baseline).\n\n", n)
	default:
		b.WriteString("✅ **Every test passed** (no baseline given).\n\n")
	}
}

func (run *gateRun) suiteTable(b *strings.Builder) {
	b.WriteString("| suite | passed | failed, accepted | passed → failed | not run | pass rate |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|\n")
	for _, s := range run.suites() {
		rate := "–"
		if ran := s.Passed + s.Accepted + s.Regressed; ran > 0 {
			rate = fmt.Sprintf("%.1f%%", 100*float64(s.Passed)/float64(ran))
		}
		fmt.Fprintf(b, "| %s | %d | %d | %d | %d | %s |\n", s.Suite, s.Passed, s.Accepted, s.Regressed, s.NotRun, rate)
	}
}

// list writes the tests of one verdict as a table (at most maxListed).
func (run *gateRun) list(b *strings.Builder, verdict, heading, intro string) {
	var ts []gateTest
	for _, t := range run.Tests {
		if t.Verdict == verdict {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return
	}
	fmt.Fprintf(b, "\n### %s (%d)\n\n", heading, len(ts))
	if intro != "" {
		b.WriteString(intro + "\n\n")
	}
	b.WriteString("| test | suite | class | was | reason |\n|---|---|---|---|---|\n")
	for i, t := range ts {
		if i == maxListed {
			fmt.Fprintf(b, "\n… and %d more (the JUnit file lists every test).\n", len(ts)-maxListed)
			break
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", testLink(t), t.Suite, codeOr(t.BaseClass), codeOr(t.Was), mdText(oneLineText(t.Reason)))
	}
}

// testLink links a W3C test to its IRI (the manifest entry).
func testLink(t gateTest) string {
	name := t.Name
	if name == "" {
		name = t.ID
	}
	if strings.HasPrefix(t.ID, "http") {
		return "[" + mdText(name) + "](" + t.ID + ")"
	}
	return "`" + mdCode(t.ID) + "`"
}

// mdText escapes what would break a Markdown table cell or start markup.
func mdText(s string) string {
	r := strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`, "`", "'", "[", `\[`, "]", `\]`)
	return r.Replace(s)
}

func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "|", `\|`, "\n", " ").Replace(s)
}

// codeOr is s as inline code, or a dash when empty.
func codeOr(s string) string {
	if s == "" {
		return "–"
	}
	return "`" + mdCode(s) + "`"
}
