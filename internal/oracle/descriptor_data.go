package oracle

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// An adapter's descriptors are data: adapters/<name>/descriptor.json, a
// JSON array of Descriptor (the json names of its fields), beside the
// rules files they name (RulesFrom). What is Go, not data, the adapter
// gives as Code. So a descriptor is read once, checked for unknown fields,
// and no two adapters repeat the code that assembles one.

// DescriptorFile is the name of an adapter's descriptor data.
const DescriptorFile = "descriptor.json"

// Code is the part of a descriptor that is Go: how the engine and its
// releases are built, how the bench starts it, and what the adapter's
// constants hold that its data must agree with (Complete sets it: a pin
// the adapter's code reads too, written once there).
type Code struct {
	Build        func(BuildSettings) (Engine, error)
	BuildRelease func(BuildSettings) (Engine, error)
	Bench        func(root string) Process
	Complete     func(*Descriptor)
}

// ParseDescriptors reads descriptor.json in files: every descriptor with
// a name, none twice, no unknown field, each with the rules of its
// RulesFrom file (ParseRules).
func ParseDescriptors(files fs.FS) ([]Descriptor, error) {
	data, err := fs.ReadFile(files, DescriptorFile)
	if err != nil {
		return nil, err
	}
	var ds []Descriptor
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ds); err != nil {
		return nil, fmt.Errorf("%s: %w", DescriptorFile, err)
	}
	seen := map[string]bool{}
	for i := range ds {
		d := &ds[i]
		if d.Name == "" || seen[d.Name] {
			return nil, fmt.Errorf("%s: descriptor %d: name %q empty or given twice", DescriptorFile, i+1, d.Name)
		}
		seen[d.Name] = true
		if d.RulesFrom == "" {
			continue
		}
		rules, err := fs.ReadFile(files, d.RulesFrom)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", DescriptorFile, d.Name, err)
		}
		if d.Rules, err = ParseRules(rules); err != nil {
			return nil, fmt.Errorf("%s (%s): %w", d.RulesFrom, d.Name, err)
		}
	}
	return ds, nil
}

// RegisterData registers every descriptor of files' descriptor.json with
// the code given for its name. Data that does not read, or code for a
// name the data does not describe, is a build defect: it panics at init,
// so every test run catches it.
func RegisterData(files fs.FS, code map[string]Code) {
	ds, err := ParseDescriptors(files)
	if err != nil {
		panic(err)
	}
	for _, d := range ds {
		c, ok := code[d.Name]
		delete(code, d.Name)
		if ok && c.Complete != nil {
			c.Complete(&d)
		}
		d.Build, d.BuildRelease, d.Bench = c.Build, c.BuildRelease, c.Bench
		Register(d)
	}
	for name := range code {
		panic(fmt.Sprintf("%s: code for %q, which it does not describe", DescriptorFile, name))
	}
}

// Each is the code of every engine of names, made by code(name): for an
// adapter that runs several engines the same way.
func Each(names []string, code func(name string) Code) map[string]Code {
	out := make(map[string]Code, len(names))
	for _, n := range names {
		out[n] = code(n)
	}
	return out
}
