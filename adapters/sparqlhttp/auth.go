package sparqlhttp

import (
	"context"
	"crypto/md5"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// Auth is how requests that change the store (loading, clearing) authenticate.
type Auth int

const (
	AuthNone   Auth = iota
	AuthBasic       // RFC 7617
	AuthDigest      // RFC 7616 with MD5 and qop=auth, as Virtuoso's /sparql-auth wants
)

// digest keeps the server's last challenge so most requests need one round
// trip; a 401 refreshes it and the request is sent once more.
type digest struct {
	user, password string

	mu        sync.Mutex
	challenge map[string]string
	nc        int
}

// authorize returns the Authorization header for method and uri, or "" when
// no challenge was seen yet.
func (d *digest) authorize(method, uri string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	ch := d.challenge
	if ch == nil {
		return ""
	}
	d.nc++
	nc := fmt.Sprintf("%08x", d.nc)
	cnonce := randomHex(8)
	ha1 := md5hex(d.user + ":" + ch["realm"] + ":" + d.password)
	ha2 := md5hex(method + ":" + uri)
	var resp string
	if qopAuth(ch["qop"]) {
		resp = md5hex(strings.Join([]string{ha1, ch["nonce"], nc, cnonce, "auth", ha2}, ":"))
	} else {
		resp = md5hex(ha1 + ":" + ch["nonce"] + ":" + ha2) // RFC 2069 compatibility
	}
	h := fmt.Sprintf(`Digest username=%q, realm=%q, nonce=%q, uri=%q, response=%q, algorithm=MD5`,
		d.user, ch["realm"], ch["nonce"], uri, resp)
	if qopAuth(ch["qop"]) {
		h += fmt.Sprintf(`, qop=auth, nc=%s, cnonce=%q`, nc, cnonce)
	}
	if op, ok := ch["opaque"]; ok {
		h += fmt.Sprintf(`, opaque=%q`, op)
	}
	return h
}

// known reports whether a challenge was seen.
func (d *digest) known() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.challenge != nil
}

// learn records the challenge of a 401 response; false when it has none.
func (d *digest) learn(resp *http.Response) bool {
	for _, v := range resp.Header.Values("WWW-Authenticate") {
		scheme, params, _ := strings.Cut(v, " ")
		if strings.EqualFold(scheme, "Digest") {
			d.mu.Lock()
			d.challenge, d.nc = parseParams(params), 0
			d.mu.Unlock()
			return true
		}
	}
	return false
}

func qopAuth(qop string) bool {
	for _, q := range strings.Split(qop, ",") {
		if strings.TrimSpace(q) == "auth" {
			return true
		}
	}
	return false
}

// parseParams reads key=value and key="quoted, value" pairs separated by commas.
func parseParams(s string) map[string]string {
	out := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimLeft(s, ", \t") {
		key, rest, ok := strings.Cut(s, "=")
		if !ok {
			break
		}
		key = strings.ToLower(strings.TrimSpace(key))
		var val string
		val, s = paramValue(strings.TrimSpace(rest))
		out[key] = val
	}
	return out
}

func paramValue(s string) (val, rest string) {
	if !strings.HasPrefix(s, `"`) {
		v, r, _ := strings.Cut(s, ",")
		return strings.TrimSpace(v), r
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}

func md5hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Admin sends one authenticated form POST (Config.Auth, User, Password) to
// u and returns the status and body: for the one-off requests an adapter
// makes to set up its own server (Virtuoso: its dba password, set through
// /sparql-auth where no SQL port is reachable), never for a case.
func (e *Engine) Admin(ctx context.Context, u string, form url.Values) (int, []byte, error) {
	resp, data, err := e.send(ctx, http.MethodPost, u, "application/x-www-form-urlencoded", []byte(form.Encode()), "application/sparql-results+json", true)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", u, err)
	}
	return resp.StatusCode, data, nil
}
