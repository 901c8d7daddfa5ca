package yuv

import "fmt"

// Chroma is the chroma layout of a picture.
type Chroma int

// The chroma layouts libvmaf's readers accept.
const (
	C420 Chroma = iota
	C422
	C444
	C400 // luma only ("mono")
	C411
)

// String gives the layout as libvmaf's --pixel_format spells it.
func (c Chroma) String() string {
	switch c {
	case C420:
		return "420"
	case C422:
		return "422"
	case C444:
		return "444"
	case C400:
		return "400"
	case C411:
		return "411"
	}
	return fmt.Sprintf("Chroma(%d)", int(c))
}

// ParseChroma reads a pixel format as libvmaf's CLI takes it ("420", "422",
// "444", "400"; "411" only comes from Y4M headers).
func ParseChroma(s string) (Chroma, error) {
	switch s {
	case "420", "yuv420p":
		return C420, nil
	case "422", "yuv422p":
		return C422, nil
	case "444", "yuv444p":
		return C444, nil
	case "400", "gray", "mono":
		return C400, nil
	case "411", "yuv411p":
		return C411, nil
	}
	return 0, fmt.Errorf("unknown pixel format %q (want 420, 422, 444 or 400)", s)
}

// Subsampling returns the horizontal and vertical chroma shifts.
func (c Chroma) Subsampling() (sx, sy uint) {
	switch c {
	case C420:
		return 1, 1
	case C422:
		return 1, 0
	case C411:
		return 2, 0
	}
	return 0, 0
}

// Planes is the number of planes a picture of this layout carries.
func (c Chroma) Planes() int {
	if c == C400 {
		return 1
	}
	return 3
}

// Format describes the samples of a clip.
type Format struct {
	Width, Height int
	Chroma        Chroma
	BitDepth      int // 8..16
}

// PlaneSize is the size of plane i (0 = Y, 1 = U, 2 = V); chroma sizes round up.
func (f Format) PlaneSize(i int) (w, h int) {
	if i == 0 {
		return f.Width, f.Height
	}
	if i >= f.Chroma.Planes() {
		return 0, 0
	}
	sx, sy := f.Chroma.Subsampling()
	return (f.Width + 1<<sx - 1) >> sx, (f.Height + 1<<sy - 1) >> sy
}

// BytesPerSample is 1 up to 8 bits and 2 above, as raw YUV files store them.
func (f Format) BytesPerSample() int {
	if f.BitDepth > 8 {
		return 2
	}
	return 1
}

// FrameBytes is the size of one frame in a raw file, or an error when the
// size overflows or is not positive.
func (f Format) FrameBytes() (int64, error) {
	if f.Width <= 0 || f.Height <= 0 {
		return 0, fmt.Errorf("frame size %dx%d is not positive", f.Width, f.Height)
	}
	const limit = 1 << 20 // per side; far beyond 8K, far below overflow
	if f.Width > limit || f.Height > limit {
		return 0, fmt.Errorf("frame size %dx%d is too large (at most %d per side)", f.Width, f.Height, limit)
	}
	var n int64
	for i := 0; i < f.Chroma.Planes(); i++ {
		w, h := f.PlaneSize(i)
		n += int64(w) * int64(h)
	}
	return n * int64(f.BytesPerSample()), nil
}

// Validate checks that a format is one Bandscope can hold.
func (f Format) Validate() error {
	if f.BitDepth < 8 || f.BitDepth > 16 {
		return fmt.Errorf("bit depth %d is not supported (8 to 16)", f.BitDepth)
	}
	_, err := f.FrameBytes()
	return err
}

// Picture is one decoded frame. Plane i is PlaneSize(i) samples, row-major,
// with no padding between rows: one uint16 each in Planes, or, for an
// 8-bit picture read packed (NewPacked), one byte each in Packed, Planes
// then being nil. Only the scoring runs of features whose kernels all
// take packed planes read pictures packed: at 8 bits the widening (and
// the twice larger pictures it writes to memory) cost as much as a
// feature's fastest stage.
type Picture struct {
	Format
	Planes [3][]uint16
	Packed [3][]uint8
}

// NewPicture allocates a picture of the given format.
func NewPicture(f Format) *Picture {
	p := &Picture{Format: f}
	for i := 0; i < f.Chroma.Planes(); i++ {
		w, h := f.PlaneSize(i)
		p.Planes[i] = newPlane(w * h)
	}
	return p
}

// NewPacked allocates an 8-bit picture of the given format whose samples
// are held packed, a byte each.
func NewPacked(f Format) *Picture {
	if f.BitDepth != 8 {
		panic("yuv: a packed picture holds 8-bit samples")
	}
	p := &Picture{Format: f}
	for i := 0; i < f.Chroma.Planes(); i++ {
		w, h := f.PlaneSize(i)
		p.Packed[i] = newBytes(w * h)
	}
	return p
}

// IsPacked reports whether the picture's samples are held packed.
func (p *Picture) IsPacked() bool { return p.Packed[0] != nil }

// ReusePacked is Reuse for packed pictures: p when it is packed and has
// format f, a new packed picture otherwise.
func ReusePacked(p *Picture, f Format) *Picture {
	if p != nil && p.Format == f && p.IsPacked() {
		return p
	}
	return NewPacked(f)
}

// Reuse returns p when it already has format f, or a new picture otherwise.
func Reuse(p *Picture, f Format) *Picture {
	if p != nil && p.Format == f && !p.IsPacked() {
		return p
	}
	return NewPicture(f)
}

// Luma returns the Y plane with its size.
func (p *Picture) Luma() Plane { return p.Plane(0) }

// Plane returns plane i (0 = Y, 1 = U, 2 = V) with its size.
func (p *Picture) Plane(i int) Plane {
	w, h := p.PlaneSize(i)
	return Plane{Width: w, Height: h, Stride: w, Pix: p.Planes[i], Pix8: p.Packed[i]}
}

// Plane is one plane of samples; rows start Stride samples apart. The
// samples are in Pix, or, in a plane of a packed 8-bit picture, in Pix8
// (Pix then nil).
type Plane struct {
	Width, Height, Stride int
	Pix                   []uint16
	Pix8                  []uint8
}

// At returns the sample at column x, row y.
func (p Plane) At(x, y int) uint16 {
	if p.Pix8 != nil {
		return uint16(p.Pix8[y*p.Stride+x])
	}
	return p.Pix[y*p.Stride+x]
}

// Len is the number of samples the plane's slice holds.
func (p Plane) Len() int {
	if p.Pix8 != nil {
		return len(p.Pix8)
	}
	return len(p.Pix)
}

// Row returns row y's Width samples: Pix's row itself, or a packed row
// widened into dst (which must hold Width samples).
func (p Plane) Row(y int, dst []uint16) []uint16 {
	if p.Pix8 == nil {
		return p.Pix[y*p.Stride : y*p.Stride+p.Width]
	}
	dst = dst[:p.Width]
	for x, v := range p.Pix8[y*p.Stride : y*p.Stride+p.Width] {
		dst[x] = uint16(v)
	}
	return dst
}

// Widened returns the plane with its samples in Pix: itself, or a packed
// plane copied into a new one (for code that has no packed path, which
// the scoring runs never reach).
func (p Plane) Widened() Plane {
	if p.Pix8 == nil {
		return p
	}
	q := Plane{Width: p.Width, Height: p.Height, Stride: p.Width, Pix: make([]uint16, p.Width*p.Height)}
	for y := range p.Height {
		p.Row(y, q.Pix[y*q.Stride:])
	}
	return q
}

// CheckSize refuses a plane of another size than w x h, or one too short
// for its stride; feature and name (the picture: "reference",
// "distorted") start the error.
func (p Plane) CheckSize(feature, name string, w, h int) error {
	if p.Width != w || p.Height != h {
		return fmt.Errorf("%s: %s luma is %dx%d, configured for %dx%d", feature, name, p.Width, p.Height, w, h)
	}
	if p.Stride < p.Width || p.Len() < (p.Height-1)*p.Stride+p.Width {
		return fmt.Errorf("%s: %s luma plane is shorter than %dx%d (stride %d)", feature, name, p.Width, p.Height, p.Stride)
	}
	return nil
}

// CheckRange refuses a plane with a sample above bitDepth's range, naming
// the first.
func (p Plane) CheckRange(feature, name string, bitDepth int) error {
	if x, y, v, found := p.MaxAbove(uint16(1<<bitDepth - 1)); found {
		return fmt.Errorf("%s: %s sample %d at (%d, %d) is out of range for %d-bit input", feature, name, v, x, y, bitDepth)
	}
	return nil
}

// MaxAbove returns the first sample above max and its position, or ok=false.
func (p Plane) MaxAbove(max uint16) (x, y int, v uint16, found bool) {
	// The common bound is a bit depth's 2^b-1: no sample above it is a
	// mask test, done wholesale; the scan below only has to locate one.
	if max&(max+1) == 0 && !p.RowsAbove(max, 0, p.Height) {
		return 0, 0, 0, false
	}
	for y := 0; y < p.Height; y++ {
		for x := range p.Width {
			if v := p.At(x, y); v > max {
				return x, y, v, true
			}
		}
	}
	return 0, 0, 0, false
}
