// Comunica (@comunica/query-sparql-rdfjs) as a sparql-oracle sidecar.
// Protocol: adapters/sidecar/protocol.go. Each case gets an N3.js Store
// holding exactly the request's dataset; that store is Comunica's only
// source. A query reuses the store of the previous query when both name the
// same dataset_id (held); an update builds its own and drops the held one. Comunica is built for link traversal and would dereference a FROM
// IRI or call a SERVICE endpoint: the Go side starts this process in a network
// namespace of its own, so neither can leave the machine.
'use strict';
const readline = require('readline');
const { QueryEngine } = require('@comunica/query-sparql-rdfjs');
const N3 = require('n3');
const VERSION = require('@comunica/query-sparql-rdfjs/package.json').version;

const engine = new QueryEngine();

// failure reports where Comunica failed (adapters/sidecar/protocol.go),
// from the call that raised it: its own query-parse actor run alone
// (explain 'parsed': the SPARQL parser and the translation to algebra,
// phase "parse"), loading the case's quads into the store ("load"), or
// running the query and writing its answer ("evaluate"). The message is
// never read: SERVICE and FROM dereferencing fail for want of a network,
// which the Go side decides from the syntax tree.
function failure(id, phase, err) {
  return { id, ok: false, error: { kind: 'error', phase, message: String(err && err.message || err) } };
}

// step runs fn and tags what it throws with its phase.
async function step(phase, fn) {
  try {
    return await fn();
  } catch (err) {
    throw { phase, err };
  }
}

function parseQuads(text) {
  return new N3.Parser({ format: 'application/n-quads' }).parse(text || '');
}

// refuseFetch is Comunica's fetch (context key "fetch"): the case's store
// is the only source, so a FROM, SERVICE or LOAD IRI (http:, file:) that
// Comunica would dereference is refused here, before any network or file
// access; this build has no dereference actors either, and the process has
// no network.
function refuseFetch(input) {
  return Promise.reject(new Error('sparql-oracle: no fetch outside the case (' + String(input && input.url || input) + ')'));
}

async function streamToString(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? chunk : chunk.toString());
  return chunks.join('');
}

// held is the one store kept across queries by dataset_id (protocol.go):
// a query only reads its source, so the next query of the same dataset may
// run on it. A query without dataset_id never touches it.
let held = { id: '', store: null };

// storeFor returns the held store when the request names it (reused), else
// a fresh store loaded with the request's data (held when it names an id).
async function storeFor(req) {
  const id = req.dataset_id || '';
  if (id && held.id === id) return { store: held.store, reused: true };
  if (id && !req.data) throw { internal: 'dataset ' + id + ' is not held: send its data' };
  if (id) held = { id: '', store: null }; // before loading: one dataset per process
  const store = new N3.Store();
  await step('load', () => {
    store.addQuads(parseQuads(req.data));
    store.addQuads(parseQuads(req.sources));
  });
  if (id) held = { id, store };
  return { store, reused: false };
}

async function run(req) {
  const { store, reused } = await storeFor(req);
  const context = { sources: [store], lenient: false, fetch: refuseFetch };
  if (req.base) context.baseIRI = req.base;
  // explain marks the context it is given: it gets a copy of its own.
  await step('parse', () => engine.explain(req.query, Object.assign({}, context), 'parsed'));
  const out = await step('evaluate', () => evaluate(req.query, context));
  return Object.assign(out, { reused });
}

async function evaluate(query, context) {
  const start = process.hrtime.bigint();
  const result = await engine.query(query, context);
  const graph = result.resultType === 'quads';
  const media = graph ? 'application/n-triples' : 'application/sparql-results+json';
  const { data } = await engine.resultToString(result, media);
  const text = await streamToString(data);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { format: graph ? 'ntriples' : 'json', result: graph ? text : stripMetadata(text), time_ms: ms };
}

// update applies an update request on a fresh N3.js Store holding the
// request's store; Comunica writes into its only source. The answer is the
// store after it as N-Quads and its named graphs. Comunica's choices,
// recorded here and in comunica.go: the N3.js Store holds quads, not graphs,
// so an empty named graph (the case's, or one CREATE made) is not in the
// store; the operations of a request run in order with no transaction, so a
// failing one leaves the earlier ones applied (§2.2). LOAD is unsupported:
// this build has no dereference actor, so Comunica fails every LOAD (SILENT
// too) for want of one; the request is refused from its parsed algebra
// before anything runs.
async function update(req) {
  const store = new N3.Store();
  await step('load', () => store.addQuads(parseQuads(req.data)));
  const context = { sources: [store], lenient: false, fetch: refuseFetch };
  if (req.base) context.baseIRI = req.base;
  const parsed = await step('parse', () => engine.explain(req.update, Object.assign({}, context), 'parsed'));
  if (hasLoad(parsed.data)) {
    return { id: req.id, ok: false, error: { kind: 'unsupported', phase: 'load', message: 'LOAD: this Comunica build has no dereference actor (every LOAD fails, SILENT too); the sidecar refuses it' } };
  }
  const start = process.hrtime.bigint();
  let failed = null;
  try {
    await engine.queryVoid(req.update, context);
  } catch (err) {
    failed = failure(req.id, 'evaluate', err).error;
  }
  const resp = { id: req.id, ok: failed === null, format: 'nquads', time_ms: Number(process.hrtime.bigint() - start) / 1e6 };
  const quads = store.getQuads(null, null, null, null);
  resp.result = new N3.Writer({ format: 'application/n-quads' }).quadsToString(quads);
  resp.graphs = graphsOf(quads);
  if (failed) resp.error = failed;
  return resp;
}

// hasLoad: whether a parsed algebra holds a load operation.
function hasLoad(node) {
  if (Array.isArray(node)) return node.some(hasLoad);
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'load') return true;
  return Object.values(node).some((v) => v && typeof v === 'object' && !v.termType && hasLoad(v));
}

// graphsOf lists the named graphs of the quads ("_:label" for a blank node).
function graphsOf(quads) {
  const names = new Set();
  for (const q of quads) {
    if (q.graph.termType === 'DefaultGraph') continue;
    names.add((q.graph.termType === 'BlankNode' ? '_:' : '') + q.graph.value);
  }
  return [...names];
}

// stripMetadata drops Comunica's non-standard top-level "metadata" key.
function stripMetadata(text) {
  const doc = JSON.parse(text);
  delete doc.metadata;
  return JSON.stringify(doc);
}

async function handle(req) {
  switch (req.op) {
    case 'version':
      return { id: req.id, ok: true, version: VERSION, engine: 'comunica', ops: ['update'] };
    case 'ping':
      return { id: req.id, ok: true };
    case 'update':
      held = { id: '', store: null };
      try {
        return await update(req);
      } catch (e) {
        return e && e.phase ? failure(req.id, e.phase, e.err) : failure(req.id, 'evaluate', e);
      }
    case 'query':
      try {
        return Object.assign({ id: req.id, ok: true }, await run(req));
      } catch (e) {
        if (e && e.internal) return { id: req.id, ok: false, error: { kind: 'internal', message: e.internal } };
        return e && e.phase ? failure(req.id, e.phase, e.err) : failure(req.id, 'evaluate', e);
      }
    default:
      return { id: req.id, ok: false, error: { kind: 'internal', message: 'unknown op ' + req.op } };
  }
}

// Requests are answered strictly in order, one at a time.
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
let chain = Promise.resolve();
rl.on('line', (line) => {
  chain = chain.then(async () => {
    let resp;
    try {
      resp = await handle(JSON.parse(line));
    } catch (err) {
      resp = { id: 0, ok: false, error: { kind: 'internal', message: 'bad request: ' + err.message } };
    }
    process.stdout.write(JSON.stringify(resp) + '\n');
  });
});
rl.on('close', () => chain.then(() => process.exit(0)));
