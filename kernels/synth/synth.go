package synth

import (
	"fmt"
	"sort"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// Spec names one synthetic clip.
type Spec struct {
	Pattern string
	yuv.Format
	Dist  bool // the distorted variant
	Seed  int  // noise seed (default 1)
	Value int  // level of the flat pattern (default 128)
}

type pattern struct {
	native int // bit depth the formula is written in
	luma   func(s Spec, x, y, t int) int
}

func checkerDither(x, y int) int { return (x/37 + y/29) % 2 }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

var patterns = map[string]pattern{
	"vramp8": {8, func(s Spec, x, y, t int) int {
		return 16 + 200*y/s.Height + b2i(s.Dist)*checkerDither(x, y)
	}},
	"hramp8": {8, func(s Spec, x, y, t int) int {
		return 16 + x/24 + y/97 + b2i(s.Dist)*checkerDither(x, y)
	}},
	"diag8": {8, func(s Spec, x, y, t int) int {
		return 40 + (x+2*y)/31 + b2i(s.Dist)*checkerDither(x, y)
	}},
	"noise8": {8, func(s Spec, x, y, t int) int {
		v := 16 + int(splitmix(s.seed(), t, y*s.Width+x)%220)
		if s.Dist {
			v += int(splitmix(s.seed()+1000, t, y*s.Width+x)%5) - 2
			v = min(max(v, 0), 255)
		}
		return v
	}},
	"wide_hramp": {8, func(s Spec, x, y, t int) int { return 16 + 60*x/s.Width + b2i(s.Dist) }},
	"vramp_b":    {8, func(s Spec, x, y, t int) int { return 16 + 200*y/s.Height + b2i(s.Dist) }},
	"diagramp": {8, func(s Spec, x, y, t int) int {
		return 16 + 100*y/s.Height + 20*x/s.Width + b2i(s.Dist)
	}},
	"grad10":     {10, func(s Spec, x, y, t int) int { return min(200+x/2, 900) + b2i(s.Dist) }},
	"grad10wrap": {10, func(s Spec, x, y, t int) int { return 200 + (x/2)%701 + b2i(s.Dist) }},
	"checker": {8, func(s Spec, x, y, t int) int {
		v := 16
		if (x/10+y/10)%2 == 1 {
			v = 235
		}
		return v + b2i(s.Dist)
	}},
	"flat": {8, func(s Spec, x, y, t int) int {
		v := s.Value
		if v == 0 {
			v = 128
		}
		return v + b2i(s.Dist)
	}},
}

func (s Spec) seed() uint64 {
	if s.Seed == 0 {
		return 1
	}
	return uint64(s.Seed)
}

// splitmix is the splitmix64 finaliser of key = seed<<48 | t<<32 | index.
func splitmix(seed uint64, t, index int) uint64 {
	z := seed<<48 | uint64(t)<<32 | uint64(index)
	z += 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Patterns lists the pattern names.
func Patterns() []string {
	var names []string
	for n := range patterns {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Frame renders frame t of the clip. Chroma is flat mid-grey.
func Frame(s Spec, t int) (*yuv.Picture, error) {
	p, ok := patterns[s.Pattern]
	if !ok {
		return nil, fmt.Errorf("synth: unknown pattern %q", s.Pattern)
	}
	if err := s.Format.Validate(); err != nil {
		return nil, fmt.Errorf("synth: %v", err)
	}
	pic := yuv.NewPicture(s.Format)
	maxv := 1<<s.BitDepth - 1
	for y := 0; y < s.Height; y++ {
		row := pic.Planes[0][y*s.Width : (y+1)*s.Width]
		for x := range row {
			v := p.luma(s, x, y, t)
			switch {
			case p.native < s.BitDepth:
				v <<= s.BitDepth - p.native
			case p.native > s.BitDepth:
				v >>= p.native - s.BitDepth
			}
			row[x] = uint16(min(max(v, 0), maxv))
		}
	}
	mid := uint16(1 << (s.BitDepth - 1))
	for i := 1; i < s.Chroma.Planes(); i++ {
		for j := range pic.Planes[i] {
			pic.Planes[i][j] = mid
		}
	}
	return pic, nil
}

// AppendRaw appends the picture as raw planar YUV (little-endian above 8 bits).
func AppendRaw(b []byte, p *yuv.Picture) []byte {
	for i := 0; i < p.Chroma.Planes(); i++ {
		for _, v := range p.Planes[i] {
			if p.BitDepth > 8 {
				b = append(b, byte(v), byte(v>>8))
			} else {
				b = append(b, byte(v))
			}
		}
	}
	return b
}

// Raw renders frames 0..n-1 as one raw .yuv byte stream.
func Raw(s Spec, n int) ([]byte, error) {
	var b []byte
	for t := 0; t < n; t++ {
		p, err := Frame(s, t)
		if err != nil {
			return nil, err
		}
		b = AppendRaw(b, p)
	}
	return b, nil
}
