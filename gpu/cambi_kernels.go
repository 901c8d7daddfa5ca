//go:build cgo && !js

package gpu

import (
	_ "embed"

	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/oliverbestmann/webgpu/wgpu"
)

var (
	//go:embed cambi_preprocess.wgsl
	wgslPreprocess string
	//go:embed cambi_antidither.wgsl
	wgslAntiDither string
	//go:embed cambi_mask.wgsl
	wgslMask string
	//go:embed cambi_decimate.wgsl
	wgslDecimate string
	//go:embed cambi_mode.wgsl
	wgslMode string
	//go:embed cambi_cvalues.wgsl
	wgslCValues string
	//go:embed cambi_cvalues_bins.wgsl
	wgslBins string
	//go:embed cambi_validate.wgsl
	wgslValidate string
	//go:embed cambi_pool.wgsl
	wgslPool string
	//go:embed cambi_pool_find.wgsl
	wgslPoolFind string
)

// cambiKernels are CAMBI's compiled stages.
type cambiKernels struct {
	validate, preprocess, antiDither, derivative, box, decimate, mode, bins, cValues *kernel

	// The pooling passes of cambi_pool.wgsl and cambi_pool_find.wgsl,
	// sharing poolLayout.
	poolClear, poolCountHi, poolFindHi, poolCountLo, poolFindLo, poolSum *kernel
	poolLayout                                                           *wgpu.BindGroupLayout
}

func (d *Device) cambiKernels() (*cambiKernels, error) {
	k := new(cambiKernels)
	for _, s := range []struct {
		dst       **kernel
		name, src string
		entry     string
	}{
		{&k.validate, "cambi_validate.wgsl", wgslValidate, "main"},
		{&k.preprocess, "cambi_preprocess.wgsl", wgslPreprocess, "main"},
		{&k.antiDither, "cambi_antidither.wgsl", wgslAntiDither, "main"},
		{&k.derivative, "cambi_mask.wgsl", wgslMask, "derivative"},
		{&k.box, "cambi_mask.wgsl", wgslMask, "box"},
		{&k.decimate, "cambi_decimate.wgsl", wgslDecimate, "main"},
		{&k.mode, "cambi_mode.wgsl", wgslMode, "main"},
		{&k.bins, "cambi_cvalues_bins.wgsl", wgslBins, "main"},
		{&k.cValues, "cambi_cvalues.wgsl", wgslCValues, "main"},
	} {
		kk, err := d.newKernel(s.name, s.src, s.entry)
		if err != nil {
			k.release()
			return nil, err
		}
		*s.dst = kk
	}
	ro, rw := wgpu.BufferBindingTypeReadOnlyStorage, wgpu.BufferBindingTypeStorage
	pool, layout, err := d.newKernelGroupOf([]groupSource{
		{"cambi_pool.wgsl", wgslPool, []string{"clear", "count_hi", "count_lo", "sum"}},
		{"cambi_pool_find.wgsl", wgslPoolFind, []string{"find_hi", "find_lo"}},
	}, []wgpu.BufferBindingType{ro, rw, rw, rw})
	if err != nil {
		k.release()
		return nil, err
	}
	k.poolClear, k.poolCountHi, k.poolCountLo, k.poolSum, k.poolFindHi, k.poolFindLo = pool[0], pool[1], pool[2], pool[3], pool[4], pool[5]
	k.poolLayout = layout
	return k, nil
}

func (k *cambiKernels) release() {
	for _, kk := range []*kernel{k.validate, k.preprocess, k.antiDither, k.derivative, k.box, k.decimate, k.mode, k.bins, k.cValues,
		k.poolClear, k.poolCountHi, k.poolFindHi, k.poolCountLo, k.poolFindLo, k.poolSum} {
		if kk != nil {
			kk.release()
		}
	}
	if k.poolLayout != nil {
		k.poolLayout.Release()
	}
}

// resampleMap is the source index libvmaf's nearest-sample decimation takes
// for each of out outputs from in inputs (cambi.ResampleIndex). It is per
// column and per row, not per pixel, and constant for a configuration, so
// the host computes it once.
func resampleMap(in, out int, identity bool) []uint32 {
	m := make([]uint32, out)
	if identity {
		for i := range m {
			m[i] = uint32(i)
		}
		return m
	}
	for i, v := range cambi.ResampleIndex(in, out) {
		m[i] = uint32(v)
	}
	return m
}

// conversion returns the shifts of the 10-bit conversion of a bit depth.
func conversion(bitDepth int) (up, down uint32) {
	if bitDepth < 10 {
		return uint32(10 - bitDepth), 0
	}
	return 0, uint32(bitDepth - 10)
}

// tableWords packs TVIForDiff and DiffWeights as the c-value shader reads them.
func tableWords(t *cambi.Tables) []uint32 {
	w := make([]uint32, 64)
	for d := 0; d < t.NumDiffs; d++ {
		w[d] = uint32(t.TVIForDiff[d])
		w[32+d] = uint32(t.DiffWeights[d])
	}
	return w
}

func reciprocalBytes() []byte {
	r := cambi.Reciprocal()
	return wgpu.ToBytes(r[:])
}

// stripLayout splits h rows into strips for the c-value pass, perPass of
// them in one dispatch: as many as the histograms of w columns x size bins
// per strip fit in budget bytes, and at most maxGroups (the workgroups a
// dispatch may have per dimension). A small budget means more dispatches,
// never taller strips: an invocation walks its whole strip, and Mesa's
// llvmpipe (lavapipe) silently leaves any loop of an invocation after 65535
// iterations in all (its loop limiter), which a 1080-row strip exceeds (the
// c-values below row ~878 stayed zero).
//
// How tall a strip is weighs priming against parallelism. Priming a strip
// costs about as much as sliding it a window's height, so a strip of r rows
// costs about r + window row updates. A CPU adapter, whose few cores have
// work enough, gets strips of two windows: the least work. A GPU (spread:
// any adapter but a CPU one) runs each invocation's strip as one serial
// chain of histogram updates: at 4K (window 65) two-window strips give 17
// strips x 3840 columns at scale 0, a quarter of an H200's resident
// threads, and the lower scales a few workgroups each, whose time is then
// one chain's. It gets strips short enough for spreadInvocations
// invocations a scale, 16 rows at least: at 4K scale 0, 35 strips of 62
// rows (2160 + 35*65 row updates a column against 2160 + 17*65: a third
// more work; chains of 127 rather than 195; histograms of 303 MB rather
// than 147, within histBudget), and strips of 16 rows at the lower scales
// (chains of 81). stripRowsHook (tests, benchmarks) sets the height.
func stripLayout(w, h, pad, size int, budget uint64, maxGroups uint32, spread bool) (rows, strips, perPass int) {
	rows = max(2*(2*pad+1), 16)
	switch {
	case stripRowsHook > 0:
		rows = stripRowsHook
	case spread:
		want := (spreadInvocations + w - 1) / w // strips
		rows = min(rows, max(16, (h+want-1)/want))
	}
	strips = (h + rows - 1) / rows
	per := uint64(size) * uint64(w) * 4
	perPass = int(min(budget/max(per, 1), uint64(strips), uint64(maxGroups)))
	return rows, strips, max(perPass, 1)
}

// spreadInvocations is how many c-value invocations a GPU's scale aims at:
// half an H200's resident threads (132 SMs x 2048), past which the pass
// should be bound by the histogram updates' memory traffic rather than by
// each strip's chain. Timed on an NVIDIA H200 (BenchmarkCAMBI's "device" at
// 4K: the upload and every stage, the maps kept on the device; 10 frames,
// 2026-12-04): this layout (62 rows at scale 0) 34.3 frames/s, every strip
// 64 rows 34.8, 130 rows 33.9, 32 rows 32.7, 16 rows 25.6. Within 2% of the
// best height tried: kept.
const spreadInvocations = 1 << 17

// spread says whether the c-value strips are laid out for a GPU (short
// strips, many invocations) rather than for a CPU adapter.
func (d *Device) spread() bool { return d.Info().Type != "cpu" }

// histBudget is the most the c-value histograms may take on this device.
func (d *Device) histBudget() uint64 {
	return min(d.limits.MaxStorageBufferBindingSize, d.limits.MaxBufferSize, 1<<30, histBudgetCap)
}
