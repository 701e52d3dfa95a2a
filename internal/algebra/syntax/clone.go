package syntax

import "reflect"

// Clone returns a deep copy of the tree rooted at n, so a reducer or a
// generator can edit the copy without touching the original. It copies by
// reflection, field by field, so a new node type or field needs nothing
// here; TestInspectAndClone checks that no node is shared.
func Clone[T Node](n T) T {
	v := reflect.ValueOf(n)
	return cloneValue(v).Interface().(T)
}

func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(cloneValue(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			c.Field(i).Set(cloneValue(v.Field(i)))
		}
		return c
	}
	return v
}
