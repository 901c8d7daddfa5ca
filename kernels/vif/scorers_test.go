package vif

import "github.com/bandscope/bandscope/kernels/cpu"

// scorers returns every scorer the tests hold to libvmaf: the reference
// and the fast scorer with every supported kernel set, on one thread and
// on several.
func scorers(cfg *Config) []Scorer {
	s := []Scorer{New(cfg)}
	for _, set := range cpu.Supported() {
		s = append(s, NewCPU(cfg, Options{Kernels: set, Threads: 1}), NewCPU(cfg, Options{Kernels: set, Threads: 3}))
	}
	return s
}
