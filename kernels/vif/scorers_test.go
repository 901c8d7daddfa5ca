package vif

// scorers returns every scorer the golden tests hold to libvmaf.
func scorers(cfg *Config) []Scorer {
	return []Scorer{New(cfg)}
}
