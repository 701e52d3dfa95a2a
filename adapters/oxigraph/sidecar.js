// Oxigraph (npm package `oxigraph`, the WASM build) as a sparql-oracle sidecar.
// Protocol: one JSON request per line on stdin, one JSON response per line on
// stdout (see adapters/sidecar/protocol.go). Each case gets a fresh in-memory
// store; the dataset is exactly the request's data (plus the FROM sources when
// the Go side sends them). Oxigraph's JS build has no SERVICE handler, so a
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

// storeFor returns the held store when the request names it, else a fresh
// store loaded with the request's data (held when the request names an id).
function storeFor(req) {
  const id = req.dataset_id || '';
  if (id && held.id === id) return held.store;
  if (id && !req.data) throw new NotHeld('dataset ' + id + ' is not held: send its data');
  if (id && held.store) {
    if (typeof held.store.free === 'function') held.store.free(); // the WASM memory
    held = { id: '', store: null };
  }
  const store = new oxigraph.Store();
  load(store, req.data);
  load(store, req.sources);
  if (id) held = { id, store };
  return store;
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

function handle(req) {
  switch (req.op) {
    case 'version':
      return { id: req.id, ok: true, version: VERSION, engine: 'oxigraph' };
    case 'ping':
      return { id: req.id, ok: true };
    case 'query':
      break;
    default:
      return { id: req.id, ok: false, error: { kind: 'internal', message: 'unknown op ' + req.op } };
  }
  let store;
  try {
    store = storeFor(req);
  } catch (err) {
    if (err instanceof NotHeld) return failure(req.id, 'internal', '', err);
    return failure(req.id, 'error', 'load', err);
  }
  try {
    const r = run(store, req);
    return { id: req.id, ok: true, format: r.format, result: r.result, time_ms: Number(r.ns) / 1e6 };
  } catch (err) {
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
