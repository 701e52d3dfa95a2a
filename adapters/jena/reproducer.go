package jena

import (
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// Reproduce is Jena's own reproducer (oracle.Reproducer) for the pinned
// release.
func Reproduce(c oracle.NativeCase) oracle.Native { return reproducer(Version)(c) }

// reproducer is the reproducer of one release: the apache-jena
// distribution's `sparql` (arq.sparql, from jena-cmds): --data reads
// N-Quads into an in-memory dataset, named graphs as named graphs, no union
// default graph, as the sidecar does with jena-arq. Jena 6 needs Java 21.
func reproducer(release string) func(oracle.NativeCase) oracle.Native {
	dist := "apache-jena-" + release
	return func(c oracle.NativeCase) oracle.Native {
		if c.Update {
			return updateReproducer(dist, c)
		}
		format := map[string]string{"SELECT": "TSV", "ASK": "JSON"}[c.Form()]
		if c.GraphForm() {
			format = "NT"
		}
		run := oracle.ShellWord(dist+"/bin/sparql") + " --data=data.nq --query=query.rq --results=" + format
		if c.Base != "" {
			run += " --base=" + oracle.ShellQuote(c.Base)
		}
		return oracle.Native{Install: install(dist), Run: run}
	}
}

// updateReproducer applies update.ru to data.nq as the sidecar does
// (Updater.java): a general in-memory DatasetGraph loaded with the
// N-Quads, the request parsed as strict SPARQL 1.1 against the base,
// UpdateAction.execute, the store written as N-Quads even after a failure
// (the operations before it applied), exit 1 on the failure. The
// distribution's `update` command prints no N-Quads, so a single-file Java
// program runs on the distribution's jars.
func updateReproducer(dist string, c oracle.NativeCase) oracle.Native {
	base := "null"
	if c.Base != "" {
		base = oracle.JavaString(c.Base)
	}
	program := `import java.nio.file.*;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.*;
import org.apache.jena.sparql.core.*;
import org.apache.jena.update.*;

public class ApplyUpdate {
    public static void main(String[] args) throws Exception {
        DatasetGraph dsg = DatasetGraphFactory.createGeneral();
        RDFParser.source("data.nq").lang(Lang.NQUADS).parse(dsg);
        UpdateRequest request = UpdateFactory.create(Files.readString(Path.of("update.ru")), ` + base + `, Syntax.syntaxSPARQL_11);
        RuntimeException failed = null;
        try {
            UpdateAction.execute(request, dsg);
        } catch (RuntimeException e) {
            failed = e;
        }
        RDFDataMgr.write(System.out, dsg, Lang.NQUADS);
        System.out.flush();
        if (failed != null) {
            System.err.println(failed);
            System.exit(1);
        }
    }
}`
	return oracle.Native{
		Install: install(dist) + "  # Java 21 or newer",
		Run:     oracle.Heredoc("cat > ApplyUpdate.java", program) + "\njava -cp " + oracle.ShellQuote(dist+"/lib/*") + " ApplyUpdate.java",
	}
}

// install fetches and unpacks the distribution (dist is apache-jena-<release>,
// the release an installed folder's name: quoted all the same).
func install(dist string) string {
	return "curl -sSL " + oracle.ShellWord("https://archive.apache.org/dist/jena/binaries/"+dist+".tar.gz") + " | tar xz"
}
