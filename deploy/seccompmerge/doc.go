// Command seccompmerge writes the oracle container's seccomp profile: the
// operator's container runtime profile (-base: Docker's default.json of
// their Docker release, or podman's /usr/share/containers/seccomp.json)
// with this project's one rule (-add, deploy/seccomp-bwrap-addition.json)
// appended, nothing of the base changed (package deploy, Merge).
//
//	go run ./deploy/seccompmerge -base /usr/share/containers/seccomp.json -o deploy/seccomp-merged.json
//
// How to change it: the merge itself is package deploy's (Merge, tested by
// `go test ./deploy`); this command only reads the two files and writes the
// result, so a new flag is the only change that belongs here.
package main
