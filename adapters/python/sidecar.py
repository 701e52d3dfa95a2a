"""pyoxigraph, oxilite and RDFLib as sparql-oracle sidecars.

Usage: sidecar.py pyoxigraph|oxilite|rdflib

Protocol: one JSON request per line on stdin, one JSON response per line on
stdout (adapters/sidecar/protocol.go). Each case gets a fresh in-memory store
holding exactly the request's dataset. The Go side starts this process in a
network namespace of its own; in addition sockets are disabled here, so RDFLib
cannot fetch a FROM graph or call a SERVICE endpoint.
"""
import json
import socket
import sys
import time


def _no_network(*args, **kwargs):
    raise OSError("network access is disabled in sparql-oracle sidecars")


socket.socket.connect = _no_network
socket.socket.connect_ex = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network


def _audit(event, args):
    """Refuses, at the interpreter's audit events, every way out RDFLib and
    urllib have: opening a file outside the Python installation (a FROM or
    SERVICE IRI naming a file), a URL request, a socket connection. The
    sandbox hides the server's files anyway; this holds where it does not
    run."""
    if event in ("urllib.Request", "socket.connect", "socket.getaddrinfo"):
        raise PermissionError("sparql-oracle sidecars read nothing but the request (%s)" % event)
    if event == "open" and isinstance(args[0], (str, bytes)) and not _allowed(args[0]):
        raise PermissionError("sparql-oracle sidecars read nothing but the request (open %r)" % (args[0],))


def _roots():
    import os

    roots = {os.path.realpath(p) for p in sys.path[1:] if p}  # [0]: this script's folder
    roots |= {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    return tuple(sorted(r + os.sep for r in roots if r and r != os.sep))


_ROOTS = _roots()


def _allowed(path):
    import os

    if isinstance(path, bytes):
        path = path.decode("utf-8", "replace")
    return (os.path.realpath(path) + os.sep).startswith(_ROOTS) or path == os.devnull


sys.addaudithook(_audit)


class Failed(Exception):
    """An engine failure tagged with its phase (adapters/sidecar/protocol.go):
    where the engine failed, from the call that raised it, never from the
    words of its message."""

    def __init__(self, phase, err):
        super().__init__(str(err))
        self.phase, self.err = phase, err


def step(phase, fn, *args, **kwargs):
    """Runs fn and tags what it raises with phase."""
    try:
        return fn(*args, **kwargs)
    except NotHeld:
        raise
    except Exception as err:
        raise Failed(phase, err) from err


class NotHeld(Exception):
    """A request names a dataset_id the sidecar does not hold and sends no data."""


class Oxigraph:
    """pyoxigraph and oxilite share pyoxigraph's API."""

    def __init__(self, module):
        self.m = module
        self.name = module.__name__
        # The one dataset kept across requests by dataset_id (benchmarks load
        # a large dataset once); a request without dataset_id never touches it.
        self.held_id, self.held = None, None

    def store_for(self, req):
        """The held store when req names it, else a fresh one holding req's data."""
        did = req.get("dataset_id")
        if did and did == self.held_id:
            return self.held
        if did and not req.get("data"):
            raise NotHeld("dataset %s is not held: send its data" % did)
        if did:
            self.held_id, self.held = None, None  # free the old one before loading
        m = self.m
        store = m.Store()
        for text in (req.get("data"), req.get("sources")):
            if text:
                step("load", store.load, text.encode("utf-8"), format=m.RdfFormat.N_QUADS)
        if did:
            self.held_id, self.held = did, store
        return store

    def version(self):
        return self.m.__version__

    def serialize(self, res):
        m = self.m
        if isinstance(res, m.QueryTriples):
            return res.serialize(format=m.RdfFormat.N_TRIPLES), "ntriples"
        return res.serialize(format=m.QueryResultsFormat.JSON), "json"

    def run(self, req):
        m = self.m
        store = self.store_for(req)
        kwargs = {"base_iri": req["base"]} if req.get("base") else {}
        start = time.perf_counter()
        try:
            res = store.query(req["query"], **kwargs)
        except SyntaxError as err:
            # pyoxigraph parses and evaluates in one call; its parser's
            # errors, and only those, are raised as SyntaxError (a type).
            raise Failed("parse", err) from err
        except Exception as err:
            raise Failed("evaluate", err) from err
        out, fmt = step("evaluate", self.serialize, res)
        elapsed = (time.perf_counter() - start) * 1000
        extra = {}
        if self.name == "oxilite":
            try:
                extra["sql"] = store.explain(req["query"])
            except Exception as err:  # explain is evidence, never a verdict
                extra["sql"] = "explain failed: %s" % err
        return fmt, out.decode("utf-8"), elapsed, extra


class RDFLib:
    def __init__(self):
        import rdflib
        from rdflib.plugins.sparql import prepareQuery

        import pyparsing

        self.rdflib = rdflib
        self.pyparsing = pyparsing
        self.prepare = prepareQuery
        self.cache = {}
        # FROM / FROM NAMED resolve against the request's graphs only: with
        # SPARQL_LOAD_GRAPHS on, RDFLib loads a graph the dataset lacks from
        # its IRI (a file: path, an http: URL, file:///dev/zero); off, such
        # a graph is empty (rdflib.plugins.sparql.sparql.QueryContext.load).
        rdflib.plugins.sparql.SPARQL_LOAD_GRAPHS = False

    def version(self):
        return self.rdflib.__version__

    def prepared(self, query, base):
        """The query parsed and translated (prepareQuery): a pyparsing
        exception is its parser's refusal (phase parse), any other one its
        translation's (prepare)."""
        key = (query, base)
        q = self.cache.get(key)
        if q is None:
            try:
                q = self.prepare(query, base=base or None)
            except self.pyparsing.ParseBaseException as err:
                raise Failed("parse", err) from err
            except Exception as err:
                raise Failed("prepare", err) from err
            if len(self.cache) > 512:
                self.cache.clear()
            self.cache[key] = q
        return q

    def run(self, req):
        rdflib = self.rdflib
        ds = step("load", self.dataset, req)
        q = self.prepared(req["query"], req.get("base"))
        start = time.perf_counter()
        out, fmt = step("evaluate", self.evaluate, ds, q)
        elapsed = (time.perf_counter() - start) * 1000
        if isinstance(out, bytes):
            out = out.decode("utf-8")
        return fmt, out, elapsed, {}

    def dataset(self, req):
        rdflib = self.rdflib
        ds = rdflib.Dataset(default_union=False)
        for text in (req.get("data"), req.get("sources")):
            if text:
                ds.parse(data=text, format="nquads", publicID=rdflib.graph.DATASET_DEFAULT_GRAPH_ID)
        for name in req.get("named") or []:
            ds.graph(rdflib.URIRef(name))
        return ds

    def evaluate(self, ds, q):
        """Runs the prepared query; RDFLib evaluates lazily, while writing."""
        res = ds.query(q)
        if res.type in ("CONSTRUCT", "DESCRIBE"):
            return res.graph.serialize(format="nt"), "ntriples"
        return res.serialize(format="json"), "json"


def make(name):
    if name == "rdflib":
        return RDFLib()
    if name == "pyoxigraph":
        import pyoxigraph

        return Oxigraph(pyoxigraph)
    if name == "oxilite":
        import oxilite

        return Oxigraph(oxilite)
    raise SystemExit("unknown engine %r" % name)


def handle(engine, req):
    rid = req.get("id", 0)
    op = req.get("op")
    if op == "version":
        return {"id": rid, "ok": True, "version": engine.version(), "engine": sys.argv[1]}
    if op == "ping":
        return {"id": rid, "ok": True}
    if op != "query":
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": "unknown op %r" % op}}
    try:
        fmt, out, elapsed, extra = engine.run(req)
    except NotHeld as err:
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": str(err)}}
    except Failed as f:  # an engine failure, by where it happened
        msg = "%s: %s" % (type(f.err).__name__, f.err)
        kind = "resource" if isinstance(f.err, MemoryError) else "error"
        return {"id": rid, "ok": False, "error": {"kind": kind, "phase": f.phase, "message": msg}}
    except Exception as err:  # a failure of the sidecar itself
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": "%s: %s" % (type(err).__name__, err)}}
    return {"id": rid, "ok": True, "format": fmt, "result": out, "time_ms": elapsed, "extra": extra}


def main():
    engine = make(sys.argv[1])
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            resp = {"id": 0, "ok": False, "error": {"kind": "internal", "message": "bad request line"}}
        else:
            resp = handle(engine, req)
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
