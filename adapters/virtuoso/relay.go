package virtuoso

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// Virtuoso reaches the network from SPARQL: bif:http_get and bif:http_client
// fetch any URL for the anonymous /sparql user (issue 13), and no grant or
// ini setting turns them off (they are not DBA-only built-ins; only some
// file built-ins are). So the server runs in a network namespace of its own
// (bwrap, sandbox.go), where it listens on loopback ports nobody outside
// can reach and nothing outside is reachable. The adapter talks to it
// through a relay: a copy of this very program, started inside the same
// sandbox, that accepts connections on a Unix socket in the database folder
// (shared with the host) and forwards each to Virtuoso's HTTP port.

// relayEnv, set to "SOCKET ADDRESS", makes any program that links this
// package a relay (init below) instead of what it is: the relay needs no
// program of its own, only this package's code inside the sandbox.
const relayEnv = "ORACLE_VIRTUOSO_RELAY"

func init() {
	if v := os.Getenv(relayEnv); v != "" {
		sock, addr, _ := strings.Cut(v, " ")
		relay(sock, addr) // never returns
	}
}

// relay serves sock, forwarding every connection to addr, until killed
// (with the sandbox).
func relay(sock, addr string) {
	os.Remove(sock)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		os.Stderr.WriteString("virtuoso relay: " + err.Error() + "\n")
		os.Exit(1)
	}
	for {
		c, err := ln.Accept()
		if err != nil {
			os.Exit(1)
		}
		go forward(c, addr)
	}
}

// forward copies both ways between c and a new connection to addr.
func forward(c net.Conn, addr string) {
	defer c.Close()
	s, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return // not listening yet: the client sees a closed connection and retries
	}
	defer s.Close()
	done := make(chan struct{}, 2)
	go func() { io.Copy(s, c); closeWrite(s); done <- struct{}{} }()
	go func() { io.Copy(c, s); closeWrite(c); done <- struct{}{} }()
	<-done
	<-done
}

func closeWrite(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
}

// relayClient is an HTTP client whose every connection goes to sock.
func relayClient(sock string) *http.Client {
	dial := func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}
	return &http.Client{Transport: &http.Transport{Proxy: nil, DialContext: dial, MaxIdleConnsPerHost: 4}}
}
