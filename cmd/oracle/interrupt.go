package main

import (
	"context"
	"os"
	"os/signal"
)

// interrupted returns a context cancelled by Ctrl-C (os.Interrupt), so a
// command that runs engines (gate, reduce, selfcheck, w3c, engines install)
// stops them and still reports what it has; stop releases the signal.
// The long-running ones (bench, serve, sweep) also take SIGTERM and say so
// where they start.
func interrupted() (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}
