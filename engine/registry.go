package engine

import (
	"strings"
	"sync"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/outfile"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// Feature describes one feature extractor the engine computes. Every
// feature is registered once, in registry below: the CLI, the output
// writers and the inspector find features only through it, so adding a
// feature is its kernel package plus one line here.
type Feature struct {
	Name    string   // libvmaf's extractor name, as --feature takes it
	Aliases []string // other names --feature accepts
	// Options returns the feature's option table at its defaults.
	Options func() *feature.Values
	// MetricNames lists the keys the feature writes for one option set.
	MetricNames func(*feature.Values) []string
	// Flushed lists those of them libvmaf appends only at the end of a
	// run, which its outputs list after every other feature's (keys.go);
	// may be nil.
	Flushed func(*feature.Values) []string

	// GPU: the feature has a GPU twin; without one it runs on the CPU on
	// a GPU backend, and the results say so (Results.Placement).
	GPU bool
	// Chroma: the feature reads the chroma planes (scoring runs otherwise
	// decode luma alone).
	Chroma bool
	// NoLuma: the feature reads the chroma planes alone (speed_chroma):
	// scoring runs of such features alone decode chroma alone where the
	// reader can (raw files).
	NoLuma bool
	// Packed: the feature's CPU scorers take 8-bit pictures held packed
	// (yuv.Plane.Pix8); scoring runs of 8-bit clips whose features all
	// do read them so, widening nothing.
	Packed bool
	// RefOnly: the feature reads the reference alone (motion), so the
	// reference against itself gives the values the run already has:
	// --explain reuses them instead of scoring it again.
	RefOnly bool
	// OtherReference: the feature accepts a reference of another size or
	// bit depth than the distorted clip with these options.
	OtherReference func(*feature.Values) bool
	// Memory is an upper bound of the bytes one frame in flight needs on
	// the CPU beyond the decoded pictures (memory.go: the run's budget
	// check and the frame budget of pipeline.go).
	Memory func(g Geometry, o *feature.Values) int64
	// Check refuses option combinations that parse but make no sense; may
	// be nil.
	Check func(o *feature.Values) error
	// Valid refuses option values that no clip makes valid (values the
	// feature does not take); may be nil. CheckFeatures and Open refuse
	// them as the command line's (ErrUsage), but for Request.Features
	// with Request.SkipUnavailable: the feature's constructor refuses them
	// too, so Open then leaves the feature out (Session.Skipped) when
	// another feature is left. A model's overrides are always checked.
	Valid func(o *feature.Values) error

	open func(o opening) (extractor, error)
}

// checkOptions runs the feature's Check and, with valid, its Valid.
func (f *Feature) checkOptions(o *feature.Values, valid bool) error {
	if f.Check != nil {
		if err := f.Check(o); err != nil {
			return err
		}
	}
	if valid && f.Valid != nil {
		return f.Valid(o)
	}
	return nil
}

// opening is what a feature needs to build its extractor.
type opening struct {
	b         *backend
	opts      *feature.Values
	ref, dist yuv.Format
	perfect   bool // the reference against itself (--explain): no output files
	// scaled is not nil when the distorted clip is a rendition upscaled to
	// the reference's size (ladder.go); dist is then the upscaled format.
	scaled *clip.Scaling
	// own: the instance is one of the request's features, not one a
	// model added; keepCValues: a run keeps its c-value maps and spatial
	// mask for the request's Watch (CAMBI).
	own, keepCValues bool
	// rows reads the distorted c-values as CAMBI pools them (on the CPU,
	// Watch.CAMBIRows); nil for none.
	rows CAMBIRowReader
	// outputs stages the files a feature writes (nil: published when the
	// run succeeds); inputs are the clips, which no output may replace.
	outputs *outfile.Set
	inputs  []string
}

// cpuKernels is the CPU kernel set for a feature that has no GPU twin yet:
// on a GPU backend it runs on the CPU with the best set.
func (o opening) cpuKernels() cpu.Set {
	if o.b.dev != nil {
		return cpu.Default()
	}
	return o.b.kernels
}

var registry = []Feature{
	{Name: "cambi", Options: cambi.NewOptions, MetricNames: cambiMetricNames,
		OtherReference: func(o *feature.Values) bool { return o.Bool("full_ref") },
		Memory:         cambiMemory, Check: checkCAMBIOptions, Valid: cambi.CheckOptions, GPU: true, Packed: true, open: openCAMBI},
	{Name: "adm", Aliases: []string{"integer_adm"}, Options: adm.NewOptions, MetricNames: namesOf(new(adm.FrameResult)),
		Memory: admMemory, Valid: adm.CheckOptions, GPU: true, Packed: true, open: openADM},
	{Name: "vif", Aliases: []string{"integer_vif"}, Options: vif.NewOptions, MetricNames: namesOf(new(vif.FrameResult)),
		Memory: vifMemory, GPU: true, Packed: true, open: openVIF},
	{Name: "motion", Aliases: []string{"integer_motion"}, Options: motion.NewOptions, MetricNames: namesOf(new(motion.FrameResult)),
		Flushed: motionFlushed, Memory: motionMemory, GPU: true, RefOnly: true, Packed: true, open: openMotion},
	{Name: "speed_chroma", Options: speed.NewOptions, MetricNames: namesOf(new(speed.FrameResult)), Chroma: true, NoLuma: true,
		Memory: speedMemory, Valid: speed.CheckOptions, GPU: true, Packed: true, open: openSpeed},
}

// namesOf is the MetricNames of a feature whose result r names its own
// metrics (every kernel package's FrameResult, CAMBI's aside: its keys
// depend on the instance, cambiMetricNames).
func namesOf(r feature.Scored) func(*feature.Values) []string {
	return func(o *feature.Values) []string { return feature.MetricNames(r, o) }
}

// errSameFormat refuses a pair whose reference and distorted formats differ
// for a feature that compares them sample by sample.
func errSameFormat(name string, o opening) error {
	return feature.FormatErrorf("%s: reference %dx%d %s %d-bit and distorted %dx%d %s %d-bit clips must have the same size, chroma layout and bit depth",
		name, o.ref.Width, o.ref.Height, o.ref.Chroma, o.ref.BitDepth, o.dist.Width, o.dist.Height, o.dist.Chroma, o.dist.BitDepth)
}

// LookupFeature finds a feature by its name or an alias.
func LookupFeature(name string) (*Feature, bool) {
	for i := range registry {
		f := &registry[i]
		if f.Name == name {
			return f, true
		}
		for _, a := range f.Aliases {
			if a == name {
				return f, true
			}
		}
	}
	return nil, false
}

// MetricFeature names the registered feature that writes metric key name
// (a run's key, or a libvmaf log's) and the key's base: its name without
// libvmaf's option suffixes ("cambi_ws_33" is CAMBI's "cambi"). ok is
// false for a key no feature writes: a model's score or cost.
func MetricFeature(name string) (feature, base string, ok bool) {
	for _, k := range metricBases() {
		if (name == k.base || strings.HasPrefix(name, k.base+"_")) && len(k.base) > len(base) {
			feature, base, ok = k.feature, k.base, true
		}
	}
	return feature, base, ok
}

// metricBase is one key a feature writes, at its default options.
type metricBase struct{ feature, base string }

// metricBases are every key each feature writes under some options: its
// MetricNames at the defaults with every switch that adds keys (the
// options that are booleans but no Param: debug, bands, full_ref) on.
var metricBases = sync.OnceValue(func() []metricBase {
	var out []metricBase
	for _, f := range registry {
		o := f.Options()
		for _, opt := range o.Table() {
			if opt.Kind == feature.Bool && !opt.Param {
				o.Set(opt.Name, "true")
			}
		}
		for _, n := range f.MetricNames(o) {
			out = append(out, metricBase{f.Name, n})
		}
	}
	return out
})

// parsedSpec is one requested feature with its options applied.
type parsedSpec struct {
	def  *Feature
	spec feature.Spec
	opts *feature.Values
}

// parseSpecs checks the requested features (CheckFeatures: known names,
// options in range, no key written twice, no shared heatmap directory) and
// applies their options.
func parseSpecs(specs []feature.Spec, skipUnavailable bool) ([]parsedSpec, error) {
	if err := checkFeatures(specs, !skipUnavailable); err != nil {
		return nil, err
	}
	var out []parsedSpec
	for _, sp := range specs {
		def, _ := LookupFeature(sp.Name)
		o := def.Options()
		if err := o.SetAll(sp.Opts); err != nil {
			return nil, err
		}
		out = append(out, parsedSpec{def: def, spec: sp, opts: o})
	}
	return out, nil
}
