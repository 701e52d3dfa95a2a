package ops

import (
	"errors"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Defaults both evaluators use for zero Options fields (WithDefaults).
const (
	DefaultMaxSteps     = 50_000_000
	DefaultMaxSolutions = 1_000_000
	DefaultFuel         = 8
)

// ErrService is returned by both evaluators for a SERVICE pattern: neither
// reaches the network.
var ErrService = errors.New("SERVICE is not evaluated: no network")

// WithDefaults is o with its zero budgets set to the defaults and a zero
// Now set to the current time (read once per query, #func-now).
func (o Options) WithDefaults() Options {
	if o.MaxSteps <= 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.MaxSolutions <= 0 {
		o.MaxSolutions = DefaultMaxSolutions
	}
	if o.Fuel <= 0 {
		o.Fuel = DefaultFuel
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	return o
}

// Options are the budgets and fixed choices of one evaluation; the reference
// and the fast engine take the same options (zero fields mean their defaults).
type Options struct {
	MaxSteps     int64     // budget on work units
	MaxSolutions int       // budget on the size of any intermediate multiset
	Fuel         int       // EXISTS nesting
	Now          time.Time // NOW(); zero means time.Now() once per query
	Seed         int64     // RAND, UUID, STRUUID, BNODE
	// MaxTermBytes bounds one lexical form or IRI an expression builds
	// (default DefaultMaxTermBytes, 4 MiB); MaxBytes bounds the bytes all
	// expressions of the query build (default DefaultMaxBytes, 256 MiB).
	// Both are checked before a string is built (budget.go).
	MaxTermBytes int64
	MaxBytes     int64
	// Readings: the alternative reading to take at each contested question
	// (ReadingKey of its basis → alternative number, 1-based; readings.go).
	// Nil: the judge's readings.
	Readings map[string]int
	// Extension: evaluate with the §17.6 extension points open
	// (#extensionFunctions): a top-level BIND or projection whose
	// expression raised an extensible error binds results.ExtensionValue,
	// a top-level FILTER whose condition did keeps the solution.
	Extension bool
}

// Result is what both evaluators return: the answer of a query form, and,
// filled only by the judge (the reference), the choices the specification
// leaves open (same meaning as results.Freedom).
type Result struct {
	Form    algebra.Form
	Vars    []string
	Rows    []map[string]rdf.Term // SELECT: final solutions in order; unbound = absent
	Boolean bool                  // ASK
	Triples []rdf.Triple          // CONSTRUCT / DESCRIBE (a set)

	Ordered  bool
	Sequence []map[string]rdf.Term // projected (+DISTINCT) solutions in ORDER BY order before OFFSET/LIMIT
	Ties     []int                 // tie class per Sequence row
	Offset   int
	Limit    int // < 0: none
	Reduced  bool
	Open     []string // variables whose values the spec leaves open
	// Concat: GROUP_CONCAT variables and their separators (see results.Freedom).
	Concat map[string]string
	// Graphs and GraphsCapped: see results.Freedom (CONSTRUCT/DESCRIBE over a sliced sequence).
	Graphs       [][]rdf.Triple
	GraphsCapped bool
	// Indeterminate: see results.Freedom.
	Indeterminate string
	// Contested and Follows: see results.Freedom.
	Contested *results.Basis
	Follows   []results.Basis
	// Readings, ReadingsComplete, Extension: see results.Freedom (the judge
	// re-evaluated under the other readings and the §17.6 extension points).
	Readings         []results.Reading
	ReadingsComplete bool
	Extension        *results.Extension
	// Traced, Cells, SequenceCells, TripleCells: the judge's per-cell
	// provenance, parallel to Rows, Sequence and Triples (see results.Freedom).
	Traced               bool
	Cells, SequenceCells []map[string]results.Cell
	TripleCells          []results.Cell
}
