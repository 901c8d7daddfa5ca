package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// Compare mode compares two runs. A run is a distorted clip, its reference,
// the features' options and a backend. Run A is the inspector's run; run B
// differs from it in one of these ways:
//
//   - another backend: the same decoded pictures scored twice by one
//     session (engine.Request.Compare) and diffed stage by stage, bit for
//     bit (engine/inspect.CompareStages, compareview.go);
//   - another encode: a second distorted clip of the same reference, of the
//     same size and length, in a session of its own;
//   - other options: the same clip with B's CAMBI and ADM options, in a
//     session of its own.
//
// The last two are "runs" mode: two sessions score each frame in turn in
// the background (runsView shows A's and B's maps, their difference and
// the banding delta), whole-clip runs score A then B, and the summary says
// which run bands more and where.

// runKind is what run B changes.
type runKind int

const (
	runBackend runKind = iota // another backend
	runClip                   // another distorted clip (encode)
	runOptions                // other feature options
)

// runB is run B's definition, beside the inspector's run A.
type runB struct {
	kind runKind
	dist string          // runClip: the second encode
	raw  clip.RawOptions // runClip: its raw format, when raw
	// runOptions: B's options (a copy of A's when first chosen).
	cambi, adm *engine.Options
}

// Labels of the compare drop-down beside the backends.
const (
	pickEncodeLabel  = "Another encode (file)…"
	pickOptionsLabel = "Other options (run B)…"
	encodePrefix     = "encode: "
	optionsLabel     = "options of run B"
)

// prefRunB remembers run B's choice: what it changes and the encode's
// path and raw format, or B's options (runBPref as JSON; "" for another
// backend, which prefCompare names).
const prefRunB = "runB"

// runBPref is run B's choice as the preferences keep it.
type runBPref struct {
	Kind  string           `json:"kind"` // "encode" or "options"
	Path  string           `json:"path,omitempty"`
	Raw   *clip.RawOptions `json:"raw,omitempty"`
	CAMBI []engine.KV      `json:"cambi,omitempty"`
	ADM   []engine.KV      `json:"adm,omitempty"`
}

// formatRunBPref is the preference for run B: "" for another backend.
func formatRunBPref(b runB) string {
	var p runBPref
	switch {
	case b.kind == runClip && b.dist != "":
		// Absolute: a later start from another folder finds the file.
		p = runBPref{Kind: "encode", Path: absPath(b.dist)}
		if b.raw.Width > 0 {
			raw := b.raw
			p.Raw = &raw
		}
	case b.kind == runOptions && b.cambi != nil && b.adm != nil:
		p = runBPref{Kind: "options",
			CAMBI: optionSpec("cambi", b.cambi).Opts,
			ADM:   optionSpec("adm", b.adm).Opts}
	default:
		return ""
	}
	out, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	return string(out)
}

// parseRunBPref reads the preference back. An encode that no longer exists
// (exists says) or is not an absolute path, options that no longer parse,
// or anything unreadable is dropped: ok is false and run B is another
// backend (droppedRunB says why).
func parseRunBPref(s string, exists func(path string) bool) (b runB, ok bool) {
	if s == "" {
		return runB{}, false
	}
	var p runBPref
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		return runB{}, false
	}
	switch p.Kind {
	case "encode":
		// A relative path (older versions kept one) names another file
		// from another folder.
		if p.Path == "" || !filepath.IsAbs(p.Path) || !exists(p.Path) {
			return runB{}, false
		}
		b = runB{kind: runClip, dist: p.Path}
		if p.Raw != nil {
			r := *p.Raw
			if r.Width <= 0 || r.Height <= 0 || r.Width > 1<<16 || r.Height > 1<<16 || r.BitDepth < 0 || r.BitDepth > 16 {
				return runB{}, false
			}
			b.raw = r
		}
		return b, true
	case "options":
		c, a := defaultOptions("cambi"), defaultOptions("adm")
		if c.SetAll(p.CAMBI) != nil || a.SetAll(p.ADM) != nil {
			return runB{}, false
		}
		return runB{kind: runOptions, cambi: c, adm: a}, true
	}
	return runB{}, false
}

// droppedRunB says why a saved run B was not restored (parseRunBPref).
func droppedRunB(s string) string {
	var p runBPref
	if json.Unmarshal([]byte(s), &p) == nil && p.Kind == "encode" && p.Path != "" {
		return "Run B's encode " + p.Path + " is gone: it is no longer run B"
	}
	return "Run B's saved choice could not be read: it is no longer run B"
}

// fileExists says whether path names something that can be opened.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// shortName drops a clip name's extension and keeps it under 32
// characters (the middle is elided), so that a legend stays beside its plot.
func shortName(s string) string {
	s = strings.TrimSuffix(s, filepath.Ext(s))
	const n = 32
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n/2-1]) + "…" + string(r[len(r)-n/2:])
}

// optionsText lists the options of (c, a) that differ from (bc, ba), or
// from the defaults when those are nil: "cambi window_size=33".
func optionsText(c, a, bc, ba *engine.Options) string {
	var parts []string
	for _, f := range []struct {
		name     string
		v, other *engine.Options
	}{{"cambi", c, bc}, {"adm", a, ba}} {
		if f.v == nil {
			continue
		}
		var kv []string
		for _, o := range shownOptions(f.v.Table()) {
			val := formatOption(f.v, o)
			if f.other == nil && f.v.IsDefault(o.Name) || f.other != nil && val == formatOption(f.other, o) {
				continue
			}
			kv = append(kv, o.Name+"="+val)
		}
		if len(kv) > 0 {
			parts = append(parts, f.name+" "+strings.Join(kv, ":"))
		}
	}
	if len(parts) == 0 {
		if bc != nil {
			return "(same options as A)"
		}
		return "(default options)"
	}
	return strings.Join(parts, ", ")
}

// sameShape checks that run B can be compared with run A frame by frame:
// the same size and the same number of frames.
func sameShape(nameA, nameB string, a, b clip.Info, framesA, framesB int) error {
	if a.Width != b.Width || a.Height != b.Height {
		return fmt.Errorf("run B %s is %dx%d but run A %s is %dx%d: two runs compare frame by frame at one size (encode both at the reference's size)",
			nameB, b.Width, b.Height, nameA, a.Width, a.Height)
	}
	if framesA != framesB {
		return fmt.Errorf("run B %s has %d frames but run A %s has %d: two runs compare frame by frame (encode both from the same frames of the reference)",
			nameB, framesB, nameA, framesA)
	}
	return nil
}
