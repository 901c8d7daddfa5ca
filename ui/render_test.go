package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bandscope/bandscope/engine/inspect"
)

// renderPixels is mapPane.render's definition, one pixel at a time: the
// twin its row loops (inspect.Map.gather, fillRow, blendRow) must equal byte
// for byte.
func renderPixels(p *mapPane, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	v := p.vp
	s := v.scaleFor(w, h)
	cx, cy := v.centre()
	x0, y0 := cx-float64(w)/2/s, cy-float64(h)/2/s
	at := func(n int, o float64, limit int, k int) int {
		f := o + (float64(k)+0.5)/s
		if f >= 0 && f < float64(limit) {
			return int(f)
		}
		return -1
	}
	divider := -1
	if p.wipe != nil {
		divider = int(math.Round((p.wipeAt - x0) * s))
	}
	wipeFrom := int(math.Ceil(p.wipeAt))
	value := func(m *inspect.Map, fx, fy int) float64 {
		return m.At(fy*m.H/v.fh*m.W + fx*m.W/v.fw)
	}
	for j := 0; j < h; j++ {
		fy := at(h, y0, v.fh, j)
		for i := 0; i < w; i++ {
			fx := at(w, x0, v.fw, i)
			c := background
			if fy >= 0 && fx >= 0 {
				switch {
				case p.wipe != nil && fx >= wipeFrom:
					c = p.wipeCol.colour(value(p.wipe, fx, fy))
				default:
					if p.base != nil {
						c = p.baseCol.colour(value(p.base, fx, fy))
					}
					if x := 0.0; p.over != nil && p.opacity > 0 {
						if x = value(p.over, fx, fy); x > 0 {
							oc := p.overCol.colour(x)
							t := math.Min(x*p.overInv, 1)
							a := p.alpha[uint8(t*255+0.5)]
							mix := func(u, w uint8) uint8 { return uint8((uint32(u)*(256-a) + uint32(w)*a + 128) >> 8) }
							c = color.NRGBA{mix(c.R, oc.R), mix(c.G, oc.G), mix(c.B, oc.B), 0xff}
						}
					}
				}
			}
			if divider >= 0 && (i == divider || i == divider-1) {
				c = color.NRGBA{0xff, 0xd0, 0x00, 0xff}
			}
			img.SetNRGBA(i, j, color.NRGBA{c.R, c.G, c.B, 0xff})
		}
	}
	return img
}

// TestRenderRows checks the pane's row renderer against renderPixels over
// every kind of map (uint8, uint16, float32, a computed one), palette,
// overlay, wipe, zoom and pan, at odd sizes; the u16/grey/overlay cases
// take the tables of greyHeatRow.
func TestRenderRows(t *testing.T) {
	const fw, fh = 67, 41
	rng := rand.New(rand.NewPCG(1, 2))
	u16 := make([]uint16, fw*fh)
	for k := range u16 {
		u16[k] = uint16(rng.IntN(1024))
	}
	u8 := make([]uint8, 34*21)
	for k := range u8 {
		u8[k] = uint8(rng.IntN(2))
	}
	f32 := make([]float32, 34*21)
	for k := range f32 {
		if rng.IntN(3) > 0 {
			f32[k] = float32(rng.NormFloat64() * 3)
		}
	}
	// Values no c-value takes, which the table path must skip or clamp
	// as the value path does.
	copy(f32, []float32{float32(math.NaN()), float32(math.Inf(1)), 1e-45, float32(math.Inf(-1)), 6, 5.99})
	luma := inspect.U16(fw, fh, u16)
	maps := map[string]*inspect.Map{
		"u16":      luma,
		"u8":       inspect.U8(34, 21, u8),
		"f32":      inspect.F32(34, 21, f32),
		"computed": inspect.Func(fw, fh, func(k int) float64 { return luma.At(k) - 512 }),
	}
	palettes := map[string]palette{
		"grey":    grayColour(10),
		"heat":    heatColour(colormaps[0], 5),
		"absheat": absHeat(colormaps[1], 4),
		"func":    paletteFunc(func(x float64) color.NRGBA { return diffColor(x, 600) }),
		"mask":    maskColour,
	}
	views := []struct {
		name   string
		fit    bool
		zoom   float64
		cx, cy float64
	}{
		{"fit", true, 1, 0, 0},
		{"zoom3", false, 3, 20.3, 11.7},
		{"zoom0.4", false, 0.4, 30, 25},
		{"panned", false, 1.7, -5, 50},
	}
	for _, vw := range views {
		for mn, m := range maps {
			for pn, pal := range palettes {
				for _, mode := range []string{"plain", "overlay", "wipe"} {
					t.Run(fmt.Sprintf("%s/%s/%s/%s", vw.name, mn, pn, mode), func(t *testing.T) {
						vp := newViewport()
						vp.setFrame(fw, fh)
						vp.fit, vp.zoom, vp.cx, vp.cy = vw.fit, vw.zoom, vw.cx, vw.cy
						p := newMapPane(vp)
						p.set(m, pal)
						switch mode {
						case "overlay":
							p.setOverlay(maps["f32"], heatColour(colormaps[0], 6), 6, 0.8)
						case "wipe":
							p.setOverlay(maps["f32"], absHeat(colormaps[0], 6), 6, 0.5)
							p.setWipe(luma, grayColour(10), 29.4)
						}
						for _, sz := range [][2]int{{53, 37}, {200, 99}} {
							got, want := p.render(sz[0], sz[1]).(*image.NRGBA), renderPixels(p, sz[0], sz[1])
							if !bytes.Equal(got.Pix, want.Pix) {
								for k := range got.Pix {
									if got.Pix[k] != want.Pix[k] {
										t.Fatalf("%dx%d: pixel (%d, %d): %v, want %v", sz[0], sz[1], k/4%sz[0], k/4/sz[0],
											got.Pix[k/4*4:k/4*4+4], want.Pix[k/4*4:k/4*4+4])
									}
								}
							}
						}
					})
				}
			}
		}
	}
}
