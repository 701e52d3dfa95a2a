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


def classify(err, query):
    name = type(err).__name__
    msg = str(err)
    low = msg.lower()
    if isinstance(err, OSError) and "SERVICE" in query.upper():
        return "unsupported"
    # A parse error first: its list of expected tokens may name SERVICE.
    if name in ("SyntaxError", "ParseException", "ParseSyntaxException") or low.startswith("error at "):
        return "rejected"
    if "service" in low or "not supported" in low or "unsupported" in low or "not implemented" in low:
        return "unsupported"
    if name in ("SyntaxError", "ParseException", "ParseSyntaxException") or low.startswith("error at "):
        return "rejected"
    return "error"


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
                store.load(text.encode("utf-8"), format=m.RdfFormat.N_QUADS)
        if did:
            self.held_id, self.held = did, store
        return store

    def version(self):
        return self.m.__version__

    def run(self, req):
        m = self.m
        store = self.store_for(req)
        kwargs = {"base_iri": req["base"]} if req.get("base") else {}
        start = time.perf_counter()
        res = store.query(req["query"], **kwargs)
        if isinstance(res, m.QueryTriples):
            out, fmt = res.serialize(format=m.RdfFormat.N_TRIPLES), "ntriples"
        else:
            out, fmt = res.serialize(format=m.QueryResultsFormat.JSON), "json"
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

        self.rdflib = rdflib
        self.prepare = prepareQuery
        self.cache = {}

    def version(self):
        return self.rdflib.__version__

    def prepared(self, query, base):
        key = (query, base)
        q = self.cache.get(key)
        if q is None:
            q = self.prepare(query, base=base or None)
            if len(self.cache) > 512:
                self.cache.clear()
            self.cache[key] = q
        return q

    def run(self, req):
        rdflib = self.rdflib
        ds = rdflib.Dataset(default_union=False)
        for text in (req.get("data"), req.get("sources")):
            if text:
                ds.parse(data=text, format="nquads", publicID=rdflib.graph.DATASET_DEFAULT_GRAPH_ID)
        for name in req.get("named") or []:
            ds.graph(rdflib.URIRef(name))
        q = self.prepared(req["query"], req.get("base"))
        start = time.perf_counter()
        res = ds.query(q)
        if res.type in ("CONSTRUCT", "DESCRIBE"):
            out, fmt = res.graph.serialize(format="nt"), "ntriples"
        else:
            out, fmt = res.serialize(format="json"), "json"
        elapsed = (time.perf_counter() - start) * 1000
        if isinstance(out, bytes):
            out = out.decode("utf-8")
        return fmt, out, elapsed, {}


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
    except Exception as err:  # every engine failure becomes a typed answer
        return {"id": rid, "ok": False, "error": {"kind": classify(err, req.get("query", "")), "message": "%s: %s" % (type(err).__name__, err)}}
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
