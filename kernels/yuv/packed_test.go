package yuv

import (
	"slices"
	"testing"
)

// TestPacked checks that a packed picture's planes read as the widened
// picture's do: At, Row, Widened, RowsAbove and MaxAbove, luma and chroma,
// at an odd size.
func TestPacked(t *testing.T) {
	f := Format{Width: 37, Height: 9, Chroma: C420, BitDepth: 8}
	p, q := NewPacked(f), NewPicture(f)
	if !p.IsPacked() || q.IsPacked() {
		t.Fatal("IsPacked is wrong")
	}
	for i := range 3 {
		for k := range p.Packed[i] {
			v := uint8(k*37 + i*11)
			p.Packed[i][k], q.Planes[i][k] = v, uint16(v)
		}
	}
	scratch := make([]uint16, f.Width)
	for i := range 3 {
		pp, qp := p.Plane(i), q.Plane(i)
		if pp.Width != qp.Width || pp.Height != qp.Height || pp.Pix != nil || qp.Pix8 != nil {
			t.Fatalf("plane %d: %+v vs %+v", i, pp, qp)
		}
		for y := range pp.Height {
			if !slices.Equal(pp.Row(y, scratch), qp.Row(y, nil)) {
				t.Fatalf("plane %d row %d differs", i, y)
			}
			for x := range pp.Width {
				if pp.At(x, y) != qp.At(x, y) {
					t.Fatalf("plane %d (%d, %d) differs", i, x, y)
				}
			}
		}
		if w := pp.Widened(); !slices.Equal(w.Pix, qp.Pix) {
			t.Fatalf("plane %d: Widened differs", i)
		}
		for _, m := range []uint16{255, 127, 63} {
			if a, b := pp.RowsAbove(m, 0, pp.Height), qp.RowsAbove(m, 0, qp.Height); a != b {
				t.Fatalf("plane %d RowsAbove(%d): %v vs %v", i, m, a, b)
			}
			x0, y0, v0, ok0 := pp.MaxAbove(m)
			x1, y1, v1, ok1 := qp.MaxAbove(m)
			if x0 != x1 || y0 != y1 || v0 != v1 || ok0 != ok1 {
				t.Fatalf("plane %d MaxAbove(%d) differs", i, m)
			}
		}
	}
	if ReusePacked(p, f) != p || Reuse(p, f) == p || Reuse(q, f) != q || ReusePacked(q, f) == q {
		t.Fatal("Reuse and ReusePacked must keep a picture only when it is of their kind")
	}
}
