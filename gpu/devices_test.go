//go:build cgo && !js

package gpu

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/cambi"
)

// The test binary opens every adapter once (openAll) and releases them
// when every test has run.

var (
	devicesOnce sync.Once
	devices     []*Device
	devicesErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range devices {
		d.Release()
	}
	os.Exit(code)
}

// openAll opens every adapter once for the whole test binary.
func openAll(t testing.TB) []*Device {
	devicesOnce.Do(func() {
		list, err := Adapters()
		if err != nil {
			devicesErr = err
			return
		}
		for _, a := range list {
			d, err := Open(fmt.Sprintf("gpu:%d", a.Index))
			if err != nil {
				devicesErr = err
				return
			}
			devices = append(devices, d)
			if err := Probe(d); err != nil {
				devicesErr = err // names the backend and its wrong cases
				return
			}
		}
	})
	if devicesErr != nil {
		t.Fatalf("opening adapters: %v", devicesErr)
	}
	if len(devices) == 0 {
		noAdapter(t, "GPU parity not checked")
	}
	return devices
}

// TestOpenErrors: unknown adapters are refused, and a released device
// refuses new scorers.
func TestOpenErrors(t *testing.T) {
	openAll(t)
	if _, err := Open("gpu:999"); err == nil {
		t.Error("gpu:999 opened")
	}
	if _, err := Open("gpu:no-such-device"); err == nil {
		t.Error("gpu:no-such-device opened")
	}
	d, err := Open("gpu")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := cambi.NewConfig(nil, 300, 216, 10)
	if err := d.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := NewCAMBI(d, cfg); err == nil {
		t.Error("NewCAMBI on a released device: no error")
	}
}
