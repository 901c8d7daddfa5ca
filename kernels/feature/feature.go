package feature

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Metric is one named per-frame value, named as libvmaf prints it.
type Metric struct {
	Name  string
	Value float64
}

// Scored is a feature's per-frame result: it names its metrics for an
// option set.
type Scored interface {
	Metrics(*Values) []Metric
}

// MetricNames lists the keys r's Metrics gives for opts, in order. A
// zero result names them as well as any: the command line announces its
// columns before the first frame, and the engine's registry knows each
// feature's keys.
func MetricNames(r Scored, opts *Values) []string {
	ms := r.Metrics(opts)
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return names
}

// Spec is one parsed --feature argument.
type Spec struct {
	Name string
	Opts []KV // in the order given
}

// KV is one option as written.
type KV struct{ Key, Value string }

// ParseSpec parses libvmaf's "name" or "name=opt=val:opt=val".
func ParseSpec(s string) (Spec, error) {
	name, rest, hasOpts := strings.Cut(s, "=")
	if name == "" {
		return Spec{}, fmt.Errorf("--feature %q: empty feature name", s)
	}
	sp := Spec{Name: name}
	if !hasOpts {
		return sp, nil
	}
	for _, kv := range strings.Split(rest, ":") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return Spec{}, fmt.Errorf("--feature %q: option %q is not opt=value", s, kv)
		}
		sp.Opts = append(sp.Opts, KV{k, v})
	}
	return sp, nil
}

// Kind is the type of an option's value.
type Kind int

// Option value kinds, as libvmaf's VmafOption types.
const (
	Bool Kind = iota
	Int
	Double
	String
)

// Option describes one option of a feature extractor.
type Option struct {
	Name    string
	Alias   string // "" when none
	Kind    Kind
	Default any // bool, int, float64 or string
	Min     float64
	Max     float64 // for Int and Double: allowed range, inclusive
	// Param marks options that change the score, and so the metric name when
	// they differ from the default (libvmaf's VMAF_OPT_FLAG_FEATURE_PARAM).
	Param bool
	Help  string
}

// Values holds the options of one feature instance: every option has a value
// (its default unless set).
type Values struct {
	feature string
	table   []Option
	vals    map[string]any
}

// NewValues starts from the defaults of table.
func NewValues(feature string, table []Option) *Values {
	v := &Values{feature: feature, table: table, vals: map[string]any{}}
	for _, o := range table {
		v.vals[o.Name] = o.Default
	}
	return v
}

func (v *Values) lookup(key string) (*Option, bool) {
	for i := range v.table {
		if v.table[i].Name == key || (v.table[i].Alias != "" && v.table[i].Alias == key) {
			return &v.table[i], true
		}
	}
	return nil, false
}

// Set parses and range-checks one option given by name or alias.
func (v *Values) Set(key, value string) error {
	o, ok := v.lookup(key)
	if !ok {
		var names []string
		for _, o := range v.table {
			names = append(names, o.Name)
		}
		return fmt.Errorf("%s: unknown option %q (options: %s)", v.feature, key, strings.Join(names, ", "))
	}
	switch o.Kind {
	case Bool:
		switch value {
		case "true", "1":
			v.vals[o.Name] = true
		case "false", "0":
			v.vals[o.Name] = false
		default:
			return fmt.Errorf("%s: option %s=%q: want true or false", v.feature, o.Name, value)
		}
	case Int:
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("%s: option %s=%q: not an integer", v.feature, o.Name, value)
		}
		if float64(n) < o.Min || float64(n) > o.Max {
			return fmt.Errorf("%s: option %s=%d out of range [%g, %g]", v.feature, o.Name, n, o.Min, o.Max)
		}
		v.vals[o.Name] = n
	case Double:
		f, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return fmt.Errorf("%s: option %s=%q: not a number", v.feature, o.Name, value)
		}
		if !(f >= o.Min && f <= o.Max) {
			return fmt.Errorf("%s: option %s=%s out of range [%g, %g]", v.feature, o.Name, value, o.Min, o.Max)
		}
		v.vals[o.Name] = f
	case String:
		v.vals[o.Name] = value
	}
	return nil
}

// Clone copies the values, for an instance whose options the engine
// adjusts (CAMBI's encode size for an upscaled rendition).
func (v *Values) Clone() *Values {
	c := &Values{feature: v.feature, table: v.table, vals: make(map[string]any, len(v.vals))}
	for k, x := range v.vals {
		c.vals[k] = x
	}
	return c
}

// SetAll applies every option of a spec in order.
func (v *Values) SetAll(opts []KV) error {
	for _, kv := range opts {
		if err := v.Set(kv.Key, kv.Value); err != nil {
			return err
		}
	}
	return nil
}

// Table is the option table the values follow: every option's name,
// kind, default and range, for a form that edits them.
func (v *Values) Table() []Option { return v.table }

// Bool, Int, Float and String return an option's value by name.
func (v *Values) Bool(name string) bool     { return v.vals[name].(bool) }
func (v *Values) Int(name string) int       { return v.vals[name].(int) }
func (v *Values) Float(name string) float64 { return v.vals[name].(float64) }
func (v *Values) String(name string) string { return v.vals[name].(string) }

// IsDefault reports whether an option still has its default value.
func (v *Values) IsDefault(name string) bool {
	o, _ := v.lookup(name)
	return v.vals[name] == o.Default
}

// MetricName is libvmaf's name for a metric of this instance: base, then for
// every Param option not at its default, in alphabetical order of option
// name, "_alias_value" ("_alias" alone for booleans). Doubles print as %g.
func (v *Values) MetricName(base string) string {
	var set []*Option
	for i := range v.table {
		o := &v.table[i]
		if o.Param && !v.IsDefault(o.Name) {
			set = append(set, o)
		}
	}
	sort.Slice(set, func(i, j int) bool { return set[i].Name < set[j].Name })
	var b strings.Builder
	b.WriteString(base)
	for _, o := range set {
		key := o.Alias
		if key == "" {
			key = o.Name
		}
		b.WriteString("_" + key)
		switch o.Kind {
		case Bool:
		case Int:
			b.WriteString("_" + strconv.Itoa(v.Int(o.Name)))
		case Double:
			b.WriteString("_" + FormatG(v.Float(o.Name)))
		case String:
			b.WriteString("_" + v.String(o.Name))
		}
	}
	return b.String()
}

// FormatG formats like C's printf("%g").
func FormatG(f float64) string {
	s := strconv.FormatFloat(f, 'g', 6, 64)
	// C's %g never prints a '+' exponent with one digit: e+06, e-05.
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		mant, exp := s[:i], s[i+1:]
		sign := exp[0]
		digits := exp[1:]
		if len(digits) < 2 {
			digits = "0" + digits
		}
		s = mant + "e" + string(sign) + digits
	}
	return s
}
