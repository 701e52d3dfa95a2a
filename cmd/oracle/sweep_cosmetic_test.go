package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/store"
)

// A sweep's untriaged root causes lead with those that change a value,
// rows or an outcome; cosmetic ones are one line below, never dropped.
func TestSplitCosmetic(t *testing.T) {
	rc := func(sev string) []store.Report { return []store.Report{{Severity: sev}} }
	roots := [][]store.Report{rc("wrong-answer"), rc("cosmetic"), rc("error"), rc("cosmetic"), rc("refusal")}
	severe, cosmetic := splitCosmetic(roots)
	require.Equal(t, [][]store.Report{rc("wrong-answer"), rc("error"), rc("refusal")}, severe)
	require.Equal(t, [][]store.Report{rc("cosmetic"), rc("cosmetic")}, cosmetic)
}
