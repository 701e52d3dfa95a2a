package sidecar

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
	"unsafe"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// errNotSent: the request never reached the process (its stdin was
// closed: it died while idle). The case is retried on a fresh process.
var errNotSent = errors.New("request not sent")

// engineArgv is the engine's own command line: the program by its absolute
// path (the sandbox's PATH is the system's only), then the runtime's heap
// flags for the memory limit, then the rest of Command.
func (c *Config) engineArgv() []string {
	prog := c.Command[0]
	if p, err := exec.LookPath(prog); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			prog = abs
		}
	}
	argv := []string{prog}
	if c.HeapArgs != nil && c.Limits.Memory > 0 {
		argv = append(argv, c.HeapArgs(c.Limits.Memory)...)
	}
	return append(argv, c.Command[1:]...)
}

// resourceFailure is the error of a sidecar answer of kind "resource": the
// engine caught its own allocation failure (Python's MemoryError, Java's
// OutOfMemoryError) and answered instead of dying.
func resourceFailure(resp *Response) error {
	if resp.OK || resp.Error == nil || resp.Error.Kind != "resource" {
		return nil
	}
	return fmt.Errorf("%w: %s", oracle.ErrResource, resp.Error.Message)
}

// alive reports whether p can take a request: not exited, and its engine
// (when known) not a zombie or gone. A process killed while idle is
// noticed here, before a case is sent to it.
func (p *process) alive() bool {
	if p.exited() {
		return false
	}
	pid := int(p.engine.Load())
	if pid == 0 {
		pid = p.cmd.Process.Pid
	}
	f, err := procStat(pid)
	return err == nil && len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// killRace bounds how soon after its request a process killed from
// outside may die for the death to count as a kill that landed while it
// was idle: a pending SIGKILL still lets a blocked read take the request.
const killRace = 100 * time.Millisecond

// diedBeforeRequest reports a death the case did not cause: the process
// exited with the request still unread in its pipe, or died of a SIGKILL
// nobody here sent, the request breaking off within killRace (engines never SIGKILL
// themselves; a case that ran that briefly cannot have brought it on).
func (p *process) diedBeforeRequest(broke time.Time) bool {
	if !p.exited() {
		return false
	}
	if p.unread() > 0 {
		return true
	}
	return !p.killed.Load() && KilledBySIGKILL(p.cmd.ProcessState) && broke.Sub(p.sent) < killRace
}

// killedOutside reports a death by a SIGKILL nobody here sent (directly,
// or through bwrap as exit status 137): engines never SIGKILL themselves,
// so the kill came from outside, the kernel's OOM killer or an operator.
// The CPU limit's hard kill is told apart before (Limits.Exceeded). Such a
// death says nothing of the engine's answer: ErrUnavailable, never
// ErrCrashed, and the case is retried once on a fresh process.
func (p *process) killedOutside() bool {
	return p.exited() && !p.killed.Load() && KilledBySIGKILL(p.cmd.ProcessState)
}

// unread is how many bytes of what was written to p's stdin nobody has
// read (FIONREAD on the pipe; -1 when unknown). A process that died with
// the request still in its pipe never saw it: its death is not the case's.
func (p *process) unread() int {
	n := -1
	rc, err := p.stdin.SyscallConn()
	if err != nil {
		return n
	}
	rc.Control(func(fd uintptr) {
		var v int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); e == 0 {
			n = int(v)
		}
	})
	return n
}

// enginePID finds the engine process: the leader itself, or (inside bwrap)
// the descendant running the engine's command line; cached once found.
func (p *process) enginePID() int {
	if pid := p.engine.Load(); pid != 0 {
		return int(pid)
	}
	leader := p.cmd.Process.Pid
	pid := leader
	if !sameCmdline(leader, p.argv) {
		pid = findDescendant(leader, p.argv)
	}
	if pid != 0 {
		p.engine.Store(int64(pid))
	}
	return pid
}

// cpuWatch fires c when the engine's CPU time during one case passes
// Limits.CPU (see Limits: RLIMIT_CPU cannot bound a long-lived process per
// case). It samples every cpuTick: a case shorter than that costs nothing.
type cpuWatch struct {
	c    chan struct{}
	stop func()
}

const cpuTick = 200 * time.Millisecond

func (e *Engine) watchCPU(p *process, req *Request) cpuWatch {
	w := cpuWatch{c: make(chan struct{}), stop: func() {}}
	limit := e.cfg.Limits.CPU
	if limit <= 0 || req.Op != "query" {
		return w
	}
	pid := p.enginePID()
	base, err := cpuTime(pid)
	if pid == 0 || err != nil {
		return w
	}
	t := time.NewTicker(cpuTick)
	quit := make(chan struct{})
	w.stop = func() { t.Stop(); close(quit) }
	go func() {
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if used, err := cpuTime(pid); err == nil && used-base > limit {
					close(w.c)
					return
				}
			}
		}
	}()
	return w
}

// peakRSS is the most resident memory p's engine used: its VmHWM while it
// lives, else the rusage of its exit (which covers bwrap's descendants it
// waited for).
func (p *process) peakRSS() int64 {
	if !p.exited() {
		if pid := p.enginePID(); pid != 0 {
			return PeakRSS(pid)
		}
		return 0
	}
	if ru, ok := p.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}

// PeakRSS is the most resident memory any of this engine's processes has
// used so far, ended ones included, in bytes.
func (e *Engine) PeakRSS() int64 {
	peak := e.peak.Load()
	for _, pid := range e.PIDs() {
		peak = max(peak, PeakRSS(pid))
	}
	return peak
}

func (e *Engine) notePeak(p *process) {
	v := p.peakRSS()
	for {
		old := e.peak.Load()
		if v <= old || e.peak.CompareAndSwap(old, v) {
			return
		}
	}
}
