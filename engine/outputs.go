package engine

import (
	"errors"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
)

// extractorError names the file a feature refused: a frame too small for
// ADM or CAMBI, a bit depth or chroma layout a feature cannot read, is a
// property of the clip (feature.FormatError), so the error says which clip:
// the reference when the refusal is about its side (a full-reference CAMBI's
// source size), else the distorted one. Other errors are returned as they
// are.
func extractorError(req Request, err error) error {
	var fe *feature.FormatError
	var ce *clip.Error
	if !errors.As(err, &fe) || errors.As(err, &ce) {
		return err
	}
	path := req.Distorted
	if fe.Reference && req.Reference != "" {
		path = req.Reference
	}
	return &clip.Error{Path: path, Frame: -1, Err: err}
}
