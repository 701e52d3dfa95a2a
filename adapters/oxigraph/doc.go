// Package oxigraph runs Oxigraph's npm build (WASM) as a sidecar engine.
// The sidecar is sidecar.js beside this file; its pinned dependency is in
// package.json and package-lock.json, installed by scripts/install.sh.
//
// How to change it: edit sidecar.js, pin the dependency in package.json and
// package-lock.json, reinstall with scripts/install.sh, then `go test
// ./adapters/oxigraph` (the adaptertest checks on the real engine and the
// reproducer test). What the oracle knows of the engine (family, version,
// installation, EARL project) is descriptor.go's.
package oxigraph
