package sidecar

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// PIDs lists the live processes of this engine's command that this process
// started, idle or busy, from /proc (nil where there is none). A sidecar
// leads its own process group (start sets Setpgid), and `unshare` execs the
// command in place, so each one is a direct child that is its own group
// leader and runs Config.Command. Fault tests use it to kill a sidecar in
// the middle of a query; two engines running the same command in one
// process are not told apart.
func (e *Engine) PIDs() []int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var out []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err == nil && e.ours(d, pid) {
			out = append(out, pid)
		}
	}
	return out
}

// ours reports whether /proc/<pid> is a child of this process leading its
// own group and running the configured command.
func (e *Engine) ours(dir string, pid int) bool {
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return false
	}
	// Fields after the parenthesised command name: state ppid pgrp ...
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return false
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 3 || f[1] != strconv.Itoa(os.Getpid()) || f[2] != strconv.Itoa(pid) || f[0] == "Z" {
		return false
	}
	cmdline, err := os.ReadFile(filepath.Join(dir, "cmdline"))
	if err != nil {
		return false
	}
	want := strings.Join(e.cfg.Command, "\x00") + "\x00"
	return string(cmdline) == want
}
