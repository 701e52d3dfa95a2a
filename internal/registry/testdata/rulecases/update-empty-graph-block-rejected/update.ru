INSERT DATA {
  GRAPH <http://example.org/h> {}
}
