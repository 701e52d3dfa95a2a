package corpus

// poolNT is the adversarial term pool, the same text as corpus/pool.nt
// (TestPoolFile keeps the two equal; edit both, or edit this one and run
// go test ./internal/corpus -run TestPoolFile -update).
const poolNT = `# Adversarial term pool of the random case generator (internal/corpus/gen_pool.go
# holds the same text; TestPoolFile keeps them equal: go test ./internal/corpus -run TestPoolFile -update).
# One term per line, as the object of <http://example.org/pool#term>; blank nodes as subjects too.
# Numbers: signed zero, NaN, infinities, non-canonical lexical forms, derived integer types.
<http://example.org/pool> <http://example.org/pool#term> "-0.0E0"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#term> "0.0E0"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#term> "NaN"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#term> "INF"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#term> "-INF"^^<http://www.w3.org/2001/XMLSchema#float> .
<http://example.org/pool> <http://example.org/pool#term> "1.5E1"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#term> "1"^^<http://www.w3.org/2001/XMLSchema#float> .
<http://example.org/pool> <http://example.org/pool#term> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "01"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "+2"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "-3"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "0"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "12345678901234567890"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "1.0"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#term> "1.00"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#term> "-0.5"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#term> ".5"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#term> "1"^^<http://www.w3.org/2001/XMLSchema#int> .
<http://example.org/pool> <http://example.org/pool#term> "2"^^<http://www.w3.org/2001/XMLSchema#long> .
<http://example.org/pool> <http://example.org/pool#term> "3"^^<http://www.w3.org/2001/XMLSchema#short> .
<http://example.org/pool> <http://example.org/pool#term> "4"^^<http://www.w3.org/2001/XMLSchema#byte> .
<http://example.org/pool> <http://example.org/pool#term> "5"^^<http://www.w3.org/2001/XMLSchema#nonNegativeInteger> .
<http://example.org/pool> <http://example.org/pool#term> "6"^^<http://www.w3.org/2001/XMLSchema#positiveInteger> .
<http://example.org/pool> <http://example.org/pool#term> "-7"^^<http://www.w3.org/2001/XMLSchema#negativeInteger> .
<http://example.org/pool> <http://example.org/pool#term> "8"^^<http://www.w3.org/2001/XMLSchema#unsignedInt> .
<http://example.org/pool> <http://example.org/pool#term> "2"^^<http://www.w3.org/2001/XMLSchema#string> .
# Booleans, canonical and not.
<http://example.org/pool> <http://example.org/pool#term> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> .
<http://example.org/pool> <http://example.org/pool#term> "false"^^<http://www.w3.org/2001/XMLSchema#boolean> .
<http://example.org/pool> <http://example.org/pool#term> "1"^^<http://www.w3.org/2001/XMLSchema#boolean> .
<http://example.org/pool> <http://example.org/pool#term> "0"^^<http://www.w3.org/2001/XMLSchema#boolean> .
# Dates and times, with and without a timezone.
<http://example.org/pool> <http://example.org/pool#term> "2011-01-10T14:45:13.815-05:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://example.org/pool> <http://example.org/pool#term> "2011-01-10T19:45:13.815Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://example.org/pool> <http://example.org/pool#term> "2011-01-10T14:45:13"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://example.org/pool> <http://example.org/pool#term> "1999-12-31T23:59:59+14:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://example.org/pool> <http://example.org/pool#term> "2011-01-10"^^<http://www.w3.org/2001/XMLSchema#date> .
# Strings: empty, plain, language tags in several cases (rdf lower-cases them).
<http://example.org/pool> <http://example.org/pool#term> "" .
<http://example.org/pool> <http://example.org/pool#term> "chat" .
<http://example.org/pool> <http://example.org/pool#term> "chat"@en .
<http://example.org/pool> <http://example.org/pool#term> "chat"@EN-gb .
<http://example.org/pool> <http://example.org/pool#term> "chat"@fr .
<http://example.org/pool> <http://example.org/pool#term> "Chat"@en-US .
<http://example.org/pool> <http://example.org/pool#term> ""@en .
<http://example.org/pool> <http://example.org/pool#term> "abc" .
<http://example.org/pool> <http://example.org/pool#term> "ABC" .
<http://example.org/pool> <http://example.org/pool#term> "a.b*c" .
<http://example.org/pool> <http://example.org/pool#term> "1" .
<http://example.org/pool> <http://example.org/pool#term> "true" .
<http://example.org/pool> <http://example.org/pool#term> "http://example.org/s0" .
<http://example.org/pool> <http://example.org/pool#term> "tab\there \"quoted\" back\\slash\nnewline" .
<http://example.org/pool> <http://example.org/pool#term> "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat." .
# Non-ASCII: combining marks (NFC vs NFD), astral plane, right-to-left, CJK.
<http://example.org/pool> <http://example.org/pool#term> "caf\u00E9" .
<http://example.org/pool> <http://example.org/pool#term> "cafe\u0301" .
<http://example.org/pool> <http://example.org/pool#term> "\U0001F600 smile \U0001D11E" .
<http://example.org/pool> <http://example.org/pool#term> "\u05E9\u05DC\u05D5\u05DD"@he .
<http://example.org/pool> <http://example.org/pool#term> "\u0645\u0631\u062D\u0628\u0627 abc" .
<http://example.org/pool> <http://example.org/pool#term> "\u732B"@zh-Hant .
<http://example.org/pool> <http://example.org/pool#term> "STRASSE stra\u00DFe" .
# Unknown datatypes and ill-formed literals of known ones.
<http://example.org/pool> <http://example.org/pool#term> "x"^^<http://example.org/dt#unknown> .
<http://example.org/pool> <http://example.org/pool#term> "1"^^<http://example.org/dt#unknown> .
<http://example.org/pool> <http://example.org/pool#term> "abc"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#term> "1.2.3"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#term> "yes"^^<http://www.w3.org/2001/XMLSchema#boolean> .
<http://example.org/pool> <http://example.org/pool#term> "2011-13-45T25:61:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://example.org/pool> <http://example.org/pool#term> " 1 "^^<http://www.w3.org/2001/XMLSchema#integer> .
# IRIs with unusual characters (all legal in a SPARQL IRIREF).
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/a%20b> .
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/caf\u00E9#frag> .
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/q?x=1&y=(2)> .
<http://example.org/pool> <http://example.org/pool#term> <urn:x-weird:a;b=c,d'e> .
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/S0> .
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/%F0%9F%98%80> .
<http://example.org/pool> <http://example.org/pool#term> <http://example.org/\U0001F600> .
# Blank nodes.
<http://example.org/pool> <http://example.org/pool#term> _:b0 .
<http://example.org/pool> <http://example.org/pool#term> _:b1 .
_:b2 <http://example.org/pool#term> _:b2 .
# Extra terms (pool#extra, appended for the hunt profiles): drawn only by profiles with
# p.pool_extra > 0 (and by p.pool_numeric / p.pool_text), so the cases of other profiles do not change.
# Text: astral plane (emoji, mathematical letters), combining marks, RTL, tags with subtags and case variants.
<http://example.org/pool> <http://example.org/pool#extra> "\U0001D538\U0001D539C"@en .
<http://example.org/pool> <http://example.org/pool#extra> "\U0001F600\U0001F601" .
<http://example.org/pool> <http://example.org/pool#extra> "a\U0001F600b"@EN-Latn-US .
<http://example.org/pool> <http://example.org/pool#extra> "e\u0301te\u0301"@fr-CA .
<http://example.org/pool> <http://example.org/pool#extra> "\u00E9t\u00E9"@fr-ca .
<http://example.org/pool> <http://example.org/pool#extra> "A\u030A" .
<http://example.org/pool> <http://example.org/pool#extra> "\u05E9\u05DC\u05D5\u05DD abc"@HE .
<http://example.org/pool> <http://example.org/pool#extra> "\u0627\u0644\u0633\u0644\u0627\u0645"@ar-EG .
<http://example.org/pool> <http://example.org/pool#extra> "\u200Fx\u200E" .
<http://example.org/pool> <http://example.org/pool#extra> "chat"@en-gb-oed .
<http://example.org/pool> <http://example.org/pool#extra> "Chat"@EN .
<http://example.org/pool> <http://example.org/pool#extra> "CHAT"@en-us .
<http://example.org/pool> <http://example.org/pool#extra> "chat"@de-CH-1901 .
<http://example.org/pool> <http://example.org/pool#extra> "\u0130stanbul"@tr .
<http://example.org/pool> <http://example.org/pool#extra> "\u1E9E" .
<http://example.org/pool> <http://example.org/pool#extra> "\uFB03"@en .
<http://example.org/pool> <http://example.org/pool#extra> "a b/c?d=e&f#g%" .
<http://example.org/pool> <http://example.org/pool#extra> "ab" .
<http://example.org/pool> <http://example.org/pool#extra> "b"@en .
<http://example.org/pool> <http://example.org/pool#extra> "\U0001D538" .
# Numbers: more non-canonical forms and derived types.
<http://example.org/pool> <http://example.org/pool#extra> "+1"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#extra> "1.50"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#extra> "1e0"^^<http://www.w3.org/2001/XMLSchema#double> .
<http://example.org/pool> <http://example.org/pool#extra> "0.1"^^<http://www.w3.org/2001/XMLSchema#float> .
<http://example.org/pool> <http://example.org/pool#extra> "-0"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://example.org/pool> <http://example.org/pool#extra> "2.5"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#extra> "-2.5"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#extra> "127"^^<http://www.w3.org/2001/XMLSchema#byte> .
<http://example.org/pool> <http://example.org/pool#extra> "255"^^<http://www.w3.org/2001/XMLSchema#unsignedByte> .
<http://example.org/pool> <http://example.org/pool#extra> "0"^^<http://www.w3.org/2001/XMLSchema#nonPositiveInteger> .
<http://example.org/pool> <http://example.org/pool#extra> "9223372036854775807"^^<http://www.w3.org/2001/XMLSchema#long> .
<http://example.org/pool> <http://example.org/pool#extra> "3.4028235E38"^^<http://www.w3.org/2001/XMLSchema#float> .
<http://example.org/pool> <http://example.org/pool#extra> "1.0E-300"^^<http://www.w3.org/2001/XMLSchema#double> .
# Ill-formed numbers (aggregates over them are errors) and a blank node shared with the data's subjects.
<http://example.org/pool> <http://example.org/pool#extra> "1x"^^<http://www.w3.org/2001/XMLSchema#int> .
<http://example.org/pool> <http://example.org/pool#extra> "300"^^<http://www.w3.org/2001/XMLSchema#byte> .
<http://example.org/pool> <http://example.org/pool#extra> ""^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#extra> "INF"^^<http://www.w3.org/2001/XMLSchema#decimal> .
<http://example.org/pool> <http://example.org/pool#extra> _:n1 .
`
