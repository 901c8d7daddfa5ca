package inspect

import "github.com/bandscope/bandscope/engine"

// CAMBIOf is a frame's CAMBI result (the request's own instance, which
// comes before a model's), or nil.
func CAMBIOf(r *engine.FrameResult) *engine.CAMBIResult {
	if r == nil {
		return nil
	}
	c, _ := engine.ResultOf[*engine.CAMBIResult](r)
	return c
}

// CAMBIPicture is the picture whose maps a view shows: the distorted one,
// or with source the reference's, when CAMBI ran in full-reference mode.
func CAMBIPicture(r *engine.FrameResult, source bool) *engine.CAMBIPicture {
	c := CAMBIOf(r)
	if c == nil {
		return nil
	}
	if source && c.Src != nil {
		return c.Src
	}
	return &c.Dist
}

// CValues is scale s's c-value map of a picture, or nil without maps.
func CValues(p *engine.CAMBIPicture, s int) *Map {
	sc := &p.Scales[s]
	return F32(sc.Width, sc.Height, sc.CValues)
}
