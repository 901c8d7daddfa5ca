//go:build nogui

package main

import "errors"

// openInspector: a binary built with -tags nogui (the headless CLI, as the
// real-GPU check carries it) has no inspector.
func openInspector([]string) error {
	return errors.New("this binary was built without the inspector (-tags nogui): use bandscope score or bandscope devices")
}
