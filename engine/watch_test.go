package engine

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

// TestWatch: a run's Watch sees every frame once on the workers, with the
// request's own CAMBI keeping its c-values and spatial mask (a model's
// CAMBI instance, with other options, keeping none), and Collected gets
// each frame's value in frame order; the metrics are the run's without a
// watch. An error of Scored fails the run, naming the frame.
func TestWatch(t *testing.T) {
	req := pairRequest(t, "cambi=window_size=35")
	req.Models = []string{"version=vmaf_v1.0.16_3d0h"}
	plain := runRequest(t, req)
	var mu sync.Mutex
	seen := map[int]bool{}
	var order []int
	req.Watch = &Watch{
		CAMBIMaps: true,
		Scored: func(fr *FrameResult) (any, error) {
			var own, other int
			for _, f := range fr.Features {
				c, ok := f.Result.(*CAMBIResult)
				if !ok {
					continue
				}
				kept := c.Dist.SpatialMask != nil && c.Dist.Scales[4].CValues != nil && c.Dist.Preprocessed == nil
				if strings.HasSuffix(f.Metrics[0].Name, "_ws_35") {
					if kept {
						own++
					}
				} else if c.Dist.Scales[0].CValues == nil {
					other++
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if seen[fr.Frame] || own != 1 || other != 1 {
				return nil, errors.New("a frame seen twice, or maps kept where they should not be")
			}
			seen[fr.Frame] = true
			return fr.Frame * 10, nil
		},
		Collected: func(n int, v any) error {
			if v.(int) != n*10 {
				return errors.New("another frame's value")
			}
			order = append(order, n)
			return nil
		},
	}
	watched := runRequest(t, req)
	if len(order) != 3 || order[0] != 0 || order[1] != 1 || order[2] != 2 {
		t.Errorf("collected %v, want frames 0, 1, 2 in order", order)
	}
	for n := range plain.Frames {
		for _, m := range plain.Frames[n] {
			if v, _ := watched.Value(n, m.Name); v != m.Value {
				t.Errorf("frame %d %s: %v watched, %v without", n, m.Name, v, m.Value)
			}
		}
	}
	req.Watch = &Watch{Scored: func(fr *FrameResult) (any, error) {
		if fr.Frame == 1 {
			return nil, errors.New("no room")
		}
		return nil, nil
	}}
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Run(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "frame 1") || !strings.Contains(err.Error(), "no room") {
		t.Errorf("Scored's error: run error %v", err)
	}
}

// runRequest opens req and runs it whole, failing the test on any error.
func runRequest(t *testing.T, req Request) *Results {
	t.Helper()
	s, err := Open(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// countingRows is a CAMBIRowReader that counts the pictures and rows it
// reads.
type countingRows struct {
	mu   sync.Mutex
	pics []*countedPicture
}

// countedPicture counts the reads of each row of one picture's scale 0.
type countedPicture struct {
	mu    sync.Mutex
	reads []int
}

func (c *countingRows) Begin(p *CAMBIPicture, bands int) CAMBIPictureRows {
	c.mu.Lock()
	defer c.mu.Unlock()
	cp := &countedPicture{reads: make([]int, p.Scales[0].Height)}
	c.pics = append(c.pics, cp)
	return cp
}

func (p *countedPicture) Rows(band, y0, y1 int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for y := y0; y < y1; y++ {
		p.reads[y]++
	}
}

// TestWatchRows: with Watch.CAMBIRows the request's own CAMBI, on the
// CPU, hands each frame's distorted picture to the reader, every row of
// scale 0 once, and keeps no map (a model's instance, and --explain's
// perfect copy, have no reading); the metrics are the run's without a
// watch. With CAMBIMaps as well, the maps are kept too.
func TestWatchRows(t *testing.T) {
	req := pairRequest(t, "cambi=window_size=35")
	req.Models = []string{"version=vmaf_v1.0.16_3d0h"}
	req.Explain = true
	plain := runRequest(t, req)
	reader := &countingRows{}
	var mu sync.Mutex
	read := 0
	req.Watch = &Watch{
		CAMBIRows: reader,
		Scored: func(fr *FrameResult) (any, error) {
			for _, f := range fr.Features {
				c, ok := f.Result.(*CAMBIResult)
				if !ok {
					continue
				}
				if c.Dist.SpatialMask != nil || c.Dist.Scales[0].CValues != nil {
					return nil, errors.New("maps kept for a reader")
				}
				own := strings.HasSuffix(f.Metrics[0].Name, "_ws_35")
				if _, ok := c.Dist.Rows.(*countedPicture); ok != own {
					return nil, errors.New("a reading where there should be none, or none where there should be one")
				}
				if own {
					mu.Lock()
					read++
					mu.Unlock()
				}
			}
			return nil, nil
		},
	}
	watched := runRequest(t, req)
	if read != 3 || len(reader.pics) != 3 {
		t.Errorf("%d frames read, %d pictures begun, want 3 and 3", read, len(reader.pics))
	}
	for _, p := range reader.pics {
		for y, n := range p.reads {
			if len(p.reads) != 217 || n != 1 {
				t.Fatalf("row %d of %d read %d times, want every one of 217 once", y, len(p.reads), n)
			}
		}
	}
	for n := range plain.Frames {
		for _, m := range plain.Frames[n] {
			if v, _ := watched.Value(n, m.Name); v != m.Value {
				t.Errorf("frame %d %s: %v watched, %v without", n, m.Name, v, m.Value)
			}
		}
	}
	// With CAMBIMaps too, the reader reads and the maps are kept.
	both := 0
	req.Watch = &Watch{
		CAMBIMaps: true,
		CAMBIRows: &countingRows{},
		Scored: func(fr *FrameResult) (any, error) {
			for _, f := range fr.Features {
				if c, ok := f.Result.(*CAMBIResult); ok && strings.HasSuffix(f.Metrics[0].Name, "_ws_35") {
					if _, read := c.Dist.Rows.(*countedPicture); read && c.Dist.SpatialMask != nil && c.Dist.Scales[0].CValues != nil {
						mu.Lock()
						both++
						mu.Unlock()
					}
				}
			}
			return nil, nil
		},
	}
	runRequest(t, req)
	if both != 3 {
		t.Errorf("CAMBIMaps and CAMBIRows: %d frames read with their maps kept, want 3", both)
	}
}
