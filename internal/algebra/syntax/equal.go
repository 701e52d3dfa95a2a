package syntax

import "reflect"

// Equal reports whether two trees are equal ignoring source positions and
// presentation details that do not change meaning: IRI.Written (a prefixed
// name and its expansion are equal), Literal.Long, Decl.Quote, and the Spec
// of a Query or Update, which Parse derives from the tree (a built tree
// leaves it SpecAuto). Nil and empty slices are equal.
func Equal(a, b Node) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return equalValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

var posType = reflect.TypeOf(Pos{})

func equalValue(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() && b.IsNil()
		}
		if a.Kind() == reflect.Interface && a.Elem().Type() != b.Elem().Type() {
			return false
		}
		return equalValue(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		return equalStruct(a, b)
	}
	return a.Interface() == b.Interface()
}

func equalStruct(a, b reflect.Value) bool {
	t := a.Type()
	if t == posType {
		return true
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Name == "Written" || f.Name == "Long" || f.Name == "Quote" || f.Name == "Spec" {
			continue
		}
		if !equalValue(a.Field(i), b.Field(i)) {
			return false
		}
	}
	return true
}
