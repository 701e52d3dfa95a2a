// Package python runs the Python engines as sidecars: pyoxigraph (Oxigraph's
// native build), oxilite (SPARQL compiled to SQL on SQLite, with pyoxigraph's
// API) and RDFLib. One script, sidecar.py, serves all three; the engines are
// pinned in requirements.txt and installed into the repository's .venv by
// scripts/install.sh.
//
// How to change it: edit sidecar.py, pin a package in requirements.txt,
// reinstall with scripts/install.sh, then `go test ./adapters/python` (the
// adaptertest checks on each real engine, faults_test.go for a sidecar's
// failures, the reproducer test). What the oracle knows of each engine
// (family, version, installation, EARL project) is descriptor.go's.
package python
