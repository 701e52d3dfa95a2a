"""pyoxigraph, oxilite and RDFLib as sparql-oracle sidecars.

Usage: sidecar.py pyoxigraph|oxilite|rdflib

Protocol: one JSON request per line on stdin, one JSON response per line on
stdout (adapters/sidecar/protocol.go). A case's store holds exactly the
request's dataset; a query reuses the store of the previous one when both name
the same dataset_id (Held), an update always loads its own. The Go side starts this process in a
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


class Held:
    """The one store kept across queries by dataset_id (protocol.go): the
    metamorphic rewrites of a case, and benchmarks, load its data once. A
    request without dataset_id never touches it; an update drops it (it
    loads a store of its own, and a query never sees a store another
    request changed)."""

    def __init__(self):
        self.id, self.store = None, None

    def get(self, req, build):
        """The held store and True when req names it, else build(req) and
        False, held when req names an id."""
        did = req.get("dataset_id")
        if did and did == self.id:
            return self.store, True
        if did and not req.get("data"):
            raise NotHeld("dataset %s is not held: send its data" % did)
        if did:
            self.drop()  # free the old one before loading
        store = build(req)
        if did:
            self.id, self.store = did, store
        return store, False

    def drop(self):
        self.id, self.store = None, None


class Oxigraph:
    """pyoxigraph and oxilite share pyoxigraph's API."""

    def __init__(self, module):
        self.m = module
        self.name = module.__name__
        self.held = Held()

    def load(self, req):
        """A fresh store holding req's data and sources."""
        m = self.m
        store = m.Store()
        for text in (req.get("data"), req.get("sources")):
            if text:
                step("load", store.load, text.encode("utf-8"), format=m.RdfFormat.N_QUADS)
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
        store, reused = self.held.get(req, self.load)
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
        return fmt, out.decode("utf-8"), elapsed, extra, reused


    def update(self, req):
        """Applies req["update"] to a fresh store holding req's store and
        returns the store after it (protocol.go, op "update"). Store.update
        fetches a LOAD document itself, so a request with a LOAD is refused
        (kind unsupported) once its text is parsed (parse_only): the sidecar
        never lets it reach the network or a file."""
        m = self.m
        store = m.Store()
        if req.get("data"):
            step("load", store.load, req["data"].encode("utf-8"), format=m.RdfFormat.N_QUADS)
        for name in req.get("named") or []:
            step("load", store.add_graph, graph_term(m, name))
        kwargs = {"base_iri": req["base"]} if req.get("base") else {}
        if has_load(req["update"]):
            self.parse_only(req["update"], kwargs)
            raise Refused("LOAD: %s's Store.update fetches the document itself; the sidecar serves LOAD only from the case, so it refuses it" % self.name)
        start = time.perf_counter()
        failed = None
        try:
            store.update(req["update"], **kwargs)
        except SyntaxError as err:  # the parser's errors, and only those (see run)
            raise Failed("parse", err) from err
        except Exception as err:
            failed = Failed("evaluate", err)
        elapsed = (time.perf_counter() - start) * 1000
        out = step("evaluate", store.dump, format=m.RdfFormat.N_QUADS).decode("utf-8")
        graphs = [term_name(g) for g in store.named_graphs()]
        return out, graphs, elapsed, failed

    def parse_only(self, text, kwargs):
        """Raises Failed("parse") when the engine's parser refuses text,
        without running a LOAD: oxilite explains the update (explain_update,
        which takes no base IRI: a BASE line gives it one); pyoxigraph has
        no parse-only call, so the request runs on an empty throwaway store
        behind a first operation that fails (CLEAR of an absent graph, not
        SILENT): Store.update parses the whole request first, and the
        failure ends it before any LOAD. Oxigraph's parser refuses a
        prologue after ';' (which the grammar allows, [29] Update), so a
        text opening with BASE or PREFIX is not checked: it is refused
        unparsed."""
        m = self.m
        try:
            if self.name == "oxilite":
                if kwargs.get("base_iri"):
                    text = "BASE <%s>\n%s" % (kwargs["base_iri"], text)
                m.Store().explain_update(text)
            elif not opens_with_prologue(text):
                m.Store().update("CLEAR GRAPH <urn:x-sparql-oracle:absent> ;\n" + text, **kwargs)
        except SyntaxError as err:
            raise Failed("parse", err) from err
        except Exception:
            pass  # parsed: LOAD is refused by the caller


def graph_term(m, name):
    """A graph name of the protocol ("_:b" for a blank node) as a term of m."""
    if name.startswith("_:"):
        return m.BlankNode(name[2:])
    return m.NamedNode(name)


def term_name(t):
    """A graph name as the protocol writes it."""
    return "_:" + t.value if type(t).__name__ == "BlankNode" else t.value


_LOAD = None


def has_load(text):
    """Whether an update's text holds the keyword LOAD outside IRIs, strings
    and comments (a variable ?load or a prefixed name ex:load is not it)."""
    global _LOAD
    import re

    if _LOAD is None:
        _LOAD = (
            re.compile(r'<[^<>"{}|^`\\\s]*>|"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|#[^\n]*'),
            re.compile(r"(?<![\w:?$.-])LOAD(?![\w:.-])", re.IGNORECASE),
        )
    strip, word = _LOAD
    # Codepoint escapes are replaced before parsing (#codepointEscape), so
    # \u004COAD is LOAD too.
    text = re.sub(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})", unescape, text)
    return bool(word.search(strip.sub(" ", text)))


def opens_with_prologue(text):
    """Whether text, past comments and white space, opens with BASE or PREFIX."""
    import re

    return re.match(r"(?:\s|#[^\n]*)*(?:BASE|PREFIX)\b", text, re.IGNORECASE) is not None


def unescape(m):
    """The character of a codepoint escape; one out of Unicode's range is kept."""
    n = int(m.group(1) or m.group(2), 16)
    return chr(n) if n <= 0x10FFFF else m.group(0)


class Refused(Exception):
    """A request the sidecar refuses by its documented rule (kind unsupported)."""


class RDFLib:
    def __init__(self):
        import rdflib
        from rdflib.plugins.sparql import prepareQuery

        import pyparsing

        self.rdflib = rdflib
        self.pyparsing = pyparsing
        self.prepare = prepareQuery
        self.cache = {}
        self.held = Held()
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
        ds, reused = self.held.get(req, lambda r: step("load", self.dataset, r))
        q = self.prepared(req["query"], req.get("base"))
        start = time.perf_counter()
        out, fmt = step("evaluate", self.evaluate, ds, q)
        elapsed = (time.perf_counter() - start) * 1000
        if isinstance(out, bytes):
            out = out.decode("utf-8")
        return fmt, out, elapsed, {}, reused

    def dataset(self, req):
        rdflib = self.rdflib
        ds = rdflib.Dataset(default_union=False)
        for text in (req.get("data"), req.get("sources")):
            if text:
                ds.parse(data=text, format="nquads", publicID=rdflib.graph.DATASET_DEFAULT_GRAPH_ID)
        for name in req.get("named") or []:
            ds.graph(rdflib.URIRef(name))
        return ds

    def update(self, req):
        """Applies req["update"] to a fresh Dataset holding req's store and
        returns the store after it (protocol.go, op "update"). LOAD reads
        only the request's sources (load_from_case); RDFLib applies the
        operations one by one, so a failure leaves those before it applied."""
        from rdflib.plugins.sparql.algebra import translateUpdate
        from rdflib.plugins.sparql.parser import parseUpdate

        ds = step("load", self.dataset, {"data": req.get("data"), "named": req.get("named")})
        _CASE["sources"] = req.get("sources") or ""
        _CASE["parsed"] = None
        # parseUpdate then translateUpdate, as prepareUpdate does without
        # its bookkeeping (which fails on a request of no operation).
        try:
            parsed = parseUpdate(req["update"])
        except self.pyparsing.ParseBaseException as err:
            raise Failed("parse", err) from err
        except Exception as err:
            raise Failed("prepare", err) from err
        u = step("prepare", translateUpdate, parsed, req.get("base") or None)
        # The update's default graph is the store's default graph, not the
        # union of its graphs: RDFLib's module switch, on by default, would
        # make it the Dataset itself (to which INSERT DATA cannot add
        # triples); queries keep the setting they had.
        sparql = self.rdflib.plugins.sparql
        union, sparql.SPARQL_DEFAULT_GRAPH_UNION = sparql.SPARQL_DEFAULT_GRAPH_UNION, False
        start = time.perf_counter()
        failed = None
        try:
            ds.update(u)
        except Exception as err:
            failed = Failed("evaluate", err)
        finally:
            sparql.SPARQL_DEFAULT_GRAPH_UNION = union
        elapsed = (time.perf_counter() - start) * 1000
        out = step("evaluate", self.dump, ds)
        return out, self.graphs(ds), elapsed, failed

    def dump(self, ds):
        """The store as N-Quads, default graph triples without a graph term.
        A quad that is not RDF (RDFLib keeps a template's literal subject)
        cannot be written: the answer is then that failure, not a store."""
        rdflib = self.rdflib
        from rdflib.plugins.serializers.nt import _quoteLiteral

        def term(t):
            return _quoteLiteral(t) if isinstance(t, rdflib.Literal) else t.n3()

        lines = []
        for s, p, o, g in ds.quads((None, None, None, None)):
            name = getattr(g, "identifier", g)
            if isinstance(s, rdflib.Literal) or not isinstance(p, rdflib.URIRef) or isinstance(name, rdflib.Literal):
                raise ValueError("RDFLib's store holds a quad that is not RDF: %s %s %s %s" % (s.n3(), p.n3(), o.n3(), name))
            tail = "" if name == rdflib.graph.DATASET_DEFAULT_GRAPH_ID else " " + term(name)
            lines.append("%s %s %s%s .\n" % (term(s), term(p), term(o), tail))
        return "".join(lines)

    def graphs(self, ds):
        rdflib = self.rdflib
        out = []
        for g in ds.graphs():
            if g.identifier != rdflib.graph.DATASET_DEFAULT_GRAPH_ID:
                out.append("_:" + str(g.identifier) if isinstance(g.identifier, rdflib.BNode) else str(g.identifier))
        return out

    def evaluate(self, ds, q):
        """Runs the prepared query; RDFLib evaluates lazily, while writing."""
        res = ds.query(q)
        if res.type in ("CONSTRUCT", "DESCRIBE"):
            return res.graph.serialize(format="nt"), "ntriples"
        return res.serialize(format="json"), "json"


# _CASE holds the sources of the update being applied: RDFLib's LOAD reads
# them and nothing else (load_from_case replaces its evalLoad).
_CASE = {"sources": "", "parsed": None}


def load_from_case(ctx, u):
    """RDFLib's LOAD (rdflib.plugins.sparql.update.evalLoad) confined to the
    case: the document is the request's source graph named by the IRI; any
    other IRI is refused, never fetched (SILENT turns the refusal into a
    no-op, as for any failure, #load)."""
    import rdflib

    if _CASE["parsed"] is None:
        d = rdflib.Dataset(default_union=False)
        if _CASE["sources"]:
            d.parse(data=_CASE["sources"], format="nquads")
        _CASE["parsed"] = d
    src = _CASE["parsed"]
    iri = rdflib.URIRef(str(u.iri))
    if iri not in {g.identifier for g in src.graphs()}:
        raise PermissionError("LOAD <%s>: not a document of the case; the sidecar never fetches" % iri)
    target = ctx.dataset.get_context(u.graphiri) if u.graphiri else ctx.dataset.default_context
    for t in src.graph(iri):
        target.add(t)


def make(name):
    if name == "rdflib":
        import rdflib.plugins.sparql.update as rdflib_update

        rdflib_update.evalLoad = load_from_case
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
        return {"id": rid, "ok": True, "version": engine.version(), "engine": sys.argv[1], "ops": ["update"]}
    if op == "ping":
        return {"id": rid, "ok": True}
    if op == "update":
        engine.held.drop()
        return handle_update(engine, rid, req)
    if op != "query":
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": "unknown op %r" % op}}
    try:
        fmt, out, elapsed, extra, reused = engine.run(req)
    except NotHeld as err:
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": str(err)}}
    except Failed as f:  # an engine failure, by where it happened
        # A failed query may have left its store in no known state (a Rust
        # panic inside pyoxigraph): the next query of the dataset loads anew.
        engine.held.drop()
        msg = "%s: %s" % (type(f.err).__name__, f.err)
        kind = "resource" if isinstance(f.err, MemoryError) else "error"
        return {"id": rid, "ok": False, "error": {"kind": kind, "phase": f.phase, "message": msg}}
    except Exception as err:  # a failure of the sidecar itself
        engine.held.drop()
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": "%s: %s" % (type(err).__name__, err)}}
    return {"id": rid, "ok": True, "format": fmt, "result": out, "time_ms": elapsed, "extra": extra, "reused": reused}


def failure(f):
    """The protocol's Failure of an engine failure tagged with its phase."""
    kind = "resource" if isinstance(f.err, MemoryError) else "error"
    return {"kind": kind, "phase": f.phase, "message": "%s: %s" % (type(f.err).__name__, f.err)}


def handle_update(engine, rid, req):
    """The "update" op: the store after the request, or a typed failure; a
    request that failed while running also carries the store it left."""
    try:
        out, graphs, elapsed, failed = engine.update(req)
    except Refused as err:
        return {"id": rid, "ok": False, "error": {"kind": "unsupported", "phase": "load", "message": str(err)}}
    except Failed as f:
        return {"id": rid, "ok": False, "error": failure(f)}
    except Exception as err:  # a failure of the sidecar itself
        return {"id": rid, "ok": False, "error": {"kind": "internal", "message": "%s: %s" % (type(err).__name__, err)}}
    resp = {"id": rid, "ok": failed is None, "format": "nquads", "result": out, "graphs": graphs, "time_ms": elapsed}
    if failed is not None:
        resp["error"] = failure(failed)
    return resp


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
