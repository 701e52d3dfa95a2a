package attean

import (
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Reproduce is the Perl engine's own reproducer (oracle.Reproducer), for
// attean and rdfquery alike.
func (e *Engine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	return Reproduce(e.Name(), c)
}

// Reproduce is the reproducer of c on the Perl engine called name; false
// for a name this package does not run, and for an update (neither engine
// applies one: the sidecar declares no update op).
func Reproduce(name string, c oracle.NativeCase) (oracle.Native, bool) {
	if c.Update {
		return oracle.Native{}, false
	}
	switch name {
	case "attean":
		return atteanNative(c), true
	case "rdfquery":
		return rdfqueryNative(c), true
	}
	return oracle.Native{}, false
}

// perlRelabel reads data.nq into $data as bytes. Attean's N-Quads parser takes
// only [A-Za-z][A-Za-z0-9]* blank-node labels and RDF::Trine's misreads a
// label holding "_" (ours do: b1_2): when the data has blank nodes they are
// renamed b1, b2..., tokens matched left to right so "_:" inside an IRI or a
// literal stays (the sidecar does the same).
func perlRelabel(c oracle.NativeCase) []string {
	lines := []string{"my $data = do { local $/; open(my $f, '<', 'data.nq') or die $!; <$f> };"}
	if c.HasBlank() {
		lines = append(lines, `my (%label, $n); $data =~ s{(<[^>]*>|"(?:[^"\\]|\\.)*"|_:(\S+))}{defined $2 ? '_:b' . ($label{$2} //= ++$n) : $1}ge;`)
	}
	return lines
}

// atteanNative: Attean (Debian libattean-perl) as the sidecar runs it: the
// default graph is kept in a graph of its own, passed to evaluate as the
// active graph (GRAPH ?g leaves it out).
func atteanNative(c oracle.NativeCase) oracle.Native {
	lines := []string{
		"use strict; use warnings; use Attean; use AtteanX::Parser::SPARQL;",
		"my $default = Attean::IRI->new('tag:sparql-oracle.invalid,2026:default-graph');",
	}
	lines = append(lines, perlRelabel(c)...)
	parser := "AtteanX::Parser::SPARQL->new"
	if c.Base != "" {
		parser += "(base => Attean::IRI->new(" + oracle.PerlString(c.Base) + "))"
	}
	lines = append(lines,
		"open(my $in, '<:encoding(UTF-8)', \\$data) or die $!;",
		"my ($model, $quads) = (Attean->temporary_model, Attean->get_parser('NQuads')->new->parse_iter_from_io($in));",
		"while (my $q = $quads->next) { $model->add_quad($q->does('Attean::API::Quad') ? $q : $q->as_quad($default)) }",
		"my $query = do { local $/; open(my $f, '<', 'query.rq') or die $!; <$f> };",
		"my $answer = $model->evaluate("+parser+"->parse($query), $default);")
	switch {
	case c.GraphForm():
		lines = append(lines, `while (my $t = $answer->next) { print join(' ', map { $_->ntriples_string } $t->subject, $t->predicate, $t->object), " .\n" }`)
	case c.Form() == "ASK":
		lines = append(lines, `print $answer->next->value, "\n";`)
	default:
		lines = append(lines, "Attean->get_serializer('SPARQLTSV')->new->serialize_iter_to_io(\\*STDOUT, $answer);")
	}
	return oracle.Native{Install: "sudo apt-get install libattean-perl=0.033-1", Run: oracle.Heredoc("perl -", lines...)}
}

// rdfqueryNative: RDF::Query (Debian librdf-query-perl) over an RDF::Trine
// memory model, default-graph triples without a context, as the sidecar
// runs it; load_data => 0 so FROM is never fetched. TSV written term by
// term (its own serializers drop datatypes).
func rdfqueryNative(c oracle.NativeCase) oracle.Native {
	opts := "{ lang => 'sparql11', load_data => 0"
	if c.Base != "" {
		opts += ", base_uri => " + oracle.PerlString(c.Base)
	}
	lines := []string{
		"use strict; use warnings; use RDF::Trine; use RDF::Query;",
		"my $model = RDF::Trine::Model->new(RDF::Trine::Store::Memory->new);",
	}
	lines = append(lines, perlRelabel(c)...)
	lines = append(lines,
		"RDF::Trine::Parser->new('nquads')->parse_into_model(undef, $data, $model);",
		"my $text = do { local $/; open(my $f, '<:encoding(UTF-8)', 'query.rq') or die $!; <$f> };",
		"my $query = RDF::Query->new($text, "+opts+" }) or die RDF::Query->error;",
		"my $answer = $query->execute($model) or die RDF::Query->error;")
	switch {
	case c.GraphForm():
		lines = append(lines, `while (my $st = $answer->next) { print join(' ', map { $_->as_ntriples } $st->subject, $st->predicate, $st->object), " .\n" }`)
	case c.Form() == "ASK":
		lines = append(lines, `print $answer->get_boolean ? "true\n" : "false\n";`)
	default:
		lines = append(lines, "my @vars = $answer->binding_names;",
			`print join("\t", map { "?$_" } @vars), "\n";`,
			`while (my $row = $answer->next) { print join("\t", map { ref $row->{$_} ? $row->{$_}->as_ntriples : '' } @vars), "\n" }`)
	}
	return oracle.Native{Install: "sudo apt-get install librdf-query-perl=2.918-3", Run: oracle.Heredoc("perl -", lines...)}
}
