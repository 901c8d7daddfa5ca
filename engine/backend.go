package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/bandscope/bandscope/gpu"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/cpu"
)

// BackendInfo names one backend a run can use.
type BackendInfo struct {
	ID   string // "cpu", "gpu:0", ...
	Name string // what to show a person
	Kind string // "cpu" or "gpu"
}

// Backends lists the CPU backend and every GPU adapter the host has. A
// missing GPU is not an error: the list simply has none.
func Backends() []BackendInfo {
	list := []BackendInfo{{ID: "cpu", Name: "CPU (" + CPUKernels() + ")", Kind: "cpu"}}
	adapters, err := gpu.Adapters()
	if err != nil {
		return list
	}
	for _, a := range adapters {
		list = append(list, BackendInfo{ID: fmt.Sprintf("gpu:%d", a.Index), Name: a.Name + " (" + a.Type + ", " + a.Backend + ")", Kind: "gpu"})
	}
	return list
}

// CheckKernels checks a CPU kernel set's name (scalar, avx2, avx512, neon) and
// that this CPU runs it.
func CheckKernels(name string) error {
	_, err := cpu.Parse(name)
	return err
}

// GPUAdapters describes the GPU adapters a run can use, one line each, for
// `bandscope devices`; an error when the GPU stack cannot be loaded.
func GPUAdapters() ([]string, error) {
	adapters, err := gpu.Adapters()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, a := range adapters {
		line := a.String()
		// Each adapter runs the integer edge cases the shaders rely on, so
		// a backend whose compiler differs is named here, in milliseconds.
		if lim, err := gpu.CheckAdapter(fmt.Sprintf("gpu:%d", a.Index)); err != nil {
			line += "\n       probe FAILED: " + err.Error()
		} else {
			line += "\n       probe ok; limits " + lim.String()
		}
		out = append(out, line)
	}
	return out, nil
}

// CPUKernels names the CPU kernel set used by default: the best the host
// supports, or BANDSCOPE_CPU_KERNELS.
func CPUKernels() string { return cpu.Default().String() }

// CPUKernelSets lists the kernel sets this CPU runs, the best first (what
// --cpu-kernels and BANDSCOPE_CPU_KERNELS may pick).
func CPUKernelSets() []string {
	var names []string
	for _, s := range cpu.Supported() {
		names = append(names, s.String())
	}
	slices.Reverse(names)
	return names
}

// ErrNotOnBackend is wrapped when a feature cannot run on the chosen backend.
var ErrNotOnBackend = errors.New("feature not available on this backend")

// backend builds scorers on one device.
type backend struct {
	id  string
	dev *gpu.Device // nil for the CPU

	// CPU: the kernel set, goroutines per run, and the limiter the frames
	// scored at once share.
	kernels cpu.Set
	threads int
	limiter *cpu.Limiter

	// Both (planFrames): frames scored at once, decoding ahead of scoring,
	// and (GPU) a frame's host halves finishing while the next frame is
	// scored and a third decoded.
	inflight    int
	pipeline    bool
	finishAhead bool
	// spare is what the run's memory budget leaves beyond its estimate
	// (one frame in flight: estimateMemory), for more frames in flight;
	// negative when the run has no budget.
	spare int64
}

// Devices are opened once per process and shared by every session: opening
// a GPU device costs far more than a frame, and some drivers refuse a new
// device while a released one is still being torn down.
var (
	devicesMu sync.Mutex
	devices   = map[string]*gpu.Device{}
)

func openDevice(selector string) (*gpu.Device, error) {
	devicesMu.Lock()
	defer devicesMu.Unlock()
	if d, ok := devices[selector]; ok {
		return d, nil
	}
	d, err := gpu.Open(selector)
	if err != nil {
		return nil, err
	}
	devices[selector] = d
	return d, nil
}

// QuietGPULogs keeps the GPU library from printing its own log lines on
// stderr (the CLI prints each failure as one line of its own).
func QuietGPULogs() { gpu.QuietLogs() }

// MaxThreads is the most threads a run uses: more only cost memory and
// scheduling (a frame's loops split into a few parts per thread).
const MaxThreads = 256

// ClampThreads bounds a --threads value to [0, MaxThreads] (0: all cores).
func ClampThreads(n int) int { return min(max(n, 0), MaxThreads) }

// openBackend opens "cpu" (the default kernel set), "cpu:SET" (scalar,
// avx2, avx512, neon), "gpu" or "gpu:N".
func openBackend(id string, threads int) (*backend, error) {
	switch {
	case id == "" || id == "cpu" || strings.HasPrefix(id, "cpu:"):
		set := cpu.Default()
		if name, ok := strings.CutPrefix(id, "cpu:"); ok {
			var err error
			if set, err = cpu.Parse(name); err != nil {
				return nil, fmt.Errorf("backend %s: %w", id, err)
			}
		}
		return &backend{id: "cpu", kernels: set, threads: ClampThreads(cpu.Threads(threads)), spare: -1}, nil
	case strings.HasPrefix(id, "gpu"):
		d, err := openDevice(id)
		if errors.Is(err, gpu.ErrNoSuchAdapter) {
			return nil, usagef("--backend %s: %v", id, err) // the selector is wrong, not the run
		}
		if _, limited := addressSpaceLeft(); limited && errors.Is(err, gpu.ErrNoAdapter) {
			err = fmt.Errorf("%w; under ulimit -v the GPU driver may not get the address space it needs", err)
		}
		if err != nil {
			return nil, err
		}
		// The host's share of a GPU run (decoding, uploads, SpEED's host
		// half, CPU features) keeps to --threads too.
		return &backend{id: id, dev: d, threads: ClampThreads(cpu.Threads(threads)), spare: -1}, nil
	}
	return nil, fmt.Errorf("unknown backend %q (want cpu, gpu or gpu:N; `bandscope devices` lists the GPUs)", id)
}

func (b *backend) newCAMBI(cfg *cambi.Config) (cambi.Scorer, error) {
	if b.dev == nil {
		return cambi.NewCPU(cfg, cambi.Options{Kernels: b.kernels, Threads: b.threads, Limiter: b.limiter}), nil
	}
	return gpu.NewCAMBI(b.dev, cfg)
}

func (b *backend) newADM(cfg *adm.Config) (adm.Scorer, error) {
	if b.dev == nil {
		return adm.NewCPU(cfg, adm.Options{Kernels: b.kernels, Threads: b.threads, Limiter: b.limiter, InRange: true}), nil
	}
	return gpu.NewADM(b.dev, cfg)
}

// close releases what the backend holds for one session; shared devices
// stay open for the next.
func (b *backend) close() error { return nil }

// frameScorer is a GPU scorer that reads its pictures from the frame on
// the device (gpu.Frame) instead of uploading its own copy.
type frameScorer[R any] interface {
	ScoreFrame(frame int, f *gpu.Frame, keepMaps bool) (R, error)
}

// splitFrameScorer is a frameScorer whose ScoreFrame splits into a device
// half and a host half (gpu's SpEED: ScoreFrameDevice).
type splitFrameScorer[R any] interface {
	ScoreFrameDevice(frame int, f *gpu.Frame, keepMaps bool) (finish func() (R, error), err error)
}

// readsDevice reports whether scorer s scores from a gpu.Frame.
func readsDevice[R any](s any) bool {
	_, ok := s.(frameScorer[R])
	return ok
}

// fromDevice returns s's ScoreFrame when fr's pictures are on the device
// (a GPU set's scoreFrame uploaded them) and s reads them there.
func fromDevice[R any](fr *FrameResult, s any) (frameScorer[R], bool) {
	if fr.onDevice == nil {
		return nil, false
	}
	fs, ok := s.(frameScorer[R])
	return fs, ok
}
