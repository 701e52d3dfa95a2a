INSERT DATA {
  _:b <http://example.org/p> <http://example.org/o> .
}
