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
