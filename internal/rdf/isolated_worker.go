package rdf

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// loaderWorker is the parent's handle on one `load -worker` process
// (isolated_child.go has the protocol). One load at a time uses it; the
// pool (isolated_pool.go) decides who. done is closed when the process is
// reaped, err then holding cmd.Wait's result, and stderr complete.
type loaderWorker struct {
	cmd    *exec.Cmd
	env    []string // environment it was started under, without workerEnv
	in     *os.File // its stdin, our write end
	out    *bufio.Reader
	outF   *os.File // its stdout, our read end
	pooled bool     // kept by the pool after a load, else used once
	gen    int      // pool generation it was started in (pooled only)

	// Owned by the load using the worker.
	docs   int64 // documents answered
	rss    int64 // resident set after the last document
	broken bool  // killed, crashed or out of step: never reuse

	cleanup func() // removes what the jail made, once reaped (isolated_jail.go)

	stderr     bytes.Buffer
	stderrDone chan struct{}
	done       chan struct{}
	err        error
}

// startWorker starts `exe load -worker` under env.
func startWorker(exe string, env []string) (*loaderWorker, error) {
	r, w, err := pipes(3) // [0] stdin, [1] stdout, [2] stderr
	if err != nil {
		return nil, err
	}
	argv, cmdEnv, cleanup, err := workerCommand(exe, env)
	if err != nil {
		closeAll(append(r, w...)...)
		return nil, err
	}
	c := &loaderWorker{env: env, in: w[0], outF: r[1], out: bufio.NewReaderSize(r[1], 64<<10),
		stderrDone: make(chan struct{}), done: make(chan struct{}), cleanup: cleanup}
	c.cmd = exec.Command(argv[0], argv[1:]...)
	c.cmd.Env = cmdEnv
	c.cmd.Stdin, c.cmd.Stdout, c.cmd.Stderr = r[0], w[1], w[2]
	c.cmd.SysProcAttr = childProcAttr()
	err = c.cmd.Start()
	closeAll(r[0], w[1], w[2]) // the child's ends
	if err != nil {
		closeAll(w[0], r[1], r[2])
		cleanup()
		return nil, err
	}
	go c.collectStderr(r[2])
	return c, nil
}

// pipes opens n pipes; on failure none stays open.
func pipes(n int) (r, w []*os.File, err error) {
	for range n {
		pr, pw, err := os.Pipe()
		if err != nil {
			closeAll(r...)
			closeAll(w...)
			return nil, nil, err
		}
		r, w = append(r, pr), append(w, pw)
	}
	return r, w, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// collectStderr keeps the first stderrCap bytes the worker writes on its
// stderr (nothing, unless it dies) and drains the rest, so it never
// blocks on a full pipe.
func (c *loaderWorker) collectStderr(f *os.File) {
	io.Copy(&capWriter{w: &c.stderr, n: stderrCap}, f)
	f.Close()
	close(c.stderrDone)
}

// wait reaps c, closes our ends of its pipes and calls reaped before it
// closes done: whoever waits on done sees the pool without c.
func (c *loaderWorker) wait(reaped func()) {
	c.err = c.cmd.Wait()
	c.cleanup()
	closeAll(c.in, c.outF)
	reaped()
	close(c.done)
}

func (c *loaderWorker) alive() bool {
	select {
	case <-c.done:
		return false
	default:
		return true
	}
}

// kill ends the worker; a worker already reaped ignores it.
func (c *loaderWorker) kill() { c.cmd.Process.Kill() }

// run sends c one document and reads its answer, killing c when ctx ends
// first. It returns the N-Quads; a parse error, a crash and a timeout
// each come back as an error naming the document. After a crash or a
// timeout c is broken (and dead, or dying).
func (c *loaderWorker) run(ctx context.Context, args []string, data []byte, name string) ([]byte, error) {
	stop := context.AfterFunc(ctx, c.kill)
	resp, nq, err := c.exchange(args, data)
	if !stop() {
		c.broken = true // killed, maybe after a complete answer: that one stands
	}
	if err == nil {
		c.docs++
		c.rss = resp.RSS
		return answer(name, resp, nq)
	}
	c.broken = true
	c.kill()
	<-c.done
	<-c.stderrDone
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s: loading stopped: %w", name, ctx.Err())
	}
	return nil, c.crash(name, err)
}

// exchange writes one request frame and reads the answer frame.
func (c *loaderWorker) exchange(args []string, data []byte) (workerResponse, []byte, error) {
	var resp workerResponse
	w := bufio.NewWriterSize(c.in, min(len(data)+4096, 64<<10))
	if err := writeFrame(w, workerRequest{Args: args, Size: len(data)}, data); err != nil {
		return resp, nil, err
	}
	nq, err := readFrame(c.out, &resp, func() int { return resp.Size })
	if err == nil && resp.Status != 0 && resp.Size != 0 {
		err = errors.New("worker answered an error with a body")
	}
	return resp, nq, err
}

// answer reads RunLoad's exit code in resp: 0 the N-Quads, 1 a positioned
// input error; anything else (usage) is the loader's fault.
func answer(name string, resp workerResponse, nq []byte) ([]byte, error) {
	switch resp.Status {
	case 0:
		return nq, nil
	case 1:
		return nil, childError(name, resp.Stderr)
	}
	return nil, fmt.Errorf("%s: RDF loader failed (exit status %d): %s", name, resp.Status, firstLine(resp.Stderr))
}

// crash describes a worker that died (or garbled its answer) mid-request:
// its exit status and the first line of its stderr (a panic's message).
func (c *loaderWorker) crash(name string, ioErr error) error {
	desc := "exit status 0"
	var exit *exec.ExitError
	switch {
	case errors.As(c.err, &exit):
		desc = exit.String()
	case c.err != nil:
		desc = c.err.Error()
	}
	msg := firstLine(c.stderr.String())
	if msg == "" {
		msg = ioErr.Error()
	}
	return fmt.Errorf("%s: RDF loader crashed (%s): %s", name, desc, msg)
}
