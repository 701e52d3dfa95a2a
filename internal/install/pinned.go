package install

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Pinned returns the version of name this binary installs, as its
// descriptor's Install.Pin says: written there, or read from the embedded
// manifests ("" for the in-house evaluators and unknown names).
// "engine@release" is the release it names.
func Pinned(name string) string {
	if _, rel, ok := strings.Cut(name, "@"); ok {
		return rel
	}
	d, _ := described(name)
	p := d.Install.Pin
	switch {
	case p.Version != "":
		return p.Version
	case p.From == "npm":
		return npmVersion(p.File, p.Key)
	case p.From == "pip":
		return requirement(p.File, p.Key)
	case p.From == "pom":
		return pomProperty(p.File, p.Key)
	}
	return ""
}

// npmVersion is the version the package.json at file pins for pkg.
func npmVersion(file, pkg string) string {
	var m struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if json.Unmarshal(source(file), &m) != nil {
		return ""
	}
	return m.Dependencies[pkg]
}

// requirement is the version the requirements file pins with name==version.
func requirement(file, name string) string {
	for _, line := range strings.Split(string(source(file)), "\n") {
		n, v, ok := strings.Cut(strings.TrimSpace(line), "==")
		if ok && strings.EqualFold(strings.TrimSpace(n), name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// pomProperty is a <property>value</property> of a sidecar's pom.xml.
func pomProperty(pom, prop string) string {
	re := regexp.MustCompile(`<` + regexp.QuoteMeta(prop) + `>([^<]*)</`)
	if m := re.FindSubmatch(source(pom)); m != nil {
		return strings.TrimSpace(string(m[1]))
	}
	return ""
}
