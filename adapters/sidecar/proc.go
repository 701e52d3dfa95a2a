package sidecar

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// What the package reads of processes, all from procfs (proc(5)): the
// pids, a process's stat fields, command line and memory, its ancestry,
// and the engine processes an Engine started. Every reader answers for a
// process that has gone (a zero value, false or an error), since any may
// end between two reads.

// procPath is /proc/<pid>/<file>.
func procPath(pid int, file string) string {
	return filepath.Join("/proc", strconv.Itoa(pid), file)
}

// procPIDs lists every process /proc shows.
func procPIDs() []int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	pids := make([]int, 0, len(dirs))
	for _, d := range dirs {
		if pid, err := strconv.Atoi(filepath.Base(d)); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// procStat is /proc/<pid>/stat's fields after the command name: state,
// ppid, pgrp, ... (field 3 of proc(5) is index 0).
func procStat(pid int) ([]string, error) {
	stat, err := os.ReadFile(procPath(pid, "stat"))
	if err != nil {
		return nil, err
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return nil, fmt.Errorf("unreadable /proc/%d/stat", pid)
	}
	return strings.Fields(string(stat[i+1:])), nil
}

// Zombie reports whether pid has exited: gone, or a zombie its parent
// has not reaped yet.
func Zombie(pid int) bool {
	f, err := procStat(pid)
	return err != nil || len(f) == 0 || f[0] == "Z"
}

// gone waits up to d for pid to have been reaped.
func gone(pid int, d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(procPath(pid, "")); err != nil {
			return
		}
	}
}

// isLeader: a direct child of this process leading its own group.
func isLeader(pid int) bool {
	f, err := procStat(pid)
	return err == nil && len(f) >= 3 && f[1] == strconv.Itoa(os.Getpid()) && f[2] == strconv.Itoa(pid)
}

func sameCmdline(pid int, argv []string) bool {
	b, err := os.ReadFile(procPath(pid, "cmdline"))
	return err == nil && string(b) == strings.Join(argv, "\x00")+"\x00"
}

// Program is the base name of pid's argv[0] ("" when it has gone): the
// program a process runs, as a kill test looks for it.
func Program(pid int) string {
	cmd, err := os.ReadFile(procPath(pid, "cmdline"))
	if err != nil {
		return ""
	}
	argv0, _, _ := bytes.Cut(cmd, []byte{0})
	return filepath.Base(string(argv0))
}

// descends reports whether root is among pid's first n ancestors.
func descends(pid, root, n int) bool {
	for range n {
		f, err := procStat(pid)
		if err != nil || len(f) < 2 {
			return false
		}
		ppid, _ := strconv.Atoi(f[1])
		if ppid == root {
			return true
		}
		if ppid <= 1 {
			return false
		}
		pid = ppid
	}
	return false
}

func underAny(pid int, leaders map[int]bool) bool {
	for l := range leaders {
		if descends(pid, l, 4) {
			return true
		}
	}
	return false
}

// findDescendant is the process under root (at most four generations
// down: prlimit, bwrap, its init, the engine) running argv, or 0.
func findDescendant(root int, argv []string) int {
	for _, pid := range procPIDs() {
		if pid != root && descends(pid, root, 4) && sameCmdline(pid, argv) {
			return pid
		}
	}
	return 0
}

// Descendant is the process under root (at most four generations down)
// running exactly argv, or 0: the engine inside a sandbox started by root
// (Virtuoso's server, to stop it in its own orderly way).
func Descendant(root int, argv []string) int { return findDescendant(root, argv) }

// Tree lists root and every live process below it (a server's prlimit,
// bwrap, its shell, the relay and the server itself).
func Tree(root int) []int {
	parent := map[int]int{}
	for _, pid := range procPIDs() {
		if f, err := procStat(pid); err == nil && len(f) >= 2 {
			parent[pid], _ = strconv.Atoi(f[1])
		}
	}
	var out []int
	for pid := range parent {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

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
	pids := procPIDs()
	leaders := map[int]bool{}
	for _, pid := range pids {
		if isLeader(pid) {
			leaders[pid] = true
		}
	}
	var out []int
	for _, pid := range pids {
		if sameCmdline(pid, argv) && !Zombie(pid) && (leaders[pid] || underAny(pid, leaders)) {
			out = append(out, pid)
		}
	}
	return out
}

// clockTick is USER_HZ, 100 on every Linux this runs on.
const clockTick = 100

// cpuTime is the user plus system time of pid, from /proc/<pid>/stat.
func cpuTime(pid int) (time.Duration, error) {
	f, err := procStat(pid)
	if err != nil {
		return 0, err
	}
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / clockTick, nil
}

// RSS is the resident memory of pid (VmRSS), in bytes; 0 when it is gone.
func RSS(pid int) int64 {
	return procBytes(procPath(pid, "status"), "VmRSS:")
}

// PeakRSS is the most resident memory pid has used (VmHWM), in bytes.
func PeakRSS(pid int) int64 {
	return procBytes(procPath(pid, "status"), "VmHWM:")
}

// procBytes reads the line of a /proc file (meminfo, status) starting with
// key, a size in kB, as bytes; 0 when the file or the line is missing.
func procBytes(path, key string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
