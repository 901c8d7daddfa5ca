package motion

import "github.com/bandscope/bandscope/kernels/cpu"

type namedScorer struct {
	name string
	s    Scorer
}

// scorers are the reference and the fast scorer with every kernel set the
// host runs, on one and on three threads.
func scorers(cfg *Config) []namedScorer {
	ss := []namedScorer{{"reference", New(cfg)}}
	for _, k := range cpu.Supported() {
		ss = append(ss, namedScorer{"fast-" + k.String(), NewCPU(cfg, Options{Kernels: k, Threads: 1})})
	}
	ss = append(ss, namedScorer{"fast-best-3", NewCPU(cfg, Options{Kernels: cpu.Best(), Threads: 3})})
	return ss
}
