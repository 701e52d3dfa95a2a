package sparqlhttp

import (
	"context"
	"net"
	"net/http"
	"time"
)

// Idle connections. A server ends a keep-alive connection on which no
// request came for a while, each in its own way. The Oxigraph server's
// HTTP layer (oxhttp 0.3, server.rs: accept_request, build_error) reads
// under SO_RCVTIMEO set to --timeout-s; when that read times out the
// kernel answers EAGAIN, and the server writes "500 Resource temporarily
// unavailable (os error 11)" on the connection before closing it. Jetty
// (Fuseki) closes one after 30 s. Go's Transport keeps an idle connection
// for ever unless told otherwise, so that 500 reached an idle connection
// (net/http logs "Unsolicited response received on idle HTTP channel"),
// and a request sent on it at that moment would take the 500 as its
// answer. Our clients therefore close an idle connection at half the
// server's limit (Server.IdleTimeout): no server ever times one out.
//
// A request given up on (deadline, cancel) is no such case: net/http
// closes its connection (persistConn.cancelRequest), the relay closes the
// server's side (relay.go), and a late answer reaches no one.

// defaultIdle is the idle limit assumed of a server that states none.
const defaultIdle = 20 * time.Second

// transport is our clients' Transport: no proxy (the endpoint is on this
// machine, and no request may leave it), at most 4 idle connections, each
// closed at half of the server's idle limit idle (defaultIdle when 0);
// dial, when set, is how connections are made (the relay's socket).
func transport(idle time.Duration, dial func(ctx context.Context, network, addr string) (net.Conn, error)) *http.Transport {
	if idle <= 0 {
		idle = defaultIdle
	}
	return &http.Transport{Proxy: nil, DialContext: dial, MaxIdleConnsPerHost: 4, IdleConnTimeout: idle / 2}
}

// relayClient is an HTTP client whose every connection goes to sock, for
// a server whose idle limit is idle.
func relayClient(sock string, idle time.Duration) *http.Client {
	dial := func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}
	return &http.Client{Transport: transport(idle, dial)}
}
