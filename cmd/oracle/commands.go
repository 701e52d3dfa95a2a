package main

// commands maps a subcommand name to its implementation and its one-line
// summary (the list `oracle help` prints): every command of the binary,
// each implemented by run<Name> in its own file.
var commands = map[string]command{
	"bench":     {runBench, "time the engine against the engines whose descriptors can be benchmarked, on the BSBM-like mix"},
	"bisect":    {runBisect, "run one case over an engine's installed releases and say in which it reproduces"},
	"diff":      {runDiff, "run one query over one dataset on several engines and judge them by the reference"},
	"engines":   {runEngines, "list every engine: version, whether it runs here, where from; `engines install NAME...` installs them"},
	"gate":      {runGate, "CI gate: an engine on the W3C suite and the regression corpus; exit 1 when a test went from passed to failed"},
	"gen":       {runGen, "print generated cases (query, then data as N-Quads)"},
	"load":      {runLoad, "read an RDF document on stdin, write canonical N-Quads (the isolated loader's child)"},
	"parse":     {runParse, "print a query's SPARQL algebra in SSE"},
	"reduce":    {runReduce, "shrink each engine's divergence, against the judge alone, to a verified 1-minimal case"},
	"selfcheck": {runSelfcheck, "run generated cases through the reference and an engine, compare"},
	"serve":     {runServe, "run the HTTP API, the dashboard and /metrics"},
	"sweep":     {runSweep, "sweeps: start a corpus × engines sweep, status, compare two, run a worker"},
	"triage":    {runTriage, "triage findings: set a report's status (known-upstream, fixed-in, intended-deviation...), list, history, counts"},
	"version":   {runVersion, "print the oracle's version, its commit and each engine's pinned version"},
	"w3c":       {runW3C, "run the W3C SPARQL test suite through an engine"},
}
