package regions

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// geometry maps CAMBI's pixels (cw x ch, where the regions are found) to
// the distorted clip's own (dw x dh): CAMBI pixel x covers the clip's
// columns [ceil(x*dw/cw), ceil((x+1)*dw/cw)), the columns nearest to it
// when CAMBI resampled (enc_width) or the identity at the same size.
type geometry struct{ cw, ch, dw, dh int }

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func (g geometry) x(v int) int { return ceilDiv(v*g.dw, g.cw) }
func (g geometry) y(v int) int { return ceilDiv(v*g.dh, g.ch) }

// box is b in the clip's pixels.
func (g geometry) box(b Box) Box {
	if b.Empty() {
		return Box{}
	}
	x0, y0 := g.x(b.X), g.y(b.Y)
	return Box{x0, y0, g.x(b.X+b.W) - x0, g.y(b.Y+b.H) - y0}
}

// area counts the clip's pixels the spans cover.
func (g geometry) area(spans []span) int {
	n := 0
	if g.dw == g.cw && g.dh == g.ch { // a pixel is a pixel: no divisions
		for _, s := range spans {
			n += int(s.x1 - s.x0)
		}
		return n
	}
	for _, s := range spans {
		y, x0, x1 := int(s.y), int(s.x0), int(s.x1)
		n += (g.y(y+1) - g.y(y)) * (g.x(x1) - g.x(x0))
	}
	return n
}

// maskWriter writes the mask Y4M: a mono 8-bit frame per frame scored,
// at the distorted clip's own size, 255 on every kept event's pixels.
type maskWriter struct {
	w       io.Writer
	geo     geometry
	rate    [2]int
	buf     []byte
	ones    []byte // a row of 255s
	started bool
}

// header is the Y4M stream header; a clip that does not say its frame
// rate gets 25 fps, Y4M's usual default.
func (m *maskWriter) header() string {
	num, den := m.rate[0], m.rate[1]
	if num <= 0 || den <= 0 {
		num, den = 25, 1
	}
	return fmt.Sprintf("YUV4MPEG2 W%d H%d F%d:%d Ip A1:1 Cmono\n", m.geo.dw, m.geo.dh, num, den)
}

// frame writes one frame's mask: the kept entries' pixels at 255.
func (m *maskWriter) frame(at []*entry) error {
	g := m.geo
	if !m.started {
		m.started = true
		if _, err := io.WriteString(m.w, m.header()); err != nil {
			return maskError(err)
		}
		m.buf = make([]byte, 6+g.dw*g.dh)
		copy(m.buf, "FRAME\n")
		m.ones = bytes.Repeat([]byte{255}, g.dw)
	}
	pix := m.buf[6:]
	clear(pix)
	for _, e := range at {
		for _, s := range e.spans {
			x0, x1 := g.x(int(s.x0)), g.x(int(s.x1))
			for y := g.y(int(s.y)); y < g.y(int(s.y)+1); y++ {
				copy(pix[y*g.dw+x0:y*g.dw+x1], m.ones)
			}
		}
	}
	if _, err := m.w.Write(m.buf); err != nil {
		return maskError(err)
	}
	return nil
}

func maskError(err error) error { return fmt.Errorf("writing the mask: %w", err) }

// ErrNoPixels is WriteMask's error for a report that did not keep its
// events' pixels (Options.KeepPixels) or was read from a file.
var ErrNoPixels = errors.New("regions: the report kept no pixels to write a mask from (find the events again with KeepPixels)")

// WriteMask writes the report's mask Y4M (as Options.Masks receives it
// during a search) from the pixels the report kept.
func (r *Report) WriteMask(w io.Writer) error {
	if r.geo.cw == 0 && r.Frames > 0 {
		return ErrNoPixels
	}
	for k := range r.Events {
		if r.Events[k].entries == nil {
			return ErrNoPixels
		}
	}
	perFrame := make([][]*entry, r.Frames)
	for k := range r.Events {
		for _, e := range r.Events[k].entries {
			if e.frame >= 0 && e.frame < r.Frames {
				perFrame[e.frame] = append(perFrame[e.frame], e)
			}
		}
	}
	m := &maskWriter{w: w, geo: r.geo, rate: r.frameRate}
	for _, at := range perFrame {
		if err := m.frame(at); err != nil {
			return err
		}
	}
	return nil
}
