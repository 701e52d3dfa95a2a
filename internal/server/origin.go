package server

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The write guard: a state-changing request (POST, PUT, PATCH, DELETE)
// must be one another site's page cannot make a browser send.
//
//   - Its Origin (absent: its Referer) is this service's public URL
//     (Config.PublicURL), never compared with the request's own Host
//     header, which a DNS-rebinding page controls. A request with neither
//     header is not a browser's page (curl, the CLI) and passes this check.
//   - Its body is one a page cannot send cross-site without a CORS
//     preflight, which this service never grants: a JSON or SPARQL media
//     type, or an Authorization header (neither is CORS-safelisted, Fetch
//     §2.2.2 "CORS-safelisted request-header"); or it is the dashboard's
//     form carrying the form token (csrfField), which only this service's
//     own pages hold. A body with no Content-Type, text/plain or a form
//     without the token is what fetch(url, {mode: "no-cors"}) or an HTML
//     form on any site can send, so it is refused before any handler runs.

// csrfField is the dashboard forms' hidden field holding the form token.
const csrfField = "csrf"

// safeBodyTypes are the media types a page cannot send cross-site without a
// preflight, and that the API reads.
var safeBodyTypes = []string{"application/json", "application/sparql-query", "application/sparql-update"}

// formTypes are the media types of an HTML form (CORS-safelisted).
var formTypes = []string{"application/x-www-form-urlencoded", "multipart/form-data"}

// newFormSecret is the per-server secret the form token derives from: a
// restart invalidates the forms of pages opened before it.
func newFormSecret() []byte {
	b := make([]byte, 32)
	rand.Read(b)
	return b
}

// formToken is the token the dashboard embeds in its forms: an HMAC of a
// fixed label under the server's secret (the secret itself never leaves
// the process).
func formToken(secret []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("oracle dashboard form"))
	return hex.EncodeToString(m.Sum(nil))
}

// changesState: every method but the safe ones (RFC 9110 §9.2.1).
func changesState(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return false
	}
	return true
}

// guardWrites refuses a state-changing request from another site (403) or
// with a body another site could forge (415), before any handler.
func (s *Server) guardWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !changesState(r.Method) {
			next.ServeHTTP(w, r)
			return
		}
		e := s.checkOrigin(r)
		if e == nil {
			e = s.checkBodyType(w, r)
		}
		if e != nil {
			s.refuse(w, r, e)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refuse answers a page's form with the error page, the API with JSON.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, e *APIError) {
	if strings.HasPrefix(r.URL.Path, "/v1/") {
		writeError(w, e)
		return
	}
	s.pageError(w, e)
}

func crossSite(detail string) *APIError {
	return &APIError{Status: http.StatusForbidden, Error: "cross-site request", Detail: detail}
}

// checkOrigin compares the request's Origin (or, absent, its Referer's
// origin) with the public URL's, and refuses what Sec-Fetch-Site says came
// from another site.
func (s *Server) checkOrigin(r *http.Request) *APIError {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return crossSite("the browser says this request came from another site (Sec-Fetch-Site: " + r.Header.Get("Sec-Fetch-Site") + ")")
	}
	from, header := r.Header.Get("Origin"), "Origin"
	if from == "" {
		from, header = r.Header.Get("Referer"), "Referer"
	}
	if from == "" {
		return nil
	}
	o, ok := originOf(from)
	if ok && s.trusted(o) {
		return nil
	}
	if len(s.origins) == 0 {
		return crossSite(fmt.Sprintf("%s %.100q: this server trusts no page origin (start it with --public-url)", header, from))
	}
	return crossSite(fmt.Sprintf("%s %.100q is not this service's public URL %s (--public-url)", header, from, s.origins[0]))
}

func (s *Server) trusted(origin string) bool {
	for _, o := range s.origins {
		if o == origin {
			return true
		}
	}
	return false
}

// checkBodyType accepts a JSON or SPARQL body, a request carrying an
// Authorization header, or a form with the form token; else 415.
func (s *Server) checkBodyType(w http.ResponseWriter, r *http.Request) *APIError {
	if r.Header.Get("Authorization") != "" {
		return nil
	}
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && contains(safeBodyTypes, mt) {
		return nil
	}
	if err == nil && contains(formTypes, mt) {
		return s.checkFormToken(w, r)
	}
	what := fmt.Sprintf("Content-Type %.100q", ct)
	if ct == "" {
		what = "no Content-Type"
	}
	return &APIError{Status: http.StatusUnsupportedMediaType, Error: "unsupported content type", Field: "Content-Type",
		Detail: fmt.Sprintf("%s: a %s changes state, so it must be application/json (or a SPARQL body on /v1/diff) "+
			"or carry the Authorization header: another site's page can send any other body", what, r.Method)}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkFormToken reads the form (bounded by the body limit), checks its
// token field, and puts the body back for the handler.
func (s *Server) checkFormToken(w http.ResponseWriter, r *http.Request) *APIError {
	body, e := readBody(r, s.lim.MaxBody)
	if e != nil {
		return e
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var got string
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/x-www-form-urlencoded" {
		if form, err := url.ParseQuery(string(body)); err == nil {
			got = form.Get(csrfField)
		}
	} else {
		got = multipartField(r, body, csrfField)
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.csrf)) != 1 {
		return &APIError{Status: http.StatusForbidden, Error: "cross-site request", Field: csrfField,
			Detail: "a form is accepted only with the form token of this service's own pages (reload the page: a restart changes it)"}
	}
	return nil
}

// multipartField reads one field of a multipart form body.
func multipartField(r *http.Request, body []byte, name string) string {
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err := r.ParseMultipartForm(1 << 20); err != nil || r.MultipartForm == nil {
		return ""
	}
	defer r.MultipartForm.RemoveAll()
	if v := r.MultipartForm.Value[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// originOf is the serialized origin (scheme://host[:port], lower case,
// the scheme's default port dropped) of an absolute http(s) URL.
func originOf(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == defaultPort(scheme) {
		port = ""
	}
	return scheme + "://" + joinHostPort(host, port), true
}

func defaultPort(scheme string) string {
	if scheme == "https" {
		return "443"
	}
	return "80"
}

func joinHostPort(host, port string) string {
	if port == "" {
		if strings.Contains(host, ":") {
			return "[" + host + "]"
		}
		return host
	}
	return net.JoinHostPort(host, port)
}

// ParsePublicURL checks a public URL (an absolute http or https URL with
// a host; its path is ignored) and gives its origin.
func ParsePublicURL(raw string) (string, error) {
	o, ok := originOf(raw)
	if !ok {
		return "", fmt.Errorf("public URL %q: want an absolute http:// or https:// URL with a host, as browsers address this service", raw)
	}
	return o, nil
}

// loopbackNames are the spellings of this machine's loopback address; an
// attacker's DNS name can never be one of them.
var loopbackNames = []string{"127.0.0.1", "localhost", "[::1]"}

// trustedOrigins is the public URL's origin and, when it names the
// loopback address, its other spellings with the same port (a browser on
// the machine may type localhost for 127.0.0.1).
func trustedOrigins(public string) []string {
	o, ok := originOf(public)
	if !ok {
		return nil
	}
	out := []string{o}
	u, _ := url.Parse(o)
	if !contains(loopbackNames, joinHostPort(u.Hostname(), "")) {
		return out
	}
	for _, n := range loopbackNames {
		host := n
		if p := u.Port(); p != "" {
			host = n + ":" + p
		}
		if alt := u.Scheme + "://" + host; alt != o {
			out = append(out, alt)
		}
	}
	return out
}
