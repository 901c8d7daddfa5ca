package feature

import "fmt"

// FormatError is a feature's refusal of the pictures it is given: a frame too
// small or too large for its filters, a bit depth or chroma layout it cannot
// read. It is a property of a clip, not of the command line, so the engine
// names the clip the refusal is about (the distorted one unless Reference).
type FormatError struct {
	Reference bool // the reference clip's format was refused
	Err       error
}

func (e *FormatError) Error() string { return e.Err.Error() }
func (e *FormatError) Unwrap() error { return e.Err }

// FormatErrorf refuses the distorted clip's format (or both clips', which
// share it).
func FormatErrorf(format string, args ...any) error {
	return &FormatError{Err: fmt.Errorf(format, args...)}
}

// RefFormatErrorf refuses the reference clip's format.
func RefFormatErrorf(format string, args ...any) error {
	return &FormatError{Reference: true, Err: fmt.Errorf(format, args...)}
}

// CheckFrameSize refuses, as the clip's error, a frame whose width or
// height is below min (why says what needs it), or above max (0: no
// bound).
func CheckFrameSize(feature string, w, h, min, max int, why string) error {
	if w < min || h < min {
		return FormatErrorf("%s: frame size %dx%d is too small: width and height must be at least %d (%s)", feature, w, h, min, why)
	}
	if max > 0 && (w > max || h > max) {
		return FormatErrorf("%s: frame size %dx%d is too large: width and height must be at most %d", feature, w, h, max)
	}
	return nil
}

// CheckBitDepth refuses, as the clip's error, a bit depth outside
// [lo, hi].
func CheckBitDepth(feature string, bitDepth, lo, hi int) error {
	if bitDepth < lo || bitDepth > hi {
		return FormatErrorf("%s: bit depth %d is not supported (%d to %d)", feature, bitDepth, lo, hi)
	}
	return nil
}
