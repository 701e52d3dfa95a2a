package server

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/corpus"
)

// screenshots makes TestDashboardBrowser write its screenshots to
// docs/screenshots (the README shows them):
//
//	go test ./internal/server -run TestDashboardBrowser -screenshots
var screenshots = flag.Bool("screenshots", false, "write the dashboard screenshots to docs/screenshots")

// chromium finds Debian's headless browser: skip without it, but fail in CI.
func chromium(t *testing.T) string {
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is missing and CI=true: scripts/install.sh installs it (apt-get install chromium)")
	}
	t.Skip("chromium not installed (/usr/bin/chromium): skipping the browser test; run scripts/install.sh")
	return ""
}

// browser drives one headless Chromium tab through the pages.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string
}

func newBrowser(t *testing.T, base string) *browser {
	exe := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1360, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(cancel)
	return &browser{t: t, ctx: ctx, url: base}
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("chromedp %s: %v", what, err)
	}
}

func (b *browser) open(path string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.url+path), chromedp.WaitVisible(chromedp.CSS("main")))
}

// click follows a link or submits a form and waits for the next page.
func (b *browser) click(sel string) {
	b.t.Helper()
	if _, err := chromedp.RunResponse(b.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		b.t.Fatalf("chromedp click %s: %v", sel, err)
	}
}

func (b *browser) text(sel string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		b.t.Fatalf("chromedp text %s: %v", sel, err)
	}
	return v
}

func (b *browser) count(sel string) int {
	b.t.Helper()
	return eval[int](b, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

func eval[T any](b *browser, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("chromedp eval %.60s: %v", js, err)
	}
	return v
}

func (b *browser) location() string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Location())
	if err != nil {
		b.t.Fatal(err)
	}
	return v
}

// png takes a full-page screenshot.
func (b *browser) png() []byte {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100)) // 100: PNG (below: JPEG)
	if err != nil {
		b.t.Fatalf("chromedp screenshot: %v", err)
	}
	return png
}

// shot saves a full-page screenshot: to docs/screenshots with
// -screenshots, else where saveShot puts them.
func (b *browser) shot(name string) {
	b.t.Helper()
	png := b.png()
	if !*screenshots {
		saveShot(b.t, name, png)
		return
	}
	root, err := corpus.RepoRoot()
	if err != nil {
		b.t.Fatal(err)
	}
	path := filepath.Join(root, "docs", "screenshots", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

// saveShot writes a screenshot to the test's temporary folder, or to
// $ORACLE_SCREENSHOTS when set (to keep it).
func saveShot(t *testing.T, name string, png []byte) {
	dir := os.Getenv("ORACLE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil || len(png) < 1000 {
		t.Fatalf("screenshot %s: %d bytes, %v", name, len(png), err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(png))
}
