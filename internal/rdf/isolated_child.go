package rdf

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// A loader worker is `<exe> load -worker`. It reads requests on stdin and
// answers each on stdout, one at a time, until EOF on stdin. A request is
// a frame: a 4-byte big-endian length, that many bytes of JSON
// (workerRequest), then the document (Size bytes). An answer is a frame
// the same way (workerResponse, then Size bytes of N-Quads when Status is
// 0). The exit code RunLoad would have returned is Status, and what it
// would have written on stderr is Stderr; the worker's own stderr carries
// only what kills it (a panic's trace), which the parent reads when the
// answer never comes.
type workerRequest struct {
	Args []string `json:"args"` // `load` flags for this document
	Size int      `json:"size"` // document bytes that follow
}

type workerResponse struct {
	Status int    `json:"status"` // 0 N-Quads follow, 1 bad input, 2 bad usage
	Stderr string `json:"stderr,omitempty"`
	Size   int    `json:"size"` // N-Quads bytes that follow
	RSS    int64  `json:"rss"`  // worker's resident set after this document, bytes (0: unknown)
}

// maxHeaderBytes bounds a frame's JSON; maxFrameBytes its payload (the
// parent's Limits are the real bound; this only stops a garbled length
// from allocating without end).
const (
	maxHeaderBytes = 1 << 20
	maxFrameBytes  = 1 << 30
)

// stderrCap bounds the error text kept per document and of a dead
// worker's stderr (a panic's trace).
const stderrCap = 64 << 10

// workerDocHook, when set (by tests, in the worker), sees every document
// before it is parsed; tests make it hang or crash there.
var workerDocHook func(opts loadOpts, data []byte)

// serveWorker is `load -worker`: it warms the parser up, then serves
// requests until EOF. A frame it cannot read ends it with exit code 2.
func serveWorker(stdin io.Reader, stdout, stderr io.Writer) int {
	warmUp()
	in := bufio.NewReaderSize(stdin, 64<<10)
	out := bufio.NewWriterSize(stdout, 64<<10)
	for {
		var req workerRequest
		data, err := readFrame(in, &req, func() int { return req.Size })
		if err == io.EOF {
			return 0
		}
		if err != nil {
			fmt.Fprintln(stderr, "load -worker: reading a request:", err)
			return 2
		}
		resp, nq := serveDoc(req.Args, data)
		resp.RSS = selfRSS()
		if err := writeFrame(out, resp, nq); err != nil {
			fmt.Fprintln(stderr, "load -worker: writing an answer:", err)
			return 2
		}
	}
}

// serveDoc runs one document as `load args` would, in memory.
func serveDoc(args []string, data []byte) (workerResponse, []byte) {
	var nq, msg bytes.Buffer
	errw := &capWriter{w: &msg, n: stderrCap}
	opts, ok := parseLoadArgs(args, errw)
	code := 2
	switch {
	case ok && opts.worker:
		fmt.Fprintln(errw, "load: -worker inside a request")
	case ok:
		if workerDocHook != nil {
			workerDocHook(opts, data)
		}
		code = runLoad(opts, bytes.NewReader(data), &nq, errw)
	}
	if code != 0 {
		return workerResponse{Status: code, Stderr: msg.String()}, nil
	}
	return workerResponse{Size: nq.Len()}, nq.Bytes()
}

// writeFrame writes hdr as a frame header, then payload, and flushes.
func writeFrame(w *bufio.Writer, hdr any, payload []byte) error {
	js, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(js)))
	w.Write(n[:])
	w.Write(js)
	w.Write(payload)
	return w.Flush()
}

// readFrame reads a frame header into hdr, then the payload whose length
// size reports from it. A clean EOF before the header is io.EOF; EOF
// anywhere else is io.ErrUnexpectedEOF.
func readFrame(r io.Reader, hdr any, size func() int) ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, err
	}
	hl := binary.BigEndian.Uint32(n[:])
	if hl > maxHeaderBytes {
		return nil, fmt.Errorf("frame header of %d bytes", hl)
	}
	js := make([]byte, hl)
	if _, err := io.ReadFull(r, js); err != nil {
		return nil, noEOF(err)
	}
	if err := json.Unmarshal(js, hdr); err != nil {
		return nil, fmt.Errorf("frame header: %v", err)
	}
	if size() < 0 || size() > maxFrameBytes {
		return nil, fmt.Errorf("frame payload of %d bytes", size())
	}
	payload := make([]byte, size())
	if _, err := io.ReadFull(r, payload); err != nil {
		return nil, noEOF(err)
	}
	return payload, nil
}

func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// selfRSS reads this process's resident set from /proc/self/statm (its
// second field, in pages); 0 where there is no /proc.
func selfRSS() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// warmDoc exercises the Turtle path end to end: prefixes, a relative IRI,
// language tags, datatypes, numbers, long strings, blank nodes, a list.
const warmDoc = `@prefix ex: <http://example.org/> . @base <http://example.org/b/> .
ex:s ex:p "a"@en, "b"^^ex:t, 1, 2.5, 1e3, true, """long "x" string""" ;
  ex:q [ ex:r <rel> ], ( 1 2 ), _:b . <x> a ex:C .
`

// warmUp loads warmDoc once, so that a new worker has faulted in the
// parser's and writer's code and grown its heap before its first request
// arrives. The input is ours, so isolation is unchanged.
func warmUp() {
	qs, _ := Parse(strings.NewReader(warmDoc), Turtle, "http://example.org/", "warm-up")
	WriteNQuads(io.Discard, qs)
}
