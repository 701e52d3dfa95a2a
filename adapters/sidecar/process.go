package sidecar

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// maxLine bounds one response line: an engine that answers with more is
// treated as failed rather than allowed to exhaust memory.
const maxLine = 64 << 20

// process is one running sidecar.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *tail
	done   chan struct{} // closed when the process has exited
	served int
}

// start launches the command in its own process group, so a kill reaches
// every child it spawned.
func start(cfg *Config) (*process, error) {
	argv := cfg.Command
	if cfg.NoNetwork {
		argv = IsolatedArgv(argv)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = cfg.Dir
	cmd.Env = append(os.Environ(), cfg.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, stdin: stdin, stderr: &tail{max: 4096}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	p.stdout = bufio.NewReaderSize(stdout, 1<<16)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Command[0], err)
	}
	go func() { cmd.Wait(); close(p.done) }()
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
		return nil, err
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
func (p *process) kill() {
	if p.cmd.Process != nil {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
	p.stdin.Close()
	<-p.done
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
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
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
