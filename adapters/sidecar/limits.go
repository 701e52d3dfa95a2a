package sidecar

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Limits bound one engine process. Zero values mean no limit.
//
// Memory is RLIMIT_DATA: the private writable memory a process may map
// (its heap, a WASM memory, thread stacks), not the address space it
// reserves: RLIMIT_AS would stop the JVM and V8, which reserve far more
// than they use. Runtimes with a managed heap also get a heap bound of
// their own (Config.HeapArgs: -Xmx, --max-old-space-size) below it, so
// they fail in their own orderly way first.
//
// CPU is the CPU time one case may use. A process that runs one case
// (roqet) gets it as RLIMIT_CPU, hard limit included (SIGKILL past it). A
// long-lived sidecar cannot: RLIMIT_CPU counts the whole life of the
// process, and runtimes such as Go's ignore SIGXCPU. So the pool watches
// the engine's CPU time while a case runs and kills it past CPU.
type Limits struct {
	Memory int64
	CPU    time.Duration
}

// Argv prefixes argv with util-linux prlimit, which sets the limits and
// then execs argv in place (they are inherited by everything it starts:
// bwrap and the engine inside). oneCase also sets the CPU limit (see
// Limits). Core dumps are off: SIGXCPU and SIGABRT would leave one per
// killed process.
func (l Limits) Argv(argv []string, oneCase bool) []string {
	p, err := exec.LookPath("prlimit")
	if err != nil {
		return argv
	}
	out := []string{p, "--core=0:0"}
	if l.Memory > 0 {
		out = append(out, fmt.Sprintf("--data=%d:%d", l.Memory, l.Memory))
	}
	if oneCase && l.CPU > 0 {
		s := seconds(l.CPU)
		out = append(out, fmt.Sprintf("--cpu=%d:%d", s, s+1))
	}
	return append(append(out, "--"), argv...)
}

func seconds(d time.Duration) uint64 { return uint64((d + time.Second - 1) / time.Second) }

// outOfMemory are the words runtimes print when an allocation fails:
// V8 ("JavaScript heap out of memory"), Perl ("Out of memory!"), the JVM
// (java.lang.OutOfMemoryError), Python (MemoryError), Rust ("memory
// allocation of N bytes failed"), C++ (std::bad_alloc), libc (ENOMEM).
var outOfMemory = []string{"out of memory", "outofmemory", "memoryerror", "memory allocation of",
	"bad_alloc", "cannot allocate memory", "reached heap limit", "failed to allocate"}

// Exceeded tells whether a process that ended with state, printing stderr,
// was stopped by one of l's limits, and says which; nil when it was not.
// A signal shows directly, or through bwrap as exit status 128+signal.
func (l Limits) Exceeded(state *os.ProcessState, stderr string) error {
	if state == nil {
		return nil
	}
	sig := signalOf(state)
	if (sig == syscall.SIGXCPU || sig == syscall.SIGKILL && cpuOf(state) >= l.CPU) && l.CPU > 0 {
		return fmt.Errorf("%w: CPU time past its limit of %s per case (SIGXCPU)", oracle.ErrResource, l.CPU)
	}
	if l.Memory > 0 && mentionsOOM(stderr) {
		return fmt.Errorf("%w: memory past its limit of %d MiB: %s", oracle.ErrResource, l.Memory>>20, oomLine(stderr))
	}
	return nil
}

// cpuOf is the CPU time a finished process used, its waited-for
// descendants included (rusage of wait4).
func cpuOf(state *os.ProcessState) time.Duration {
	return state.UserTime() + state.SystemTime()
}

// KilledBySIGKILL reports a process that died of SIGKILL, directly or
// through a sandbox that exits 128+9 when its child did (bwrap). Engines
// never SIGKILL themselves: one the oracle did not send came from outside
// (the kernel's OOM killer, an operator), or from RLIMIT_CPU's hard limit,
// which Exceeded tells apart.
func KilledBySIGKILL(state *os.ProcessState) bool {
	return state != nil && signalOf(state) == syscall.SIGKILL
}

func signalOf(state *os.ProcessState) syscall.Signal {
	ws, ok := state.Sys().(syscall.WaitStatus)
	switch {
	case !ok:
		return 0
	case ws.Signaled():
		return ws.Signal()
	case ws.Exited() && ws.ExitStatus() > 128:
		return syscall.Signal(ws.ExitStatus() - 128)
	}
	return 0
}

func mentionsOOM(stderr string) bool {
	return oomLine(stderr) != ""
}

// oomLine is the first line of stderr that reports a failed allocation.
func oomLine(stderr string) string {
	for _, line := range strings.Split(stderr, "\n") {
		low := strings.ToLower(line)
		for _, w := range outOfMemory {
			if strings.Contains(low, w) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

// DefaultLimits are a sidecar's limits unless its adapter or the registry
// config says otherwise: 2 GiB of memory (RDFLib took 3.2 GB from FROM
// <file:///dev/zero> before the limit), 30 s of CPU time per case (on two
// cores three times the default 10 s deadline: it binds only where the
// deadline does not, and for engines that burn several cores at once).
var DefaultLimits = Limits{Memory: 2 << 30, CPU: 30 * time.Second}

// NodeHeap is Node's heap flag for a memory limit: half of it for V8's old
// space, the rest for WASM memory (Oxigraph), buffers and code.
func NodeHeap(memory int64) []string {
	return []string{fmt.Sprintf("--max-old-space-size=%d", max(memory>>21, 64))}
}

// JavaHeap is the JVM's heap flags for a memory limit: half of it for the
// heap, the rest for thread stacks (-Xss applies to every Java thread),
// metaspace, code cache and GC structures. The heap starts small and gives
// memory back after a collection that leaves it mostly free (the free
// ratios; the adapters run the serial collector, which shrinks the heap at
// each full collection), so an idle JVM does not keep its peak
// (budget.go).
func JavaHeap(memory int64) []string {
	return []string{fmt.Sprintf("-Xmx%dm", max(memory>>21, 128)), "-Xms32m",
		"-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30"}
}
