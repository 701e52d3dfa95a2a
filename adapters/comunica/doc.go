// Package comunica runs Comunica (@comunica/query-sparql-rdfjs over an N3.js
// store) as a sidecar engine. The sidecar is sidecar.js beside this file; its
// pinned dependencies are in package.json and package-lock.json, installed by
// scripts/install.sh. It runs in a network namespace of its own: Comunica
// would otherwise dereference FROM IRIs and SERVICE endpoints.
//
// Updates (oracle.Updater, the sidecar's "update" op): QueryEngine.queryVoid
// on a fresh N3.js Store holding the case's store, Comunica's only source
// and so its destination. Comunica's choices: the N3.js Store holds quads,
// not graphs, so an empty named graph (the case's, or CREATE's) is not in
// the store after a request, and CREATE of a graph holding quads fails; the
// operations run in order with no transaction, so a failing request keeps
// the operations before it (§2.2). LOAD is unsupported: this build has no
// dereference actor, so Comunica fails every LOAD, SILENT too; the sidecar
// refuses a request whose parsed algebra holds one. W3C Update baseline:
// baselines/comunica-update.tsv.
//
// How to change it: edit sidecar.js, pin a dependency in package.json and
// package-lock.json (and the embed list of adapters/embed.go for a new
// runtime file), reinstall with scripts/install.sh, then `go test
// ./adapters/comunica` (the adaptertest checks on the real engine, the
// reproducer and update tests). What the oracle knows of Comunica (family,
// version, installation, EARL project) is descriptor.go's.
package comunica
