package adm

import (
	"sync"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// NewConcurrent returns a CPU Scorer that is safe for concurrent use: each
// call borrows an idle reference scorer (making one when none is idle), so
// frames scored at once each have their own buffers. Results are those of
// New, bit for bit.
func NewConcurrent(cfg *Config) Scorer { return &concurrent{cfg: cfg} }

type concurrent struct {
	cfg  *Config
	mu   sync.Mutex
	idle []Scorer
}

func (c *concurrent) Score(frame int, ref, dist yuv.Plane, keepMaps bool) (*FrameResult, error) {
	c.mu.Lock()
	var s Scorer
	if n := len(c.idle); n > 0 {
		s, c.idle = c.idle[n-1], c.idle[:n-1]
	}
	c.mu.Unlock()
	if s == nil {
		s = New(c.cfg)
	}
	r, err := s.Score(frame, ref, dist, keepMaps)
	c.mu.Lock()
	c.idle = append(c.idle, s)
	c.mu.Unlock()
	return r, err
}

func (c *concurrent) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.idle {
		s.Close()
	}
	c.idle = nil
	return nil
}
