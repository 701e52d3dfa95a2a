// Oxigraph (npm package `oxigraph`, the WASM build) as a sparql-oracle sidecar.
// Protocol: one JSON request per line on stdin, one JSON response per line on
// stdout (see adapters/sidecar/protocol.go). A case's store holds exactly the
// request's data (plus the FROM sources when the Go side sends them); a query
// reuses the store of the previous one when both name the same dataset_id. Oxigraph's JS build has no SERVICE handler, so a
// SERVICE query fails without touching the network.
'use strict';
const readline = require('readline');
const oxigraph = require('oxigraph');
const VERSION = require('oxigraph/package.json').version;

const SELECT_FORMAT = 'application/sparql-results+json';
const GRAPH_FORMAT = 'application/n-triples';

// phaseOf says where Oxigraph failed. Its JS binding parses and evaluates
// in one call (Store.query) and throws every error as a plain Error; the
// only mark of its SPARQL parser is the position its errors open with
// ("error at LINE:COL: ...", spargebra's parse error). That position, not
// the wording, is the parse phase; anything else failed while evaluating.
// SERVICE (no handler in this build) is left to the Go side, which knows
// from the syntax tree whether the query has one.
function phaseOf(err) {
  const msg = String(err && err.message || err);
  return /^error at \d+:\d+:/.test(msg) ? 'parse' : 'evaluate';
}

function failure(id, kind, phase, err) {
  return { id, ok: false, error: { kind, phase, message: String(err && err.message || err) } };
}

function load(store, text) {
  if (text) store.load(text, { format: 'application/n-quads' });
}

// NotHeld: a request names a dataset_id this sidecar does not hold and
// sends no data (our protocol, not the engine's failure).
class NotHeld extends Error {}

// held is the one dataset kept across requests by dataset_id (benchmarks
// load a large dataset once); a request without dataset_id never touches it.
let held = { id: '', store: null };

// drop frees the held store (its WASM memory): an update loads a store of
// its own, and a query never sees a store another request changed.
function drop() {
  const store = held.store;
  held = { id: '', store: null };
  try {
    if (store && typeof store.free === 'function') store.free();
  } catch (err) {
    // a store a trap left broken may not free: it is dropped all the same
  }
}

// storeFor returns the held store when the request names it (reused), else
// a fresh store loaded with the request's data (held when the request
// names an id).
function storeFor(req) {
  const id = req.dataset_id || '';
  if (id && held.id === id) return { store: held.store, reused: true };
  if (id && !req.data) throw new NotHeld('dataset ' + id + ' is not held: send its data');
  if (id) drop(); // before loading: one dataset per process
  const store = new oxigraph.Store();
  load(store, req.data);
  load(store, req.sources);
  if (id) held = { id, store };
  return { store, reused: false };
}

// run evaluates once as tabular results; a graph-producing query makes
// Oxigraph refuse that format, and is evaluated again as N-Triples.
function run(store, req) {
  const opts = { results_format: SELECT_FORMAT };
  if (req.base) opts.base_iri = req.base;
  let start = process.hrtime.bigint();
  try {
    const result = store.query(req.query, opts);
    return { format: 'json', result, ns: process.hrtime.bigint() - start };
  } catch (err) {
    if (!/format|serializ/i.test(String(err && err.message))) throw err;
  }
  opts.results_format = GRAPH_FORMAT;
  start = process.hrtime.bigint();
  const result = store.query(req.query, opts);
  return { format: 'ntriples', result, ns: process.hrtime.bigint() - start };
}

// The "update" op (protocol.go): the request's store in a fresh Store,
// Store.update, and the store after it with every named graph it holds.
const STORE_FORMAT = 'application/n-quads';

// A URI of no graph, for the parse check (parseOnly).
const ABSENT = '<urn:x-sparql-oracle:absent>';

// IRIs, strings and comments, blanked before looking for the LOAD keyword.
const OPAQUE = /<[^<>"{}|^`\\\s]*>|"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*/g;

// hasLoad: whether the text holds the keyword LOAD (not ?load, not ex:load).
function hasLoad(text) {
  // Codepoint escapes are replaced before parsing (#codepointEscape), so
  // \u004COAD is LOAD too.
  text = text.replace(/\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})/g, (m, a, b) => {
    const n = parseInt(a || b, 16);
    return n <= 0x10ffff ? String.fromCodePoint(n) : m;
  });
  return /(?<![\w:?$.-])LOAD(?![\w:.-])/i.test(text.replace(OPAQUE, ' '));
}

// parseOnly throws a parse failure when Oxigraph's parser refuses text,
// without running a LOAD: the JS build has no parse-only call, so the
// request runs on an empty throwaway store behind a first operation that
// fails (CLEAR of an absent graph, not SILENT); Store.update parses the
// whole request first and that failure ends it. Oxigraph refuses a prologue
// after ';' (which [29] Update allows), so a text opening with BASE or
// PREFIX is not checked.
function parseOnly(text, opts) {
  if (/^(?:\s|#[^\n]*)*(?:BASE|PREFIX)\b/i.test(text)) return;
  try {
    new oxigraph.Store().update('CLEAR GRAPH ' + ABSENT + ' ;\n' + text, opts);
  } catch (err) {
    if (phaseOf(err) === 'parse') throw err;
  }
}

// graphsOf lists every named graph of the store, an empty one included.
function graphsOf(store) {
  const rows = store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { } }');
  return rows.map((r) => (r.get('g').termType === 'BlankNode' ? '_:' : '') + r.get('g').value);
}

function update(req) {
  const store = new oxigraph.Store();
  try {
    load(store, req.data);
    for (const g of req.named || []) {
      if (g.startsWith('_:')) continue;
      // The JS binding has no add_graph: an empty graph is made by an
      // update, so a name IRIREF cannot hold is refused, never spliced in.
      if (/[<>"{}|^`\\\u0000-\u0020]/.test(g)) throw new Error('graph name ' + JSON.stringify(g) + ' cannot be written as an IRI');
      store.update('CREATE SILENT GRAPH <' + g + '>');
    }
  } catch (err) {
    return failure(req.id, 'error', 'load', err);
  }
  const opts = req.base ? { base_iri: req.base } : {};
  if (hasLoad(req.update)) {
    try {
      parseOnly(req.update, opts);
    } catch (err) {
      return failure(req.id, 'error', 'parse', err);
    }
    return failure(req.id, 'unsupported', 'load', "LOAD: Oxigraph's Store.update would fetch the document itself; the sidecar serves LOAD only from the case, so it refuses it");
  }
  const start = process.hrtime.bigint();
  let failed = null;
  try {
    store.update(req.update, opts);
  } catch (err) {
    if (phaseOf(err) === 'parse') return failure(req.id, 'error', 'parse', err);
    failed = failure(req.id, 'error', 'evaluate', err).error;
  }
  const ns = process.hrtime.bigint() - start;
  const resp = { id: req.id, ok: failed === null, format: 'nquads', time_ms: Number(ns) / 1e6 };
  try {
    resp.result = store.dump({ format: STORE_FORMAT });
    resp.graphs = graphsOf(store);
  } catch (err) {
    return failure(req.id, 'error', 'evaluate', err);
  }
  if (failed) resp.error = failed;
  return resp;
}

function handle(req) {
  switch (req.op) {
    case 'version':
      return { id: req.id, ok: true, version: VERSION, engine: 'oxigraph', ops: ['update'] };
    case 'ping':
      return { id: req.id, ok: true };
    case 'update':
      drop();
      return update(req);
    case 'query':
      break;
    default:
      return { id: req.id, ok: false, error: { kind: 'internal', message: 'unknown op ' + req.op } };
  }
  let got;
  try {
    got = storeFor(req);
  } catch (err) {
    if (err instanceof NotHeld) return failure(req.id, 'internal', '', err);
    return failure(req.id, 'error', 'load', err);
  }
  try {
    const r = run(got.store, req);
    return { id: req.id, ok: true, format: r.format, result: r.result, time_ms: Number(r.ns) / 1e6, reused: got.reused };
  } catch (err) {
    // A failed query may have trapped inside the WASM build ("unreachable"),
    // after which the store it ran on is in no known state: the next query
    // of the same dataset loads a fresh one.
    drop();
    return failure(req.id, 'error', phaseOf(err), err);
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    process.stdout.write(JSON.stringify({ id: 0, ok: false, error: { kind: 'internal', message: 'bad request line' } }) + '\n');
    return;
  }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
rl.on('close', () => process.exit(0));
