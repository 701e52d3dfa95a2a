INSERT {
  ?v1 <http://example.org/q> <http://example.org/z> .
}
WHERE {
  ?v2 ?v3 ?v1 .
}
