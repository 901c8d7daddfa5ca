package ui

import (
	"fmt"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/inspect"
)

// hoverText is the status line for the frame point (fx, fy): the pixel
// value of the distorted frame, and CAMBI's c-value and mask bit at scale.
func hoverText(r *engine.FrameResult, fx, fy float64, scale int, source bool) string {
	if r == nil || r.Dist == nil {
		return ""
	}
	fw, fh := r.Dist.Width, r.Dist.Height
	luma := inspect.Luma(r.Dist)
	if source && r.Ref != nil {
		luma = inspect.Luma(r.Ref)
	}
	v, x, y, ok := luma.Value(fx, fy, fw, fh)
	if !ok {
		return fmt.Sprintf("frame %d", r.Frame)
	}
	s := fmt.Sprintf("x %d  y %d   pixel %d", x, y, int(v))
	if p := inspect.CAMBIPicture(r, source); p != nil && scale >= 0 && scale < engine.CAMBIScales {
		sc := p.Scales[scale]
		if c, cx, cy, ok := inspect.F32(sc.Width, sc.Height, sc.CValues).Value(fx, fy, fw, fh); ok {
			s += fmt.Sprintf("   scale %d (%d, %d)  c-value %.6g", scale, cx, cy, c)
		}
		if m, _, _, ok := inspect.U8(sc.Width, sc.Height, sc.Mask).Value(fx, fy, fw, fh); ok {
			s += fmt.Sprintf("   mask %d", int(m))
		}
	}
	return s
}

// hoverFunc reports the value under the pointer in the status line; scale
// says which CAMBI scale the pane shows. A pane whose own map is not a CAMBI
// one adds its value through extra.
func (i *inspector) hoverFunc(scale func() int, extra ...func(fx, fy float64) string) func(p *mapPane, fx, fy float64, ok bool) {
	return func(p *mapPane, fx, fy float64, ok bool) {
		if !ok || i.res == nil {
			if i.res != nil {
				i.setStatus(i.summary())
			}
			return
		}
		s := hoverText(i.res, fx, fy, max(scale(), 0), i.cambiView.source.Checked)
		for _, e := range extra {
			if x := e(fx, fy); x != "" {
				s += "   " + x
			}
		}
		i.setStatus(s)
	}
}
