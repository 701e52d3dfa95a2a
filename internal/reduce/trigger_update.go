package reduce

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// UpdateAblation is what UpdateTrigger found on one engine's reduced
// update case: Ablation's counterpart.
type UpdateAblation struct {
	Trigger  []string // the constructs of Case no variant could remove, sorted
	Removed  []string // the constructs of the case given that Case no longer has
	Case     *oracle.Case
	Calls    int
	Complete bool // false when a bound stopped it (the untried labels are in Trigger)
}

// UpdateTrigger is Trigger for an update case. The labels are
// constructs.OfUpdate's (the operations, what their WHERE patterns and
// templates hold, the store's); only the neutral forms that leave the
// operations as they are are tried (constructs.WithoutUpdate: literal
// kinds in request and store, named graphs merged, blank nodes of the
// store as IRIs, WITH and USING dropped), so the operations and their
// patterns always stay in Trigger. A variant keeps the divergence as a
// reduction step does (updateSession.pair, the same failure by errorKey),
// with a class of class's group.
func UpdateTrigger(ctx context.Context, c *oracle.Case, engines []oracle.Engine, name string, class diff.Class, lim Limits) (UpdateAblation, error) {
	s, err := newUpdateSession(ctx, engines, lim)
	if err != nil {
		return UpdateAblation{}, err
	}
	eng := findEngine(engines, name)
	if eng == nil {
		return UpdateAblation{}, fmt.Errorf("trigger: %s is not among the engines", name)
	}
	u, err := syntax.ParseUpdate(c.Update, syntax.Options{Base: c.Base})
	if err != nil {
		return UpdateAblation{}, fmt.Errorf("trigger: the case's request does not parse: %w", err)
	}
	norm := *c
	norm.Dataset = datasetOf(quadsOf(c.Dataset))
	first := constructs.OfUpdate(u, norm.Dataset)
	start, calls, group := time.Now(), 0, class.Group()
	stopped := func() bool {
		return ctx.Err() != nil || calls >= s.lim.MaxCalls || time.Since(start) > s.lim.MaxTime
	}
	v0 := s.pair(&norm, eng)
	calls++
	if !(onWrongSide(v0.Outcome) && v0.Class.Group() == group) {
		return UpdateAblation{Trigger: first, Case: &norm, Calls: calls},
			fmt.Errorf("trigger %s %s: %w: not wrong in the %s group on the case", name, class, ErrNotSurvived, group)
	}
	key := errorKey(v0)
	keeps := func(cand *oracle.Case) bool {
		calls++
		v := s.pair(cand, eng)
		return onWrongSide(v.Outcome) && v.Class.Group() == group && errorKey(v) == key
	}
	cur, curU, complete := &norm, u, true
	for _, label := range ablationOrder(first) {
		if stopped() {
			complete = false
			break
		}
		for _, v := range constructs.WithoutUpdate(curU, cur.Dataset, label) {
			cand := *cur
			cand.Update, cand.Dataset = v.Update.String(), v.Data
			if keeps(&cand) {
				cur, curU = &cand, v.Update
				break
			}
		}
	}
	final := constructs.OfUpdate(curU, cur.Dataset)
	var removed []string
	for _, l := range first {
		if !slices.Contains(final, l) {
			removed = append(removed, l)
		}
	}
	return UpdateAblation{Trigger: final, Removed: removed, Case: cur, Calls: calls, Complete: complete}, nil
}
