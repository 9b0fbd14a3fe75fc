// Package browsertest starts headless Chromium on a test server, for the
// web app's tests in real browsers (package web, and papergames' own for
// the pages that need the reader of scans, which main wires in).
package browsertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Start serves h and starts headless Chromium, its window w by h2 pixels.
// Without a Chromium the test is skipped, except in CI (CI=true), where
// .ci/run installs one and a missing browser is a failure.
func Start(t testing.TB, h http.Handler, w, h2 int) (context.Context, string) {
	t.Helper()
	path := ""
	for _, p := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if p == "" {
			continue
		}
		if full, err := exec.LookPath(p); err == nil {
			path = full
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium found; .ci/run installs Debian's chromium")
		}
		t.Skip("no Chromium found (apt-get install chromium)")
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(w, h2),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	// A guard against a browser that hangs, not a bound on speed: the
	// tests read photographed pages on the server, and on a machine busy
	// with other packages' tests (go test ./...) that has taken over 90 s.
	ctx, cancel3 := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancel3)
	return ctx, srv.URL
}
