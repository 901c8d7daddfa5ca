package cambi

import "github.com/bandscope/bandscope/kernels/yuv"

// NumScales is the number of scales CAMBI pools.
const NumScales = 5

// ScaleWeights weigh the pooled score of each scale.
var ScaleWeights = [NumScales]int{16, 8, 4, 2, 1}

// ScaleResult is what one scale of one picture computed.
type ScaleResult struct {
	Width, Height int
	Window, Pad   int // window size in pixels (odd) and Window/2
	Score         float64
	Weight        int

	// The maps, Width*Height each, row-major; nil unless maps were kept.
	Image   []uint16  // the mode-filtered 10-bit image the c-values were computed on
	Mask    []uint8   // the spatial mask decimated to this scale (0 or 1)
	CValues []float32 // the c-values, as computed (before pooling reorders them)
	// MaxCValue is the largest of CValues above 0, or 0, set with them:
	// a c-value colour scale's top (the pooling's first scan finds it, so
	// that no view reads every c-value again for it).
	MaxCValue float32
}

// PictureResult is CAMBI on one picture (the distorted one, or the source in
// full-reference mode).
type PictureResult struct {
	Width, Height int // the size CAMBI ran at (encode or source size)

	// Preprocessed is the 10-bit image after resampling and anti-dithering,
	// SpatialMask the mask at that size; nil unless maps were kept.
	Preprocessed []uint16
	SpatialMask  []uint8
	MaskIndex    int // the box-sum threshold of the spatial mask

	Scales [NumScales]ScaleResult
	Score  float64 // weighted score before the cambi_max_val clip

	// Rows is what Config.Rows read of the picture (the distorted one, on
	// the CPU), nil without it.
	Rows PictureRows

	recycled bool // SpatialMask and the c-values came from the pools (Recycle)
}

// FrameResult is CAMBI on one frame.
type FrameResult struct {
	Frame int
	Dist  PictureResult
	Src   *PictureResult // full reference only

	CAMBI         float64 // min(Dist.Score, MaxVal)
	Source        float64 // full reference: min(Src.Score, MaxVal)
	FullReference float64 // full reference: min(max(0, Dist-Src), MaxVal)
}

// Scorer computes CAMBI frame by frame. Implementations: the CPU scalar
// reference (New), its SIMD twins, and the GPU backend; all give the same
// bits for every field of FrameResult.
type Scorer interface {
	// Score runs CAMBI on the luma of dist, and of ref in full-reference
	// mode (otherwise ref is ignored). ref comes first, as in adm.Scorer
	// and libvmaf's extract(ref, dist), so the two features cannot be
	// called with the planes swapped by habit. keepMaps fills the map
	// fields of the result; scores alone are cheaper. The result may be
	// reused by the next call unless keepMaps.
	Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error)
	Close() error
}
