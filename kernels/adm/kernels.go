package adm

import "github.com/bandscope/bandscope/kernels/cpu"

// kernels are the hot row loops of the fast scorer; every set computes the
// same bits as the Go twins.
type kernels struct {
	set cpu.Set
	// dwt0V: DWT0's vertical pass over one row (lo, hi, 4 input rows). A
	// twin may also return the OR of the samples it read (checked true),
	// which spares the scorer's range check a read of its own.
	dwt0V func(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (or uint16, checked bool)
	// dwt0V8: dwt0V at 8 bits on the bytes of a packed plane
	// (yuv.Plane.Pix8), where every sample is in range and nothing is
	// checked.
	dwt0V8 func(lo, hi []int16, r0, r1, r2, r3 []uint8, loOnly bool)
	// dwt0H: DWT0's horizontal pass, outputs [j0, j1) away from the edges.
	// With loOnly, v, hh and d are unused and hi is scratch (a twin may
	// write it).
	dwt0H func(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool)
	// angle0: flag[j] = -1 where the reference's and the distorted (h, v)
	// detail vectors are under a degree apart (angleFlag), else 0.
	angle0 func(flag []int32, oh, ov, th, tv []int16, cos1 float32)
	// decouple0: decouple0One over one row of one band, flag from angle0.
	decouple0 func(r, a, o, t []int16, flag []int32, egl float64)
	// csf0: scale 0's masking terms of one row: f[j] and c[j] are the sums
	// over the three bands (s0, s1, s2) of the CSF-weighted |x|/30 and its
	// centre weight.
	csf0 func(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32)
	// csf123: csf0 for scales 1-3 (int32 coefficients, uint32 weights).
	csf123 func(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32)
	// angle123 and decouple123: angle0 and decouple0 for the int32 bands of
	// scales 1-3.
	angle123    func(flag []int32, oh, ov, th, tv []int32, cos1 float32)
	decouple123 func(r, a, o, t []int32, flag []int32, egl float64)
	// den0: the sum of |s|^3 over a row of scale 0's reference band.
	// den123: scales 1-3's denominator row sum (den123Go).
	den0   func(s []int16) uint64
	den123 func(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64
	// dwt1V: scale 1's vertical pass over one row (from scale 0's int16
	// approximation).
	dwt1V func(lo, hi []int32, r0, r1, r2, r3 []int16)
	// dwt23V: the vertical pass of scales 2 and 3 over one row.
	dwt23V func(lo, hi []int32, r0, r1, r2, r3 []int32, scale int)
	// dwt123H: the horizontal pass of scales 1-3, outputs [j0, j1) away
	// from the edges.
	dwt123H func(a, v, hh, d, lo, hi []int32, j0, j1 int, add int64, shift uint)
	// cm0: scale 0's masked cube sums over columns [a, z), 0 < a, z < w.
	// thr is w-wide scratch.
	// cm123: cm0 for scales 1-3 (int32 coefficients, thresholds unshifted).
	cm123 func(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32)
	cm0   func(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, thr []int32)
	// csf123w: csf123 that also weighs its bands in place, s_b[j] =
	// csf123One(wt[b], s_b[j]), and cm123w: cm123 on bands csf123w
	// weighed (the masking stage's CSF is then pass 1's, not done twice).
	// A set has both or neither; with neither the scorer runs csf123 and
	// cm123.
	csf123w func(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32)
	cm123w  func(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, thr []int32)

	// Barten's DWT passes (precise.go). preciseV0 and preciseV: the
	// vertical pass of scale 0 (samples) and of scales 1-3 (the Q18
	// approximation) over one row. preciseH: the horizontal pass for
	// outputs [j0, j1) away from the edges, reading src[2j-1 .. 2j+2]:
	// a[j] from the low-pass taps, b[j] from the high-pass taps, rounded
	// by shifts sa and sb (1..63) and truncated to int32.
	preciseV0 func(lo, hi []int32, r0, r1, r2, r3 []uint16, bitDepth int)
	preciseV  func(lo, hi []int32, r0, r1, r2, r3 []int32)
	preciseH  func(a, b, src []int32, j0, j1 int, sa, sb uint)
	// narrow16: dst[j] = int16(src[j]), Barten's scale-0 bands.
	narrow16 func(dst []int16, src []int32)
	// decoupleExact0: Barten's decouple of one row of one scale-0 band
	// (exact), flag from angle0.
	decoupleExact0 func(r, a, o, t []int16, flag []int32, egl float64)
}

var scalarKernels = &kernels{set: cpu.Scalar, dwt0V: dwt0VGo, dwt0V8: dwt0V8Go, dwt0H: dwt0HGo, csf0: csf0Go, angle0: angle0Go, decouple0: decouple0Go, cm0: cm0Go, cm123: cm123Go, csf123: csf123Go, angle123: angle123Go, decouple123: decouple123Go, den0: den0Go, den123: den123Go, dwt1V: dwt1VGo, dwt23V: dwt123V[int32], dwt123H: dwt123HGo,
	preciseV0: preciseV0Go, preciseV: preciseVGo, preciseH: preciseHGoRow, narrow16: narrow16Go,
	decoupleExact0: decoupleExactGo[int16]}

// kernelsFor returns the kernels of a set, the Go twins where the set has
// none of its own.
func kernelsFor(s cpu.Set) *kernels {
	if s != cpu.Scalar {
		if k := simdKernels(s); k != nil {
			return k
		}
	}
	return scalarKernels
}

// The Go twins: the reference of every kernel set, bit for bit
// (TestKernelTwins), and the portable set's kernels.

// dwt0VGo is the vertical pass of DWT0 over one output row.
func dwt0VGo(lo, hi []int16, r0, r1, r2, r3 []uint16, bitDepth int, loOnly bool) (uint16, bool) {
	dwt0VRow(lo, hi, r0, r1, r2, r3, bitDepth, loOnly)
	return 0, false
}

// dwt0V8Go is dwt0VGo on the bytes of a packed 8-bit plane.
func dwt0V8Go(lo, hi []int16, r0, r1, r2, r3 []uint8, loOnly bool) {
	dwt0VRow(lo, hi, r0, r1, r2, r3, 8, loOnly)
}

// dwt0VRow is the vertical pass of DWT0 over one output row, from
// samples of either width.
func dwt0VRow[T uint8 | uint16](lo, hi []int16, r0, r1, r2, r3 []T, bitDepth int, loOnly bool) {
	shift := uint(bitDepth)
	add := int32(1) << (bitDepth - 1)
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		u0, u1, u2, u3 := int32(r0[j]), int32(r1[j]), int32(r2[j]), int32(r3[j])
		acc := dwtLo0*u0 + dwtLo1*u1 + dwtLo2*u2 + dwtLo3*u3
		acc -= dwtLoSum * add
		lo[j] = int16((acc + add) >> shift)
		if !loOnly {
			acc = dwtHi0*u0 + dwtHi1*u1 + dwtHi2*u2 + dwtHi3*u3
			hi[j] = int16((acc + add) >> shift)
		}
	}
}

// dwt0HGo is the horizontal pass of DWT0 for outputs [j0, j1), which read
// columns 2j-1 .. 2j+2 of lo and hi without mirroring.
func dwt0HGo(a, v, hh, d, lo, hi []int16, j0, j1 int, loOnly bool) {
	for j := j0; j < j1; j++ {
		c := lo[2*j-1 : 2*j+3 : 2*j+3]
		if loOnly {
			a[j], _ = dwt0HOne(int32(c[0]), int32(c[1]), int32(c[2]), int32(c[3]))
			continue
		}
		a[j], v[j] = dwt0HOne(int32(c[0]), int32(c[1]), int32(c[2]), int32(c[3]))
		c = hi[2*j-1 : 2*j+3 : 2*j+3]
		hh[j], d[j] = dwt0HOne(int32(c[0]), int32(c[1]), int32(c[2]), int32(c[3]))
	}
}

// dwt1VGo is dwt123V at scale 1, from int16 rows.
func dwt1VGo(lo, hi []int32, r0, r1, r2, r3 []int16) { dwt123V(lo, hi, r0, r1, r2, r3, 1) }

// dwt123V is the vertical pass of scales 1-3 over one output row (the
// dwt23V twin at scales 2 and 3).
func dwt123V[T int16 | int32](lo, hi []int32, r0, r1, r2, r3 []T, scale int) {
	va, vs := vpAdd[scale], vpShift[scale]
	n := len(lo)
	hi, r0, r1, r2, r3 = hi[:n], r0[:n], r1[:n], r2[:n], r3[:n]
	for j := 0; j < n; j++ {
		lo[j], hi[j] = dwt123One(int64(r0[j]), int64(r1[j]), int64(r2[j]), int64(r3[j]), va, vs)
	}
}

// dwt123HGo is the horizontal pass of scales 1-3 for outputs [j0, j1),
// which read columns 2j-1 .. 2j+2 of lo and hi without mirroring.
func dwt123HGo(a, v, hh, d, lo, hi []int32, j0, j1 int, ha int64, hs uint) {
	for j := j0; j < j1; j++ {
		c := lo[2*j-1 : 2*j+3 : 2*j+3]
		e := hi[2*j-1 : 2*j+3 : 2*j+3]
		a[j], v[j] = dwt123One(int64(c[0]), int64(c[1]), int64(c[2]), int64(c[3]), ha, hs)
		hh[j], d[j] = dwt123One(int64(e[0]), int64(e[1]), int64(e[2]), int64(e[3]), ha, hs)
	}
}

// angle0Go is angleFlag over one row as a lane mask.
func angle0Go(flag []int32, oh, ov, th, tv []int16, cos1 float32) {
	angleGo(flag, oh, ov, th, tv, cos1)
}

// angle123Go is angle0Go for scales 1-3.
func angle123Go(flag []int32, oh, ov, th, tv []int32, cos1 float32) {
	angleGo(flag, oh, ov, th, tv, cos1)
}

func angleGo[T int16 | int32](flag []int32, oh, ov, th, tv []T, cos1 float32) {
	n := len(flag)
	oh, ov, th, tv = oh[:n], ov[:n], th[:n], tv[:n]
	for j := range flag {
		flag[j] = 0
		if angleFlag(int64(oh[j]), int64(ov[j]), int64(th[j]), int64(tv[j]), cos1) {
			flag[j] = -1
		}
	}
}

// decouple0Go is decouple0One over one row of one band.
func decouple0Go(r, a, o, t []int16, flag []int32, egl float64) {
	n := len(r)
	a, o, t, flag = a[:n], o[:n], t[:n], flag[:n]
	for j := range r {
		r[j], a[j] = decouple0One(int32(o[j]), int32(t[j]), flag[j] != 0, egl)
	}
}

// decouple123Go is decouple123One over one row of one band.
func decouple123Go(r, a, o, t []int32, flag []int32, egl float64) {
	n := len(r)
	a, o, t, flag = a[:n], o[:n], t[:n], flag[:n]
	for j := range r {
		r[j], a[j] = decouple123One(o[j], t[j], flag[j] != 0, egl)
	}
}

// decoupleExactGo is exact over one row of one band (Barten's decouple0
// and decouple123 Go twins), flag from angle0 or angle123.
func decoupleExactGo[T int16 | int32](r, a, o, t []T, flag []int32, egl float64) {
	n := len(r)
	a, o, t, flag = a[:n], o[:n], t[:n], flag[:n]
	for j := range r {
		r[j], a[j] = exact(o[j], t[j], flag[j] != 0, egl)
	}
}

// csf0Go is scale 0's CSF and masking terms over one row (the fast
// scorer's fused loop does the same per coefficient when it keeps maps).
func csf0Go(f, c []int32, s0, s1, s2 []int16, wt *[NumBands]int32) {
	n := len(f)
	c, s0, s1, s2 = c[:n], s0[:n], s1[:n], s2[:n]
	for j := range f {
		var fs, cs int32
		for b, x := range [NumBands]int16{s0[j], s1[j], s2[j]} {
			v := csf0One(wt[b], x, b)
			fs += csf0Flt(v)
			cs += csf0Ctr(v)
		}
		f[j], c[j] = fs, cs
	}
}

// csf123Go is csf0Go for scales 1-3.
func csf123Go(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	c, s0, s1, s2 = c[:n], s0[:n], s1[:n], s2[:n]
	for j := range f {
		var fs, cs int32
		for b, x := range [NumBands]int32{s0[j], s1[j], s2[j]} {
			v := csf123One(wt[b], x)
			fs += csf123Flt(v)
			cs += csf123Ctr(v)
		}
		f[j], c[j] = fs, cs
	}
}

// den0Go is the sum of |v|^3 over a row of scale 0's reference band
// (|-32768| is 32768: the uint16 of the int32 absolute value).
func den0Go(s []int16) uint64 {
	var sum uint64
	for _, v := range s {
		u := uint64(uint16(abs32(int32(v))))
		sum += u * u * u
	}
	return sum
}

// den123Go is the denominator's row sum at scales 1-3: the cube of |v| in
// libvmaf's two rounded steps, uint64 arithmetic that may wrap.
func den123Go(s []int32, addSq uint64, sq uint, addCub uint64, shiftCub uint) uint64 {
	var sum uint64
	for _, v := range s {
		u := uint64(uint32(abs32(v)))
		sum += ((((u*u)+addSq)>>sq)*u + addCub) >> shiftCub
	}
	return sum
}

// csf123wGo is csf123Go that also weighs the three bands in place.
func csf123wGo(f, c []int32, s0, s1, s2 []int32, wt *[NumBands]uint32) {
	n := len(f)
	c, s0, s1, s2 = c[:n], s0[:n], s1[:n], s2[:n]
	for j := range f {
		var fs, cs int32
		for b, s := range [NumBands][]int32{s0, s1, s2} {
			v := csf123One(wt[b], s[j])
			s[j] = v
			fs += csf123Flt(v)
			cs += csf123Ctr(v)
		}
		f[j], c[j] = fs, cs
	}
}

// cm0Params are scale 0's masking constants.
type cm0Params struct {
	wt       [NumBands]int32
	sub, sq  [NumBands]uint
	shiftCub [NumBands]uint
	addCub   [NumBands]int64
}

// cm123Params are the masking constants of scales 1-3.
type cm123Params struct {
	wt       [NumBands]uint32
	shiftCub uint
	addCub   int64
}

// thrRowGo is the masking threshold of columns [a, z) (0 < a, z < w) into
// thr[0 : z-a]: the 3x3 neighbourhood of F without its centre, plus C.
func thrRowGo(thr []int32, F [3][]int32, C []int32, a, z int) {
	fu, fm, fd := F[0][:z+1], F[1][:z+1], F[2][:z+1]
	C = C[:z]
	thr = thr[:z-a]
	for j := a; j < z; j++ {
		thr[j-a] = fu[j-1] + fu[j] + fu[j+1] + fm[j-1] + fm[j+1] + fd[j-1] + fd[j] + fd[j+1] + C[j]
	}
}

// cm0Go is the masking kernel over columns [a, z) with 0 < a, z < w; tmp
// holds the threshold row, shared by the three bands.
func cm0Go(inner *[NumBands]int64, src *[NumBands][]int16, F [3][]int32, C []int32, a, z int, p *cm0Params, tmp []int32) {
	thrRowGo(tmp, F, C, a, z)
	thr := tmp[:z-a]
	for b := 0; b < NumBands; b++ {
		s := src[b][a:z]
		s = s[:len(thr)]
		wt, sub, sq, sc, ac := p.wt[b], p.sub[b], p.sq[b], p.shiftCub[b], p.addCub[b]
		var acc int64
		for j, t := range thr {
			acc += maskedCube(int32(s[j])*wt, t<<sub, sq, ac, sc)
		}
		inner[b] += acc
	}
}

// cm123Go is the masking kernel of scales 1-3 over columns [a, z) with
// 0 < a, z < w; tmp as for cm0Go.
func cm123Go(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, tmp []int32) {
	thrRowGo(tmp, F, C, a, z)
	thr := tmp[:z-a]
	for b := 0; b < NumBands; b++ {
		s := src[b][a:z]
		s = s[:len(thr)]
		var acc int64
		for j, t := range thr {
			acc += maskedCube(csf123One(p.wt[b], s[j]), t, 30, p.addCub, p.shiftCub)
		}
		inner[b] += acc
	}
}

// cm123wGo is cm123Go on bands csf123wGo weighed.
func cm123wGo(inner *[NumBands]int64, src *[NumBands][]int32, F [3][]int32, C []int32, a, z int, p *cm123Params, tmp []int32) {
	thrRowGo(tmp, F, C, a, z)
	thr := tmp[:z-a]
	for b := 0; b < NumBands; b++ {
		s := src[b][a:z]
		s = s[:len(thr)]
		var acc int64
		for j, t := range thr {
			acc += maskedCube(s[j], t, 30, p.addCub, p.shiftCub)
		}
		inner[b] += acc
	}
}

// narrow16Go truncates scale 0's bands to int16 as preciseHGo does (they
// never exceed it: TestPreciseBounds).
func narrow16Go(dst []int16, src []int32) {
	src = src[:len(dst)]
	for j, v := range src {
		dst[j] = int16(v)
	}
}
