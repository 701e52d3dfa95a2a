//go:build linux && amd64

package deploy_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sparql-oracle/oracle/deploy"
)

// The merged profile applied for real, without a container runtime: the
// test merges the addition into podman's own profile (podmanBase),
// compiles the result into a seccomp filter the way a runtime does for a
// container of a uid without capabilities on x86-64 (rules that need a
// capability or another architecture dropped), installs it in a child
// process and runs bubblewrap there with the sandbox's own flags
// (adapters/sidecar). Podman's profile already allows bwrap's syscalls,
// so the test also takes them out of it, leaving clone without
// namespace flags (what Docker's default gives a process without
// CAP_SYS_ADMIN): bwrap must fail under that, and run once the addition
// is merged into it. The addition is what makes the difference.

const helperEnv = "DEPLOY_SECCOMP_HELPER"

// TestSeccompProfileRunsBwrap: bwrap builds its sandbox under the merged
// profile, fails under a base without its syscalls, and runs under that
// base plus the addition.
func TestSeccompProfileRunsBwrap(t *testing.T) {
	if _, err := os.Stat(podmanBase); err != nil {
		msg := fmt.Sprintf("%s is missing (%v): `bash scripts/install.sh seccomp_base` installs Debian's containers-common, whose seccomp profile is the base this test merges into", podmanBase, err)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("no bwrap")
	}
	if out, err := bwrapUnder(t, "none"); err != nil {
		t.Skipf("bwrap does not run here even without a filter (no user namespaces for this user?): %s", out)
	}
	for _, v := range []string{"merged", "stripped+addition"} {
		if out, err := bwrapUnder(t, v); err != nil {
			t.Errorf("bwrap under the %s profile: %v: %s", v, err, out)
		}
	}
	out, err := bwrapUnder(t, "stripped")
	if err == nil {
		t.Fatal("bwrap ran under the base without clone's namespace flags, unshare, mount, umount2 and pivot_root: the test proves nothing")
	}
	t.Logf("without the addition, as Docker's default: %s", strings.TrimSpace(out))
}

// bwrapUnder runs this test binary as the helper (TestSeccompHelper),
// which installs the variant's filter and execs bwrap.
func bwrapUnder(t *testing.T, variant string) (string, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSeccompHelper$")
	cmd.Env = append(os.Environ(), helperEnv+"="+variant)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestSeccompHelper is the child: it does nothing unless the parent set
// helperEnv.
func TestSeccompHelper(t *testing.T) {
	variant := os.Getenv(helperEnv)
	if variant == "" {
		return
	}
	prog, err := compile(variantProfile(t, variant))
	if err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 { // as the image's user would be: no capabilities
		if err := dropRoot(); err != nil {
			t.Fatal(err)
		}
	}
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER,
		unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&fprog))); e != 0 {
		t.Fatalf("seccomp: %v", e)
	}
	bwrap, _ := exec.LookPath("bwrap")
	argv := []string{bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--ro-bind", "/usr", "/usr", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
		"--symlink", "usr/lib64", "/lib64", "--symlink", "usr/lib", "/lib", "--symlink", "usr/bin", "/bin",
		"--", "/bin/true"}
	t.Fatal(syscall.Exec(bwrap, argv, os.Environ()))
}

// variantProfile builds the helper's profile: none (no filter), merged
// (podman's + the addition), stripped (podman's without bwrap's
// syscalls) and stripped+addition.
func variantProfile(t *testing.T, variant string) profile {
	if variant == "none" {
		return profile{DefaultAction: "SCMP_ACT_ALLOW"}
	}
	base, err := os.ReadFile(podmanBase)
	if err != nil {
		t.Fatal(err)
	}
	add, _ := readAddition(t)
	if strings.HasPrefix(variant, "stripped") {
		base = stripBwrap(t, base)
	}
	if variant != "stripped" {
		if base, err = deploy.Merge(base, add); err != nil {
			t.Fatal(err)
		}
	}
	var p profile
	if err := json.Unmarshal(base, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// stripBwrap takes bwrap's syscalls out of every rule of a base and
// allows clone only without the CLONE_NEW* flags (mask 0x7E020000).
func stripBwrap(t *testing.T, base []byte) []byte {
	var p map[string]any
	if err := json.Unmarshal(base, &p); err != nil {
		t.Fatal(err)
	}
	var rules []any
	for _, r := range p["syscalls"].([]any) {
		m := r.(map[string]any)
		names, _ := m["names"].([]any)
		m["names"] = slices.DeleteFunc(names, func(n any) bool { return slices.Contains(bwrapNeeds, n.(string)) })
		if len(names) == 0 || len(m["names"].([]any)) > 0 {
			rules = append(rules, m)
		}
	}
	p["syscalls"] = append(rules, map[string]any{"names": []any{"clone"}, "action": "SCMP_ACT_ALLOW",
		"args": []any{map[string]any{"index": 0, "value": 0x7E020000, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"}}})
	out, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// dropRoot becomes nobody, every thread (Go's Setuid is process-wide).
func dropRoot() error {
	if err := syscall.Setgroups(nil); err != nil {
		return err
	}
	if err := syscall.Setgid(65534); err != nil {
		return err
	}
	return syscall.Setuid(65534)
}

// profile is what the filter compiler reads of a runtime's profile.
type profile struct {
	DefaultAction   string `json:"defaultAction"`
	DefaultErrnoRet *int   `json:"defaultErrnoRet"`
	Syscalls        []rule `json:"syscalls"`
}

type rule struct {
	Names    []string `json:"names"`
	Action   string   `json:"action"`
	ErrnoRet *int     `json:"errnoRet"`
	Args     []arg    `json:"args"`
	Includes *filter  `json:"includes"`
	Excludes *filter  `json:"excludes"`
}

type arg struct {
	Index    uint   `json:"index"`
	Value    uint64 `json:"value"`
	ValueTwo uint64 `json:"valueTwo"`
	Op       string `json:"op"`
}

type filter struct {
	Caps   []string `json:"caps"`
	Arches []string `json:"arches"`
}

// BPF building blocks (linux/filter.h, linux/seccomp.h).
const (
	retAllow  = 0x7fff0000 // SECCOMP_RET_ALLOW
	retErrno  = 0x00050000 // SECCOMP_RET_ERRNO | errno
	archX8664 = 0xc000003e // AUDIT_ARCH_X86_64
	offNr     = 0
	offArch   = 4
	offArgs   = 16
)

func stmt(code uint16, k uint32) unix.SockFilter { return unix.SockFilter{Code: code, K: k} }
func jeq(k uint32, jt, jf uint8) unix.SockFilter {
	return unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, Jt: jt, Jf: jf, K: k}
}

var loadNr = stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, offNr)

// compile turns the profile into a filter for x86-64 and a process
// without capabilities: each rule's syscalls a few instructions that
// return its action when the syscall and all its argument tests match,
// the first matching rule deciding.
func compile(p profile) ([]unix.SockFilter, error) {
	prog := []unix.SockFilter{
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, offArch),
		jeq(archX8664, 1, 0),
		stmt(unix.BPF_RET|unix.BPF_K, retErrno|1),
		loadNr,
	}
	for _, r := range p.Syscalls {
		if !appliesHere(r) {
			continue
		}
		ret := uint32(retAllow)
		if r.Action != "SCMP_ACT_ALLOW" {
			ret = retErrno | uint32(deref(r.ErrnoRet, 1))
		}
		for _, name := range r.Names {
			nr, ok := sysnum[name]
			if !ok {
				continue // not an x86-64 syscall (chown32, _llseek, ...)
			}
			code, err := rule1(nr, r.Args, ret)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			prog = append(prog, code...)
		}
	}
	if p.DefaultAction == "SCMP_ACT_ALLOW" {
		return append(prog, stmt(unix.BPF_RET|unix.BPF_K, retAllow)), nil
	}
	return append(prog, stmt(unix.BPF_RET|unix.BPF_K, retErrno|uint32(deref(p.DefaultErrnoRet, 1)))), nil
}

// rule1 is one syscall of a rule: "nr? every argument test? return", the
// syscall number reloaded after. Arguments are compared on their low 32
// bits, which is all the flags and constants of these profiles use.
func rule1(nr uint32, args []arg, ret uint32) ([]unix.SockFilter, error) {
	var tests []unix.SockFilter
	var fails []int // tests[i] jumps to the reload when its test fails
	for _, a := range args {
		tests = append(tests, stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, uint32(offArgs+8*a.Index)))
		k := uint32(a.Value)
		if a.Op == "SCMP_CMP_MASKED_EQ" {
			tests = append(tests, stmt(unix.BPF_ALU|unix.BPF_AND|unix.BPF_K, uint32(a.Value)))
			k = uint32(a.ValueTwo)
		}
		switch a.Op {
		case "SCMP_CMP_EQ", "SCMP_CMP_MASKED_EQ", "SCMP_CMP_NE":
			fails = append(fails, len(tests))
			tests = append(tests, jeq(k, 0, 0))
		default:
			return nil, fmt.Errorf("argument test %s is not compiled here", a.Op)
		}
	}
	reload := len(tests) + 1
	for i, a := range args {
		off := uint8(reload - fails[i] - 1)
		if a.Op == "SCMP_CMP_NE" {
			tests[fails[i]].Jt = off
		} else {
			tests[fails[i]].Jf = off
		}
	}
	body := append(tests, stmt(unix.BPF_RET|unix.BPF_K, ret), loadNr)
	return append([]unix.SockFilter{jeq(nr, 0, uint8(len(body)))}, body...), nil
}

// appliesHere: the rule holds for x86-64 and a process without
// capabilities (as a runtime decides includes and excludes).
func appliesHere(r rule) bool {
	if r.Includes != nil && (len(r.Includes.Caps) > 0 || len(r.Includes.Arches) > 0 && !slices.Contains(r.Includes.Arches, "amd64")) {
		return false
	}
	return r.Excludes == nil || !slices.Contains(r.Excludes.Arches, "amd64")
}

func deref(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// sysnum maps the profile's syscall names to their x86-64 numbers (the
// names without one are other architectures' or 32-bit calls).
var sysnum = map[string]uint32{
	"accept":                  unix.SYS_ACCEPT,
	"accept4":                 unix.SYS_ACCEPT4,
	"access":                  unix.SYS_ACCESS,
	"acct":                    unix.SYS_ACCT,
	"adjtimex":                unix.SYS_ADJTIMEX,
	"alarm":                   unix.SYS_ALARM,
	"arch_prctl":              unix.SYS_ARCH_PRCTL,
	"bind":                    unix.SYS_BIND,
	"bpf":                     unix.SYS_BPF,
	"brk":                     unix.SYS_BRK,
	"capget":                  unix.SYS_CAPGET,
	"capset":                  unix.SYS_CAPSET,
	"chdir":                   unix.SYS_CHDIR,
	"chmod":                   unix.SYS_CHMOD,
	"chown":                   unix.SYS_CHOWN,
	"chroot":                  unix.SYS_CHROOT,
	"clock_adjtime":           unix.SYS_CLOCK_ADJTIME,
	"clock_getres":            unix.SYS_CLOCK_GETRES,
	"clock_gettime":           unix.SYS_CLOCK_GETTIME,
	"clock_nanosleep":         unix.SYS_CLOCK_NANOSLEEP,
	"clock_settime":           unix.SYS_CLOCK_SETTIME,
	"clone":                   unix.SYS_CLONE,
	"clone3":                  unix.SYS_CLONE3,
	"close":                   unix.SYS_CLOSE,
	"close_range":             unix.SYS_CLOSE_RANGE,
	"connect":                 unix.SYS_CONNECT,
	"copy_file_range":         unix.SYS_COPY_FILE_RANGE,
	"creat":                   unix.SYS_CREAT,
	"delete_module":           unix.SYS_DELETE_MODULE,
	"dup":                     unix.SYS_DUP,
	"dup2":                    unix.SYS_DUP2,
	"dup3":                    unix.SYS_DUP3,
	"epoll_create":            unix.SYS_EPOLL_CREATE,
	"epoll_create1":           unix.SYS_EPOLL_CREATE1,
	"epoll_ctl":               unix.SYS_EPOLL_CTL,
	"epoll_ctl_old":           unix.SYS_EPOLL_CTL_OLD,
	"epoll_pwait":             unix.SYS_EPOLL_PWAIT,
	"epoll_pwait2":            unix.SYS_EPOLL_PWAIT2,
	"epoll_wait":              unix.SYS_EPOLL_WAIT,
	"epoll_wait_old":          unix.SYS_EPOLL_WAIT_OLD,
	"eventfd":                 unix.SYS_EVENTFD,
	"eventfd2":                unix.SYS_EVENTFD2,
	"execve":                  unix.SYS_EXECVE,
	"execveat":                unix.SYS_EXECVEAT,
	"exit":                    unix.SYS_EXIT,
	"exit_group":              unix.SYS_EXIT_GROUP,
	"faccessat":               unix.SYS_FACCESSAT,
	"faccessat2":              unix.SYS_FACCESSAT2,
	"fadvise64":               unix.SYS_FADVISE64,
	"fallocate":               unix.SYS_FALLOCATE,
	"fanotify_init":           unix.SYS_FANOTIFY_INIT,
	"fanotify_mark":           unix.SYS_FANOTIFY_MARK,
	"fchdir":                  unix.SYS_FCHDIR,
	"fchmod":                  unix.SYS_FCHMOD,
	"fchmodat":                unix.SYS_FCHMODAT,
	"fchown":                  unix.SYS_FCHOWN,
	"fchownat":                unix.SYS_FCHOWNAT,
	"fcntl":                   unix.SYS_FCNTL,
	"fdatasync":               unix.SYS_FDATASYNC,
	"fgetxattr":               unix.SYS_FGETXATTR,
	"finit_module":            unix.SYS_FINIT_MODULE,
	"flistxattr":              unix.SYS_FLISTXATTR,
	"flock":                   unix.SYS_FLOCK,
	"fork":                    unix.SYS_FORK,
	"fremovexattr":            unix.SYS_FREMOVEXATTR,
	"fsconfig":                unix.SYS_FSCONFIG,
	"fsetxattr":               unix.SYS_FSETXATTR,
	"fsmount":                 unix.SYS_FSMOUNT,
	"fsopen":                  unix.SYS_FSOPEN,
	"fspick":                  unix.SYS_FSPICK,
	"fstat":                   unix.SYS_FSTAT,
	"fstatfs":                 unix.SYS_FSTATFS,
	"fsync":                   unix.SYS_FSYNC,
	"ftruncate":               unix.SYS_FTRUNCATE,
	"futex":                   unix.SYS_FUTEX,
	"futex_waitv":             unix.SYS_FUTEX_WAITV,
	"futimesat":               unix.SYS_FUTIMESAT,
	"get_mempolicy":           unix.SYS_GET_MEMPOLICY,
	"get_robust_list":         unix.SYS_GET_ROBUST_LIST,
	"get_thread_area":         unix.SYS_GET_THREAD_AREA,
	"getcpu":                  unix.SYS_GETCPU,
	"getcwd":                  unix.SYS_GETCWD,
	"getdents":                unix.SYS_GETDENTS,
	"getdents64":              unix.SYS_GETDENTS64,
	"getegid":                 unix.SYS_GETEGID,
	"geteuid":                 unix.SYS_GETEUID,
	"getgid":                  unix.SYS_GETGID,
	"getgroups":               unix.SYS_GETGROUPS,
	"getitimer":               unix.SYS_GETITIMER,
	"getpeername":             unix.SYS_GETPEERNAME,
	"getpgid":                 unix.SYS_GETPGID,
	"getpgrp":                 unix.SYS_GETPGRP,
	"getpid":                  unix.SYS_GETPID,
	"getppid":                 unix.SYS_GETPPID,
	"getpriority":             unix.SYS_GETPRIORITY,
	"getrandom":               unix.SYS_GETRANDOM,
	"getresgid":               unix.SYS_GETRESGID,
	"getresuid":               unix.SYS_GETRESUID,
	"getrlimit":               unix.SYS_GETRLIMIT,
	"getrusage":               unix.SYS_GETRUSAGE,
	"getsid":                  unix.SYS_GETSID,
	"getsockname":             unix.SYS_GETSOCKNAME,
	"getsockopt":              unix.SYS_GETSOCKOPT,
	"gettid":                  unix.SYS_GETTID,
	"gettimeofday":            unix.SYS_GETTIMEOFDAY,
	"getuid":                  unix.SYS_GETUID,
	"getxattr":                unix.SYS_GETXATTR,
	"init_module":             unix.SYS_INIT_MODULE,
	"inotify_add_watch":       unix.SYS_INOTIFY_ADD_WATCH,
	"inotify_init":            unix.SYS_INOTIFY_INIT,
	"inotify_init1":           unix.SYS_INOTIFY_INIT1,
	"inotify_rm_watch":        unix.SYS_INOTIFY_RM_WATCH,
	"io_cancel":               unix.SYS_IO_CANCEL,
	"io_destroy":              unix.SYS_IO_DESTROY,
	"io_getevents":            unix.SYS_IO_GETEVENTS,
	"io_pgetevents":           unix.SYS_IO_PGETEVENTS,
	"io_setup":                unix.SYS_IO_SETUP,
	"io_submit":               unix.SYS_IO_SUBMIT,
	"io_uring_enter":          unix.SYS_IO_URING_ENTER,
	"io_uring_register":       unix.SYS_IO_URING_REGISTER,
	"io_uring_setup":          unix.SYS_IO_URING_SETUP,
	"ioctl":                   unix.SYS_IOCTL,
	"ioperm":                  unix.SYS_IOPERM,
	"iopl":                    unix.SYS_IOPL,
	"ioprio_get":              unix.SYS_IOPRIO_GET,
	"ioprio_set":              unix.SYS_IOPRIO_SET,
	"kcmp":                    unix.SYS_KCMP,
	"kill":                    unix.SYS_KILL,
	"landlock_add_rule":       unix.SYS_LANDLOCK_ADD_RULE,
	"landlock_create_ruleset": unix.SYS_LANDLOCK_CREATE_RULESET,
	"landlock_restrict_self":  unix.SYS_LANDLOCK_RESTRICT_SELF,
	"lchown":                  unix.SYS_LCHOWN,
	"lgetxattr":               unix.SYS_LGETXATTR,
	"link":                    unix.SYS_LINK,
	"linkat":                  unix.SYS_LINKAT,
	"listen":                  unix.SYS_LISTEN,
	"listxattr":               unix.SYS_LISTXATTR,
	"llistxattr":              unix.SYS_LLISTXATTR,
	"lookup_dcookie":          unix.SYS_LOOKUP_DCOOKIE,
	"lremovexattr":            unix.SYS_LREMOVEXATTR,
	"lseek":                   unix.SYS_LSEEK,
	"lsetxattr":               unix.SYS_LSETXATTR,
	"lstat":                   unix.SYS_LSTAT,
	"madvise":                 unix.SYS_MADVISE,
	"mbind":                   unix.SYS_MBIND,
	"membarrier":              unix.SYS_MEMBARRIER,
	"memfd_create":            unix.SYS_MEMFD_CREATE,
	"memfd_secret":            unix.SYS_MEMFD_SECRET,
	"mincore":                 unix.SYS_MINCORE,
	"mkdir":                   unix.SYS_MKDIR,
	"mkdirat":                 unix.SYS_MKDIRAT,
	"mknod":                   unix.SYS_MKNOD,
	"mknodat":                 unix.SYS_MKNODAT,
	"mlock":                   unix.SYS_MLOCK,
	"mlock2":                  unix.SYS_MLOCK2,
	"mlockall":                unix.SYS_MLOCKALL,
	"mmap":                    unix.SYS_MMAP,
	"modify_ldt":              unix.SYS_MODIFY_LDT,
	"mount":                   unix.SYS_MOUNT,
	"mount_setattr":           unix.SYS_MOUNT_SETATTR,
	"move_mount":              unix.SYS_MOVE_MOUNT,
	"mprotect":                unix.SYS_MPROTECT,
	"mq_getsetattr":           unix.SYS_MQ_GETSETATTR,
	"mq_notify":               unix.SYS_MQ_NOTIFY,
	"mq_open":                 unix.SYS_MQ_OPEN,
	"mq_timedreceive":         unix.SYS_MQ_TIMEDRECEIVE,
	"mq_timedsend":            unix.SYS_MQ_TIMEDSEND,
	"mq_unlink":               unix.SYS_MQ_UNLINK,
	"mremap":                  unix.SYS_MREMAP,
	"msgctl":                  unix.SYS_MSGCTL,
	"msgget":                  unix.SYS_MSGGET,
	"msgrcv":                  unix.SYS_MSGRCV,
	"msgsnd":                  unix.SYS_MSGSND,
	"msync":                   unix.SYS_MSYNC,
	"munlock":                 unix.SYS_MUNLOCK,
	"munlockall":              unix.SYS_MUNLOCKALL,
	"munmap":                  unix.SYS_MUNMAP,
	"name_to_handle_at":       unix.SYS_NAME_TO_HANDLE_AT,
	"nanosleep":               unix.SYS_NANOSLEEP,
	"newfstatat":              unix.SYS_NEWFSTATAT,
	"open":                    unix.SYS_OPEN,
	"open_by_handle_at":       unix.SYS_OPEN_BY_HANDLE_AT,
	"open_tree":               unix.SYS_OPEN_TREE,
	"openat":                  unix.SYS_OPENAT,
	"openat2":                 unix.SYS_OPENAT2,
	"pause":                   unix.SYS_PAUSE,
	"perf_event_open":         unix.SYS_PERF_EVENT_OPEN,
	"personality":             unix.SYS_PERSONALITY,
	"pidfd_getfd":             unix.SYS_PIDFD_GETFD,
	"pidfd_open":              unix.SYS_PIDFD_OPEN,
	"pidfd_send_signal":       unix.SYS_PIDFD_SEND_SIGNAL,
	"pipe":                    unix.SYS_PIPE,
	"pipe2":                   unix.SYS_PIPE2,
	"pivot_root":              unix.SYS_PIVOT_ROOT,
	"pkey_alloc":              unix.SYS_PKEY_ALLOC,
	"pkey_free":               unix.SYS_PKEY_FREE,
	"pkey_mprotect":           unix.SYS_PKEY_MPROTECT,
	"poll":                    unix.SYS_POLL,
	"ppoll":                   unix.SYS_PPOLL,
	"prctl":                   unix.SYS_PRCTL,
	"pread64":                 unix.SYS_PREAD64,
	"preadv":                  unix.SYS_PREADV,
	"preadv2":                 unix.SYS_PREADV2,
	"prlimit64":               unix.SYS_PRLIMIT64,
	"process_madvise":         unix.SYS_PROCESS_MADVISE,
	"process_mrelease":        unix.SYS_PROCESS_MRELEASE,
	"process_vm_readv":        unix.SYS_PROCESS_VM_READV,
	"process_vm_writev":       unix.SYS_PROCESS_VM_WRITEV,
	"pselect6":                unix.SYS_PSELECT6,
	"ptrace":                  unix.SYS_PTRACE,
	"pwrite64":                unix.SYS_PWRITE64,
	"pwritev":                 unix.SYS_PWRITEV,
	"pwritev2":                unix.SYS_PWRITEV2,
	"quotactl":                unix.SYS_QUOTACTL,
	"quotactl_fd":             unix.SYS_QUOTACTL_FD,
	"read":                    unix.SYS_READ,
	"readahead":               unix.SYS_READAHEAD,
	"readlink":                unix.SYS_READLINK,
	"readlinkat":              unix.SYS_READLINKAT,
	"readv":                   unix.SYS_READV,
	"reboot":                  unix.SYS_REBOOT,
	"recvfrom":                unix.SYS_RECVFROM,
	"recvmmsg":                unix.SYS_RECVMMSG,
	"recvmsg":                 unix.SYS_RECVMSG,
	"remap_file_pages":        unix.SYS_REMAP_FILE_PAGES,
	"removexattr":             unix.SYS_REMOVEXATTR,
	"rename":                  unix.SYS_RENAME,
	"renameat":                unix.SYS_RENAMEAT,
	"renameat2":               unix.SYS_RENAMEAT2,
	"restart_syscall":         unix.SYS_RESTART_SYSCALL,
	"rmdir":                   unix.SYS_RMDIR,
	"rseq":                    unix.SYS_RSEQ,
	"rt_sigaction":            unix.SYS_RT_SIGACTION,
	"rt_sigpending":           unix.SYS_RT_SIGPENDING,
	"rt_sigprocmask":          unix.SYS_RT_SIGPROCMASK,
	"rt_sigqueueinfo":         unix.SYS_RT_SIGQUEUEINFO,
	"rt_sigreturn":            unix.SYS_RT_SIGRETURN,
	"rt_sigsuspend":           unix.SYS_RT_SIGSUSPEND,
	"rt_sigtimedwait":         unix.SYS_RT_SIGTIMEDWAIT,
	"rt_tgsigqueueinfo":       unix.SYS_RT_TGSIGQUEUEINFO,
	"sched_get_priority_max":  unix.SYS_SCHED_GET_PRIORITY_MAX,
	"sched_get_priority_min":  unix.SYS_SCHED_GET_PRIORITY_MIN,
	"sched_getaffinity":       unix.SYS_SCHED_GETAFFINITY,
	"sched_getattr":           unix.SYS_SCHED_GETATTR,
	"sched_getparam":          unix.SYS_SCHED_GETPARAM,
	"sched_getscheduler":      unix.SYS_SCHED_GETSCHEDULER,
	"sched_rr_get_interval":   unix.SYS_SCHED_RR_GET_INTERVAL,
	"sched_setaffinity":       unix.SYS_SCHED_SETAFFINITY,
	"sched_setattr":           unix.SYS_SCHED_SETATTR,
	"sched_setparam":          unix.SYS_SCHED_SETPARAM,
	"sched_setscheduler":      unix.SYS_SCHED_SETSCHEDULER,
	"sched_yield":             unix.SYS_SCHED_YIELD,
	"seccomp":                 unix.SYS_SECCOMP,
	"select":                  unix.SYS_SELECT,
	"semctl":                  unix.SYS_SEMCTL,
	"semget":                  unix.SYS_SEMGET,
	"semop":                   unix.SYS_SEMOP,
	"semtimedop":              unix.SYS_SEMTIMEDOP,
	"sendfile":                unix.SYS_SENDFILE,
	"sendmmsg":                unix.SYS_SENDMMSG,
	"sendmsg":                 unix.SYS_SENDMSG,
	"sendto":                  unix.SYS_SENDTO,
	"set_mempolicy":           unix.SYS_SET_MEMPOLICY,
	"set_mempolicy_home_node": unix.SYS_SET_MEMPOLICY_HOME_NODE,
	"set_robust_list":         unix.SYS_SET_ROBUST_LIST,
	"set_thread_area":         unix.SYS_SET_THREAD_AREA,
	"set_tid_address":         unix.SYS_SET_TID_ADDRESS,
	"setdomainname":           unix.SYS_SETDOMAINNAME,
	"setfsgid":                unix.SYS_SETFSGID,
	"setfsuid":                unix.SYS_SETFSUID,
	"setgid":                  unix.SYS_SETGID,
	"setgroups":               unix.SYS_SETGROUPS,
	"sethostname":             unix.SYS_SETHOSTNAME,
	"setitimer":               unix.SYS_SETITIMER,
	"setns":                   unix.SYS_SETNS,
	"setpgid":                 unix.SYS_SETPGID,
	"setpriority":             unix.SYS_SETPRIORITY,
	"setregid":                unix.SYS_SETREGID,
	"setresgid":               unix.SYS_SETRESGID,
	"setresuid":               unix.SYS_SETRESUID,
	"setreuid":                unix.SYS_SETREUID,
	"setrlimit":               unix.SYS_SETRLIMIT,
	"setsid":                  unix.SYS_SETSID,
	"setsockopt":              unix.SYS_SETSOCKOPT,
	"settimeofday":            unix.SYS_SETTIMEOFDAY,
	"setuid":                  unix.SYS_SETUID,
	"setxattr":                unix.SYS_SETXATTR,
	"shmat":                   unix.SYS_SHMAT,
	"shmctl":                  unix.SYS_SHMCTL,
	"shmdt":                   unix.SYS_SHMDT,
	"shmget":                  unix.SYS_SHMGET,
	"shutdown":                unix.SYS_SHUTDOWN,
	"sigaltstack":             unix.SYS_SIGALTSTACK,
	"signalfd":                unix.SYS_SIGNALFD,
	"signalfd4":               unix.SYS_SIGNALFD4,
	"socket":                  unix.SYS_SOCKET,
	"socketpair":              unix.SYS_SOCKETPAIR,
	"splice":                  unix.SYS_SPLICE,
	"stat":                    unix.SYS_STAT,
	"statfs":                  unix.SYS_STATFS,
	"statx":                   unix.SYS_STATX,
	"symlink":                 unix.SYS_SYMLINK,
	"symlinkat":               unix.SYS_SYMLINKAT,
	"sync":                    unix.SYS_SYNC,
	"sync_file_range":         unix.SYS_SYNC_FILE_RANGE,
	"syncfs":                  unix.SYS_SYNCFS,
	"sysinfo":                 unix.SYS_SYSINFO,
	"syslog":                  unix.SYS_SYSLOG,
	"tee":                     unix.SYS_TEE,
	"tgkill":                  unix.SYS_TGKILL,
	"time":                    unix.SYS_TIME,
	"timer_create":            unix.SYS_TIMER_CREATE,
	"timer_delete":            unix.SYS_TIMER_DELETE,
	"timer_getoverrun":        unix.SYS_TIMER_GETOVERRUN,
	"timer_gettime":           unix.SYS_TIMER_GETTIME,
	"timer_settime":           unix.SYS_TIMER_SETTIME,
	"timerfd_create":          unix.SYS_TIMERFD_CREATE,
	"timerfd_gettime":         unix.SYS_TIMERFD_GETTIME,
	"timerfd_settime":         unix.SYS_TIMERFD_SETTIME,
	"times":                   unix.SYS_TIMES,
	"tkill":                   unix.SYS_TKILL,
	"truncate":                unix.SYS_TRUNCATE,
	"umask":                   unix.SYS_UMASK,
	"umount2":                 unix.SYS_UMOUNT2,
	"uname":                   unix.SYS_UNAME,
	"unlink":                  unix.SYS_UNLINK,
	"unlinkat":                unix.SYS_UNLINKAT,
	"unshare":                 unix.SYS_UNSHARE,
	"utime":                   unix.SYS_UTIME,
	"utimensat":               unix.SYS_UTIMENSAT,
	"utimes":                  unix.SYS_UTIMES,
	"vfork":                   unix.SYS_VFORK,
	"vhangup":                 unix.SYS_VHANGUP,
	"vmsplice":                unix.SYS_VMSPLICE,
	"wait4":                   unix.SYS_WAIT4,
	"waitid":                  unix.SYS_WAITID,
	"write":                   unix.SYS_WRITE,
	"writev":                  unix.SYS_WRITEV,
}
