package main

import (
	"fmt"
	"net"
	"os"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/server"
)

// listenCheck refuses to listen beyond loopback without a token: every
// write endpoint would be open to whoever reaches the port. It runs on
// --addr before anything starts (the address resolved, so a name is
// judged by what it names) and again on the bound listener.
func listenCheck(addr, token string) error {
	if token != "" {
		return nil
	}
	ta, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", addr, err)
	}
	return loopbackOnly(addr, ta.IP)
}

func loopbackOnly(addr string, ip net.IP) error {
	if ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("--addr %s listens beyond loopback and no API token is set, so every write endpoint would be open to the network: "+
		"give a token (--token-file FILE or $ORACLE_TOKEN), or listen on loopback (--addr 127.0.0.1:PORT)", addr)
}

// boundLoopback checks the listener itself: what a name resolved to when
// it was bound.
func boundLoopback(addr string, ln net.Listener, token string) error {
	if token != "" {
		return nil
	}
	ta, _ := ln.Addr().(*net.TCPAddr)
	if ta == nil {
		return loopbackOnly(addr, nil)
	}
	return loopbackOnly(addr, ta.IP)
}

// checkPublicURL refuses a bad --public-url (or $ORACLE_PUBLIC_URL)
// before anything starts.
func checkPublicURL(flagURL string) error {
	if flagURL == "" {
		flagURL = os.Getenv("ORACLE_PUBLIC_URL")
	}
	if flagURL == "" {
		return nil
	}
	if _, err := server.ParsePublicURL(flagURL); err != nil {
		return fmt.Errorf("--public-url: %w", err)
	}
	return nil
}

// publicURL is --public-url (else $ORACLE_PUBLIC_URL), checked, or the
// default: http:// and --addr's host with the bound port; for an address
// of every interface (0.0.0.0, ::, none: a container's), 127.0.0.1, the
// address a published port is reached at on the host (any other name must
// be given: the start line says which origin is trusted).
func publicURL(flagURL, addr string, ln net.Listener) (string, error) {
	if flagURL == "" {
		flagURL = os.Getenv("ORACLE_PUBLIC_URL")
	}
	if flagURL != "" {
		if _, err := server.ParsePublicURL(flagURL); err != nil {
			return "", fmt.Errorf("--public-url: %w", err)
		}
		return flagURL, nil
	}
	host, _, _ := net.SplitHostPort(addr)
	port := ""
	if ta, ok := ln.Addr().(*net.TCPAddr); ok {
		port = strconv.Itoa(ta.Port)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// listenLine is the start line saying who may write, and from where.
func listenLine(ln net.Listener, token, public string) string {
	if token == "" {
		return fmt.Sprintf("no API token: listening on loopback only (%s); writes from this machine need no token "+
			"(give --token-file to listen beyond it); browser writes only from %s (--public-url)", ln.Addr(), public)
	}
	return fmt.Sprintf("listening on %s; writes need the API token; browser writes only from %s (--public-url)", ln.Addr(), public)
}
