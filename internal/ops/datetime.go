package ops

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// dateTime is the value of an xsd:dateTime literal (XSD Part 2 §3.3.7).
// A value with hour 24 is normalised to 00:00:00 of the next day.
type dateTime struct {
	year         int64
	month, day   int
	hour, minute int
	sec          *big.Rat
	hasTZ        bool
	tz           int    // offset in minutes
	tzLex        string // the timezone as written: "Z", "-05:00", or ""
}

// Years are limited to 15 digits so that day arithmetic fits in an int64;
// a longer year is treated as ill-formed.
var reDateTime = regexp.MustCompile(`^(-?(?:[1-9][0-9]{4,14}|[0-9]{4}))-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(Z|[+-][0-9]{2}:[0-9]{2})?$`)

// parseDateTime parses the lexical form s; ok is false when s is not in
// the lexical space or names no valid date.
func parseDateTime(s string) (dateTime, bool) {
	m := reDateTime.FindStringSubmatch(s)
	if m == nil {
		return dateTime{}, false
	}
	var d dateTime
	var err error
	if d.year, err = strconv.ParseInt(m[1], 10, 64); err != nil {
		return dateTime{}, false
	}
	d.month, _ = strconv.Atoi(m[2])
	d.day, _ = strconv.Atoi(m[3])
	d.hour, _ = strconv.Atoi(m[4])
	d.minute, _ = strconv.Atoi(m[5])
	d.sec, _ = new(big.Rat).SetString(m[6])
	if !d.setTZ(m[7]) || !d.valid() {
		return dateTime{}, false
	}
	if d.hour == 24 {
		d.hour = 0
		d.year, d.month, d.day = civil(daysFromCivil(d.year, d.month, d.day) + 1)
	}
	return d, true
}

func (d *dateTime) setTZ(z string) bool {
	d.tzLex = z
	if z == "" {
		return true
	}
	d.hasTZ = true
	if z == "Z" {
		return true
	}
	h, _ := strconv.Atoi(z[1:3])
	mi, _ := strconv.Atoi(z[4:6])
	if mi > 59 || h > 14 || (h == 14 && mi != 0) {
		return false
	}
	d.tz = h*60 + mi
	if z[0] == '-' {
		d.tz = -d.tz
	}
	return true
}

func (d dateTime) valid() bool {
	if d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysIn(d.year, d.month) {
		return false
	}
	if d.hour == 24 {
		return d.minute == 0 && d.sec.Sign() == 0
	}
	return d.hour < 24 && d.minute < 60 && d.sec.Cmp(big.NewRat(60, 1)) < 0
}

func daysIn(y int64, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil counts days from 1970-01-01 in the proleptic Gregorian
// calendar (XSD 1.1 year numbering: year 0 is 1 BCE).
func daysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := int64((m + 9) % 12)
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

func civil(z int64) (int64, int, int) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := int(doy - (153*mp+2)/5 + 1)
	m := int(mp + 3)
	if m > 12 {
		m -= 12
	}
	y := yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// instant is the point on the time line in seconds. A value without a
// timezone takes the implicit timezone, which this package fixes to Z
// (XPath F&O §10.4 leaves it to the dynamic context).
func (d dateTime) instant() *big.Rat {
	secs := daysFromCivil(d.year, d.month, d.day)*86400 + int64(d.hour*3600+d.minute*60-d.tz*60)
	return new(big.Rat).Add(new(big.Rat).SetInt64(secs), d.sec)
}

// dtCompare is op:dateTime-less-than / -equal as a three-way comparison.
func dtCompare(a, b dateTime) int { return a.instant().Cmp(b.instant()) }

// timezoneDuration is fn:timezone-from-dateTime as an xsd:dayTimeDuration.
func (d dateTime) timezoneDuration() string {
	if d.tz == 0 {
		return "PT0S"
	}
	s, tz := "", d.tz
	if tz < 0 {
		s, tz = "-", -tz
	}
	s += "PT"
	if tz/60 != 0 {
		s += strconv.Itoa(tz/60) + "H"
	}
	if tz%60 != 0 {
		s += strconv.Itoa(tz%60) + "M"
	}
	return s
}

// nowTerm formats the query's NOW() value (#func-now).
func nowTerm(t time.Time) rdf.Term {
	lex := t.Format("2006-01-02T15:04:05.999999999Z07:00")
	return rdf.Literal(lex, rdf.XSDDateTime)
}

// dateTimeFn evaluates YEAR ... TZ (#func-date-time) on a dateTime literal.
func dateTimeFn(name string, t rdf.Term) Value {
	if !t.IsLiteral() || t.Datatype != rdf.XSDDateTime {
		return Errorf(strings.ToLower(name) + ": not an xsd:dateTime: " + t.String())
	}
	d, ok := parseDateTime(t.Value)
	if !ok {
		return Errorf("ill-formed xsd:dateTime " + t.String())
	}
	switch name {
	case "YEAR":
		return Of(rdf.Literal(strconv.FormatInt(d.year, 10), rdf.XSDInteger))
	case "MONTH":
		return intValue(int64(d.month))
	case "DAY":
		return intValue(int64(d.day))
	case "HOURS":
		return intValue(int64(d.hour))
	case "MINUTES":
		return intValue(int64(d.minute))
	case "SECONDS":
		return Of(number{kind: kDecimal, r: d.sec}.term())
	case "TIMEZONE":
		if !d.hasTZ {
			return Errorf("timezone: no timezone in " + t.String())
		}
		return Of(rdf.Literal(d.timezoneDuration(), rdf.XSD+"dayTimeDuration"))
	}
	return Of(rdf.String(d.tzLex)) // TZ
}

func intValue(i int64) Value { return Of(intNumber(i).term()) }

// noteDateTimeFn records the readings of #func-hours and #func-tz the
// text leaves open: HOURS of 24:00:00 (24 as written, or 0 as
// fn:hours-from-dateTime: contested) and TZ of a UTC offset written
// +00:00 or -00:00 (the part as written, or "Z" of the value: open). It
// reports whether HOURS met 24:00:00.
func noteDateTimeFn(ctx *Context, name string, t rdf.Term) bool {
	m := reDateTime.FindStringSubmatch(t.Value)
	if m == nil || !t.IsLiteral() || t.Datatype != rdf.XSDDateTime {
		return false
	}
	switch {
	case name == "HOURS" && m[4] == "24":
		ctx.Contest(ContestedHours24, "HOURS of "+t.String()+": 24 \"as given in the lexical form\" (#func-hours), "+
			"or 0 as fn:hours-from-dateTime, to which it corresponds")
		return true
	case name == "TZ" && (m[7] == "+00:00" || m[7] == "-00:00") && ctx.Indeterminate == "":
		ctx.Indeterminate = "TZ of " + t.String() + ": the timezone part as written (\"" + m[7] +
			"\") or as the value's canonical form (\"Z\"); #func-tz does not say which"
	}
	return false
}

const xsdDate = rdf.XSD + "date"

var reDate = regexp.MustCompile(`^(-?(?:[1-9][0-9]{4,14}|[0-9]{4})-[0-9]{2}-[0-9]{2})(Z|[+-][0-9]{2}:[0-9]{2})?$`)

// parseDate reads an xsd:date as the dateTime of its first instant.
func parseDate(s string) (dateTime, bool) {
	m := reDate.FindStringSubmatch(s)
	if m == nil {
		return dateTime{}, false
	}
	return parseDateTime(m[1] + "T00:00:00" + m[2])
}

// fourteenHours is the widest timezone offset (XSD 1.1 Part 2, §D.2.2): a
// value without a timezone may stand for any instant within it.
var fourteenHours = big.NewRat(14*3600, 1)

// dateCompare orders two xsd:date values by XSD's partial order (the W3C
// tests date-1..3 under mf:XsdDateOperations). When exactly one has a
// timezone, the other may stand for any instant within ±14 hours of its
// UTC reading; if the order is not the same across that window the
// comparison is indeterminate (ok false).
func dateCompare(a, b dateTime) (c int, ok bool) {
	if a.hasTZ == b.hasTZ {
		return dtCompare(a, b), true
	}
	if !a.hasTZ {
		c, ok = dateCompare(b, a)
		return -c, ok
	}
	ia, ib := a.instant(), b.instant()
	switch {
	case ia.Cmp(new(big.Rat).Sub(ib, fourteenHours)) < 0:
		return -1, true
	case ia.Cmp(new(big.Rat).Add(ib, fourteenHours)) > 0:
		return 1, true
	}
	return 0, false
}
