package engine

import (
	"context"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/ops/opstest"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestBudget: the bounds both evaluators share (opstest.Budget).
func TestBudget(t *testing.T) {
	opstest.Budget(t, func(ctx context.Context, q *algebra.Query, ds *rdf.Dataset, opt ops.Options) error {
		_, err := Eval(ctx, q, ds, nil, opt)
		return err
	})
}
