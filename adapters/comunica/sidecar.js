// Comunica (@comunica/query-sparql-rdfjs) as a sparql-oracle sidecar.
// Protocol: adapters/sidecar/protocol.go. Each case gets a fresh N3.js Store
// holding exactly the request's dataset; that store is Comunica's only
// source. Comunica is built for link traversal and would dereference a FROM
// IRI or call a SERVICE endpoint: the Go side starts this process in a network
// namespace of its own, so neither can leave the machine.
'use strict';
const readline = require('readline');
const { QueryEngine } = require('@comunica/query-sparql-rdfjs');
const N3 = require('n3');
const VERSION = require('@comunica/query-sparql-rdfjs/package.json').version;

const engine = new QueryEngine();

function kindOf(err) {
  const msg = String(err && err.message || err);
  if (/SERVICE|dereference|not supported|unsupported|not implemented|Could not retrieve|fetch failed|ENOTFOUND|ECONNREFUSED|ENETUNREACH/i.test(msg)) return 'unsupported';
  if (/reuse of blank node|unexpected character|Parse error|Lexical error|Unknown prefix|Expecting|expected|syntax/i.test(msg)) return 'rejected';
  return 'error';
}

function parseQuads(text) {
  return new N3.Parser({ format: 'application/n-quads' }).parse(text || '');
}

async function streamToString(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? chunk : chunk.toString());
  return chunks.join('');
}

async function run(req) {
  const store = new N3.Store();
  store.addQuads(parseQuads(req.data));
  store.addQuads(parseQuads(req.sources));
  const context = { sources: [store], lenient: false };
  if (req.base) context.baseIRI = req.base;
  const start = process.hrtime.bigint();
  const result = await engine.query(req.query, context);
  const graph = result.resultType === 'quads';
  const media = graph ? 'application/n-triples' : 'application/sparql-results+json';
  const { data } = await engine.resultToString(result, media);
  const text = await streamToString(data);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { format: graph ? 'ntriples' : 'json', result: graph ? text : stripMetadata(text), time_ms: ms };
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
      return { id: req.id, ok: true, version: VERSION, engine: 'comunica' };
    case 'ping':
      return { id: req.id, ok: true };
    case 'query':
      try {
        return Object.assign({ id: req.id, ok: true }, await run(req));
      } catch (err) {
        return { id: req.id, ok: false, error: { kind: kindOf(err), message: String(err && err.message || err) } };
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
