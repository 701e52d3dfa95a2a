// Package reduce shrinks one engine's divergence from the judge to a
// 1-minimal case and gives reduced cases their identity (Fingerprint).
package reduce
