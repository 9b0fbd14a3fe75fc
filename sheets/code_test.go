package sheets

import (
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
)

func findGame(code string) games.Game {
	for _, g := range catalog.Games {
		if g.Info().Code == code {
			return g
		}
	}
	return nil
}

// Every board page's code reads back as the page: the same boards, in the
// same places, of the same size, and keeps to the QR alphanumeric set.
func TestCodeRoundTrip(t *testing.T) {
	for _, g := range catalog.Games {
		for _, edit := range []func(*Options){
			func(*Options) {},
			func(o *Options) { o.Compact = true },
			func(o *Options) { o.Landscape, o.Grey, o.LineWidth = true, true, 0.5 },
			func(o *Options) { o.Paper = layout.Papers["a5"]; o.Margin = 7 },
			func(o *Options) { o.Copies, o.PerPage = 4, 2 },
			func(o *Options) { o.Class = 30 },
		} {
			o := opts("a4")
			edit(&o)
			v := defaults(g)
			if g.Info().ID == "crossing-the-rings" {
				v["dividers"] = "1:0,180;2:45.5,135,270"
			}
			res, err := Build(g, v, o)
			if err != nil {
				continue // a layout this game's board does not fit
			}
			bps, err := res.Sheet.BoardPages()
			if err != nil {
				t.Fatal(err)
			}
			for _, bp := range bps {
				text := res.Sheet.Code(bp)
				for _, r := range text {
					if !strings.ContainsRune("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", r) {
						t.Fatalf("%s: %q leaves the alphanumeric set at %q", g.Info().ID, text, r)
					}
				}
				if layout.VersionFor(text) > bp.Version {
					t.Errorf("%s: %q needs QR version %d; the page reserved %d", g.Info().ID, text, layout.VersionFor(text), bp.Version)
				}
				c, err := ParseCode(text, findGame)
				if err != nil {
					t.Fatalf("%s: %q: %v", g.Info().ID, text, err)
				}
				if c.Total != len(res.Sheet.Cells) {
					t.Errorf("%s: %q counts %d boards; the sheet has %d", g.Info().ID, text, c.Total, len(res.Sheet.Cells))
				}
				if n, err := c.Rounds(); err != nil || n*len(res.setupCells) < c.Total || (n-1)*len(res.setupCells) >= c.Total {
					t.Errorf("%s: %q gives %d rounds (%v) for %d boards of %d a round", g.Info().ID, text, n, err, c.Total, len(res.setupCells))
				}
				if c.String() != text {
					t.Errorf("%s: %q reads back as %q", g.Info().ID, text, c.String())
				}
				if res.class > 0 {
					// Laid out as the last copy, every copy's code as long.
					first := res.codeFor(1)(bp)
					c1, err := ParseCode(first, findGame)
					if err != nil || c.Copy != 30 || c.Class != 30 || c1.Copy != 1 || c1.Class != 30 || len(first) != len(text) {
						t.Errorf("%s: a class set of 30: %q and %q (%v)", g.Info().ID, text, first, err)
					}
				}
				bs, err := c.Boards()
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				for i, b := range bs {
					p := bp.Boards[i]
					if b.Index != p.Index || b.O.Dist(p.O) > 0.025 || b.S != float64(int(p.S*100+0.5))/100 || b.Figure.Extent(b.S) != p.Figure.Extent(b.S) {
						t.Errorf("%s: board %d reads as %d at %v size %g, was %d at %v size %g", text, i, b.Index, b.O, b.S, p.Index, p.O, p.S)
					}
				}
			}
		}
	}
}

// A code that is not a papergames page's, or is damaged, is refused with
// what is wrong, never read wrong.
func TestParseCodeRefuses(t *testing.T) {
	good := "PAPERGAMES:1 AM V12 N2 B3B366288 P1.2 A2100.2970 M100 L35 S15230 K0.1.1 O1003.4638"
	if _, err := ParseCode(good, findGame); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{
		{"https://example.com/", "not a papergames sheet's code"},
		{"PAPERGAMES:2 AM V12", "format \"PAPERGAMES:2\""},
		{strings.Replace(good, " AM ", " ZZ ", 1), `game "ZZ"`},
		{strings.Replace(good, "V12", "V2", 1), "--marks 2"},
		{strings.Replace(good, "V12", "V12/3", 1), "2 parameters"},
		{strings.Replace(good, "N2", "N20", 1), "20 players"},
		{strings.Replace(good, "P1.2", "P3.2", 1), "page 3 of 2"},
		{strings.Replace(good, " O1003.4638", "", 1), "O field"},
		{strings.Replace(good, " S15230", "", 1), "lacks its S field"},
		{strings.Replace(good, "M100", "M100 M100", 1), "given twice"},
		{strings.Replace(good, "L35", "LX", 1), "not a number"},
		{strings.Replace(good, "K0.1.1", "K0.99.1", 1), "1 to 36 boards"},
		{good + " Q7", "unknown field"},
		{strings.Replace(good, "P1.2", "P1.2 T0", 1), "at least one board"},
		{strings.Replace(good, "K0.1.1", "K2.1.1", 1) + " T2", "board 3 on a sheet of 2 boards"},
		{good + " T999999", "past the 500 copies"},
		{good + " Y0.2", "a copy is 1 to the copies"},
		{good + " Y3.2", "a copy is 1 to the copies"},
		{good + " Y1.201", "at most 200"},
		{good + " Y1", "two numbers"},
	} {
		_, err := ParseCode(tc.text, findGame)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
	// A code without T (sheets printed before it) reads, saying nothing
	// of the sheet's other rounds; with it, the sheet's rounds are known.
	for text, want := range map[string]int{good: 0, strings.Replace(good, "P1.2", "P1.2 T3", 1): 3} {
		c, err := ParseCode(text, findGame)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := c.Rounds(); n != want || err != nil {
			t.Errorf("%q: %d rounds (%v), want %d", text, n, err, want)
		}
	}
	// A copy of a class set says which.
	if c, err := ParseCode(strings.Replace(good, "P1.2", "P1.2 Y07.30", 1), findGame); err != nil || c.Copy != 7 || c.Class != 30 || c.CopyText() != ", copy 7 of 30" || c.CopyNumber() != "07" {
		t.Errorf("copy 7 of 30: %+v, %v", c, err)
	}
	// The board id checks the rest: other parameters, another id.
	c, err := ParseCode(strings.Replace(good, "V12", "V14", 1), findGame)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Boards(); err == nil || !strings.Contains(err.Error(), "not the 3b366288 it names") {
		t.Errorf("parameters that give another board id: %v", err)
	}
}

func FuzzParseCode(f *testing.F) {
	f.Add("PAPERGAMES:1 AM V12 N2 B3B366288 P1.2 A2100.2970 M100 L35 S15230 K0.1.1 O1003.4638")
	f.Add("PAPERGAMES:1 AM V12 N2 B3B366288 P1.2 T4 Y07.30 A2100.2970 M100 L35 S15230 K0.1.1 O1003.4638")
	f.Add("PAPERGAMES:1 CR V6/1%3A0%2C180/0/1 N3 B00F0B3FA P1.1 A2100.2970 M100 L35 G S5600 FCW K0.6.3 O1000.7118 D6600.9934 W1900")
	f.Add("PAPERGAMES:1 PD V10 N2 B96EAE4A6 P2.3 A1480.2100 M70 L50 S6000 C3.1000.2000.910 C4.9000.2000")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCode(text, findGame)
		if err != nil {
			return
		}
		// What is accepted writes back and rebuilds without a panic.
		if _, err := ParseCode(c.String(), findGame); err != nil {
			t.Fatalf("%q reads, but its own text %q does not: %v", text, c.String(), err)
		}
		c.Boards()
		c.Rounds()
	})
}
