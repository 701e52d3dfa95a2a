#!/usr/bin/perl
# Attean and RDF::Query as sparql-oracle sidecars.
#
# Usage: sidecar.pl attean|rdfquery
#
# Protocol: one JSON request per line on stdin, one JSON response per line on
# stdout (adapters/sidecar/protocol.go). Each case gets an in-memory store
# holding exactly the case's dataset; for RDF::Query a query without a dataset
# clause reuses the store of the previous one naming the same dataset_id
# (held_model; Attean's queries change their store). Neither engine's own results
# serializer is used (their JSON drops datatypes): results JSON and N-Triples
# are written here, term by term.
#
# attean:   AtteanX::Parser::SPARQL, then Attean's IDP query planner over an
#           Attean::MutableQuadModel on the Memory store.
# rdfquery: RDF::Query (SPARQL 1.1 parser and its own planner) over an
#           RDF::Trine::Model on the Memory store.
#
# Datasets (SPARQL 1.1 #specifyingDataset). Neither engine builds the dataset
# of a FROM / FROM NAMED clause from a store (Attean ignores the clause,
# RDF::Query dereferences its IRIs over the network unless load_data is off),
# so the sidecar builds it: every IRI is looked up in the request's named
# graphs and sources (absent means empty; nothing is fetched). Attean keeps
# the default graph in a graph of its own (DEFAULT_GRAPH below), which the
# planner leaves out of GRAPH ?g; RDF::Trine keeps it as triples without a
# context. Empty named graphs cannot be stored by either engine.
#
# No network: the Go side runs this process in a network namespace; in
# addition every socket connect in Perl code fails here.

BEGIN {
	*CORE::GLOBAL::connect = sub { $! = 13; return 0 };    # EACCES
}

use strict;
use warnings;
use Encode qw(encode_utf8);
use JSON ();
use Scalar::Util qw(blessed);
use Time::HiRes ();

my $XSD_STRING    = 'http://www.w3.org/2001/XMLSchema#string';
my $LANG_STRING   = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';
my $DEFAULT_GRAPH = 'tag:sparql-oracle.invalid,2026:default-graph';

# $json reads and writes protocol lines (UTF-8 bytes); $inner writes the
# results document that travels inside a response as a character string.
my $json  = JSON->new->utf8->canonical;
my $inner = JSON->new->canonical;

# A term is [kind, value, datatype, lang]: kind is 'uri', 'bnode' or 'literal'.

sub term_json {
	my ($t) = @_;
	my ($kind, $value, $dt, $lang) = @$t;
	my %o = (type => $kind, value => "$value");    # a string even when Perl holds a number
	if ($kind eq 'literal') {
		if (defined $lang && $lang ne '') {
			$o{'xml:lang'} = $lang;
		} elsif (defined $dt && $dt ne $XSD_STRING && $dt ne $LANG_STRING) {
			$o{datatype} = $dt;
		}
	}
	return \%o;
}

sub nt_escape {
	my ($s) = @_;
	$s =~ s/\\/\\\\/g;
	$s =~ s/"/\\"/g;
	$s =~ s/\n/\\n/g;
	$s =~ s/\r/\\r/g;
	return $s;
}

sub term_nt {
	my ($t) = @_;
	my ($kind, $value, $dt, $lang) = @$t;
	return "<$value>" if $kind eq 'uri';
	return "_:$value" if $kind eq 'bnode';
	my $s = '"' . nt_escape($value) . '"';
	return "$s\@$lang" if defined $lang && $lang ne '';
	return $s if !defined $dt || $dt eq $XSD_STRING;
	return "$s^^<$dt>";
}

sub bindings_json {
	my ($vars, $rows) = @_;
	my @bindings;
	for my $row (@$rows) {
		my %b = map { $_ => term_json($row->{$_}) } grep { defined $row->{$_} } keys %$row;
		push @bindings, \%b;
	}
	return $inner->encode({ head => { vars => $vars }, results => { bindings => \@bindings } });
}

sub boolean_json {
	my ($b) = @_;
	return $inner->encode({ head => {}, boolean => ($b ? JSON::true : JSON::false) });
}

sub triples_nt {
	my ($triples) = @_;
	return join '', map { join(' ', map { term_nt($_) } @$_) . " .\n" } @$triples;
}

# dataset_plan decides which graphs form the default graph and which are
# named, from the quads grouped by graph ('' = default) and the dataset clause.
sub dataset_plan {
	my ($groups, $from, $named) = @_;
	if (!@$from && !@$named) {
		my %n = map { $_ => $groups->{$_} } grep { $_ ne '' } keys %$groups;
		return ($groups->{''} || [], \%n);
	}
	my (@default, %n);
	push @default, @{ $groups->{$_} || [] } for @$from;
	$n{$_} = $groups->{$_} || [] for @$named;
	return (\@default, \%n);
}

# request_data is the request's data and sources as one N-Quads text in
# UTF-8, blank-node labels renamed to b1, b2, ...: Attean's N-Triples parser
# accepts only [A-Za-z][A-Za-z0-9]* labels, ours look like "b2_7". Tokens
# are matched left to right, so a "_:" inside a literal or IRI is kept.
sub request_data {
	my ($req) = @_;
	my $text = join '', map { defined $_ ? $_ : '' } $req->{data}, $req->{sources};
	my (%label, $n);
	$text =~ s{(<[^>]*>|"(?:[^"\\]|\\.)*"|_:([^\s<>"]+))}{defined $2 ? '_:' . ($label{$2} //= 'b' . ++$n) : $1}ge;
	return encode_utf8($text);
}

# ---------------------------------------------------------------- Attean

package AtteanEngine;

sub new {
	require Attean;
	require AtteanX::Parser::SPARQL;
	return bless {}, shift;
}

sub version { return "$Attean::VERSION" }

sub term {
	my ($t) = @_;
	return ['uri', $t->value] if $t->does('Attean::API::IRI');
	return ['bnode', $t->value] if $t->does('Attean::API::Blank');
	my $dt = $t->datatype;
	return ['literal', $t->value, ($dt ? $dt->value : undef), $t->language];
}

sub groups {
	my ($req) = @_;
	# Attean's N-Quads parser does not decode the bytes it is given (0.033):
	# hand it a handle that does.
	my $bytes = main::request_data($req);
	open(my $fh, '<:encoding(UTF-8)', \$bytes) or die "in-memory handle: $!";
	my $iter = Attean->get_parser('NQuads')->new->parse_iter_from_io($fh);
	my %g;
	while (my $q = $iter->next) {
		my $name = $q->does('Attean::API::Quad') ? $q->graph->value : '';
		push @{ $g{$name} }, $q->as_triple;
	}
	return \%g;
}

sub dataset_clause {
	my ($alg) = @_;
	return ([], []) unless $alg->isa('Attean::Algebra::Query');
	my $ds = $alg->dataset || {};
	return ([map { $_->value } @{ $ds->{default} || [] }], [map { $_->value } @{ $ds->{named} || [] }]);
}

sub run {
	my ($self, $req) = @_;
	my %args = $req->{base} ? (base => Attean::IRI->new($req->{base})) : ();
	my $alg = main::phase('parse', sub { scalar AtteanX::Parser::SPARQL->new(%args)->parse(Encode::encode_utf8($req->{query})) });
	die main::Failure->new('error', 'parser returned nothing', 'parse') unless $alg;
	die main::Failure->new('unsupported', 'SERVICE is refused: no network', 'prepare') if uses_service($alg);
	my ($from, $from_named) = dataset_clause($alg);
	my $dg = Attean::IRI->new($DEFAULT_GRAPH);
	# Attean's queries write to the model they read: MD5 and SHA* encode the
	# stored literal's value with Encode::FB_CROAK and no LEAVE_SRC, which
	# empties that value in place (Encode's CHECK), so the next query hashing
	# it hashes "". A model a query ran on is not the dataset any more; every
	# Attean query gets a fresh one (no dataset_id, held_model).
	my ($model, $reused) = main::held_model({ %$req, dataset_id => '' }, $from, $from_named, sub {
		my ($default, $named) = main::phase('load', sub { main::dataset_plan(groups($req), $from, $from_named) });
		return main::phase('load', sub { model($default, $named, $dg) });
	});
	my $start = Time::HiRes::time();
	my @out = main::phase('evaluate', sub { serialize($model->evaluate($alg, $dg)) });
	return (@out, (Time::HiRes::time() - $start) * 1000, $reused);
}

sub model {
	my ($default, $named, $dg) = @_;
	my $model = Attean::MutableQuadModel->new(store => Attean->get_store('Memory')->new());
	$model->add_quad($_->as_quad($dg)) for @$default;
	for my $g (keys %$named) {
		my $gi = Attean::IRI->new($g);
		$model->add_quad($_->as_quad($gi)) for @{ $named->{$g} };
	}
	return $model;
}

sub uses_service {
	my ($alg) = @_;
	my $found = 0;
	$alg->walk(prefix => sub { $found = 1 if $_[0]->isa('Attean::Algebra::Service') });
	return $found;
}

sub serialize {
	my ($iter) = @_;
	my $type = $iter->item_type;
	if ($type eq 'Attean::API::Result') {
		my @rows;
		while (my $r = $iter->next) {
			push @rows, { map { $_ => term($r->value($_)) } grep { defined $r->value($_) } $r->variables };
		}
		return ('json', main::bindings_json($iter->variables, \@rows));
	}
	if ($type eq 'Attean::API::Triple' || $type eq 'Attean::API::Quad') {
		# DESCRIBE yields quads (graph: our default-graph IRI); keep the triple.
		my @triples;
		while (my $t = $iter->next) {
			push @triples, [map { term($_) } $t->subject, $t->predicate, $t->object];
		}
		return ('ntriples', main::triples_nt(\@triples));
	}
	my $b = $iter->next;    # ASK: one boolean literal
	return ('json', main::boolean_json($b && $b->value eq 'true'));
}

# ---------------------------------------------------------------- RDF::Query

package RDFQueryEngine;

sub new {
	require RDF::Trine;
	require RDF::Query;
	return bless {}, shift;
}

sub version { return "$RDF::Query::VERSION" }

sub term {
	my ($t) = @_;
	return ['uri', $t->uri_value] if $t->is_resource;
	return ['bnode', $t->blank_identifier] if $t->is_blank;
	return ['literal', $t->literal_value, $t->literal_datatype, $t->literal_value_language];
}

sub groups {
	my ($req) = @_;
	my %g;
	RDF::Trine::Parser::NQuads->new->parse(undef, main::request_data($req), sub {
		my ($st) = @_;
		my $name = '';
		if ($st->isa('RDF::Trine::Statement::Quad') && !$st->context->is_nil) {
			$name = $st->context->uri_value;
		}
		push @{ $g{$name} }, [$st->subject, $st->predicate, $st->object];
	});
	return \%g;
}

sub dataset_clause {
	my ($query) = @_;
	my (@from, @named);
	for my $src (@{ $query->{parsed}{sources} || [] }) {
		my $iri = $src->[0]->uri_value;
		if (@$src == 2 && $src->[1] eq 'NAMED') { push @named, $iri } else { push @from, $iri }
	}
	return (\@from, \@named);
}

sub run {
	my ($self, $req) = @_;
	my %opts = (lang => 'sparql11', load_data => 0);
	$opts{base_uri} = $req->{base} if $req->{base};
	my $query = main::phase('parse', sub { scalar RDF::Query->new($req->{query}, \%opts) });
	die main::Failure->new('error', RDF::Query->error || 'parse failed', 'parse') unless $query;
	die main::Failure->new('unsupported', 'SERVICE is refused: no network', 'prepare') if uses_service($query);
	my ($from, $from_named) = dataset_clause($query);
	my ($model, $reused) = main::held_model($req, $from, $from_named, sub {
		my ($default, $named) = main::phase('load', sub { main::dataset_plan(groups($req), $from, $from_named) });
		return main::phase('load', sub { model($default, $named) });
	});
	my $start = Time::HiRes::time();
	my $iter = main::phase('evaluate', sub { scalar $query->execute($model) });
	die main::Failure->new('error', RDF::Query->error || 'execution failed', 'evaluate') unless $iter;
	my @out = main::phase('evaluate', sub { serialize($iter) });
	return (@out, (Time::HiRes::time() - $start) * 1000, $reused);
}

sub model {
	my ($default, $named) = @_;
	my $model = RDF::Trine::Model->new(RDF::Trine::Store::Memory->new);
	$model->add_statement(RDF::Trine::Statement->new(@$_)) for @$default;
	for my $g (keys %$named) {
		my $gn = RDF::Trine::Node::Resource->new($g);
		$model->add_statement(RDF::Trine::Statement::Quad->new(@$_, $gn)) for @{ $named->{$g} };
	}
	return $model;
}

sub uses_service {
	my ($query) = @_;
	my $found = 0;
	for my $p (@{ $query->{parsed}{triples} || [] }) {
		$found ||= scalar grep { $_->isa('RDF::Query::Algebra::Service') } $p->subpatterns_of_type('RDF::Query::Algebra::Service');
	}
	return $found;
}

sub serialize {
	my ($iter) = @_;
	if ($iter->isa('RDF::Trine::Iterator::Boolean')) {
		return ('json', main::boolean_json($iter->get_boolean));
	}
	if ($iter->isa('RDF::Trine::Iterator::Graph')) {
		my @triples;
		while (my $st = $iter->next) {
			push @triples, [map { term($_) } $st->subject, $st->predicate, $st->object];
		}
		return ('ntriples', main::triples_nt(\@triples));
	}
	my @vars = $iter->binding_names;
	my @rows;
	while (my $r = $iter->next) {
		push @rows, { map { $_ => term($r->{$_}) } grep { Scalar::Util::blessed($r->{$_}) } keys %$r };
	}
	return ('json', main::bindings_json(\@vars, \@rows));
}

# ---------------------------------------------------------------- protocol

package main::Failure;

# new(kind, message, phase): phase is where the engine failed (parse,
# prepare, load, evaluate; adapters/sidecar/protocol.go), '' for a failure
# of the sidecar itself.
sub new {
	my ($class, $kind, $msg, $phase) = @_;
	$msg = "$msg";
	$msg =~ s/\n.*//s;
	return bless { kind => $kind, message => $msg, phase => ($phase // '') }, $class;
}

package main;

# phase runs $code and turns what it dies with into a failure of that
# phase: where the engine failed decides, never the words of its message.
# A parse failure is "rejected" on the Go side, which turns it into
# "unsupported" when its own SPARQL 1.1 parser accepts the query
# (adapters/attean/attean.go: these parsers lack parts of SPARQL 1.1).
sub phase {
	my ($name, $code) = @_;
	my @out = eval { $code->() };
	if (my $err = $@) {
		die $err if blessed($err) && $err->isa('main::Failure');
		my $msg = blessed($err) && $err->can('text') ? $err->text : "$err";
		die main::Failure->new('error', $msg, $name);
	}
	return wantarray ? @out : $out[0];
}

# %HELD is the one model kept across queries by dataset_id (protocol.go):
# the next query naming the same id runs on it without parsing and indexing
# the data again. A query with FROM / FROM NAMED builds its own dataset
# (dataset_plan), so it never takes or leaves the held one. Neither engine
# here applies updates; only RDF::Query holds, because an Attean query can
# change its model (Attean::run).
my %HELD = (id => '', model => undef);

# held_model is the held model and 1 when $req names it, else what $build
# returns and 0, held when $req names an id and has no dataset clause.
sub held_model {
	my ($req, $from, $named, $build) = @_;
	my $key = (@$from || @$named) ? '' : ($req->{dataset_id} // '');
	return ($HELD{model}, 1) if $key ne '' && $HELD{id} eq $key;
	die main::Failure->new('internal', "dataset $key is not held: send its data")
		if $key ne '' && ($req->{data} // '') eq '';
	%HELD = (id => '', model => undef) if $key ne '';    # before loading: one dataset per process
	my $model = $build->();
	%HELD = (id => $key, model => $model) if $key ne '';
	return ($model, 0);
}

# classify: anything that escaped a phase is the sidecar's own failure.
sub classify {
	my ($err) = @_;
	return $err if blessed($err) && $err->isa('main::Failure');
	my $msg = blessed($err) && $err->can('text') ? $err->text : "$err";
	return main::Failure->new('internal', $msg);
}

sub handle {
	my ($engine, $name, $req) = @_;
	my $id = $req->{id} || 0;
	my $op = $req->{op} || '';
	return { id => $id, ok => JSON::true, version => $engine->version, engine => $name } if $op eq 'version';
	return { id => $id, ok => JSON::true } if $op eq 'ping';
	return { id => $id, ok => JSON::false, error => { kind => 'internal', message => "unknown op '$op'" } } if $op ne 'query';
	my @out = eval { $engine->run($req) };
	if (my $err = $@) {
		my $f = classify($err);
		my %e = (kind => $f->{kind}, message => $f->{message});
		$e{phase} = $f->{phase} if $f->{phase} ne '';
		return { id => $id, ok => JSON::false, error => \%e };
	}
	my ($format, $result, $ms, $reused) = @out;
	my %resp = (id => $id, ok => JSON::true, format => $format, result => $result, time_ms => $ms);
	$resp{reused} = JSON::true if $reused;
	return \%resp;
}

sub main {
	my $name = $ARGV[0] || '';
	my $engine = $name eq 'attean' ? AtteanEngine->new : $name eq 'rdfquery' ? RDFQueryEngine->new
		: die "usage: sidecar.pl attean|rdfquery\n";
	local $| = 1;
	binmode STDIN;
	binmode STDOUT;
	while (my $line = <STDIN>) {
		my $req = eval { $json->decode($line) };
		my $resp = $req ? handle($engine, $name, $req)
			: { id => 0, ok => JSON::false, error => { kind => 'internal', message => 'bad request line' } };
		print $json->encode($resp), "\n";
	}
}

main();
