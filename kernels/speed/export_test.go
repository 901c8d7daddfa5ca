package speed

// NewFast is NewCPU on one goroutine, for the tests that hold it to New.
func NewFast(cfg *Config) Scorer { return NewCPU(cfg, Options{Threads: 1}) }
