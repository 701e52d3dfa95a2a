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

function kindOf(err) {
  const msg = String(err && err.message || err);
  // A parse error first: its list of expected tokens may name SERVICE.
  if (err instanceof SyntaxError || /^error at \d+:\d+/.test(msg)) return 'rejected';
  if (/SERVICE|not supported|unsupported|not implemented/i.test(msg)) return 'unsupported';
  if (/parser|Parse error|expected/i.test(msg)) return 'rejected';
  return 'error';
}

function load(store, text) {
  if (text) store.load(text, { format: 'application/n-quads' });
}

// held is the one dataset kept across requests by dataset_id (benchmarks
// load a large dataset once); a request without dataset_id never touches it.
let held = { id: '', store: null };

// storeFor returns the held store when the request names it, else a fresh
// store loaded with the request's data (held when the request names an id).
function storeFor(req) {
  const id = req.dataset_id || '';
  if (id && held.id === id) return held.store;
  if (id && !req.data) throw new Error('dataset ' + id + ' is not held: send its data');
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
    return { id: req.id, ok: false, error: { kind: 'internal', message: 'loading the dataset: ' + err.message } };
  }
  try {
    const r = run(store, req);
    return { id: req.id, ok: true, format: r.format, result: r.result, time_ms: Number(r.ns) / 1e6 };
  } catch (err) {
    return { id: req.id, ok: false, error: { kind: kindOf(err), message: String(err && err.message || err) } };
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
