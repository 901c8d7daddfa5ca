package yuv

import "testing"

// TestMaxAbove checks the wholesale mask test against a plain scan:
// every bound, odd widths, strided rows, one out-of-range sample anywhere.
func TestMaxAbove(t *testing.T) {
	for _, w := range []int{1, 3, 7, 15, 16, 17, 33, 64, 101} {
		for _, h := range []int{1, 2, 5} {
			stride := w + 3
			pix := make([]uint16, stride*h)
			for i := range pix {
				pix[i] = uint16(i*37) & 1023
			}
			p := Plane{Pix: pix, Width: w, Height: h, Stride: stride}
			for _, max := range []uint16{1023, 1000, 4095, 65535} {
				if _, _, _, found := p.MaxAbove(max); found && max >= 1023 {
					t.Fatalf("%dx%d max %d: found a sample above", w, h, max)
				}
			}
			// Padding past the width is never read.
			for y := 0; y < h; y++ {
				for x := w; x < stride; x++ {
					pix[y*stride+x] = 65535
				}
			}
			if _, _, _, found := p.MaxAbove(1023); found {
				t.Fatalf("%dx%d: padding was read", w, h)
			}
			for _, at := range [][2]int{{0, 0}, {w - 1, h - 1}, {w / 2, h / 2}} {
				i := at[1]*stride + at[0]
				old := pix[i]
				pix[i] = 1024
				x, y, v, found := p.MaxAbove(1023)
				if !found || x != at[0] || y != at[1] || v != 1024 {
					t.Fatalf("%dx%d sample at %v: got (%d, %d) %d %v", w, h, at, x, y, v, found)
				}
				pix[i] = old
			}
		}
	}
}

// TestPlaneChecks: a plane of another size, one too short for its stride,
// and a sample over the bit depth are refused with the feature and the
// picture named.
func TestPlaneChecks(t *testing.T) {
	p := Plane{Width: 4, Height: 2, Stride: 4, Pix: []uint16{1, 2, 3, 4, 5, 6, 300, 8}}
	if err := p.CheckSize("adm", "reference", 4, 2); err != nil {
		t.Error(err)
	}
	if err := p.CheckSize("adm", "reference", 4, 3); err == nil || err.Error() != "adm: reference luma is 4x2, configured for 4x3" {
		t.Errorf("size: %v", err)
	}
	short := Plane{Width: 4, Height: 2, Stride: 5, Pix: p.Pix}
	if err := short.CheckSize("vif", "distorted", 4, 2); err == nil || err.Error() != "vif: distorted luma plane is shorter than 4x2 (stride 5)" {
		t.Errorf("stride: %v", err)
	}
	if err := p.CheckRange("vif", "distorted", 8); err == nil || err.Error() != "vif: distorted sample 300 at (2, 1) is out of range for 8-bit input" {
		t.Errorf("range: %v", err)
	}
	if err := p.CheckRange("vif", "distorted", 10); err != nil {
		t.Error(err)
	}
}
