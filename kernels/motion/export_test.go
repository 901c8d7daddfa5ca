package motion

// NewCPU is the fast CPU Scorer, for the tests that hold it to New: the
// reference's two passes fused per row with the symmetric taps paired, the
// frame cut into row bands that run in parallel, the rows in the chosen
// kernel set (FastSAD) under the same temporal recipe. Each row's sum is
// libvmaf's uint32 and the frame sums them in uint64, so neither the
// thread count nor the kernel set changes a bit; its results, maps
// included, are identical to New's.
func NewCPU(cfg *Config, o Options) Scorer {
	return newStream(cfg, NewFastSAD(cfg, o).SAD)
}
