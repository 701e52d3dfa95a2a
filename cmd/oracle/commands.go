package main

// load's file predates self-registration; the other subcommands register
// themselves in their own init.
func init() {
	commands["load"] = command{runLoad, "read an RDF document on stdin, write canonical N-Quads (the isolated loader's child)"}
}
