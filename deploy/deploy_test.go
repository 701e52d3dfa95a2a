// Package deploy_test checks the deployment files' syntax and the engine
// sandbox's seccomp profile (no Docker daemon or cluster is needed: the
// files are parsed and their settings checked, not run).
package deploy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// profile is Docker's seccomp profile format (moby's types.Seccomp):
// unknown fields are errors, so a misspelt key is caught here, not by a
// daemon that would refuse the container.
type profile struct {
	DefaultAction   string `json:"defaultAction"`
	DefaultErrnoRet *int   `json:"defaultErrnoRet"`
	ArchMap         []struct {
		Architecture     string   `json:"architecture"`
		SubArchitectures []string `json:"subArchitectures"`
	} `json:"archMap"`
	Syscalls []rule `json:"syscalls"`
}

type rule struct {
	Names    []string `json:"names"`
	Action   string   `json:"action"`
	ErrnoRet *int     `json:"errnoRet"`
	Args     []struct {
		Index    uint   `json:"index"`
		Value    uint64 `json:"value"`
		ValueTwo uint64 `json:"valueTwo"`
		Op       string `json:"op"`
	} `json:"args"`
	Comment  string  `json:"comment"`
	Includes *filter `json:"includes"`
	Excludes *filter `json:"excludes"`
}

type filter struct {
	Caps      []string `json:"caps"`
	Arches    []string `json:"arches"`
	MinKernel string   `json:"minKernel"`
}

func readProfile(t *testing.T) profile {
	t.Helper()
	data, err := os.ReadFile("seccomp-bwrap.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p profile
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("seccomp-bwrap.json: %v", err)
	}
	return p
}

// unconditional lists the syscalls a rule allows whatever the arguments,
// capabilities, architecture or kernel.
func unconditional(p profile) map[string]bool {
	out := map[string]bool{}
	for _, r := range p.Syscalls {
		if r.Action == "SCMP_ACT_ALLOW" && len(r.Args) == 0 && r.Includes == nil && r.Excludes == nil {
			for _, n := range r.Names {
				out[n] = true
			}
		}
	}
	return out
}

// TestSeccompProfile: the profile denies by default, allows what
// bubblewrap needs to build its sandbox as an unprivileged user, and
// still refuses what Docker's default refuses to a container without
// capabilities (kernel keyrings, modules, kexec, BPF, perf, setns into
// other namespaces, handles to host files, swap, reboot, the clock).
func TestSeccompProfile(t *testing.T) {
	p := readProfile(t)
	if p.DefaultAction != "SCMP_ACT_ERRNO" || p.DefaultErrnoRet == nil || *p.DefaultErrnoRet != 1 {
		t.Errorf("default action %s: want SCMP_ACT_ERRNO with EPERM", p.DefaultAction)
	}
	actions := []string{"SCMP_ACT_ALLOW", "SCMP_ACT_ERRNO"}
	for i, r := range p.Syscalls {
		if len(r.Names) == 0 || !slices.Contains(actions, r.Action) || r.Comment == "" {
			t.Errorf("rule %d: names %v action %s comment %q", i, r.Names, r.Action, r.Comment)
		}
	}
	allowed := unconditional(p)
	for _, n := range []string{"clone", "unshare", "mount", "umount2", "pivot_root", // bwrap
		"execve", "openat", "read", "write", "mmap", "futex", "epoll_pwait", "prctl", "capset", "seccomp"} {
		if !allowed[n] {
			t.Errorf("%s is not allowed: bubblewrap or any engine needs it", n)
		}
	}
	for _, n := range []string{"keyctl", "add_key", "request_key", "kexec_load", "kexec_file_load",
		"init_module", "finit_module", "delete_module", "bpf", "perf_event_open", "setns",
		"open_by_handle_at", "swapon", "swapoff", "reboot", "acct", "syslog", "settimeofday",
		"clock_settime", "iopl", "ioperm", "userfaultfd", "fsopen", "fsmount", "move_mount", "open_tree"} {
		if allowed[n] {
			t.Errorf("%s is allowed unconditionally: Docker's default refuses it to a container without capabilities", n)
		}
	}
	if len(allowed) < 300 {
		t.Errorf("only %d syscalls allowed: the ordinary ones are missing", len(allowed))
	}
}

// TestComposeUsesProfile: compose.yaml parses, the oracle service runs
// under the profile (a file beside it), and nothing weakens it.
func TestComposeUsesProfile(t *testing.T) {
	var c struct {
		Services map[string]map[string]any `yaml:"services"`
	}
	data := readYAML(t, "compose.yaml", &c)
	oracle := c.Services["oracle"]
	if oracle == nil {
		t.Fatal("compose.yaml has no oracle service")
	}
	opts, _ := oracle["security_opt"].([]any)
	found := false
	for _, o := range opts {
		s, _ := o.(string)
		if path, ok := strings.CutPrefix(s, "seccomp="); ok {
			found = true
			if _, err := os.Stat(path); err != nil {
				t.Errorf("security_opt %s: %v (relative to deploy/, the compose file's folder)", s, err)
			}
		}
	}
	if !found {
		t.Errorf("the oracle service has no seccomp profile: security_opt %v", opts)
	}
	refuseWeakening(t, "compose.yaml", string(data))
	for _, key := range []string{"privileged", "cap_add"} {
		if oracle[key] != nil {
			t.Errorf("compose.yaml: the oracle service sets %s", key)
		}
	}
}

// TestKubernetesUsesProfile: every manifest parses; each container named
// oracle runs under the Localhost profile, without privilege.
func TestKubernetesUsesProfile(t *testing.T) {
	files, _ := filepath.Glob("k8s/*.yaml")
	if len(files) == 0 {
		t.Fatal("no k8s manifests")
	}
	oracles := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		refuseWeakening(t, f, string(data))
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for {
			var doc struct {
				Kind string `yaml:"kind"`
				Spec struct {
					Template struct {
						Spec struct {
							Containers []struct {
								Name            string         `yaml:"name"`
								SecurityContext map[string]any `yaml:"securityContext"`
							} `yaml:"containers"`
						} `yaml:"spec"`
					} `yaml:"template"`
				} `yaml:"spec"`
			}
			err := dec.Decode(&doc)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for _, c := range doc.Spec.Template.Spec.Containers {
				if c.Name != "oracle" {
					continue
				}
				oracles++
				sp, _ := c.SecurityContext["seccompProfile"].(map[string]any)
				if sp["type"] != "Localhost" || sp["localhostProfile"] != "sparql-oracle/seccomp-bwrap.json" {
					t.Errorf("%s: the oracle container's seccompProfile is %v", f, sp)
				}
				if c.SecurityContext["allowPrivilegeEscalation"] != false {
					t.Errorf("%s: allowPrivilegeEscalation is not false", f)
				}
			}
		}
	}
	if oracles != 2 {
		t.Errorf("%d oracle containers, want 2 (api and worker)", oracles)
	}
}

// refuseWeakening fails on settings that would switch a protection off.
func refuseWeakening(t *testing.T, name, text string) {
	t.Helper()
	for _, bad := range []string{"privileged: true", "seccomp=unconfined", "seccomp:unconfined", "apparmor=unconfined",
		"type: Unconfined", "Unconfined}", "procMount: Unmasked", "systempaths=unconfined", "SYS_ADMIN"} {
		if strings.Contains(text, bad) {
			t.Errorf("%s contains %q", name, bad)
		}
	}
}

func readYAML(t *testing.T, name string, v any) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return data
}
