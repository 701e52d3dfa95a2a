package oracle

import "time"

// The parts of a Descriptor that say how an engine gets onto a machine and
// how it is run outside a case: installed (internal/install reads Install),
// described in EARL reports (internal/w3c reads EARL), started by hand for
// the bench (cmd/oracle reads Bench), built from a config entry (the
// registry calls Build for an engine it has no builder of its own for).
// They are data, so the packages that read them need no table keyed by
// engine name.

// Installation methods internal/install knows (Step.Kind). Each runs once
// per installation however many engines share it (one .venv serves every
// Python engine), skipped when a stamp says its inputs were installed.
const (
	// StepNPM: `npm ci` in adapters/<Folder> from its embedded lock file.
	StepNPM = "npm"
	// StepVenv: .venv at the root and `pip install -r` the embedded
	// adapters/<Folder>/requirements.txt.
	StepVenv = "venv"
	// StepMaven: build adapters/<Folder> with Build (default `mvn -q -B
	// package`, on a JDK of release JDK or newer when set, found by
	// adapters/<JDKScript> and noted in target/java-home for the adapter),
	// making Jar; a custom Build finds its own JDK.
	StepMaven = "maven"
	// StepDebian: the Debian Packages, with apt-get as root (Debconf
	// answers first), else an error naming them.
	StepDebian = "debian"
	// StepMavenJar: the Maven Central artifact Packages[0] copied into
	// adapters/<Folder>, and java-home beside it naming a Java JDK or newer
	// (adapters/<JDKScript>, else its --runtime).
	StepMavenJar = "maven-jar"
	// Release methods (Install.Release; the release is the last argument):
	// StepBuildRelease runs Build plus the release in adapters/<Folder>,
	// making releases/<release>/<Jar>; StepPipRelease makes a venv of its
	// own, adapters/<Folder>/releases/<Packages[0]>-<release>, with
	// Packages[0]==release; StepNPMRelease installs npm Packages[0]@release
	// into adapters/<Folder>/releases/<release> beside a link to the
	// sidecar script Jar; StepSnapshotRelease builds the newest source
	// snapshot matching Snapshot (release in the file name; in
	// $ORACLE_ENGINE_SOURCES, else ../shared/engines beside the root) with
	// Build plus the snapshot and releases/<release> in adapters/<Folder>,
	// the Debian Packages it needs installed first, making
	// releases/<release>/<Jar>.
	StepBuildRelease    = "build-release"
	StepPipRelease      = "pip-release"
	StepNPMRelease      = "npm-release"
	StepSnapshotRelease = "snapshot-release"
)

// Install says how an engine's runtime is installed, where its version is
// pinned and how it runs: what `oracle engines install` (and through it
// scripts/install.sh and the Dockerfile) and the registry's checks read.
type Install struct {
	// Folder is the adapter folder (adapters/<Folder>) whose embedded
	// sources the runtime reads ("" for none: a system program).
	Folder string `json:"folder,omitempty"`
	// Steps install the runtime, in order.
	Steps []Step `json:"steps,omitempty"`
	// Needs are the installed files the engine cannot run without:
	// relative to a root (a checkout, the data folder), or absolute system
	// paths (a Debian package's).
	Needs []string `json:"needs,omitempty"`
	// Pin says where the tested version is written.
	Pin Pin `json:"pin"`
	// Releases are the releases installed beside the pinned one, named
	// engine@release (`oracle bisect`); Release installs one.
	Releases []string `json:"releases,omitempty"`
	Release  Step     `json:"release,omitzero"`
	// Sandbox says how its processes are confined.
	Sandbox string `json:"sandbox,omitempty"`
	// Endpoint says which server the adapter starts, when the engine is a
	// live SPARQL 1.1 Protocol endpoint.
	Endpoint string `json:"endpoint,omitempty"`
}

// Step is one installation method and its arguments (the Step* kinds say
// which fields each reads).
type Step struct {
	Kind      string   `json:"kind"`
	Folder    string   `json:"folder,omitempty"`
	Build     []string `json:"build,omitempty"`
	Jar       string   `json:"jar,omitempty"`
	Packages  []string `json:"packages,omitempty"`
	Debconf   string   `json:"debconf,omitempty"`
	JDK       string   `json:"jdk,omitempty"`
	JDKScript string   `json:"jdk_script,omitempty"`
	// Snapshot is the file name pattern of a source snapshot
	// (StepSnapshotRelease: "NAME-master-*.tar.gz").
	Snapshot string `json:"snapshot,omitempty"`
}

// ID names a step for "run once per installation": two engines whose steps
// have the same ID share the runtime it installs.
func (s Step) ID() string {
	id := s.Kind + " " + s.Folder
	for _, p := range s.Packages {
		id += " " + p
	}
	return id
}

// Pin says where an engine's tested version is written: Version itself,
// else Key in the embedded adapters/File, read as From says ("npm": a
// dependency of package.json; "pip": a name==version line; "pom": a
// property of pom.xml).
type Pin struct {
	Version string `json:"version,omitempty"`
	From    string `json:"from,omitempty"`
	File    string `json:"file,omitempty"`
	Key     string `json:"key,omitempty"`
}

// Project is the engine's DOAP description in EARL reports: its project's
// name, homepage and implementation language.
type Project struct {
	Name     string `json:"name"`
	Homepage string `json:"homepage,omitempty"`
	Language string `json:"language,omitempty"`
}

// Process is how to start an engine's sidecar process by hand: the bench
// does (cmd/oracle bench_sidecar.go), to load a dataset once and name it
// by id in later requests.
type Process struct {
	Name    string
	Command []string
	Dir     string
	Env     []string
}

// ProbeASK is Descriptor.Probe of a live endpoint.
const ProbeASK = "ask"

// BuildSettings are a config entry's settings, filled in, as Build gets
// them (internal/registry config.go documents the entry's fields).
type BuildSettings struct {
	// Name is the engine's name in reports (the entry's; engine@release
	// for a release).
	Name string
	// Root is the root holding the engine's installed files (a checkout,
	// the data folder); Dir the adapter folder under it, or the entry's
	// dir ("" for an adapter without a folder).
	Root string
	Dir  string
	// Binary is the program that runs it ("" for the adapter's own).
	Binary string
	// Pool is how many processes (or cases in flight) it may have.
	Pool int
	// StartTimeout bounds a process's start (0: the adapter's default).
	StartTimeout time.Duration
	// Memory (bytes) and CPU (per case) replace the adapter's default
	// limits when set.
	Memory int64
	CPU    time.Duration
	// DatabaseDir and Load are a server engine's: where its database lives
	// and how a case's data is loaded ("graphstore" or "update").
	DatabaseDir string
	Load        string
	// Release is the release BuildRelease builds ("" for the pin).
	Release string
}
