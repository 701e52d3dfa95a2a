package sidecar

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// maxLine bounds one response line: an engine that answers with more is
// treated as failed rather than allowed to exhaust memory.
const maxLine = 64 << 20

// process is one running sidecar.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File // our end of the process's stdin pipe (unread: guard.go)
	stdout *bufio.Reader
	stderr *tail
	done   chan struct{} // closed when the process has exited
	served int
	argv   []string     // the engine's own command line, inside any wrapper
	killed atomic.Bool  // we sent the SIGKILL
	engine atomic.Int64 // the engine's pid, once found (bwrap runs it as a grandchild)
	sent   time.Time    // when the current request was handed over
	// limit is the memory share the process started under; unreserve
	// gives it back to the budget once the process is gone (pool_budget.go).
	limit     int64
	unreserve func()
	floor     Floor // its resident memory before a case, at the least
}

// start launches the engine confined (Config.Jail: bwrap, else unshare
// --net), under its limits (prlimit), in its own process group so a kill
// reaches every process it spawned; its private working folder is removed
// when it ends.
func start(cfg *Config) (*process, error) {
	argv := cfg.engineArgv()
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Command[0], err)
	}
	jail := cfg.Jail
	if cfg.Dir != "" {
		jail.ReadOnly = append([]string{cfg.Dir}, jail.ReadOnly...)
	}
	l, err := jail.Prepare(argv, cfg.Env)
	if err != nil {
		return nil, err
	}
	full := cfg.Limits.Argv(l.Argv, false)
	cmd := exec.Command(full[0], full[1:]...)
	cmd.Dir, cmd.Env = l.Dir, l.Env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	p, err := pipes(cmd, argv)
	if err != nil {
		l.Cleanup()
		return nil, err
	}
	err = cmd.Start()
	cmd.Stdin.(*os.File).Close()
	if err != nil {
		p.stdin.Close()
		l.Cleanup()
		return nil, fmt.Errorf("start %s: %w", cfg.Command[0], err)
	}
	go func() { cmd.Wait(); l.Cleanup(); close(p.done) }()
	return p, nil
}

func pipes(cmd *exec.Cmd, argv []string) (*process, error) {
	r, stdin, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdin = r // start closes r here once the child holds it
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, stdin: stdin, stderr: &tail{max: 4096}, done: make(chan struct{}), argv: argv}
	cmd.Stderr = p.stderr
	p.stdout = bufio.NewReaderSize(stdout, 1<<16)
	return p, nil
}

// roundTrip writes one request and reads one response line. It blocks; the
// caller enforces deadlines by killing the process.
func (p *process) roundTrip(req *Request) (*Response, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if _, err := p.stdin.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("%w: %v", errNotSent, err)
	}
	line, err := readLine(p.stdout)
	if err != nil {
		return nil, err
	}
	var resp Response
	if err := json.Unmarshal(line, &resp); err != nil {
		return nil, fmt.Errorf("sidecar wrote a line that is not a JSON response: %.200q", line)
	}
	if resp.ID != req.ID {
		return nil, fmt.Errorf("sidecar answered request %d, expected %d", resp.ID, req.ID)
	}
	return &resp, nil
}

func readLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return nil, err
		}
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, errors.New("response line exceeds the size limit")
		}
		if !isPrefix {
			return buf, nil
		}
	}
}

// kill ends the whole process group at once and waits for the exit.
// Inside bwrap the engine is not our child: it is killed by pid too, and
// waited for until it is gone (gone).
func (p *process) kill() {
	engine := 0
	if p.cmd.Process != nil && !p.exited() {
		engine = p.enginePID()
		p.killed.Store(true)
		if engine != 0 {
			syscall.Kill(engine, syscall.SIGKILL)
		}
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
	p.stdin.Close()
	<-p.done
	if engine != 0 {
		gone(engine, 2*time.Second)
	}
	if p.unreserve != nil {
		p.unreserve()
	}
}

func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// tail keeps the last max bytes written to it (a sidecar's stderr), for error messages.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
	oom string // the first line reporting a failed allocation (limits.go), kept past max
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.oom == "" {
		t.oom = oomLine(string(b))
	}
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// oomReport is the allocation failure the process reported, if any.
func (t *tail) oomReport() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.oom
}
