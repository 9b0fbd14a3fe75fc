package intersections

import (
	"strconv"

	"papergames/layout"
)

// record is the form a round is written on while it is played, in the
// transcript's words and order: the offense, then the segments.
func record(segments int) *layout.Form {
	p := layout.FormPart{Heading: "segments:", Columns: []layout.FormColumn{{Head: "segment", Width: 18}, {Head: "player", Width: 50}, {Head: "dots: from-to", Width: 40}}}
	for k := 1; k <= segments; k++ {
		p.Rows = append(p.Rows, []string{strconv.Itoa(k), "", ""})
	}
	return &layout.Form{
		Title: "Record of round ___",
		Notes: []string{
			"Copy these lines into the transcript (papergames transcript making-intersections prints one to fill in): each segment as its two end dots joined by a dash, e.g. B2-B6, in the order drawn; the offense draws first, then the others in seat order.",
		},
		Parts: []layout.FormPart{{Fields: []string{"offense"}}, p},
	}
}
