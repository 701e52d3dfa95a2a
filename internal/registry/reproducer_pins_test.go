package registry

import (
	"regexp"
	"testing"

	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestReproducersInstallThePin: the reproducer of every external engine
// installs the release this binary tests (install.Pinned, read from the
// descriptor's pin or the embedded manifests), so a pin moved in a
// manifest without its reproducer fails here. Engines built without a
// process (an endpoint's server is not started) are built, not run.
func TestReproducersInstallThePin(t *testing.T) {
	number := regexp.MustCompile(`^\d+(\.\d+)+`)
	for _, name := range External() {
		t.Run(name, func(t *testing.T) {
			e := installedOrSkip(t, New, name)
			n, ok := oracle.NativeFor(e, reproCase)
			if !ok {
				t.Skipf("%s has no reproducer", name)
			}
			pin := number.FindString(install.Pinned(name))
			if pin == "" {
				t.Fatalf("%s: pin %q has no version number", name, install.Pinned(name))
			}
			t.Logf("pin %s: %.120s", pin, n.Install)
			if !regexp.MustCompile(`(^|[^0-9.])` + regexp.QuoteMeta(pin) + `([^0-9]|\.[0-9]+[-+]|$)`).MatchString(n.Install) {
				t.Errorf("%s: the reproducer installs %q, not the pinned %s", name, n.Install, pin)
			}
		})
	}
}
