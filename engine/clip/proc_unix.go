//go:build unix

package clip

import (
	"os/exec"
	"syscall"
)

// ownGroup puts a helper in its own process group and makes cancelling
// kill the whole group, so that nothing it started keeps the pipe open.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
