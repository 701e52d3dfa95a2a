package registry

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// schemaFile is the config's JSON Schema; docs/config.md describes it.
const schemaFile = "../../docs/config.schema.json"

type schema struct {
	Ref                  string             `json:"$ref"`
	Type                 string             `json:"type"`
	Properties           map[string]*schema `json:"properties"`
	AdditionalProperties *bool              `json:"additionalProperties"`
	Required             []string           `json:"required"`
	Enum                 []string           `json:"enum"`
	Pattern              string             `json:"pattern"`
	Minimum              *float64           `json:"minimum"`
	MinLength            int                `json:"minLength"`
	Items                *schema            `json:"items"`
	Defs                 map[string]*schema `json:"$defs"`
	Description          string             `json:"description"`
}

func loadSchema(t *testing.T) *schema {
	t.Helper()
	b, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", schemaFile, err)
	}
	return &s
}

// jsonFields lists a struct's JSON field names.
func jsonFields(v any) []string {
	var out []string
	rt := reflect.TypeOf(v)
	for i := range rt.NumField() {
		if name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func keys(m map[string]*schema) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSchemaMatchesTheStructs: the schema has exactly the fields the Go
// structs read, each described, no others allowed, and the adapter kinds.
func TestSchemaMatchesTheStructs(t *testing.T) {
	s := loadSchema(t)
	eng := s.Defs["engine"]
	for _, c := range []struct {
		what   string
		s      *schema
		fields []string
	}{{"top level", s, jsonFields(Config{})}, {"engine", eng, jsonFields(EngineConfig{})}} {
		if got := keys(c.s.Properties); !slices.Equal(got, c.fields) {
			t.Errorf("%s: schema properties %v, Go fields %v", c.what, got, c.fields)
		}
		if c.s.AdditionalProperties == nil || *c.s.AdditionalProperties {
			t.Errorf("%s: additionalProperties must be false (unknown fields are errors)", c.what)
		}
		for name, p := range c.s.Properties {
			if p.Description == "" {
				t.Errorf("%s.%s has no description", c.what, name)
			}
		}
	}
	if kinds := eng.Properties["kind"].Enum; !slices.Equal(kinds, Kinds()) {
		t.Errorf("schema kinds %v, Kinds() %v", kinds, Kinds())
	}
}

// TestExampleConfigValid: deploy/engines.example.json is valid by the
// schema and by ParseConfig; documents ParseConfig refuses, the schema
// refuses too.
func TestExampleConfigValid(t *testing.T) {
	s := loadSchema(t)
	b, err := os.ReadFile("../../deploy/engines.example.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.validate(s, decode(t, string(b)), "$"); err != nil {
		t.Errorf("deploy/engines.example.json: %v", err)
	}
	for _, bad := range []string{
		`{"engines": [{"name": "jena", "pol": 2}]}`,
		`{"engines": [{"kind": "jena"}]}`,
		`{"engines": [{"name": "x", "kind": "nosuch"}]}`,
		`{"engines": [{"name": "jena", "deadline": 10}]}`,
		`{"engines": [{"name": "jena", "memory_mb": 10}]}`,
		`{"engines": [], "workers": 2}`,
	} {
		if s.validate(s, decode(t, bad), "$") == nil {
			t.Errorf("schema accepts %s", bad)
		}
		if _, err := ParseConfig(strings.NewReader(bad), ""); err == nil {
			t.Errorf("ParseConfig accepts %s", bad)
		}
	}
}

func decode(t *testing.T, s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// validate checks v against s: the subset of JSON Schema the config
// schema uses ($ref to $defs, type, properties, additionalProperties,
// required, enum, pattern, minimum, minLength, items).
func (root *schema) validate(s *schema, v any, at string) error {
	if s.Ref != "" {
		return root.validate(root.Defs[strings.TrimPrefix(s.Ref, "#/$defs/")], v, at)
	}
	if err := checkType(s, v, at); err != nil {
		return err
	}
	switch x := v.(type) {
	case map[string]any:
		return root.validateObject(s, x, at)
	case []any:
		for i, e := range x {
			if err := root.validate(s.Items, e, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case string:
		return checkString(s, x, at)
	case float64:
		if s.Minimum != nil && x < *s.Minimum {
			return fmt.Errorf("%s: %v below the minimum %v", at, x, *s.Minimum)
		}
	}
	return nil
}

func (root *schema) validateObject(s *schema, x map[string]any, at string) error {
	for _, r := range s.Required {
		if _, ok := x[r]; !ok {
			return fmt.Errorf("%s: %s is required", at, r)
		}
	}
	for k, e := range x {
		p, ok := s.Properties[k]
		if !ok {
			if s.AdditionalProperties != nil && !*s.AdditionalProperties {
				return fmt.Errorf("%s: unknown field %s", at, k)
			}
			continue
		}
		if err := root.validate(p, e, at+"."+k); err != nil {
			return err
		}
	}
	return nil
}

func checkType(s *schema, v any, at string) error {
	ok := true
	switch s.Type {
	case "object":
		_, ok = v.(map[string]any)
	case "array":
		_, ok = v.([]any)
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "integer":
		f, isNum := v.(float64)
		ok = isNum && f == float64(int64(f))
	}
	if !ok {
		return fmt.Errorf("%s: %v is not of type %s", at, v, s.Type)
	}
	return nil
}

func checkString(s *schema, x, at string) error {
	switch {
	case len(x) < s.MinLength:
		return fmt.Errorf("%s: shorter than %d", at, s.MinLength)
	case len(s.Enum) > 0 && !slices.Contains(s.Enum, x):
		return fmt.Errorf("%s: %q not one of %v", at, x, s.Enum)
	case s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(x):
		return fmt.Errorf("%s: %q does not match %s", at, x, s.Pattern)
	}
	return nil
}
