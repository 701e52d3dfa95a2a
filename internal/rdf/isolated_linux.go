package rdf

import "syscall"

// defaultPoolSize: Linux has Pdeathsig, so workers cannot outlive us.
const defaultPoolSize = 2

// childProcAttr makes the kernel kill a loader worker when we die, idle or
// busy, so none is left behind by a crash or a SIGKILL of the parent.
// Pdeathsig fires when the thread that started the child exits: Go exits a
// thread only when a goroutine locked to it ends, which this module never
// does (no LockOSThread); a worker so killed while idle is skipped by takeIdle.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
