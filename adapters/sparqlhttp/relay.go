package sparqlhttp

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// A server this package starts (server.go) runs in a network namespace of
// its own where bwrap works: an Oxigraph server or Fuseki can evaluate
// SERVICE, and nothing outside the namespace may be reachable from a
// query. The adapter reaches it through a relay: a copy of the running
// program, started in the same sandbox with relayEnv set, that accepts
// connections on a Unix socket in the server's private folder (shared
// with the host) and forwards each to the server's loopback port.

// relayEnv, set to "SOCKET ADDRESS", makes any program that links this
// package a relay (init below) instead of what it is. adapters/virtuoso
// reaches its sandboxed server through the same relay.
const relayEnv = "ORACLE_ENDPOINT_RELAY"

// RelayEnv is the environment entry that makes a sandboxed copy of the
// running program relay connections on sock to the loopback port.
func RelayEnv(sock string, port int) string {
	return fmt.Sprintf("%s=%s 127.0.0.1:%d", relayEnv, sock, port)
}

func init() {
	if v := os.Getenv(relayEnv); v != "" {
		sock, addr, _ := strings.Cut(v, " ")
		relay(sock, addr) // never returns
	}
}

// relay serves sock, forwarding every connection to addr, until killed
// with the sandbox.
func relay(sock, addr string) {
	os.Remove(sock)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		os.Stderr.WriteString("endpoint relay: " + err.Error() + "\n")
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
	go func() { io.Copy(s, c); done <- struct{}{} }()
	go func() { io.Copy(c, s); done <- struct{}{} }()
	// Either side closing ends the exchange: an HTTP client never
	// half-closes, so a client gone (a cancelled case) closes the
	// server's connection at once, for a server that stops a query whose
	// client left (abandon.go).
	<-done
	c.Close()
	s.Close()
	<-done
}

// RelayClient is an HTTP client whose every connection goes to sock.
// Its idle connections close at half of defaultIdle (transport.go).
func RelayClient(sock string) *http.Client { return relayClient(sock, 0) }
