INSERT DATA {
  <http://example.org/a> <http://example.org/p> -1.5 .
}
