// Package deploy_test checks the deployment files' syntax, the engine
// sandbox's seccomp addition and its merge into a runtime's profile (no
// Docker daemon or cluster is needed: the files are parsed and their
// settings checked, not run).
package deploy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/sparql-oracle/oracle/deploy"
)

// merged is where the documented merge step writes the profile
// (deploy/README.md): generated at deploy time, never committed.
const merged = "seccomp-merged.json"

// podmanBase is podman's default profile, from Debian's containers-common
// (golang-github-containers-common in Debian 12; scripts/install.sh
// seccomp_base installs it): the real base the tests merge into.
const podmanBase = "/usr/share/containers/seccomp.json"

// bwrapNeeds is what bubblewrap calls to build its sandbox as a user
// without capabilities (adapters/sidecar's flags): the addition must
// allow exactly these, nothing more.
var bwrapNeeds = []string{"clone", "mount", "pivot_root", "umount2", "unshare"}

func readAddition(t *testing.T) ([]byte, deploy.Addition) {
	t.Helper()
	data, err := os.ReadFile("seccomp-bwrap-addition.json")
	if err != nil {
		t.Fatal(err)
	}
	a, err := deploy.ParseAddition(data)
	if err != nil {
		t.Fatal(err)
	}
	return data, a
}

// TestSeccompAddition: the addition is one allow rule naming exactly the
// syscalls bwrap needs, each explained, and no copy of a runtime's rules.
func TestSeccompAddition(t *testing.T) {
	_, a := readAddition(t)
	names := slices.Sorted(slices.Values(a.Rule.Names))
	if !slices.Equal(names, bwrapNeeds) {
		t.Errorf("the addition allows %v, want exactly %v", names, bwrapNeeds)
	}
	for _, n := range bwrapNeeds {
		if len(a.Why[n]) < 40 {
			t.Errorf("why[%s] = %q: say what bwrap does with it", n, a.Why[n])
		}
	}
	if a.About == "" || !strings.HasPrefix(a.Rule.Comment, deploy.Marker) {
		t.Errorf("about %q, comment %q", a.About, a.Rule.Comment)
	}
}

// TestMergeKeepsBase: the merge keeps every key and rule of the base as
// it was and appends the addition's rule, once; for our small base and,
// where installed, podman's real one.
func TestMergeKeepsBase(t *testing.T) {
	addData, a := readAddition(t)
	bases := []string{"testdata/base-small.json"}
	if _, err := os.Stat(podmanBase); err == nil {
		bases = append(bases, podmanBase)
	}
	for _, path := range bases {
		base, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out, err := deploy.Merge(base, addData)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var b, m map[string]any
		if json.Unmarshal(base, &b) != nil || json.Unmarshal(out, &m) != nil {
			t.Fatalf("%s: the base or the merge is not JSON", path)
		}
		bRules, mRules := b["syscalls"].([]any), m["syscalls"].([]any)
		if len(mRules) != len(bRules)+1 || !reflect.DeepEqual(mRules[:len(bRules)], bRules) {
			t.Errorf("%s: the base's %d rules are not kept in order in the %d merged", path, len(bRules), len(mRules))
		}
		want := map[string]any{"names": []any{}, "action": a.Rule.Action, "comment": a.Rule.Comment}
		for _, n := range a.Rule.Names {
			want["names"] = append(want["names"].([]any), n)
		}
		if !reflect.DeepEqual(mRules[len(mRules)-1], want) {
			t.Errorf("%s: last rule %v, want the addition %v", path, mRules[len(mRules)-1], want)
		}
		delete(b, "syscalls")
		delete(m, "syscalls")
		if !reflect.DeepEqual(b, m) {
			t.Errorf("%s: the base's other keys changed: %v, merged %v", path, b, m)
		}
		if _, err := deploy.Merge(out, addData); err == nil {
			t.Errorf("%s: merging into a merged profile was accepted", path)
		}
	}
}

// TestMergeRefuses: what is not a deny-by-default seccomp profile, or
// refuses one of bwrap's syscalls on purpose, or was merged before, is
// refused with a message saying so.
func TestMergeRefuses(t *testing.T) {
	addData, _ := readAddition(t)
	want := map[string]string{
		"array.json":          "not a JSON object",
		"yaml.json":           "not a JSON object",
		"not-profile.json":    "not a seccomp profile",
		"allow-default.json":  "allows every syscall",
		"no-syscalls.json":    "no \"syscalls\"",
		"bad-action.json":     "syscalls[0] is not a seccomp rule",
		"no-names.json":       "syscalls[0] is not a seccomp rule",
		"denies-mount.json":   "syscalls[1] answers mount with SCMP_ACT_ERRNO",
		"already-merged.json": "syscalls[1] is already this project's addition",
	}
	files, _ := filepath.Glob("testdata/refuse/*.json")
	if len(files) != len(want) {
		t.Errorf("%d files in testdata/refuse, %d expected messages", len(files), len(want))
	}
	for _, f := range files {
		base, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, err = deploy.Merge(base, addData)
		if err == nil || !strings.Contains(err.Error(), want[filepath.Base(f)]) {
			t.Errorf("%s: %v, want an error containing %q", f, err, want[filepath.Base(f)])
		}
	}
}

// TestAdditionRefuses: an addition that could do more than allow the
// syscalls it explains is refused.
func TestAdditionRefuses(t *testing.T) {
	for _, bad := range []string{
		`{"about": "x", "rule": {"names": ["mount"], "action": "SCMP_ACT_ALLOW", "comment": "sparql-oracle"}, "why": {}}`,
		`{"about": "x", "rule": {"names": ["mount"], "action": "SCMP_ACT_ERRNO", "comment": "sparql-oracle"}, "why": {"mount": "y"}}`,
		`{"about": "x", "rule": {"names": ["mount"], "action": "SCMP_ACT_ALLOW", "comment": "other"}, "why": {"mount": "y"}}`,
		`{"about": "x", "rule": {"names": ["mount"], "action": "SCMP_ACT_ALLOW", "comment": "sparql-oracle", "args": []}, "why": {"mount": "y"}}`,
		`{"about": "x", "rule": {"names": ["mount"], "action": "SCMP_ACT_ALLOW", "comment": "sparql-oracle"}, "why": {"mount": "y", "bpf": "z"}}`,
		`{"about": "x", "defaultAction": "SCMP_ACT_ALLOW", "rule": {"names": ["mount"], "action": "SCMP_ACT_ALLOW", "comment": "sparql-oracle"}, "why": {"mount": "y"}}`,
	} {
		if _, err := deploy.ParseAddition([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// TestMergedProfileIgnored: the generated profile never lands in git.
func TestMergedProfileIgnored(t *testing.T) {
	data, err := os.ReadFile("../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(strings.Split(string(data), "\n"), "/deploy/"+merged) {
		t.Errorf(".gitignore does not list /deploy/%s", merged)
	}
}

// TestComposeUsesProfile: compose.yaml parses, the oracle service runs
// under the merged profile (generated beside it), and nothing weakens it.
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
			if path != "./"+merged {
				t.Errorf("security_opt %s: want seccomp=./%s (deploy/README.md's merge step writes it there)", s, merged)
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
// oracle runs under the merged profile from the node's seccomp folder,
// without privilege.
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
				if sp["type"] != "Localhost" || sp["localhostProfile"] != "sparql-oracle/"+merged {
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
