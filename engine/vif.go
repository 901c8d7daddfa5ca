package engine

import (
	"fmt"

	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/vif"
)

// openVIF builds integer VIF on the session's backend: the fast CPU
// scorer, or the WebGPU twin (gpu.NewVIF, the same bits) on a GPU backend.
func openVIF(o opening) (extractor, error) {
	cfg, err := vif.NewConfig(o.opts, o.dist.Width, o.dist.Height, o.dist.BitDepth)
	if err != nil {
		return nil, err
	}
	s, err := o.b.newVIF(cfg)
	if err != nil {
		return nil, fmt.Errorf("vif on %s: %w", o.b.id, err)
	}
	return openLuma("vif", o, s)
}

func (b *backend) newVIF(cfg *vif.Config) (vif.Scorer, error) {
	if b.dev == nil {
		return vif.NewCPU(cfg, vif.Options{Kernels: b.kernels, Threads: b.threads, Limiter: b.limiter, InRange: true}), nil
	}
	return gpu.NewVIF(b.dev, cfg)
}
