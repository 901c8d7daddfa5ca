package motion

type namedScorer struct {
	name string
	s    Scorer
}

func scorers(cfg *Config) []namedScorer {
	return []namedScorer{{"reference", New(cfg)}}
}
