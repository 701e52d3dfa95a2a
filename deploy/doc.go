// Package deploy holds the deployment files (compose, k8s, Prometheus,
// Grafana) and the one piece of code they need: merging the project's
// seccomp addition (seccomp-bwrap-addition.json, the syscalls the engines'
// bubblewrap sandboxes need) into the operator's own container runtime
// profile at deploy time (go run ./deploy/seccompmerge). The project ships
// only its addition; the base is always the runtime's own file, so it is
// kept rule for rule and only the addition's one rule is appended.
//
// How to change it: a new syscall the sandbox needs goes into
// seccomp-bwrap-addition.json; `go test ./deploy` checks the addition, the
// merge (Merge keeps the base rule for rule) and that compose.yaml and k8s/
// use the merged profile, and TestSeccompProfileRunsBwrap runs bwrap under
// it (on the podman base `bash scripts/install.sh seccomp_base` installs).
package deploy
