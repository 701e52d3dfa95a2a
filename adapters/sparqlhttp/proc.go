package sparqlhttp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Proc is one server process: the servers this package runs (server.go)
// and adapters/virtuoso's virtuoso-t embed it. It runs in its own process
// group, killed with the oracle; a goroutine reaps it and closes Done.
// Ours marks a kill the oracle sent (Kill, a server's own stop), so that
// any other SIGKILL is one from outside (killed.go).
type Proc struct {
	Cmd  *exec.Cmd
	Done chan struct{}
	Ours atomic.Bool
	Log  string // the file its output goes to, for Tail
}

// Launch starts cmd as p (its output to p.Log) and reaps it in the
// background, calling cleanup once it has exited.
func (p *Proc) Launch(cmd *exec.Cmd, cleanup func()) error {
	log, err := os.Create(p.Log)
	if err != nil {
		cleanup()
		return err
	}
	defer log.Close()
	p.Cmd, p.Done = cmd, make(chan struct{})
	cmd.Stdout, cmd.Stderr = log, log
	// Its own process group, killed with the parent if the oracle dies.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		cleanup()
		return fmt.Errorf("starting %s: %w", cmd.Args[0], err)
	}
	go func() { cmd.Wait(); cleanup(); close(p.Done) }()
	return nil
}

// Started reports whether the process was started.
func (p *Proc) Started() bool { return p != nil && p.Cmd != nil && p.Cmd.Process != nil }

// PID is the process group's leader (prlimit, then bwrap).
func (p *Proc) PID() int { return p.Cmd.Process.Pid }

// Exited reports whether the process has stopped (a process never
// started has not).
func (p *Proc) Exited() bool {
	if p.Done == nil {
		return false
	}
	select {
	case <-p.Done:
		return true
	default:
		return false
	}
}

// Kill sends SIGKILL to the process group, as the oracle's own kill, and
// waits up to wait for it to be reaped.
func (p *Proc) Kill(wait time.Duration) {
	if !p.Started() || p.Exited() {
		return
	}
	p.Ours.Store(true)
	syscall.Kill(-p.PID(), syscall.SIGKILL)
	select {
	case <-p.Done:
	case <-time.After(wait):
	}
}

// Reaped waits up to d for the process to be reaped: a dying server
// closes its connections a moment before.
func (p *Proc) Reaped(d time.Duration) bool {
	select {
	case <-p.Done:
		return true
	case <-time.After(d):
		return false
	}
}

// Tail is the end of the process's log, for error messages.
func (p *Proc) Tail() string {
	data, _ := os.ReadFile(p.Log)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return strings.Join(lines, " | ")
}

// RSS is the resident memory of the process's whole tree.
func (p *Proc) RSS() int64 { return sidecar.TreeRSS(p.PID()) }

// WaitReady polls url through client until it answers 200: the server is
// up. It fails when the process exits first or ctx ends.
func (p *Proc) WaitReady(ctx context.Context, client *http.Client, url string) error {
	for {
		rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		req, _ := http.NewRequestWithContext(rctx, http.MethodGet, url, nil)
		resp, err := client.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.Done:
			return fmt.Errorf("%s exited while starting: %s", p.Cmd.Args[0], p.Tail())
		case <-ctx.Done():
			return fmt.Errorf("the server did not answer on %s in time: %s", url, p.Tail())
		case <-time.After(150 * time.Millisecond):
		}
	}
}

// FreePort is a loopback TCP port free when asked.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	addr, ok := ln.Addr().(*net.TCPAddr)
	if !ok {
		return 0, errors.New("no TCP address")
	}
	return addr.Port, nil
}
