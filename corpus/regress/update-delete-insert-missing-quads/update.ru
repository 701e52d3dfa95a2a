DELETE {
  ?v1 <http://example.org/p> ?v2 .
}
INSERT {
  ?v1 <http://example.org/p> ?v2 .
}
WHERE {
  ?v1 ?v3 ?v2 .
}
