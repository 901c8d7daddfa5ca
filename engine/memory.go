package engine

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// A run's memory is known before it allocates anything: the decoded
// pictures, the readers' frame buffers and each feature's workspace all
// follow from the clips' geometry and the features' options. Open adds them
// up (estimateMemory) and refuses a run over its budget with a message that
// says how much it needs, so that a hostile header (a 16384x8192 Y4M of a
// few bytes) is an error line, never the Go runtime's "out of memory"
// crash. The per-feature terms are in featureTable (features.go). They count
// allocations (not resident pages) and are upper bounds: measured with
// /usr/bin/time on 2048x2048 4:2:0 pairs and a 16384x8192 Y4M, ADM peaked
// at 2.3 GB RSS where the estimate is 3.8 GB, CAMBI+ADM at 168 MB where it
// is 268 MiB.

// samples is the number of samples of one picture (every plane).
func samples(f yuv.Format) int64 {
	var n int64
	for i := range f.Chroma.Planes() {
		w, h := f.PlaneSize(i)
		n += int64(w) * int64(h)
	}
	return n
}

// readerBytes is what a reader buffers: a frame for Y4M and raw files;
// for ffmpeg, its read-ahead and the frames being read, plus a cache of
// recent frames capped at 256 MiB (engine/clip's ffmpeg.go).
func readerBytes(f yuv.Format, container string) int64 {
	fb := fileFrameBytes(f)
	if container == "yuv" || container == "y4m" {
		return fb
	}
	return min(11*fb, 256<<20+3*fb)
}

// pictureBytes is a decoded picture in memory: 16-bit samples.
func pictureBytes(f yuv.Format) int64 { return samples(f) * 2 }

// fileFrameBytes is a frame as a reader buffers it (8-bit samples take one
// byte, deeper ones two).
func fileFrameBytes(f yuv.Format) int64 { return samples(f) * int64(max(f.BytesPerSample(), 1)) }

func pixels(f yuv.Format) int64 { return int64(f.Width) * int64(f.Height) }

// cambiMemory: two 16-bit images, the masks, the c-values and the
// histograms' strips at the encode size, plus the resampled input; twice
// in full-reference mode (the source picture has its own workspace when its
// geometry differs).
func cambiMemory(g Geometry, o *feature.Values) int64 {
	px := max(pixels(g.Dist), int64(o.Int("enc_width"))*int64(o.Int("enc_height")))
	n := px * 14
	if o.Bool("full_ref") {
		px2 := max(pixels(g.Ref), int64(o.Int("src_width"))*int64(o.Int("src_height")))
		n += px2 * 14
	}
	return n
}

// admMemory: the DWT bands of both pictures (32-bit at scale 0, 16- and
// 32-bit below), the decoupled and CSF bands and the masking rows.
func admMemory(g Geometry, o *feature.Values) int64 {
	return pixels(g.Dist) * 22
}

// vifMemory: the CPU scorer's filtered statistics rows and the
// subsampled pictures of scales 1-3 of both pictures.
func vifMemory(g Geometry, o *feature.Values) int64 { return pixels(g.Dist) * 12 }

// motionMemory: a run keeps the pictures of one more frame (two with
// motion_five_frame_window, the HFR models) decoded until the frames that
// compare with them are scored (pipeline.go); Session.Frame keeps the
// reference luma of up to five frames (the HFR models' window). Either
// way at most 12 bytes a reference pixel at 4:2:0, more at 4:2:2 and
// 4:4:4. The blurred rows are a few rows.
func motionMemory(g Geometry, o *feature.Values) int64 {
	lag := int64(1)
	if o.Bool("motion_five_frame_window") {
		lag = 2
	}
	pics := pictureBytes(g.Dist)
	if !g.SameClip {
		pics += pictureBytes(g.Ref)
	}
	return max(pixels(g.Ref)*12, lag*pics)
}

// speedMemory: float copies of both chroma planes of both pictures, their
// local means and the blocks' statistics.
func speedMemory(g Geometry, o *feature.Values) int64 { return pixels(g.Dist) * 16 }

// runtimeOverhead is the Go runtime, the binary and its tables, the
// scheduler's stacks: what an empty run already holds.
const runtimeOverhead = 64 << 20

// estimateMemory is the most memory a scoring run of specs over clips of
// these formats needs with one frame in flight: the decoded pictures, the
// readers' buffers (ffmpeg's decode-ahead included), every feature's
// workspace, and the runtime; explain scores the features twice (the
// reference against itself too). More frames in flight only use what the
// run's budget leaves on top, within the engine's frame budget
// (pipeline.go).
func estimateMemory(specs []parsedSpec, g Geometry, explain bool) int64 {
	n := int64(runtimeOverhead)
	pics := pictureBytes(g.Dist)
	readers := readerBytes(g.Dist, g.DistContainer)
	if !g.SameClip {
		pics += pictureBytes(g.Ref)
		readers += readerBytes(g.Ref, g.RefContainer)
	}
	n += 2*pics + readers // the pipeline decodes one frame ahead
	for _, p := range specs {
		m := p.def.Memory(g, p.opts)
		if explain {
			m *= 2
		}
		n += m
	}
	// The GUI keeps every map of a frame: as much again as the workspaces.
	return n
}

// DefaultMemoryBudget is the memory a run may use when the request does
// not say: three quarters of the physical memory, or of the cgroup's limit,
// or the runtime's share plus half the heap the address space left under
// RLIMIT_AS can still hold (addressSpaceLeft, heapRoom), whichever is
// least.
func DefaultMemoryBudget() int64 {
	budget := int64(physicalMemory()) / 4 * 3
	if cg := cgroupLimit(); cg > 0 {
		budget = min(budget, cg/4*3)
	}
	if left, ok := addressSpaceLeft(); ok {
		// The runtime's own share (runtimeOverhead, which every estimate
		// counts) is mapped already: what a run adds must fit in the heap
		// arenas left, with as much again for the collector to work in.
		budget = min(budget, runtimeOverhead+heapRoom(left)/2)
	}
	if budget <= 0 {
		budget = 1 << 30
	}
	return budget
}

// threadStack is the address space a thread's stack takes under RLIMIT_AS:
// the command's start-up sets 2 MiB (app/internal/addrspace).
const threadStack = 2 << 20

// addressSpaceLeft is what a run may still map under RLIMIT_AS (`ulimit
// -v`), when one is set: the limit less the address space the process holds
// now (the Go runtime's reservations, the binary, its heap) and less the
// stacks of the threads a run may still start (one per GOMAXPROCS and a few
// for blocking calls). Heap arenas come 64 MiB at a time; the budget's
// quarter of slack covers that rounding and the collector's.
func addressSpaceLeft() (int64, bool) {
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil || rl.Cur == ^uint64(0) || rl.Cur >= 1<<62 {
		return 0, false
	}
	threads := int64(runtime.GOMAXPROCS(0) + 8)
	return int64(rl.Cur) - virtualSize() - threads*threadStack, true
}

func physicalMemory() uint64 {
	if v := meminfo("MemTotal:"); v > 0 {
		return v
	}
	return 4 << 30
}

// meminfo reads one kB line of /proc/meminfo, in bytes.
func meminfo(key string) uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			v, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return v << 10
		}
	}
	return 0
}

func cgroupLimit() int64 {
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && v > 0 && v < 1<<60 {
			return v
		}
	}
	return 0
}

// virtualSize is this process's address space now (VmSize).
func virtualSize() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[0], 10, 64)
	return pages * int64(os.Getpagesize())
}

// ErrMemory is wrapped when a run would need more memory than its budget.
var ErrMemory = errors.New("not enough memory")

// checkMemory refuses a run whose estimate is over its budget, and returns
// what the budget leaves beyond the estimate (for more frames in flight;
// -1 without a budget). Under RLIMIT_AS it also sets the Go collector's
// memory limit to the address space left (limitHeap).
func checkMemory(req Request, specs []parsedSpec, g Geometry) (spare int64, err error) {
	budget := req.MaxMemory
	if budget < 0 {
		return -1, nil
	}
	if budget == 0 {
		budget = DefaultMemoryBudget()
	}
	need := estimateMemory(specs, g, req.Explain)
	if need <= budget {
		if left, ok := addressSpaceLeft(); ok {
			limitHeap(left)
		}
		return budget - need, nil
	}
	needStr, budgetStr := FormatBytes(need), FormatBytes(budget)
	if needStr == budgetStr {
		// Both round alike: the bytes say which is more.
		needStr, budgetStr = fmt.Sprintf("%d bytes", need), fmt.Sprintf("%d bytes", budget)
	}
	return 0, &clip.Error{Path: req.Distorted, Frame: -1, Err: fmt.Errorf("%w: %dx%d %s %d-bit with %s needs about %s, over the budget of %s (--max-memory to change it)",
		ErrMemory, g.Dist.Width, g.Dist.Height, g.Dist.Chroma, g.Dist.BitDepth, featureList(specs), needStr, budgetStr)}
}

// heapRoom is the heap that left bytes of address space can still hold: the
// Go heap grows by whole 64 MiB arenas, each with its metadata.
func heapRoom(left int64) int64 {
	const arena, withMetadata = 64 << 20, 66 << 20
	return max(left, 0) / withMetadata * arena
}

// limitHeap sets the Go collector's memory limit to what the runtime maps
// now plus the heap the address space left can hold: the heap then
// collects before it would need address space that is not there (by
// default it grows to twice what is live), where a failed reservation is
// the runtime's fatal "out of memory".
func limitHeap(left int64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	mapped := int64(s[0].Value.Uint64() - s[1].Value.Uint64())
	debug.SetMemoryLimit(mapped + heapRoom(left))
}

func featureList(specs []parsedSpec) string {
	var names []string
	for _, p := range specs {
		names = append(names, p.def.Name)
	}
	return strings.Join(names, "+")
}

// FormatBytes prints a size with a binary unit and at most one decimal
// ("512 bytes", "1.5 MiB", "8 GiB"), in the largest unit it is at least one
// of once rounded (1048575 bytes is "1 MiB", not "1024 KiB").
func FormatBytes(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	v, u := float64(n), 0
	for u < len(units)-1 && math.Round(v*10)/10 >= 1024 {
		v /= 1024
		u++
	}
	if u == 0 {
		if n == 1 {
			return "1 byte"
		}
		return fmt.Sprintf("%d bytes", n)
	}
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") + " " + units[u]
}

// ParseBytes reads a size: a number of bytes with an optional K, M, G or
// T suffix (powers of 1024, an optional trailing B or iB), or "none" for no
// limit (returned as -1). Zero is not a size: it would refuse every run,
// and "none" says what it sometimes meant.
func ParseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "NONE" {
		return -1, nil
	}
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err == nil && v >= 0 && v*float64(mult) < 1 {
		return 0, fmt.Errorf("%q: want a size above zero (e.g. 512M, 8G), or none for no limit", s)
	}
	if err != nil || !(v > 0) || v*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size (e.g. 512M, 8G, or none)", s)
	}
	return int64(v * float64(mult)), nil
}
