package report

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestLongEvidenceAttached: oxilite's SQL of 8 KB on one line is
// summarised where it belongs and attached after the reproducer, collapsed;
// the JSON keeps it in full. A short block stays in place.
func TestLongEvidenceAttached(t *testing.T) {
	c, outs := reportCase()
	sql := "SELECT " + strings.Repeat("q0.o AS c, ", 800) + "1 FROM quads"
	for i := range outs {
		if outs[i].Engine == "oxilite" {
			a := *outs[i].Answer
			a.Evidence = map[string]string{"sql": sql}
			outs[i].Answer = &a
		}
	}
	r := triage.Triage(c, outs)
	bugs := Bugs(r, adapterEngines()...)
	var md bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	var oxilite string
	for _, part := range strings.Split(md.String(), "\n---\n") {
		if strings.Contains(part, "oxilite evidence") {
			oxilite = part
		}
	}
	summary := "### oxilite evidence: sql\n\n1 line, " + strconv.Itoa(len(sql)) + " characters: attached below (Attachments).\n"
	repro, att, details := strings.Index(oxilite, "### Reproduce"), strings.Index(oxilite, "### Attachments"), strings.Index(oxilite, "<details><summary>oxilite evidence: sql")
	switch {
	case !strings.Contains(oxilite, summary):
		t.Errorf("no one-line summary in place:\n%s", oxilite)
	case repro < 0 || att < repro || details < att:
		t.Errorf("the attachment is not after the reproducer, collapsed (reproduce %d, attachments %d, details %d)", repro, att, details)
	case strings.Count(oxilite, sql) != 1 || !strings.Contains(oxilite[details:], sql):
		t.Errorf("the SQL is not attached once, in full")
	}
	if strings.Contains(oxilite, "### Actual") && !strings.Contains(oxilite, "```tsv\n?avg\n") {
		t.Errorf("the short answer left its place")
	}
	var js JSONReport
	var buf bytes.Buffer
	if err := NewJSON(r, bugs).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	for _, er := range js.Bugs[0].Reports {
		if er.Engine == "oxilite" && er.Answer.Evidence["sql"] != sql {
			t.Errorf("the JSON does not keep the SQL in full under evidence.sql")
		}
	}
}

// TestLongLimit: the threshold, decided once (long).
func TestLongLimit(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{strings.Repeat("x\n", attachLines), false},
		{strings.Repeat("x\n", attachLines+1), true},
		{strings.Repeat("x", attachChars), false},
		{strings.Repeat("x", attachChars+1), true},
	} {
		if got := long(c.text); got != c.want {
			t.Errorf("long(%d lines, %d chars) = %v", strings.Count(c.text, "\n"), len(c.text), got)
		}
	}
}
