package engine

import (
	"errors"
	"strings"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/internal/outfile"
)

// extractorError names the file a feature refused: a frame too small for
// ADM or CAMBI is a property of the clip, so the error says which clip (the
// reference when only a full-reference CAMBI's source side is refused).
// Errors that already name a file, name an output, or are not about the
// clips are returned as they are.
func extractorError(req Request, sp feature.Spec, err error) error {
	var ce *clip.Error
	if errors.As(err, &ce) || errors.Is(err, ErrUsage) || errors.Is(err, outfile.ErrSameAsInput) || errors.Is(err, outfile.ErrConflict) {
		return err
	}
	msg := err.Error()
	if !strings.Contains(msg, "too small") && !strings.Contains(msg, "bit depth") && !strings.Contains(msg, "must have the same size") {
		return err
	}
	path := req.Distorted
	if strings.Contains(msg, "source size") && req.Reference != "" {
		path = req.Reference
	}
	return &clip.Error{Path: path, Frame: -1, Err: err}
}
