package engine

import (
	"errors"
	"fmt"
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

// scoreRecovered scores a frame on a pipeline worker, turning a panic into
// an error: a panic on a worker goroutine would end the process with Go's
// exit status 2, which means "bad command line" to the CLI's callers.
func scoreRecovered(x extractor, fr *FrameResult) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return x.score(fr, false)
}
