package server

import (
	"html/template"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// pageMarkdown is GET /reports/{id}/markdown: the finding's report for
// its engine's tracker, as Markdown text a browser shows (the API gives
// it on GET /v1/reports/{id} with Accept: text/markdown).
func (s *Server) pageMarkdown(w http.ResponseWriter, r *http.Request) {
	rep, e := s.lookupReport(r)
	if e != nil {
		s.pageError(w, e)
		return
	}
	w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	w.Header().Set("Content-Disposition", "inline; filename=\"report-"+strconv.FormatInt(rep.ID, 10)+".md\"")
	report.WriteMarkdown(w, []report.Bug{filing.Bug(rep)})
}

// reproducer is the finding's engine-only reproducer: its tracker
// report's command (the engine's own tool, then the oracle line), else
// the oracle invocation.
func reproducer(r store.Report) string {
	b := filing.Bug(r)
	for _, er := range b.Reports {
		if er.Engine == r.Engine && er.Command != "" {
			return er.Command
		}
	}
	if c := b.Reproducer.Commands[r.Engine]; c != "" {
		return c
	}
	return report.OracleLine(r.Engine, b.Reproducer)
}

// diffTerms are the terms that differ between the judge's answer and the
// engines': in the row diffs ("- ?x=<a> ?y=1" expected only, "+ ..."
// actual only), a term bound to a variable on one side and not on the
// other. The report page marks them wherever they occur.
func diffTerms(b report.Bug) []string {
	side := map[byte]map[string]bool{'-': {}, '+': {}}
	for _, a := range b.Actual {
		for _, line := range a.Diff {
			if len(line) < 2 || (line[0] != '-' && line[0] != '+') {
				continue
			}
			for _, p := range cells(strings.TrimSpace(line[1:])) {
				side[line[0]][p] = true
			}
		}
	}
	seen := map[string]bool{}
	var out []string
	for op, other := range map[byte]byte{'-': '+', '+': '-'} {
		for p := range side[op] {
			if side[other][p] {
				continue
			}
			if _, term, _ := strings.Cut(p, "\x00"); term != "" && !seen[term] {
				seen[term] = true
				out = append(out, term)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return len(out[i]) > len(out[j]) || (len(out[i]) == len(out[j]) && out[i] < out[j])
	})
	return out
}

// cells reads a diff line's cells as "var\x00term": "?x=<a> ?y=..." by
// variable, "#3 ..." without its position, a triple or a bare value by
// position.
func cells(line string) []string {
	switch {
	case strings.HasPrefix(line, "("): // "(empty solution)", "(no rows)"
		return nil
	case strings.HasPrefix(line, "#"):
		_, line, _ = strings.Cut(line, " ")
	}
	var out []string
	for pos := 0; line != ""; pos++ {
		name := strconv.Itoa(pos)
		if line[0] == '?' {
			n, rest, ok := strings.Cut(line[1:], "=")
			if !ok {
				break
			}
			name, line = n, rest
		}
		term, rest := scanTerm(line)
		if len(term) > 1 { // not the triple's "." nor a one-character word that would mark half the page
			out = append(out, name+"\x00"+term)
		}
		line = strings.TrimLeft(rest, " ")
	}
	return out
}

// scanTerm reads one term in N-Triples form from the start of s.
func scanTerm(s string) (term, rest string) {
	switch {
	case s == "":
		return "", ""
	case s[0] == '<':
		if i := strings.IndexByte(s, '>'); i > 0 {
			return s[:i+1], s[i+1:]
		}
	case s[0] == '"':
		return scanLiteral(s)
	}
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// scanLiteral reads a quoted literal with its datatype or language tag.
func scanLiteral(s string) (string, string) {
	i := 1
	for i < len(s) && s[i] != '"' {
		if s[i] == '\\' {
			i++
		}
		i++
	}
	i = min(i+1, len(s))
	switch {
	case strings.HasPrefix(s[i:], "^^<"):
		if j := strings.IndexByte(s[i:], '>'); j > 0 {
			i += j + 1
		}
	case strings.HasPrefix(s[i:], "@"):
		j := i + 1
		for j < len(s) && (s[j] == '-' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
			j++
		}
		i = j
	}
	return s[:i], s[i:]
}

// maxHighlight bounds the text highlight scans (a stored reproducer is
// small; a long answer is shown unmarked past it).
const maxHighlight = 256 << 10

// highlight escapes text and marks every occurrence of the terms (longest
// first) with <mark>.
func highlight(text string, terms []string) template.HTML {
	if len(terms) == 0 || len(text) > maxHighlight {
		return template.HTML(template.HTMLEscapeString(text))
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		t := termAt(text[i:], terms)
		if t == "" {
			i++
			continue
		}
		b.WriteString(template.HTMLEscapeString(text[last:i]))
		b.WriteString(`<mark class="term">` + template.HTMLEscapeString(t) + `</mark>`)
		i += len(t)
		last = i
	}
	b.WriteString(template.HTMLEscapeString(text[last:]))
	return template.HTML(b.String())
}

func termAt(s string, terms []string) string {
	for _, t := range terms {
		if strings.HasPrefix(s, t) {
			return t
		}
	}
	return ""
}
