package install

// Source is source, for the tests of package install_test (which import
// the registry, so that every adapter's descriptor is registered).
var Source = source
