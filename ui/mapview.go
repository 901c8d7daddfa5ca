package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"unsafe"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/inspect"
)

// viewport is the zoom and pan every map pane shares, in the frame's
// coordinates, so that the same pixel sits under the same place in each.
type viewport struct {
	fw, fh int
	fit    bool    // each pane fits the frame to its own size
	zoom   float64 // device pixels per frame pixel when !fit
	cx, cy float64 // frame point at the centre of each pane
	panes  []*mapPane
	under  *mapPane // the pane under the pointer
	onZoom func()
}

func newViewport() *viewport { return &viewport{fit: true, zoom: 1, fw: 1, fh: 1} }

func (v *viewport) setFrame(w, h int) {
	if w == v.fw && h == v.fh {
		return
	}
	v.fw, v.fh = max(w, 1), max(h, 1)
	v.cx, v.cy = float64(v.fw)/2, float64(v.fh)/2
}

func (v *viewport) scaleFor(w, h int) float64 {
	if v.fit {
		return math.Min(float64(w)/float64(v.fw), float64(h)/float64(v.fh))
	}
	return v.zoom
}

func (v *viewport) centre() (float64, float64) {
	if v.fit {
		return float64(v.fw) / 2, float64(v.fh) / 2
	}
	return v.cx, v.cy
}

// toFrame maps a device pixel of a w x h pane to frame coordinates.
func (v *viewport) toFrame(px, py float64, w, h int) (float64, float64) {
	s := v.scaleFor(w, h)
	cx, cy := v.centre()
	return cx + (px-float64(w)/2)/s, cy + (py-float64(h)/2)/s
}

func (v *viewport) refresh() {
	for _, p := range v.panes {
		p.raster.Refresh()
	}
	if v.onZoom != nil {
		v.onZoom()
	}
}

// zoomAt multiplies the zoom keeping the frame point under (px, py) of a
// w x h pane where it is.
func (v *viewport) zoomAt(f, px, py float64, w, h int) {
	fx, fy := v.toFrame(px, py, w, h)
	s := v.scaleFor(w, h)
	v.fit = false
	v.zoom = math.Min(math.Max(s*f, 0.05), 64)
	v.cx = fx - (px-float64(w)/2)/v.zoom
	v.cy = fy - (py-float64(h)/2)/v.zoom
	v.refresh()
}

// zoomBy zooms about the centre of the panes.
func (v *viewport) zoomBy(f float64) {
	if v.fit {
		s := 1.0
		if len(v.panes) > 0 {
			w, h := v.panes[0].pixelSize()
			s = v.scaleFor(w, h)
		}
		v.cx, v.cy = v.centre()
		v.zoom = s
		v.fit = false
	}
	v.zoom = math.Min(math.Max(v.zoom*f, 0.05), 64)
	v.refresh()
}

func (v *viewport) oneToOne() {
	v.cx, v.cy = v.centre()
	v.fit, v.zoom = false, 1
	v.refresh()
}

func (v *viewport) fitAll() {
	v.fit = true
	v.refresh()
}

func (v *viewport) pan(dx, dy float64, w, h int) {
	s := v.scaleFor(w, h)
	if v.fit {
		v.cx, v.cy = v.centre()
		v.zoom = s
		v.fit = false
	}
	v.cx -= dx / s
	v.cy -= dy / s
	v.refresh()
}

// zoomLabel describes the zoom for the status line.
func (v *viewport) zoomLabel() string {
	if v.fit {
		return "fit"
	}
	return formatZoom(v.zoom)
}

// mapPane draws a map (and optionally a translucent overlay on it) through
// the shared viewport with nearest-neighbour sampling, so that zoomed
// pixels stay crisp squares.
type mapPane struct {
	widget.BaseWidget
	vp      *viewport
	raster  *canvas.Raster
	base    *inspect.Map
	baseCol palette
	over    *inspect.Map
	overCol palette
	overTop float64     // the overlay value drawn at full opacity
	overInv float64     // 1 / overTop
	alpha   [256]uint32 // overlay weight (of 256) by value/overTop in 255ths
	opacity float64
	// Tables of the common pane, grey samples under a heat overlay
	// (greyHeatRow): the grey pixel of each sample value, and the blend
	// of each overlay colour index.
	grey    []uint32
	greyOf  greyPalette
	heatMix [256]heatMix
	heatOK  bool // heatMix is the overlay's (overCol a heat palette)
	// A wipe: frame columns at or right of wipeAt show wipe (the other
	// clip) instead of base, without the overlay; a drag that starts on
	// the divider moves it (onWipe reports where to).
	wipe     *inspect.Map
	wipeCol  palette
	wipeAt   float64
	onWipe   func(x float64)
	dragging bool
	dragWipe bool
	// hover reports the frame point under the pointer (ok=false when it left).
	hover func(p *mapPane, fx, fy float64, ok bool)
	// outlines are boxes drawn over the map (outlines.go).
	outlines []outline
	// onTap, when set, is what a click does (a grid's pane enlarges:
	// bigPane); caption names the pane then.
	onTap   func()
	caption func() string
	lastW   int
	lastH   int
}

var background = color.NRGBA{0x30, 0x30, 0x34, 0xff}

func newMapPane(vp *viewport) *mapPane {
	p := &mapPane{vp: vp, opacity: 0.6}
	p.raster = canvas.NewRaster(p.render)
	p.raster.ScaleMode = canvas.ImageScalePixels
	vp.panes = append(vp.panes, p)
	p.ExtendBaseWidget(p)
	return p
}

func (p *mapPane) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.raster) }

func (p *mapPane) MinSize() fyne.Size { return fyne.NewSize(120, 80) }

func (p *mapPane) set(base *inspect.Map, col palette) {
	p.base, p.baseCol = base, col
	p.raster.Refresh()
}

// mirror draws what q draws: its map, overlay and wipe.
func (p *mapPane) mirror(q *mapPane) {
	p.base, p.baseCol = q.base, q.baseCol
	p.wipe, p.wipeCol, p.wipeAt = q.wipe, q.wipeCol, q.wipeAt
	p.setOverlay(q.over, q.overCol, q.overTop, q.opacity)
}

func (p *mapPane) setOverlay(over *inspect.Map, col palette, top, opacity float64) {
	p.over, p.overCol, p.overTop, p.opacity = over, col, max(top, 1e-9), opacity
	p.overInv = 1 / p.overTop
	for k := range p.alpha {
		p.alpha[k] = uint32(256*opacity*math.Sqrt(float64(k)/255) + 0.5)
	}
	heat, ok := col.(heatPalette)
	p.heatOK = ok && !heat.abs && heat.inv == p.overInv
	if p.heatOK {
		for k := range p.heatMix {
			c, a := heat.c.lut[k], p.alpha[k]
			p.heatMix[k] = heatMix{keep: 256 - a, r: uint32(c.R)*a + 128, g: uint32(c.G)*a + 128, b: uint32(c.B)*a + 128}
		}
	}
	p.raster.Refresh()
}

func (p *mapPane) canvasScale() float32 {
	if c := fyne.CurrentApp().Driver().CanvasForObject(p); c != nil {
		return c.Scale()
	}
	return 1
}

func (p *mapPane) pixelSize() (int, int) {
	if p.lastW > 0 {
		return p.lastW, p.lastH
	}
	s := p.canvasScale()
	sz := p.Size()
	return max(int(sz.Width*s), 1), max(int(sz.Height*s), 1)
}

// render draws the visible part of the map at w x h device pixels. Rows
// are split across the CPUs: at 1080p a step redraws some twenty panes.
func (p *mapPane) render(w, h int) image.Image {
	p.lastW, p.lastH = w, h
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	l := p.layout(w, h)
	p.greyTable()
	inspect.Rows(h, func(j0, j1 int) {
		vals, ovals := make([]float64, w), make([]float64, w)
		for j := j0; j < j1; j++ {
			p.drawRow(&l, img.Pix[j*img.Stride:j*img.Stride+4*w], j, vals, ovals)
		}
	})
	p.drawOutlines(img)
	return img
}

// paneLayout is where a render's device pixels fall: each device column's
// and row's frame column and row (-1 outside the frame) and their indices
// in the base, overlay and wipe maps (a row's index is its offset);
// device columns [c0, c1) show the frame, those at or right of cw the
// wipe's map, and the wipe's divider is at device column divider (-1:
// none).
type paneLayout struct {
	cols, rows     []int
	bx, by, ox, oy []int
	wx, wy         []int
	c0, c1, cw     int
	divider        int
}

func (p *mapPane) layout(w, h int) paneLayout {
	v := p.vp
	s := v.scaleFor(w, h)
	cx, cy := v.centre()
	x0 := cx - float64(w)/2/s
	y0 := cy - float64(h)/2/s
	axis := func(n int, o float64, limit int) []int {
		idx := make([]int, n)
		for k := range idx {
			f := o + (float64(k)+0.5)/s
			idx[k] = -1
			if f >= 0 && f < float64(limit) {
				idx[k] = int(f)
			}
		}
		return idx
	}
	l := paneLayout{cols: axis(w, x0, v.fw), rows: axis(h, y0, v.fh), divider: -1}
	mapAxis := func(m *inspect.Map, frame []int, fsize int, col bool) []int {
		if m == nil {
			return nil
		}
		out := make([]int, len(frame))
		for k, f := range frame {
			if f < 0 {
				out[k] = -1
			} else if col {
				out[k] = f * m.W / fsize
			} else {
				out[k] = f * m.H / fsize * m.W
			}
		}
		return out
	}
	l.bx, l.by = mapAxis(p.base, l.cols, v.fw, true), mapAxis(p.base, l.rows, v.fh, false)
	l.ox, l.oy = mapAxis(p.over, l.cols, v.fw, true), mapAxis(p.over, l.rows, v.fh, false)
	l.wx, l.wy = mapAxis(p.wipe, l.cols, v.fw, true), mapAxis(p.wipe, l.rows, v.fh, false)
	// cols is non-decreasing: the frame is one run of columns.
	l.c0, l.c1 = 0, w
	for l.c0 < w && l.cols[l.c0] < 0 {
		l.c0++
	}
	for l.c1 > l.c0 && l.cols[l.c1-1] < 0 {
		l.c1--
	}
	l.cw = l.c1
	if p.wipe != nil {
		l.divider = int(math.Round((p.wipeAt - x0) * s))
		wipeFrom := int(math.Ceil(p.wipeAt))
		l.cw = l.c0
		for l.cw < l.c1 && l.cols[l.cw] < wipeFrom {
			l.cw++
		}
	}
	return l
}

// drawRow draws device row j: the background outside the frame, the base
// map (with the overlay blended on it) left of the wipe, the wipe's map
// right of it, and the divider. vals and ovals are scratch, a value per
// device column.
func (p *mapPane) drawRow(l *paneLayout, row []byte, j int, vals, ovals []float64) {
	back := func(row []byte) {
		for i := 0; i+4 <= len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = background.R, background.G, background.B, 0xff
		}
	}
	c0, c1, cw := l.c0, l.c1, l.cw
	if l.rows[j] < 0 {
		back(row)
	} else {
		back(row[:4*c0])
		back(row[4*c1:])
		if c0 < cw && p.greyHeatRow(l, row[4*c0:4*cw], j) {
			// drawn from the tables
		} else if c0 < cw {
			if p.base != nil {
				p.base.Gather(vals[c0:cw], l.by[j], l.bx[c0:cw])
				fillRow(p.baseCol, row[4*c0:4*cw], vals[c0:cw])
			} else {
				back(row[4*c0 : 4*cw])
			}
			if p.over != nil && p.opacity > 0 {
				p.over.Gather(ovals[c0:cw], l.oy[j], l.ox[c0:cw])
				p.blendRow(row[4*c0:4*cw], ovals[c0:cw])
			}
		}
		if cw < c1 {
			p.wipe.Gather(vals[cw:c1], l.wy[j], l.wx[cw:c1])
			fillRow(p.wipeCol, row[4*cw:4*c1], vals[cw:c1])
		}
	}
	w := len(row) / 4
	for _, i := range [2]int{l.divider - 1, l.divider} {
		if l.divider >= 0 && i >= 0 && i < w {
			row[4*i], row[4*i+1], row[4*i+2], row[4*i+3] = 0xff, 0xd0, 0x00, 0xff
		}
	}
}

// greyTable makes the grey pixel of every sample value for a base drawn
// in grey (greyHeatRow), before the rows are drawn in parallel.
func (p *mapPane) greyTable() {
	grey, ok := p.baseCol.(greyPalette)
	if !ok || p.grey != nil && p.greyOf == grey {
		return
	}
	if p.grey == nil {
		p.grey = make([]uint32, 1<<16)
	}
	p.greyOf = grey
	for v := range p.grey {
		c := grey.colour(float64(v))
		p.grey[v] = uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | 0xff<<24
	}
}

// heatMix is blendRow's arithmetic for one overlay colour index k: a
// channel u becomes (u*keep + r) >> 8, r being the colour's channel times
// its weight alpha[k], plus 128 to round, and keep 256 - alpha[k].
type heatMix struct{ keep, r, g, b uint32 }

// greyHeatRow draws device columns [c0, cw) of row j (pix) when the pane
// is the common one, 16-bit samples in grey under a heat overlay of
// floats (or none), with the bits fillRow and blendRow give, from tables:
// the Frame view's pane, redrawn for every frame played. It reports
// whether it drew the row.
func (p *mapPane) greyHeatRow(l *paneLayout, pix []byte, j int) bool {
	grey, ok := p.baseCol.(greyPalette)
	if !ok || p.base == nil || p.base.Samples() == nil || p.grey == nil || p.greyOf != grey {
		return false
	}
	samples := p.base.Samples()
	over := p.over != nil && p.opacity > 0
	var cvs []float32
	if over {
		if cvs = p.over.Floats(); cvs == nil || !p.heatOK {
			return false
		}
	}
	c0, cw := l.c0, l.cw
	n := cw - c0
	// The image's rows start at multiples of 4 bytes of an allocation
	// aligned for any word: a pixel is one little-endian word.
	out := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(pix))), len(pix)/4)[:n]
	row, bx, greyPix := samples[l.by[j]:], l.bx[c0:cw:cw], p.grey
	if !over {
		for i, c := range bx {
			out[i] = greyPix[row[c]]
		}
		return true
	}
	orow, ox, inv, mix := cvs[l.oy[j]:], l.ox[c0:cw:cw], p.overInv, &p.heatMix
	for i, c := range bx {
		px := greyPix[row[c]]
		if x := float64(orow[ox[i]]); x > 0 {
			// A grey pixel: its three channels are one byte.
			g := px & 0xff
			m := &mix[uint8(min(x*inv, 1)*255+0.5)]
			px = (g*m.keep+m.r)>>8 | (g*m.keep+m.g)>>8<<8 | (g*m.keep+m.b)>>8<<16 | 0xff<<24
		}
		out[i] = px
	}
	return true
}

// blendRow lays the overlay's colours for values xs over the row's pixels.
// Strong banding shows at full opacity, faint banding faintly (alpha grows
// as the square root of the value), so that the frame stays readable under
// a dense map.
func (p *mapPane) blendRow(pix []byte, xs []float64) {
	pix = pix[:4*len(xs)]
	heat, isHeat := p.overCol.(heatPalette)
	for i, x := range xs {
		if !(x > 0) {
			continue
		}
		var oc color.NRGBA
		if isHeat {
			oc = heat.colour(x)
		} else {
			oc = p.overCol.colour(x)
		}
		t := x * p.overInv
		if t > 1 {
			t = 1
		}
		a := p.alpha[uint8(t*255+0.5)] // 0..256
		mix := func(u, w uint8) uint8 { return uint8((uint32(u)*(256-a) + uint32(w)*a + 128) >> 8) }
		q := pix[4*i : 4*i+3 : 4*i+3]
		q[0], q[1], q[2] = mix(q[0], oc.R), mix(q[1], oc.G), mix(q[2], oc.B)
	}
}

func (p *mapPane) framePoint(pos fyne.Position) (float64, float64) {
	s := p.canvasScale()
	w, h := p.pixelSize()
	return p.vp.toFrame(float64(pos.X*s), float64(pos.Y*s), w, h)
}

// MouseIn, MouseMoved and MouseOut feed the status line.
func (p *mapPane) MouseIn(e *desktop.MouseEvent) { p.MouseMoved(e) }

func (p *mapPane) MouseMoved(e *desktop.MouseEvent) {
	p.vp.under = p
	if p.hover != nil {
		fx, fy := p.framePoint(e.Position)
		p.hover(p, fx, fy, true)
	}
}

func (p *mapPane) MouseOut() {
	if p.vp.under == p {
		p.vp.under = nil
	}
	if p.hover != nil {
		p.hover(p, 0, 0, false)
	}
}

// Scrolled zooms about the pointer.
func (p *mapPane) Scrolled(e *fyne.ScrollEvent) {
	f := math.Pow(1.25, float64(e.Scrolled.DY)/10)
	if e.Scrolled.DY > 0 && f < 1.25 {
		f = 1.25
	} else if e.Scrolled.DY < 0 && f > 0.8 {
		f = 0.8
	}
	s := p.canvasScale()
	w, h := p.pixelSize()
	p.vp.zoomAt(f, float64(e.Position.X*s), float64(e.Position.Y*s), w, h)
}

// Dragged pans every pane, or moves a wipe's divider when the drag
// starts on it (within 12 pixels).
func (p *mapPane) Dragged(e *fyne.DragEvent) {
	s := p.canvasScale()
	w, h := p.pixelSize()
	if !p.dragging {
		p.dragging = true
		p.dragWipe = false
		if p.wipe != nil {
			start := e.Position.Subtract(e.Dragged)
			fx, _ := p.framePoint(start)
			if math.Abs(fx-p.wipeAt)*p.vp.scaleFor(w, h) <= 12 {
				p.dragWipe = true
			}
		}
	}
	if p.dragWipe {
		fx, _ := p.framePoint(e.Position)
		p.setWipeAt(fx)
		if p.onWipe != nil {
			p.onWipe(p.wipeAt)
		}
		return
	}
	p.vp.pan(float64(e.Dragged.DX*s), float64(e.Dragged.DY*s), w, h)
}

func (p *mapPane) DragEnd() { p.dragging, p.dragWipe = false, false }

// setWipe shows other right of the divider at frame column x (nil: no wipe).
func (p *mapPane) setWipe(other *inspect.Map, col palette, x float64) {
	p.wipe, p.wipeCol = other, col
	p.setWipeAt(x)
}

func (p *mapPane) setWipeAt(x float64) {
	p.wipeAt = math.Min(math.Max(x, 0), float64(p.vp.fw))
	p.raster.Refresh()
}

// Tapped takes the keyboard focus back from entries so that arrows step,
// and does what a click on the pane does (onTap).
func (p *mapPane) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(p); c != nil {
		c.Unfocus()
	}
	if p.onTap != nil {
		p.onTap()
	}
}

// formatZoom writes a zoom as a ratio: "1:1", "4:1", "1:2", or a percentage.
func formatZoom(z float64) string {
	switch {
	case z >= 1 && z == math.Trunc(z):
		return strconv.Itoa(int(z)) + ":1"
	case z < 1 && 1/z == math.Trunc(1/z):
		return "1:" + strconv.Itoa(int(1/z))
	}
	return strconv.Itoa(int(math.Round(z*100))) + "%"
}
