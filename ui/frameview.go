package ui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// Frame view modes, as in the comparison tools engineers know.
const (
	modeOverlay = "Overlay"
	modeWipe    = "Wipe"
	modeSide    = "Side by side"
	modeDiff    = "Difference"
)

var frameModes = []string{modeOverlay, modeWipe, modeSide, modeDiff}

// Banding boost: a contrast stretch of the luma about its local mean, so
// that the one-code-value steps CAMBI finds are visible to the eye.
var boostNames = []string{"boost off", "boost ×4", "boost ×8", "boost ×16", "boost ×32"}

// frameView is the distorted frame with a c-value heatmap on top, or the
// distorted and reference frames wiped, side by side or subtracted.
type frameView struct {
	i       *inspector
	content fyne.CanvasObject
	pane    *mapPane
	pane2   *mapPane // the reference, side by side
	centre  *fyne.Container
	mode    *keySelect
	boost   *keySelect
	overlay *widget.Check
	showRef *widget.Check // the reference frame (and its maps in full reference)
	scale   *keySelect
	opacity *keySlider
	legend  *legend
	play    *widget.Button
	fps     *widget.Label
	wipeAt  float64 // the divider, as a fraction of the frame's width
	// The boosted luma of the last frame drawn, kept while the frame and
	// the gain stay.
	boostPic  [2]*engine.Picture
	boostGain [2]float64
	boostMap  [2]*inspect.Map

	// The panes' captions in wipe and side-by-side modes: which side is
	// the distorted clip and which the reference.
	left, right *widget.Label
	captions    *fyne.Container
}

func scaleNames() []string {
	var s []string
	for k := 0; k < engine.CAMBIScales; k++ {
		s = append(s, "scale "+strconv.Itoa(k))
	}
	return s
}

func newFrameView(i *inspector) *frameView {
	v := &frameView{i: i, wipeAt: 0.5}
	v.pane = newMapPane(i.vp)
	v.pane2 = newMapPane(i.vp)
	v.centre = container.NewStack(v.pane)
	hover := func(p *mapPane, fx, fy float64, ok bool) {
		if !ok || i.res == nil {
			i.hoverFunc(func() int { return 0 })(p, fx, fy, ok)
			return
		}
		ref := v.showRef.Checked || p == v.pane2 || (v.mode.Selected == modeWipe && fx >= v.wipeAt*float64(i.vp.fw))
		s := hoverText(i.res, fx, fy, max(v.scale.SelectedIndex(), 0), ref)
		if v.mode.Selected == modeDiff {
			if d := v.diffMap(); d != nil {
				if x, _, _, ok := d.Value(fx, fy, i.vp.fw, i.vp.fh); ok {
					s += fmt.Sprintf("   distorted − reference %+d", int(x))
				}
			}
		}
		i.setStatus(s)
	}
	v.pane.hover, v.pane2.hover = hover, hover
	v.pane.onWipe = func(x float64) { v.wipeAt = x / float64(max(i.vp.fw, 1)) }
	v.mode = newKeySelect(i, frameModes, func(string) { v.layout(); v.update() })
	v.mode.SetSelected(modeOverlay)
	v.boost = newKeySelect(i, boostNames, func(string) { v.update() })
	v.boost.SetSelectedIndex(0)
	v.overlay = widget.NewCheck("Heatmap", func(bool) { v.update(); i.unfocus() })
	v.overlay.SetChecked(true)
	v.showRef = widget.NewCheck("Reference", func(bool) { v.update(); i.unfocus() })
	v.scale = newKeySelect(i, scaleNames(), func(string) { v.update() })
	v.scale.SetSelectedIndex(0)
	v.opacity = newKeySlider(i, 0, 1)
	v.opacity.Step = 0.05
	v.opacity.SetValue(0.8)
	v.opacity.OnChanged = func(float64) { v.update() }
	v.legend = newLegend()
	v.left, v.right = widget.NewLabel(""), widget.NewLabel("")
	v.left.TextStyle.Bold, v.right.TextStyle.Bold = true, true
	v.left.Truncation, v.right.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis
	v.right.Alignment = fyne.TextAlignTrailing
	v.captions = container.NewGridWithColumns(2, v.left, v.right)
	v.captions.Hide()
	cm := newKeySelect(i, colormapNames(), func(s string) {
		if s != i.colormap.Name {
			i.setColormap(s)
		}
	})
	cm.SetSelected(i.colormap.Name)
	v.play = widget.NewButtonWithIcon("Play", theme.MediaPlayIcon(), func() { i.play.toggle(); i.unfocus() })
	v.fps = widget.NewLabel("")
	row1 := container.NewHBox(v.mode, v.showRef, v.overlay, v.scale, widget.NewLabel("Opacity"),
		container.NewGridWrap(fyne.NewSize(110, v.opacity.MinSize().Height), v.opacity))
	row2 := container.NewHBox(v.boost, widget.NewLabel("Colours"), cm, v.play, v.fps)
	v.content = container.NewBorder(container.NewVBox(row1, row2, v.captions), v.legend.content, nil, nil, v.centre)
	return v
}

// layout shows one pane, or two side by side.
func (v *frameView) layout() {
	if v.mode.Selected == modeSide {
		v.centre.Objects = []fyne.CanvasObject{container.NewGridWithColumns(2, v.pane, v.pane2)}
	} else {
		v.centre.Objects = []fyne.CanvasObject{v.pane}
	}
	v.centre.Layout = layout.NewStackLayout()
	v.centre.Refresh()
}

// gain is the banding boost's contrast gain (0: off).
func (v *frameView) gain() float64 {
	k := max(v.boost.SelectedIndex(), 0)
	if k == 0 {
		return 0
	}
	return float64(int(2) << k) // 4, 8, 16, 32
}

// luma is a picture's luma as shown: plain, or boosted (kept per slot).
func (v *frameView) luma(slot int, pic *engine.Picture) (*inspect.Map, palette) {
	g := v.gain()
	if g == 0 {
		return inspect.Luma(pic), grayColour(pic.BitDepth)
	}
	if v.boostPic[slot] != pic || v.boostGain[slot] != g {
		v.boostPic[slot], v.boostGain[slot] = pic, g
		v.boostMap[slot] = inspect.Boost(pic, inspect.BoostRadius, g)
	}
	return v.boostMap[slot], grayColour(pic.BitDepth)
}

// diffMap is distorted − reference luma, or nil without a reference of
// the same size.
func (v *frameView) diffMap() *inspect.Map {
	r := v.i.res
	if r == nil || r.Dist == nil || r.Ref == nil || r.Ref == r.Dist {
		return nil
	}
	a, b := inspect.Luma(r.Dist), inspect.Luma(r.Ref)
	if a.W != b.W || a.H != b.H {
		return nil
	}
	return inspect.Difference(a, b)
}

func (v *frameView) update() {
	i := v.i
	r := i.res
	v.pane.setWipe(nil, nil, 0)
	if r == nil || r.Dist == nil {
		v.pane.set(nil, nil)
		v.pane2.set(nil, nil)
		v.pane.setOverlay(nil, nil, 1, 0)
		return
	}
	mode := v.mode.Selected
	if mode != modeWipe && mode != modeSide {
		v.caption("", "")
	}
	hasRef := r.Ref != nil && i.req.Reference != ""
	if mode != modeOverlay && !hasRef {
		v.caption("", "")
		v.pane.set(nil, nil)
		v.pane2.set(nil, nil)
		v.pane.setOverlay(nil, nil, 1, 0)
		v.legend.setText(mode + " needs a reference clip: open one (Ctrl+Shift+O)")
		return
	}
	switch mode {
	case modeDiff:
		d := v.diffMap()
		v.pane.setOverlay(nil, nil, 1, 0)
		if d == nil {
			v.pane.set(nil, nil)
			v.legend.setText("The reference's size differs from the clip's: no difference image")
			return
		}
		top := d.MaxAbs()
		if top == 0 {
			v.pane.set(d, paletteFunc(func(float64) color.NRGBA { return overlayGrey }))
			v.legend.setText("distorted − reference: no difference on this frame (every sample equal)")
			return
		}
		v.pane.set(d, paletteFunc(func(x float64) color.NRGBA { return diffColor(x, top) }))
		v.legend.setDiff(top, "distorted − reference luma")
		return
	case modeWipe, modeSide:
		dm, dc := v.luma(0, r.Dist)
		rm, rc := v.luma(1, r.Ref)
		v.pane.set(dm, dc)
		v.v2(mode, rm, rc)
		v.applyOverlay(inspect.CAMBIPicture(r, false))
		dist, ref := "distorted: "+filepath.Base(i.req.Distorted), "reference: "+filepath.Base(i.req.Reference)
		if mode == modeWipe {
			v.pane.setWipe(rm, rc, v.wipeAt*float64(i.vp.fw))
			v.caption("◀ "+dist, ref+" ▶")
			v.legendNote("left of the yellow divider: distorted, right: reference (drag the divider)")
		} else {
			v.caption(dist, ref)
			v.legendNote("left: distorted, right: reference")
		}
		return
	}
	pic, p := r.Dist, inspect.CAMBIPicture(r, false)
	slot := 0
	if v.showRef.Checked && r.Ref != nil {
		// The reference has maps only in full-reference mode.
		pic, p, slot = r.Ref, nil, 1
		if c := inspect.CAMBIOf(r); c != nil && c.Src != nil {
			p = c.Src
		}
	}
	m, c := v.luma(slot, pic)
	v.pane.set(m, c)
	v.applyOverlay(p)
	switch {
	case slot == 1 && p == nil && v.overlay.Checked:
		// CAMBI scores the distorted clip: the reference has maps of its
		// own only in full-reference mode.
		v.legendNote("reference frame (r): no heatmap, CAMBI's maps are the distorted clip's (the reference has its own in full-reference mode)")
	case p == nil || !v.overlay.Checked:
		v.legendNote("")
	}
}

// caption labels the panes of the wipe and side-by-side modes; empty
// texts hide the captions.
func (v *frameView) caption(left, right string) {
	setText(v.left, left)
	setText(v.right, right)
	if hide := left == "" && right == ""; hide != v.captions.Hidden {
		v.captions.Hidden = hide
		v.captions.Refresh()
		v.content.Refresh()
	}
}

func (v *frameView) v2(mode string, m *inspect.Map, c palette) {
	if mode == modeSide {
		v.pane2.set(m, c)
	} else {
		v.pane2.set(nil, nil)
	}
}

// applyOverlay lays p's c-values of the chosen scale over the main pane.
func (v *frameView) applyOverlay(p *engine.CAMBIPicture) {
	i := v.i
	if p == nil || !v.overlay.Checked {
		v.pane.setOverlay(nil, nil, 1, 0)
		return
	}
	top, at := inspect.CValueTop(p)
	sc := p.Scales[max(v.scale.SelectedIndex(), 0)]
	v.pane.setOverlay(inspect.F32(sc.Width, sc.Height, sc.CValues), heatColour(i.colormap, top), top, v.opacity.Value)
	v.legend.overlay = v.opacity.Value
	v.legend.setRange(i.colormap, "c-value 0 (frame shows through)", inspect.TopLabel(top, at))
}

// legendNote says what the panes show when no colour scale applies.
func (v *frameView) legendNote(s string) {
	if v.gain() > 0 {
		if s != "" {
			s += "; "
		}
		s += fmt.Sprintf("banding boost: luma − its %d×%d local mean, ×%g, about mid-grey", 2*inspect.BoostRadius+1, 2*inspect.BoostRadius+1, v.gain())
	}
	if s == "" {
		s = "heatmap off"
	}
	if v.pane.over == nil {
		v.legend.setText(s)
	}
}
