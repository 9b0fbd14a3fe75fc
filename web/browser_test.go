package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"papergames/games"
	"papergames/internal/browsertest"
	"papergames/sheets"
)

// browser starts headless Chromium on a test server of the app.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	return browsertest.Start(t, Handler(), 1200, 1000)
}

// shot saves a screenshot to $PAPERGAMES_SHOTS, when set, to look at.
func shot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("PAPERGAMES_SHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot: %v", err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
}

// input sets a form field and fires the input event the page listens to.
func input(ctx context.Context, sel, value string) error {
	return chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(sel), value),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+"`"+sel+"`"+`).dispatchEvent(new Event('input', {bubbles: true}))`),
	)
}

// text reads an element's text.
func text(ctx context.Context, sel string) (string, error) {
	return chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
}

// poll waits until the expression is true.
func poll(expr string) chromedp.Action[chromedp.Void] { return chromedp.Poll[chromedp.Void](expr) }

func TestBrowserCatalogueAndDesigner(t *testing.T) {
	ctx, base := browser(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`article.card[data-game="making-intersections"] img`)),
		poll(`[...document.querySelectorAll('article.card img')].every(i => i.complete && i.naturalWidth > 0)`),
	))
	cards, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('article.card').length`))
	must(err)
	if cards != 7 {
		t.Errorf("%d game cards, want 7", cards)
	}
	shot(t, ctx, "catalogue")
	must(chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`article.card[data-game="arcs-and-marks"] a[href="#/rules/arcs-and-marks"]`)),
		chromedp.WaitVisible(chromedp.CSS(`pre.rules`)),
	))
	rules, err := text(ctx, `pre.rules`)
	must(err)
	if !strings.Contains(rules, "Leroy Quet") {
		t.Errorf("rules page: %.200q", rules)
	}

	// The designer: change the marks, and the preview's board id follows,
	// the same as the CLI's for those options.
	must(chromedp.Do(ctx,
		chromedp.Navigate(base+"/#/design/arcs-and-marks"),
		chromedp.WaitVisible(chromedp.CSS(`#opt-marks`)),
		poll(`document.querySelector('#sheet-status').textContent.startsWith('board ')`),
	))
	must(input(ctx, `#opt-marks`, "20"))
	must(chromedp.Do(ctx, poll(`document.querySelector('#download-pdf').href.includes('marks=20') && document.querySelector('#sheet-preview').complete`)))
	status, err := text(ctx, `#sheet-status`)
	must(err)
	w := get(t, Handler(), "/api/sheet/arcs-and-marks?marks=20")
	if want := "board " + w.Header().Get("X-Board-Id"); !strings.HasPrefix(status, want) {
		t.Errorf("designer status %q, want it to start %q", status, want)
	}
	shot(t, ctx, "designer")

	// A bad value is refused with the server's message, shown beside the form.
	must(input(ctx, `#opt-marks`, "2"))
	must(chromedp.Do(ctx, poll(`document.querySelector('#sheet-status').classList.contains('error')`)))
	status, err = text(ctx, `#sheet-status`)
	must(err)
	if !strings.Contains(status, "must be from 3 to 360") {
		t.Errorf("bad marks: status %q", status)
	}
}

func TestBrowserScoresATranscript(t *testing.T) {
	ctx, base := browser(t)
	data, err := os.ReadFile("../examples/permutation-grid/hand-checked.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/#/score/permutation-grid"),
		chromedp.WaitVisible(chromedp.CSS(`#transcript`)),
		chromedp.SetValue(chromedp.CSS(`#transcript`), string(data)),
		chromedp.Click(chromedp.CSS(`#score`)),
		chromedp.WaitVisible(chromedp.CSS(`#score-text`)),
	); err != nil {
		t.Fatal(err)
	}
	txt, err := text(ctx, `#score-text`)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#score-result .pages img').length`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt, "winner") || pages == 0 {
		t.Errorf("score text %.300q, %d drawn pages", txt, pages)
	}
	shot(t, ctx, "score")
	// A refused transcript shows the positioned message.
	bad, _ := os.ReadFile("../examples/permutation-grid/bad-row.yaml")
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#transcript`), string(bad)),
		chromedp.Click(chromedp.CSS(`#score`)),
		chromedp.WaitVisible(chromedp.CSS(`#score-error`)),
	); err != nil {
		t.Fatal(err)
	}
	msg, err := text(ctx, `#score-error`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "transcript:") || !strings.Contains(msg, "row") {
		t.Errorf("refused transcript: %q", msg)
	}
}

// TestBrowserFormHints: every number field of the designer says its range
// (a minimum of 0 included); the scoring page offers the rule variants of
// the game shown only; the scoring board's start form labels a board
// parameter without the sheet's printing advice.
func TestBrowserFormHints(t *testing.T) {
	ctx, base := browser(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	var gs []gameJSON
	must(json.Unmarshal(get(t, Handler(), "/api/games").Body.Bytes(), &gs))
	for _, g := range gs {
		must(chromedp.Do(ctx,
			chromedp.Navigate(base+"/#/design/"+g.ID),
			chromedp.WaitVisible(chromedp.CSS(`#designer`)),
			poll(`document.querySelector('h1').textContent.endsWith(`+strconv.Quote(g.Title)+`)`),
		))
		for _, p := range sheets.PrintOptions {
			value, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#opt-`+p.Name+`') || {}).value`))
			must(err)
			if p.Kind == games.Bool {
				value = strings.TrimPrefix(value, "on") // a checkbox's value
			}
			if value != p.Default {
				t.Errorf("designer, %s: --%s field %q, want the default %q", g.ID, p.Name, value, p.Default)
			}
		}
		for _, p := range g.Params {
			if p.Kind != "int" {
				continue
			}
			hint, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#opt-`+p.Name+`').parentElement.querySelector('small').textContent`))
			must(err)
			if want := fmt.Sprintf("%d to %d", *p.Min, *p.Max); hint != want {
				t.Errorf("designer, %s --%s: hint %q, want %q", g.ID, p.Name, hint, want)
			}
		}
		if g.ID == "crossing-the-rings" {
			shot(t, ctx, "designer-crossing-the-rings")
		}
	}
	// A sheet past the web's bound: the designer shows the refusal.
	must(chromedp.Do(ctx,
		chromedp.Navigate(base+"/#/design/within-the-curve"),
		chromedp.WaitVisible(chromedp.CSS(`#opt-size`)),
		poll(`document.querySelector('#sheet-status').textContent.startsWith('board ')`),
	))
	must(chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#opt-size`), "40"), chromedp.SetValue(chromedp.CSS(`#opt-players`), "12")))
	must(input(ctx, `#opt-copies`, "3"))
	must(chromedp.Do(ctx, poll(`document.querySelector('#sheet-status').classList.contains('error')`)))
	if status, err := text(ctx, `#sheet-status`); err != nil || !strings.Contains(status, "the web app draws at most 200 boards") {
		t.Errorf("designer, 432 boards: status %q (%v)", status, err)
	}
	shot(t, ctx, "designer-too-big")
	for _, tc := range []struct {
		game string
		want []string
	}{
		{"within-the-curve", nil},
		{"crossing-the-rings", []string{"ban-along-cuts", "sections"}},
		{"cross-dont-cross", []string{"strict"}},
	} {
		must(chromedp.Do(ctx,
			chromedp.Navigate(base+"/#/score/"+tc.game),
			chromedp.WaitVisible(chromedp.CSS(`#scorer`)),
			poll(`document.querySelector('#blank') && document.querySelector('#blank').textContent.includes(`+strconv.Quote(titleOf(gs, tc.game))+`)`),
		))
		names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#scorer input[name]')].map(e => e.name)`))
		must(err)
		if strings.Join(names, ",") != strings.Join(tc.want, ",") {
			t.Errorf("score page of %s offers the rules %q, want %q", tc.game, names, tc.want)
		}
		if tc.game == "within-the-curve" {
			shot(t, ctx, "score-within-the-curve")
		}
	}
	must(chromedp.Do(ctx,
		chromedp.Navigate(base+"/#/board/arcs-and-marks"),
		chromedp.WaitVisible(chromedp.CSS(`#start-marks`)),
	))
	label, err := text(ctx, `label[for="start-marks"]`)
	must(err)
	if label != "Number of evenly spaced marks on the circle (3 to 360)" {
		t.Errorf("start form, marks labelled %q", label)
	}
	shot(t, ctx, "board-start-arcs-and-marks")
	for _, g := range gs {
		if !g.Entry {
			continue
		}
		must(chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#start-game`), g.ID),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('#start-game').dispatchEvent(new Event('change'))`)))
		labels, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#start-params label')].map(e => e.textContent)`))
		must(err)
		for _, l := range labels {
			if strings.Contains(l, "paper") || strings.Contains(l, "--") || strings.Contains(l, "record form") || strings.Contains(l, "undefined") || !strings.HasSuffix(l, ")") {
				t.Errorf("start form of %s: label %q", g.ID, l)
			}
		}
	}
}

func titleOf(gs []gameJSON, id string) string {
	for _, g := range gs {
		if g.ID == id {
			return g.Title
		}
	}
	return id
}
