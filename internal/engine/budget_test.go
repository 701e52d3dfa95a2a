package engine

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/ops/opstest"
)

// TestBudget: the bounds both evaluators share (opstest.Budget).
func TestBudget(t *testing.T) { opstest.Budget(t, Eval) }
