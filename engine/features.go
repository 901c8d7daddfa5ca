package engine

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// FeatureNames lists the names --feature accepts (aliases included).
func FeatureNames() []string {
	var names []string
	for _, f := range registry {
		names = append(names, f.Name)
		names = append(names, f.Aliases...)
	}
	sort.Strings(names)
	return names
}

// ErrUsage is wrapped by CheckFeatures's errors: the command line, not the
// clips, is wrong.
var ErrUsage = errors.New("bad command line")

type usageError struct{ msg string }

func (e *usageError) Error() string        { return e.msg }
func (e *usageError) Is(target error) bool { return target == ErrUsage }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// CheckFeatures checks --feature arguments before any work: known names,
// options that parse and are in range, paired options given together, no
// feature given twice with options that give it the same metric names
// (its values would be written twice: duplicate JSON keys and XML
// attributes), and no two CAMBI instances writing heatmaps to the same
// directory (same file names). Its errors wrap ErrUsage.
func CheckFeatures(specs []feature.Spec) error { return checkFeatures(specs, true) }

// checkFeatures is CheckFeatures, the features' Valid checks only with
// valid (a request that skips unavailable features leaves a feature with
// such values out when it is built).
func checkFeatures(specs []feature.Spec, valid bool) error {
	seen := map[string]string{} // canonical metric key -> the argument
	heatmaps := map[string]string{}
	for _, sp := range specs {
		arg := specString(sp)
		def, ok := LookupFeature(sp.Name)
		if !ok {
			return usagef("--feature %s: unknown feature (accepted: %s)", sp.Name, strings.Join(FeatureNames(), ", "))
		}
		o := def.Options()
		if err := o.SetAll(sp.Opts); err != nil {
			return usagef("--feature %s: %v", arg, err)
		}
		if err := def.checkOptions(o, valid); err != nil {
			return usagef("--feature %s: %v", arg, err)
		}
		key := o.MetricName(def.Name)
		if prev, ok := seen[key]; ok {
			return usagef("--feature %s: same feature and options as --feature %s (its metrics would be written twice); give it once", arg, prev)
		}
		seen[key] = arg
		if def.Name == "cambi" {
			if hp := o.String("heatmaps_path"); hp != "" {
				abs, err := filepath.Abs(hp)
				if err != nil {
					abs = filepath.Clean(hp)
				}
				if prev, ok := heatmaps[abs]; ok {
					return usagef("--feature %s: heatmaps_path %s is also used by --feature %s (the heatmap files would overwrite each other); give each its own directory", arg, hp, prev)
				}
				heatmaps[abs] = arg
			}
		}
	}
	return nil
}

func specString(sp feature.Spec) string {
	if len(sp.Opts) == 0 {
		return sp.Name
	}
	var kv []string
	for _, o := range sp.Opts {
		kv = append(kv, o.Key+"="+o.Value)
	}
	return sp.Name + "=" + strings.Join(kv, ":")
}

// checkCAMBIOptions refuses a size given by one of its two dimensions:
// libvmaf would silently ignore it.
func checkCAMBIOptions(o *feature.Values) error {
	for _, p := range [][2]string{{"enc_width", "enc_height"}, {"src_width", "src_height"}} {
		if o.IsDefault(p[0]) != o.IsDefault(p[1]) {
			return fmt.Errorf("cambi: options %s and %s go together: give both or neither", p[0], p[1])
		}
	}
	return nil
}

// Geometry is what a feature's memory estimate depends on: the pictures it
// scores.
type Geometry struct {
	Dist, Ref                   yuv.Format
	SameClip                    bool   // no reference given
	DistContainer, RefContainer string // clip.Info.Container: "y4m", "yuv", or ffmpeg's
}
