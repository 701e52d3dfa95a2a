package corpus

import (
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Pool sections. Terms written as objects of pool#term are the base pool,
// which every profile draws from; terms appended later are objects of
// pool#extra and are drawn only with p.pool_extra, so appending to the pool
// does not change the cases of profiles that leave it at 0.
const (
	poolTermIRI  = "http://example.org/pool#term"
	poolExtraIRI = "http://example.org/pool#extra"
)

var (
	partsOnce               sync.Once
	basePool, extraPool     []rdf.Term
	numericTerms, textTerms []rdf.Term
)

// poolParts returns the base and the extra pool, in file order.
func poolParts() (base, extra []rdf.Term) {
	partsOnce.Do(splitPool)
	return basePool, extraPool
}

// numericPool and textPool are the numeric literals and the simple or
// language-tagged strings of the whole pool (p.pool_numeric, p.pool_text).
func numericPool() []rdf.Term { partsOnce.Do(splitPool); return numericTerms }
func textPool() []rdf.Term    { partsOnce.Do(splitPool); return textTerms }

func splitPool() {
	qs, err := rdf.ParseNQuads(strings.NewReader(poolNT), "pool.nt")
	if err != nil {
		panic("corpus: built-in pool: " + err.Error()) // TestPoolFile guards this
	}
	seen := map[rdf.Term]bool{}
	for _, q := range qs {
		if seen[q.O] {
			continue
		}
		seen[q.O] = true
		if q.P.Value == poolExtraIRI {
			extraPool = append(extraPool, q.O)
		} else {
			basePool = append(basePool, q.O)
		}
		switch {
		case q.O.IsLiteral() && strings.HasPrefix(q.O.Datatype, xsd) && isNumericType(q.O.Datatype):
			numericTerms = append(numericTerms, q.O)
		case q.O.IsLiteral() && (q.O.Lang != "" || q.O.Datatype == rdf.XSDString):
			textTerms = append(textTerms, q.O)
		}
	}
	if len(extraPool) == 0 {
		extraPool = basePool
	}
}

// isNumericType: the XSD numeric types of #operandDataTypes and those derived from them.
func isNumericType(dt string) bool {
	switch strings.TrimPrefix(dt, xsd) {
	case "integer", "decimal", "float", "double", "int", "long", "short", "byte",
		"nonNegativeInteger", "positiveInteger", "negativeInteger", "nonPositiveInteger",
		"unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte":
		return true
	}
	return false
}
