package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// --reach-columns picks the evaluators; the table has the large-case
// judge's columns, "none" where a size was never judged.
func TestReachColumnsAndTable(t *testing.T) {
	rc, err := parseReachColumns("judge")
	if err != nil || rc.reference || rc.engine || !rc.judge {
		t.Fatalf("judge: %+v %v", rc, err)
	}
	if _, err := parseReachColumns("reference,bogus"); err == nil {
		t.Error("an unknown column was accepted")
	}
	var b bytes.Buffer
	writeReach(&b, []reachRow{{Query: "chain", RefLast: "not measured", EngLast: "not measured", Judge1: 2000, JudgeN: 100000,
		JudgeLast: "7.10 s at 100000 (by engine)"}}, []int{2000, 100000}, 30*time.Second, "1, 1, 1", "1, 1, 1")
	for _, want := range []string{"| large-case judge ≤ 1 s | large-case judge ≤ 30s | large-case judge, last verdict |",
		"| chain | none | none | not measured | none | none | not measured | 2000 | 100000 | 7.10 s at 100000 (by engine) |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}
