//go:build !unix

package clip

import "os/exec"

// ownGroup: elsewhere, cancelling kills the helper alone.
func ownGroup(cmd *exec.Cmd) {}
