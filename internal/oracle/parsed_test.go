package oracle

import (
	"context"
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestParsedOnce: a prepared case of either kind gives the same tree on
// every read; a copy whose text changed parses its own; an adopted tree
// is the one read.
func TestParsedOnce(t *testing.T) {
	q := (&Case{Name: "q", Query: "ASK {}"}).Prepare()
	t1, err1 := q.Tree()
	t2, err2 := q.Tree()
	if err1 != nil || err2 != nil || t1 != t2 {
		t.Fatalf("query: trees %p %p, errors %v %v; want one tree", t1, t2, err1, err2)
	}
	u := (&Case{Name: "u", Update: "CLEAR DEFAULT"}).Prepare()
	u1, err1 := u.UpdateTree()
	u2, err2 := u.UpdateTree()
	if err1 != nil || err2 != nil || u1 != u2 {
		t.Fatalf("update: trees %p %p, errors %v %v; want one tree", u1, u2, err1, err2)
	}
	cp := *u
	cp.Update = "CLEAR ALL"
	u3, err := cp.UpdateTree()
	if err != nil || u3 == u1 || u3.String() != "CLEAR ALL\n" {
		t.Fatalf("changed copy: %v (%v), the same tree: %v", u3, err, u3 == u1)
	}
	mine, err := syntax.ParseUpdate("CLEAR NAMED", syntax.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := (&Case{Update: "CLEAR NAMED"}).AdoptUpdate(mine)
	if got, err := a.UpdateTree(); got != mine || err != nil {
		t.Fatalf("adopted: %p (%v), want %p", got, err, mine)
	}
}

// TestRequestKind: a case handed to the other kind's entry point is
// ErrRequestKind, named, and Run runs no engine on an update case.
func TestRequestKind(t *testing.T) {
	u := &Case{Name: "u1", Update: "CLEAR ALL"}
	q := &Case{Name: "q1", Query: "ASK {}"}
	if !u.IsUpdate() || q.IsUpdate() {
		t.Fatalf("IsUpdate: update %v, query %v", u.IsUpdate(), q.IsUpdate())
	}
	for what, err := range map[string]error{
		"Tree of an update":     second(u.Tree()),
		"Info of an update":     second(u.Info()),
		"UpdateTree of a query": second(q.UpdateTree()),
		"ForEval":               u.ForEval(),
		"ForUpdate":             q.ForUpdate(),
	} {
		if !errors.Is(err, ErrRequestKind) {
			t.Errorf("%s: %v, want ErrRequestKind", what, err)
		}
	}
	if err := q.ForUpdate(); err == nil || err.Error() != "wrong kind of request: case q1 is a query, given to Update (use Engine.Eval)" {
		t.Errorf("ForUpdate's message: %v", err)
	}
	e := &engine12{name: "e", has: true}
	outs := Run(context.Background(), u, []Engine{e}, 0)
	if !errors.Is(outs[0].Err, ErrRequestKind) || e.ran != 0 {
		t.Errorf("Run on an update case: %v, ran %d; want ErrRequestKind, not run", outs[0].Err, e.ran)
	}
}

func second[T any](_ T, err error) error { return err }
