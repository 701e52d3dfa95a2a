package sidecar

import (
	"os"
	"path/filepath"
	"strconv"
)

// PIDs lists the live engine processes of this engine that this process
// started, idle or busy, from /proc (nil where there is none). Each sidecar
// is started under a leader of its own process group that is a direct
// child of this process (prlimit, then bwrap or unshare, exec in place);
// the engine is that leader or, inside bwrap, a descendant running the
// engine's command line. Fault tests use it to kill a sidecar in the middle
// of a query; two engines running the same command in one process are not
// told apart.
func (e *Engine) PIDs() []int {
	run := e.runConfig() // under its share of the memory budget
	argv := run.engineArgv()
	leaders := map[int]bool{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		if pid, err := strconv.Atoi(filepath.Base(d)); err == nil && isLeader(pid) {
			leaders[pid] = true
		}
	}
	var out []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || !sameCmdline(pid, argv) || Zombie(pid) {
			continue
		}
		if leaders[pid] || underAny(pid, leaders) {
			out = append(out, pid)
		}
	}
	return out
}

// isLeader: a direct child of this process leading its own group.
func isLeader(pid int) bool {
	f, err := procStat(pid)
	return err == nil && len(f) >= 3 && f[1] == strconv.Itoa(os.Getpid()) && f[2] == strconv.Itoa(pid)
}

// Zombie reports whether pid has exited: gone, or a zombie its parent
// has not reaped yet.
func Zombie(pid int) bool {
	f, err := procStat(pid)
	return err != nil || len(f) == 0 || f[0] == "Z"
}

func underAny(pid int, leaders map[int]bool) bool {
	for l := range leaders {
		if descends(pid, l, 4) {
			return true
		}
	}
	return false
}
