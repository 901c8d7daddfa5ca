package cambi

import (
	"math"
	"strconv"
	"sync"
)

// ReciprocalSize is the length of the reciprocal table: window sizes up to
// 65 give p0+p1 <= 65*65 = 4225.
const ReciprocalSize = 4226

var (
	reciprocalOnce  sync.Once
	reciprocalTable [ReciprocalSize]float32
)

// Reciprocal returns libvmaf's table of 1/i used instead of a division in the
// c-value. libvmaf's table is source text: 1/i as a double printed with nine
// significant digits, read back as a float literal. Reading the decimal
// straight into a float32 is not always 1.0f/i (42 entries differ), so the
// table is rebuilt the same way here rather than computed.
func Reciprocal() *[ReciprocalSize]float32 {
	reciprocalOnce.Do(func() {
		for i := 1; i < ReciprocalSize; i++ {
			s := strconv.FormatFloat(1/float64(i), 'g', 9, 64)
			f, err := strconv.ParseFloat(s, 32)
			if err != nil {
				panic(err) // unreachable: FormatFloat output always parses
			}
			reciprocalTable[i] = float32(f)
		}
	})
	return &reciprocalTable
}

// contrastWeights is CAMBI's suprathreshold contrast response per luma step.
var contrastWeights = [32]int{1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8,
	8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}

// EOTF maps a normalised signal in [0, 1] to luminance in cd/m².
type EOTF func(v float64) float64

// BT1886 is the BT.1886 EOTF for a 300 cd/m² display with a 0.01 cd/m² black.
func BT1886(v float64) float64 {
	const gamma, lw, lb = 2.4, 300.0, 0.01
	a := math.Pow(math.Pow(lw, 1/gamma)-math.Pow(lb, 1/gamma), gamma)
	b := math.Pow(lb, 1/gamma) / (math.Pow(lw, 1/gamma) - math.Pow(lb, 1/gamma))
	return a * math.Pow(math.Max(v+b, 0), gamma)
}

// PQ is the SMPTE ST 2084 EOTF.
func PQ(v float64) float64 {
	const m1, m2 = 0.1593017578125, 78.84375
	const c1, c2, c3 = 0.8359375, 18.8515625, 18.6875
	num := math.Max(math.Pow(v, 1/m2)-c1, 0)
	den := c2 - c3*math.Pow(v, 1/m2)
	return 10000 * math.Pow(num/den, 1/m1)
}

// The 10-bit limited range CAMBI works in.
const (
	lumaFoot = 16 << 2
	lumaHead = 235 << 2
)

// luminance of a 10-bit limited-range sample.
func luminance(sample int, eotf EOTF) float64 {
	s := min(max(sample, lumaFoot), lumaHead)
	return eotf(float64(s-lumaFoot) / float64(lumaHead-lumaFoot))
}

func tviCondition(sample, diff int, threshold float64, eotf EOTF) bool {
	mean := luminance(sample, eotf)
	return luminance(sample+diff, eotf)-mean > threshold*mean
}

// tviForDiff is the largest sample at which a step of diff is still below the
// visibility threshold: libvmaf bisects between the foot of the luma range
// and head-diff-1, returning 0 when even the foot is visible and 1023 when
// nothing in the range is.
func tviForDiff(diff int, threshold float64, eotf EOTF) int {
	const maxVal = 1<<10 - 1
	// The bisection's three outcomes, as libvmaf names them.
	const tooSmall, correct, tooBig = 0, 1, 2
	cond := func(sample int) int {
		if !tviCondition(sample, diff, threshold, eotf) {
			return tooBig
		}
		if tviCondition(sample+1, diff, threshold, eotf) {
			return tooSmall
		}
		return correct
	}
	foot, head := lumaFoot, lumaHead-diff-1
	switch cond(foot) {
	case tooBig:
		return 0
	case correct:
		return foot
	}
	switch cond(head) {
	case tooSmall:
		return maxVal
	case correct:
		return head
	}
	for {
		mid := foot + (head-foot)/2
		switch cond(mid) {
		case tooBig:
			head = mid
		case tooSmall:
			foot = mid
		default:
			return mid
		}
	}
}

// vltLuma is the smallest 10-bit sample at or above the luminance threshold,
// or 0 when that is the foot of the range.
func vltLuma(threshold float64, eotf EOTF) int {
	s := lumaFoot
	for luminance(s, eotf) < threshold {
		s++
	}
	if s == lumaFoot {
		return 0
	}
	return s
}

// Tables are the constants one CAMBI configuration derives from its options.
type Tables struct {
	NumDiffs    int
	DiffWeights []int    // contrast weight of a step of d+1
	TVIForDiff  []uint16 // tviForDiff(d+1) + NumDiffs, libvmaf's offset form
	VLTLuma     uint16
	// Only samples in [BandBase, BandBase+BandSize) can give or feed a
	// non-zero c-value, so histograms hold only those rows.
	BandBase, BandSize uint16
}

// DiffWeights is the contrast weight of each step d+1 up to
// 2^maxLogContrast (Tables.DiffWeights without the rest of the tables).
func DiffWeights(maxLogContrast int) []int {
	return append([]int(nil), contrastWeights[:1<<maxLogContrast]...)
}

// NewTables derives the tables for max_log_contrast, tvi_threshold,
// cambi_vis_lum_threshold and the EOTF.
func NewTables(maxLogContrast int, tviThreshold, visLumThreshold float64, eotf EOTF) *Tables {
	nd := 1 << maxLogContrast
	t := &Tables{NumDiffs: nd, DiffWeights: DiffWeights(maxLogContrast), TVIForDiff: make([]uint16, nd)}
	for d := 0; d < nd; d++ {
		t.TVIForDiff[d] = uint16(tviForDiff(d+1, tviThreshold, eotf) + nd)
	}
	t.VLTLuma = uint16(vltLuma(visLumThreshold, eotf))
	lo := int(t.VLTLuma) - 3*nd + 1
	t.BandBase = uint16(max(lo, 0))
	t.BandSize = t.TVIForDiff[nd-1] + 1 - t.BandBase
	return t
}
