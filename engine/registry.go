package engine

import (
	"fmt"
	"strings"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/engine/yuv"
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/cpu"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/vif"
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

	// Chroma: the feature reads the chroma planes (scoring runs otherwise
	// decode luma alone).
	Chroma bool
	// OtherReference: the feature accepts a reference of another size or
	// bit depth than the distorted clip with these options.
	OtherReference func(*feature.Values) bool
	// Memory is the bytes one frame in flight needs on the CPU beyond the
	// decoded pictures (the frame budget of pipeline.go uses it).
	Memory func(dist yuv.Format, o *feature.Values) int64

	open func(o opening) (extractor, error)
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
		Memory: func(f yuv.Format, o *feature.Values) int64 {
			n := int64(f.Width*f.Height) * 10 // two images, masks, c-values
			if o.Bool("full_ref") {
				n *= 2
			}
			return n
		},
		open: openCAMBI},
	{Name: "adm", Aliases: []string{"integer_adm"}, Options: adm.NewOptions, MetricNames: adm.MetricNames,
		Memory: func(f yuv.Format, _ *feature.Values) int64 {
			return int64(f.Width*f.Height) * 15 // the CPU scorer's bands (int16 at scale 0, scale 1 reused below)
		},
		open: openADM},
	{Name: "vif", Aliases: []string{"integer_vif"}, Options: vif.NewOptions, MetricNames: vif.MetricNames,
		Memory: func(f yuv.Format, _ *feature.Values) int64 { return int64(f.Width*f.Height) * 8 },
		open: func(o opening) (extractor, error) {
			cfg, err := vif.NewConfig(o.opts, o.dist.Width, o.dist.Height, o.dist.BitDepth)
			if err != nil {
				return nil, err
			}
			return openLuma("vif", o, vif.NewCPU(cfg, vif.Options{Kernels: o.cpuKernels(), Threads: o.b.threads, Limiter: o.b.limiter}), nil)
		}},
	{Name: "motion", Aliases: []string{"integer_motion"}, Options: motion.NewOptions, MetricNames: motion.MetricNames,
		Memory: func(f yuv.Format, o *feature.Values) int64 {
			return int64(f.Width*f.Height) * 2 * 5 // the reference luma of up to five frames
		},
		open: openMotion},
	{Name: "speed_chroma", Options: speed.NewOptions, MetricNames: speed.MetricNames, Chroma: true,
		Memory: func(f yuv.Format, _ *feature.Values) int64 {
			return int64(f.Width*f.Height) * 8 // float planes of both chroma planes of both pictures
		},
		open: openSpeed},
}

// errSameFormat refuses a pair whose reference and distorted formats differ
// for a feature that compares them sample by sample.
func errSameFormat(name string, o opening) error {
	return fmt.Errorf("%s: reference %dx%d %s %d-bit and distorted %dx%d %s %d-bit clips must have the same size, chroma layout and bit depth",
		name, o.ref.Width, o.ref.Height, o.ref.Chroma, o.ref.BitDepth, o.dist.Width, o.dist.Height, o.dist.Chroma, o.dist.BitDepth)
}

// Features lists the features the engine computes, in registration order.
func Features() []Feature { return append([]Feature(nil), registry...) }

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

// FeatureNames lists the registered names, for messages.
func FeatureNames() string {
	var n []string
	for _, f := range registry {
		n = append(n, f.Name)
	}
	return strings.Join(n, ", ")
}

// parsedSpec is one requested feature with its options applied.
type parsedSpec struct {
	def  *Feature
	spec feature.Spec
	opts *feature.Values
}

// parseSpecs looks every requested feature up and applies its options.
// Two requests that would write the same key (the same feature with the
// same options, or option sets whose names agree) are refused: the output
// would hold that key twice.
func parseSpecs(specs []feature.Spec) ([]parsedSpec, error) {
	var out []parsedSpec
	owner := map[string]string{} // key -> the request that writes it
	for _, sp := range specs {
		def, ok := LookupFeature(sp.Name)
		if !ok {
			return nil, fmt.Errorf("--feature %s: unknown feature (Bandscope computes %s)", sp.Name, FeatureNames())
		}
		o := def.Options()
		if err := o.SetAll(sp.Opts); err != nil {
			return nil, err
		}
		for _, name := range def.MetricNames(o) {
			if prev, dup := owner[name]; dup {
				return nil, fmt.Errorf("--feature %s and --feature %s both write %s: the same feature with the same options (give one, or options that change its name)", prev, specString(sp), name)
			}
			owner[name] = specString(sp)
		}
		out = append(out, parsedSpec{def: def, spec: sp, opts: o})
	}
	return out, nil
}

func specString(sp feature.Spec) string {
	var b strings.Builder
	b.WriteString(sp.Name)
	for i, kv := range sp.Opts {
		if i == 0 {
			b.WriteString("=")
		} else {
			b.WriteString(":")
		}
		b.WriteString(kv.Key + "=" + kv.Value)
	}
	return b.String()
}

// MetricNames lists every key a request writes per frame, in order.
func MetricNames(specs []feature.Spec) ([]string, error) {
	ps, err := parseSpecs(specs)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.def.MetricNames(p.opts)...)
	}
	return names, nil
}
