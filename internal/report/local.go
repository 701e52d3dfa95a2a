package report

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/localpath"
)

// A report is pasted where others read it: no path of the machine that
// made it belongs in it. The case itself holds none (a W3C test's files
// are named by their published IRIs, internal/w3c/public.go); what can
// still carry one is an engine's own message (rasqal names the temporary
// file it loaded, a Java stack names the jar): every engine message, error
// and evidence in a report goes through localText.

// localText is s without this machine's paths (localpath.Text).
func localText(s string) string { return localpath.Text(s) }

// localEvidence is an engine's evidence without this machine's paths.
func localEvidence(ev map[string]string) map[string]string {
	if ev == nil {
		return nil
	}
	out := make(map[string]string, len(ev))
	for k, v := range ev {
		out[k] = localText(v)
	}
	return out
}

func localLines(ls []string) []string {
	if ls == nil {
		return nil
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = localText(l)
	}
	return out
}

// caseName is how a report names its case: as it is (a W3C test's IRI,
// gen/..., regress/..., a relative file name), but an absolute path of
// this machine (oracle diff -q /abs/query.rq names the case by its file)
// by its base name only.
func caseName(name string) string {
	if filepath.IsAbs(name) {
		return filepath.Base(name)
	}
	return localText(name)
}
