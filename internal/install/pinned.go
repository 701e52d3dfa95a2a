package install

import (
	"encoding/json"
	"regexp"
	"strings"
)

// debianVersions are the upstream versions Debian 12 ships for the engines
// installed as Debian packages: the release pins them.
var debianVersions = map[string]string{
	"rasqal":   "0.9.33 (Debian 12 rasqal-utils)",
	"attean":   "0.033 (Debian 12 libattean-perl)",
	"rdfquery": "2.918 (Debian 12 librdf-query-perl)",
	"virtuoso": "7.2.5 (Debian 12 virtuoso-opensource)",
}

// npmPackages is the package whose version names each npm engine.
var npmPackages = map[string]string{"oxigraph": "oxigraph", "comunica": "@comunica/query-sparql-rdfjs"}

// Pinned returns the version of name this binary installs, read from the
// embedded manifests ("" for the in-house evaluators and unknown names).
func Pinned(name string) string {
	if v, ok := debianVersions[name]; ok {
		return v
	}
	if pkg, ok := npmPackages[name]; ok {
		return npmVersion(name, pkg)
	}
	if _, rel, ok := strings.Cut(name, "@"); ok {
		return rel // engine@release: the release it names
	}
	switch name {
	case "pyoxigraph", "oxilite", "rdflib":
		return requirement(name)
	case "oxigraph-server":
		return requirement("oxigraph")
	case "fuseki":
		return FusekiRelease
	case "jena":
		return pomProperty("jena/pom.xml", "jena.version")
	case "rdf4j":
		return pomProperty("rdf4j/pom.xml", "rdf4j.version")
	}
	return ""
}

// npmVersion is the version package.json pins for pkg.
func npmVersion(folder, pkg string) string {
	var m struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if json.Unmarshal(source(folder+"/package.json"), &m) != nil {
		return ""
	}
	return m.Dependencies[pkg]
}

// requirement is the version requirements.txt pins with name==version.
func requirement(name string) string {
	for _, line := range strings.Split(string(source("python/requirements.txt")), "\n") {
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
