package report

import (
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// ReproduceCommand is the text of Reproducer.Commands[engine]: the
// engine's own reproducer (from its adapter, oracle.Reproducer), then the
// oracle invocation; the oracle line alone for an engine without one (the
// in-house evaluators, an endpoint named by configuration).
func ReproduceCommand(engine string, native *oracle.Native, rep Reproducer) string {
	line := OracleLine(engine, rep)
	if native == nil {
		return line
	}
	return native.Install + "\n" + native.Run + "\n# or, with the oracle:\n" + oracle.ShellComment(line)
}

// OracleLine is the oracle invocation reproducing the case on engine: the
// query saved as query.rq, or the update request as update.ru.
func OracleLine(engine string, rep Reproducer) string {
	text := "-q query.rq"
	if rep.Update {
		text = "-u update.ru"
	}
	line := "oracle diff " + text + " -d data.nq --engines " + shellWord(engine) + " --format table"
	if rep.Base != "" {
		line += " --base " + oracle.ShellQuote(rep.Base)
	}
	return line
}

// shellWord quotes s for a shell unless it is plain (oracle.ShellWord,
// the one quoting of reproducers).
func shellWord(s string) string { return oracle.ShellWord(s) }
