package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// sidecarTarget drives one sidecar process directly, so it can load the
// benchmark dataset once and name it by dataset_id in every later request
// (sidecar.Engine sends the whole dataset with each case). The engine's own
// query time is the response's time_ms.
type sidecarTarget struct {
	proc    oracle.Process
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	stderr  strings.Builder
	dataset string
	seq     int64
	version string
}

func (t *sidecarTarget) Name() string    { return t.proc.Name }
func (t *sidecarTarget) Version() string { return t.version }

// start launches the process in its own group (so a kill reaches its
// children) and asks for its version.
func (t *sidecarTarget) start(ctx context.Context) error {
	argv := t.proc.Command
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = t.proc.Dir
	cmd.Env = append(os.Environ(), t.proc.Env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = &t.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", t.proc.Name, err)
	}
	t.cmd, t.in, t.out = cmd, in, bufio.NewReaderSize(out, 1<<20)
	resp, err := t.exchange(ctx, &sidecar.Request{Op: "version"})
	if err != nil {
		return err
	}
	t.version = resp.Version
	return nil
}

// Load sends the dataset once under id; a trivial ASK carries it.
func (t *sidecarTarget) Load(ctx context.Context, _ *rdf.Dataset, nquads, id string) error {
	if t.cmd == nil {
		if err := t.start(ctx); err != nil {
			return err
		}
	}
	resp, err := t.exchange(ctx, &sidecar.Request{Op: "query", Query: "ASK {}", Data: nquads, DatasetID: id})
	if err != nil {
		return err
	}
	if !resp.OK {
		return fmt.Errorf("%s: loading: %s", t.proc.Name, failureText(resp.Error))
	}
	t.dataset = id
	return nil
}

// Query runs text over the held dataset.
func (t *sidecarTarget) Query(ctx context.Context, text string) (*results.Answer, time.Duration, error) {
	if t.cmd == nil {
		return nil, 0, errors.New("sidecar is not running")
	}
	resp, err := t.exchange(ctx, &sidecar.Request{Op: "query", Query: text, DatasetID: t.dataset})
	if err != nil {
		return nil, 0, err
	}
	if !resp.OK {
		return nil, 0, errors.New(failureText(resp.Error))
	}
	a, err := decodeResult(resp)
	return a, time.Duration(resp.TimeMS * float64(time.Millisecond)), err
}

// exchange writes one request and reads one response; when ctx ends first
// the process is killed and the target is dead.
func (t *sidecarTarget) exchange(ctx context.Context, req *sidecar.Request) (*sidecar.Response, error) {
	t.seq++
	req.ID = t.seq
	type reply struct {
		resp *sidecar.Response
		err  error
	}
	done := make(chan reply, 1)
	go func() {
		resp, err := t.roundTrip(req)
		done <- reply{resp, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Close()
			return nil, fmt.Errorf("%s: %v (stderr: %.500s)", t.proc.Name, r.err, t.stderr.String())
		}
		return r.resp, nil
	case <-ctx.Done():
		t.Close()
		return nil, fmt.Errorf("%s: %w", t.proc.Name, ctx.Err())
	}
}

func (t *sidecarTarget) roundTrip(req *sidecar.Request) (*sidecar.Response, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if _, err := t.in.Write(append(b, '\n')); err != nil {
		return nil, err
	}
	line, err := t.out.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	var resp sidecar.Response
	if err := json.Unmarshal(line, &resp); err != nil {
		return nil, fmt.Errorf("not a JSON response: %.200q", line)
	}
	if resp.ID != req.ID {
		return nil, fmt.Errorf("answered request %d, expected %d", resp.ID, req.ID)
	}
	return &resp, nil
}

// Close kills the process group and waits for it.
func (t *sidecarTarget) Close() {
	if t.cmd == nil {
		return
	}
	syscall.Kill(-t.cmd.Process.Pid, syscall.SIGKILL)
	t.cmd.Wait()
	t.cmd = nil
}

func failureText(f *sidecar.Failure) string {
	if f == nil {
		return "failed without detail"
	}
	return f.Kind + ": " + f.Message
}

// decodeResult reads a response's SPARQL results JSON or N-Triples.
func decodeResult(resp *sidecar.Response) (*results.Answer, error) {
	switch resp.Format {
	case "json":
		return results.ReadJSON(strings.NewReader(resp.Result))
	case "ntriples":
		quads, err := rdf.ParseNQuads(strings.NewReader(resp.Result), "answer")
		if err != nil {
			return nil, err
		}
		a := &results.Answer{Kind: results.Graph}
		for _, q := range quads {
			a.Triples = append(a.Triples, q.Triple())
		}
		return a, nil
	}
	return nil, fmt.Errorf("unknown result format %q", resp.Format)
}
