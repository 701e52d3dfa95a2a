package rdf

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// poolParentEnv makes TestLoaderPoolParent (run in a re-executed test
// binary) start a pool, print its children's pids and wait to be killed.
const poolParentEnv = "RDF_TEST_POOL_PARENT"

// TestLoaderChildrenDieWithParent SIGKILLs a process holding two workers
// hung in a document (childSleepEnv: they would not even notice EOF on
// stdin) and checks both are gone soon after: Pdeathsig, no orphans.
func TestLoaderChildrenDieWithParent(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoaderPoolParent$")
	cmd.Env = append(os.Environ(), poolParentEnv+"=1", childSleepEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pids := readPids(t, bufio.NewScanner(out), 2)
	cmd.Process.Kill()
	cmd.Wait()
	for _, pid := range pids {
		if !gone(pid, 5*time.Second) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("loader child %d outlived its killed parent", pid)
		}
	}
}

func readPids(t *testing.T, sc *bufio.Scanner, n int) []int {
	var pids []int
	for len(pids) < n && sc.Scan() {
		if s, ok := strings.CutPrefix(sc.Text(), "child "); ok {
			pid, _ := strconv.Atoi(s)
			pids = append(pids, pid)
		}
	}
	if len(pids) != n {
		t.Fatalf("the pool parent reported %d children, want %d", len(pids), n)
	}
	return pids
}

// gone reports whether pid has exited (or is a zombie awaiting a reaper
// that is not ours) within d.
func gone(pid int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return true
		}
	}
	return false
}

// TestLoaderPoolParent is the parent half of TestLoaderChildrenDieWithParent:
// two loads hang in the pool's two workers, then it prints their pids.
func TestLoaderPoolParent(t *testing.T) {
	if os.Getenv(poolParentEnv) == "" {
		t.Skip("run by TestLoaderChildrenDieWithParent")
	}
	withPool(t, 2)
	fillPool(t, 2)
	ws := waitIdle(t, 2)
	for range 2 {
		go LoadIsolated(context.Background(), smallTurtle, Turtle, "", "hung.ttl", Limits{})
	}
	waitIdle(t, 0)
	time.Sleep(200 * time.Millisecond) // the documents are in the pipes
	for _, c := range ws {
		fmt.Printf("child %d\n", c.cmd.Process.Pid)
	}
	time.Sleep(time.Minute)
}
