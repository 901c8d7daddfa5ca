package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/kernels/feature"
)

// DefaultName is the key libvmaf prints a model's score under unless
// --model's name= says otherwise.
const DefaultName = "vmaf"

// maxModelSize bounds a model file (libvmaf's largest, the bootstrap
// collection, is 400 KiB).
const maxModelSize = 64 << 20

// Model is a loaded VMAF model: one libsvm regression, or a bootstrap
// collection of them, with the features it needs.
type Model struct {
	Name    string // the output key, "vmaf" unless name= says otherwise
	Version string // the built-in version, "" for a model read from a file
	Path    string // the file, for path= and Load

	label  string // Version, Path or Parse's name: what errors call it
	inputs []Input
	main   *submodel   // model "0" of a collection, or the model
	boot   []*submodel // the collection's models "1".."N"; nil for a plain model
}

// Input is one feature a model needs.
type Input struct {
	Extractor string       // libvmaf extractor name: "adm" (integer ADM), "vif", "motion", "cambi", "speed_chroma", ...
	Opts      []feature.KV // the model's feature_opts_dicts entry plus --model overrides, in libvmaf's order
	Key       string       // the base metric key libvmaf prints, before option suffixes: "integer_adm2", "cambi"
	ModelName string       // the name in the model file: "VMAF_integer_feature_adm2_score"
}

// Config holds what libvmaf's --model string sets besides the model itself.
type Config struct {
	Name string // output key; "" means DefaultName
	// DisableClip ignores the model's score_clip (VMAF_MODEL_FLAG_DISABLE_CLIP).
	DisableClip bool
	// EnableTransform applies a score_transform the model has but does not
	// enable (VMAF_MODEL_FLAG_ENABLE_TRANSFORM).
	EnableTransform bool
	// Overrides are "extractor.option=value" settings, applied in order to
	// every feature of that extractor (vmaf_model_feature_overload).
	Overrides []Override
}

// Override is one --model "extractor.option=value".
type Override struct{ Extractor, Option, Value string }

// builtinVersions is libvmaf's built_in_models table (model.c) in its order,
// without the float models (built only with -Denable_float=true).
var builtinVersions = []string{
	"vmaf_v0.6.1", "vmaf_b_v0.6.3", "vmaf_v0.6.1neg", "vmaf_4k_v0.6.1", "vmaf_4k_v0.6.1neg",
	"vmaf_v1.0.16_3d0h", "vmaf_v1.0.16_3d0h_2160", "vmaf_v1.0.16_5d0h", "vmaf_v1.0.16_1d5h_2160",
	"vmaf_v1.0.16_hfr_3d0h", "vmaf_v1.0.16_hfr_3d0h_2160", "vmaf_v1.0.16_hfr_5d0h", "vmaf_v1.0.16_hfr_1d5h_2160",
}

// BuiltinVersions lists the models --model version= accepts, in libvmaf's order.
func BuiltinVersions() []string { return append([]string(nil), builtinVersions...) }

// Builtin loads a built-in model by version, with the default Config.
func Builtin(version string) (*Model, error) { return Config{}.Builtin(version) }

// Load reads a model file (libvmaf's JSON), with the default Config.
func Load(path string) (*Model, error) { return Config{}.Load(path) }

// Parse reads a model from JSON with the default Config; name labels it in
// errors.
func Parse(name string, data []byte) (*Model, error) { return Config{}.Parse(name, data) }

// Builtin loads a built-in model by version.
func (c Config) Builtin(version string) (*Model, error) {
	known := false
	for _, v := range builtinVersions {
		known = known || v == version
	}
	if !known {
		return nil, fmt.Errorf("no built-in model %q (built-in: %s)", version, strings.Join(builtinVersions, ", "))
	}
	data, err := fs.ReadFile(assets.Models, "models/"+version+".json")
	if err != nil {
		return nil, fmt.Errorf("built-in model %s: %v", version, err)
	}
	m, err := c.Parse(version, data)
	if err != nil {
		return nil, err
	}
	m.Version = version
	return m, nil
}

// Load reads a model file.
func (c Config) Load(path string) (*Model, error) {
	if strings.HasSuffix(path, ".pkl") {
		return nil, fmt.Errorf("model %s: pkl model files are not supported, use json", printable(path))
	}
	// A model is a small regular file; refusing anything else keeps a
	// mistyped path (a device, a FIFO, a huge file) from hanging the run.
	st, err := os.Stat(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	if !st.Mode().IsRegular() || st.Size() > maxModelSize {
		return nil, fmt.Errorf("model %s: not a regular file of at most %d MiB", printable(path), maxModelSize>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	m, err := c.Parse(path, data)
	if err != nil {
		return nil, err
	}
	m.Path = path
	return m, nil
}

// Parse reads a model or a bootstrap model collection from libvmaf's JSON.
// Like libvmaf's CLI it tries a single model first (a top-level
// "model_dict"), then a collection ("0" the main model, "1".."N" the
// bootstrap models; read_json_model.c, model_collection_parse).
func (c Config) Parse(name string, data []byte) (*Model, error) {
	m, err := c.parse(data)
	if err != nil {
		return nil, fmt.Errorf("model %s: %v", printable(name), err)
	}
	m.label = name
	return m, nil
}

func (c Config) parse(data []byte) (*Model, error) {
	top, err := members(data)
	if err != nil {
		return nil, err
	}
	if c.Name == "" {
		c.Name = DefaultName
	}
	m := &Model{Name: c.Name}
	if _, ok := lookup(top, "model_dict"); ok {
		if m.main, err = c.parseModel(top); err != nil {
			return nil, err
		}
	} else {
		// model_collection_parse: members named "0", "1", ... in order;
		// anything else is skipped, as is a number out of sequence.
		i := 0
		for _, mb := range top {
			if mb.key != strconv.Itoa(i) {
				continue
			}
			obj, err := members(mb.val)
			if err != nil {
				return nil, fmt.Errorf("collection model %q: %v", mb.key, err)
			}
			sm, err := c.parseModel(obj)
			if err != nil {
				return nil, fmt.Errorf("collection model %q: %v", mb.key, err)
			}
			if i == 0 {
				m.main = sm
			} else {
				if len(m.boot) > 0 && sm.modelType != m.boot[0].modelType {
					return nil, fmt.Errorf("collection model %q: model_type %s differs from the others", mb.key, sm.modelType)
				}
				m.boot = append(m.boot, sm)
			}
			i++
		}
		switch {
		case i == 0:
			return nil, errors.New(`no "model_dict" and no model collection ("0", "1", ...)`)
		case i == 1:
			return nil, errors.New(`model collection has only model "0"`)
		}
		for _, sm := range m.boot {
			if sm.modelType != "BOOTSTRAP_LIBSVMNUSVR" && sm.modelType != "RESIDUEBOOTSTRAP_LIBSVMNUSVR" {
				return nil, fmt.Errorf("model collection of model_type %q, want BOOTSTRAP_LIBSVMNUSVR or RESIDUEBOOTSTRAP_LIBSVMNUSVR", sm.modelType)
			}
		}
	}
	if err := m.applyOverrides(c.Overrides); err != nil {
		return nil, err
	}
	m.link()
	return m, nil
}

// member is one member of a JSON object, in document order.
type member struct {
	key string
	val json.RawMessage
}

// members decodes a JSON object keeping its members' order, which libvmaf's
// streaming parser depends on; duplicate keys are refused.
func members(data []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("does not parse as JSON: %v", err)
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("does not parse as JSON: %v", err)
		}
		key := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("does not parse as JSON: %v", err)
		}
		if seen[key] {
			return nil, fmt.Errorf("key %q appears twice", key)
		}
		seen[key] = true
		out = append(out, member{key, raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("does not parse as JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("does not parse as JSON: data after the top-level object")
	}
	return out, nil
}

func lookup(ms []member, key string) (json.RawMessage, bool) {
	for _, m := range ms {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// jsonKind names the JSON type of a raw value: "object", "array", "string",
// "number", "bool", "null".
func jsonKind(raw json.RawMessage) string {
	s := bytes.TrimLeft(raw, " \t\r\n")
	if len(s) == 0 {
		return ""
	}
	switch s[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

func number(raw json.RawMessage, what string) (float64, error) {
	if jsonKind(raw) != "number" {
		return 0, fmt.Errorf("%s is not a number", what)
	}
	return strconv.ParseFloat(string(bytes.TrimSpace(raw)), 64)
}

func numbers(raw json.RawMessage, what string) ([]float64, error) {
	var items []json.RawMessage
	if jsonKind(raw) != "array" || json.Unmarshal(raw, &items) != nil {
		return nil, fmt.Errorf("%s is not an array", what)
	}
	out := make([]float64, len(items))
	for i, it := range items {
		f, err := number(it, fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

func str(raw json.RawMessage, what string) (string, error) {
	var s string
	if jsonKind(raw) != "string" || json.Unmarshal(raw, &s) != nil {
		return "", fmt.Errorf("%s is not a string", what)
	}
	return s, nil
}

// strs reads an array of strings.
func strs(raw json.RawMessage, what string) ([]string, error) {
	var items []json.RawMessage
	if jsonKind(raw) != "array" || json.Unmarshal(raw, &items) != nil {
		return nil, fmt.Errorf("%s is not an array", what)
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		s, err := str(it, fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// parseModel reads one model object ({"model_dict": {...}, ...}), as
// read_json_model.c's parse_model_dict does, with c's flags.
func (c Config) parseModel(obj []member) (*submodel, error) {
	raw, ok := lookup(obj, "model_dict")
	if !ok {
		return nil, errors.New(`no "model_dict"`)
	}
	md, err := members(raw)
	if err != nil {
		return nil, fmt.Errorf("model_dict: %v", err)
	}
	sm := &submodel{}
	var d modelDict
	for _, mb := range md {
		if err := c.readEntry(sm, &d, mb.key, mb.val); err != nil {
			return nil, err
		}
	}
	if err := d.check(sm.linear); err != nil {
		return nil, err
	}
	if err := sm.setFeatures(&d); err != nil {
		return nil, err
	}
	if err := sm.findChroma(); err != nil {
		return nil, err
	}
	return sm, nil
}

// modelDict is what a model_dict says of its features, read before it is
// checked as a whole.
type modelDict struct {
	slopes, intercepts []float64
	names              []string
	opts               [][]feature.KV
	haveSlopes         bool
	haveIntercepts     bool
	haveNorm, haveSVM  bool
}

// readEntry reads one entry of a model_dict into sm, or into d what is
// checked once every entry is read; unknown keys are ignored, as libvmaf
// ignores them.
func (c Config) readEntry(sm *submodel, d *modelDict, key string, v json.RawMessage) (err error) {
	switch key {
	case "model_type":
		return sm.readType(v)
	case "norm_type":
		d.haveNorm = true
		return sm.readNorm(v)
	case "score_clip":
		return sm.readClip(v, c.DisableClip)
	case "chroma_correction_parameter":
		return sm.readChroma(v)
	case "slopes":
		d.haveSlopes = true
		d.slopes, err = numbers(v, "slopes")
	case "intercepts":
		d.haveIntercepts = true
		d.intercepts, err = numbers(v, "intercepts")
	case "feature_names":
		d.names, err = strs(v, "feature_names")
	case "feature_opts_dicts":
		d.opts, err = parseOptsDicts(v)
	case "score_transform":
		err = sm.parseTransform(v, c.EnableTransform)
	case "model":
		var text string
		if text, err = str(v, "model"); err != nil {
			return err
		}
		d.haveSVM = true
		sm.svm, err = parseSVM(text)
	}
	return err
}

func (sm *submodel) readType(v json.RawMessage) error {
	t, err := str(v, "model_type")
	if err != nil {
		return err
	}
	switch t {
	case "LIBSVMNUSVR", "BOOTSTRAP_LIBSVMNUSVR", "RESIDUEBOOTSTRAP_LIBSVMNUSVR":
		sm.modelType = t
		return nil
	}
	return fmt.Errorf("unknown model_type %q", t)
}

func (sm *submodel) readNorm(v json.RawMessage) error {
	t, err := str(v, "norm_type")
	if err != nil {
		return err
	}
	switch t {
	case "linear_rescale":
		sm.linear = true
	case "none":
	default:
		return fmt.Errorf("unknown norm_type %q (want linear_rescale or none)", t)
	}
	return nil
}

// readClip reads score_clip, which disableClip reads and ignores.
func (sm *submodel) readClip(v json.RawMessage, disableClip bool) error {
	clip, err := numbers(v, "score_clip")
	if err != nil {
		return err
	}
	if len(clip) < 2 {
		return errors.New("score_clip needs [min, max]")
	}
	if !disableClip {
		sm.clip = true
		sm.clipMin, sm.clipMax = clip[0], clip[1]
	}
	return nil
}

func (sm *submodel) readChroma(v json.RawMessage) error {
	p, err := number(v, "chroma_correction_parameter")
	if err != nil {
		return err
	}
	if p == 0 {
		// libvmaf then writes no score at all.
		return errors.New("chroma_correction_parameter 0 gives no score")
	}
	sm.chroma, sm.chromaParam = true, p
	return nil
}

// check refuses a model_dict whose entries do not make a model together
// (linear: its norm_type is linear_rescale).
func (d *modelDict) check(linear bool) error {
	n := len(d.names)
	switch {
	case n == 0:
		return errors.New("no feature_names")
	case n > 64:
		return fmt.Errorf("%d features, libvmaf reads at most 64", n)
	case !d.haveNorm:
		return errors.New("no norm_type")
	case !d.haveSVM:
		return errors.New(`no libsvm "model"`)
	case linear && (!d.haveSlopes || !d.haveIntercepts):
		return errors.New("linear_rescale without slopes and intercepts")
	case d.haveSlopes && len(d.slopes) != n+1:
		return fmt.Errorf("%d slopes for %d features, want %d (the score's, then one per feature)", len(d.slopes), n, n+1)
	case d.haveIntercepts && len(d.intercepts) != n+1:
		return fmt.Errorf("%d intercepts for %d features, want %d (the score's, then one per feature)", len(d.intercepts), n, n+1)
	case len(d.opts) > n:
		return fmt.Errorf("%d feature_opts_dicts for %d features", len(d.opts), n)
	}
	return nil
}

// setFeatures sets the score's and each feature's slope, intercept and
// options, and checks that the support vectors index no feature beyond
// them.
func (sm *submodel) setFeatures(d *modelDict) error {
	if d.haveSlopes {
		sm.slope = d.slopes[0]
	}
	if d.haveIntercepts {
		sm.intercept = d.intercepts[0]
	}
	for i, n := range d.names {
		f := subFeature{name: n, extractor: extractorFor(n)}
		if f.extractor == "" {
			return fmt.Errorf("unknown feature %q (no libvmaf extractor provides it)", n)
		}
		if d.haveSlopes {
			f.slope = d.slopes[i+1]
		}
		if d.haveIntercepts {
			f.intercept = d.intercepts[i+1]
		}
		if i < len(d.opts) {
			f.opts = d.opts[i]
		}
		sm.feats = append(sm.feats, f)
	}
	for _, sv := range sm.svm.sv {
		if n := len(sv); n > 0 && sv[n-1].index > len(sm.feats) {
			return fmt.Errorf("a support vector has index %d but the model has %d features", sv[n-1].index, len(sm.feats))
		}
	}
	return nil
}

// findChroma finds, for chroma correction, the feature that guides it
// ("adm3") and the one it corrects ("speed_chroma"), by
// post_process_feature_from_another's substring matches.
func (sm *submodel) findChroma() error {
	sm.guiding, sm.guided = -1, -1
	if !sm.chroma {
		return nil
	}
	for i, f := range sm.feats {
		if strings.Contains(f.name, "adm3") {
			if sm.guiding >= 0 {
				return errors.New(`chroma correction: more than one feature matches "adm3"`)
			}
			sm.guiding = i
		}
		if strings.Contains(f.name, "speed_chroma") {
			if sm.guided >= 0 {
				return errors.New(`chroma correction: more than one feature matches "speed_chroma"`)
			}
			sm.guided = i
		}
	}
	if sm.guiding < 0 || sm.guided < 0 {
		return errors.New(`chroma_correction_parameter needs one "adm3" and one "speed_chroma" feature`)
	}
	return nil
}

// parseOptsDicts reads feature_opts_dicts: per feature, an object of option
// values. Numbers are normalised as libvmaf's dictionary does (strtof, then
// "%g"), booleans become "true"/"false"; a repeated key must repeat its value
// (VMAF_DICT_DO_NOT_OVERWRITE).
func parseOptsDicts(raw json.RawMessage) ([][]feature.KV, error) {
	var items []json.RawMessage
	if jsonKind(raw) != "array" || json.Unmarshal(raw, &items) != nil {
		return nil, errors.New("feature_opts_dicts is not an array")
	}
	out := make([][]feature.KV, len(items))
	for i, it := range items {
		if jsonKind(it) != "object" {
			return nil, fmt.Errorf("feature_opts_dicts[%d] is not an object", i)
		}
		ms, err := members(it)
		if err != nil {
			return nil, fmt.Errorf("feature_opts_dicts[%d]: %v", i, err)
		}
		for _, mb := range ms {
			var val string
			switch jsonKind(mb.val) {
			case "number":
				val = normalizeNumber(string(bytes.TrimSpace(mb.val)))
			case "bool":
				val = string(bytes.TrimSpace(mb.val))
			case "string":
				val, _ = str(mb.val, "")
			default:
				return nil, fmt.Errorf("feature_opts_dicts[%d].%q: want a number, boolean or string", i, mb.key)
			}
			out[i] = append(out[i], feature.KV{Key: mb.key, Value: val})
		}
	}
	return out, nil
}

// normalizeNumber is VMAF_DICT_NORMALIZE_NUMERICAL_VALUES: the text read as
// a float (strtof) and printed with "%g". Text that does not start with a
// number is kept.
func normalizeNumber(s string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 32)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return s
	}
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	return feature.FormatG(f)
}

// isNumeric is libvmaf's isnumeric (dict.c): sscanf("%f %c") finds a number
// and nothing after it but white space.
func isNumeric(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	_, err := strconv.ParseFloat(t, 32)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// fileError names the file once, printably.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("model %s: %v", printable(path), err)
}

// printable is s, quoted when it holds anything but printable characters, so
// that an error stays one readable line.
func printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// applyOverrides merges --model overrides into every matching feature's
// options, replacing a value in place or appending (vmaf_dictionary_merge).
func (m *Model) applyOverrides(ovs []Override) error {
	for _, ov := range ovs {
		hit := false
		for _, sm := range append([]*submodel{m.main}, m.boot...) {
			for i := range sm.feats {
				f := &sm.feats[i]
				if f.extractor != ov.Extractor {
					continue
				}
				hit = true
				f.opts = setOpt(f.opts, ov.Option, ov.Value)
			}
		}
		if !hit {
			return fmt.Errorf("%s: the model has no %s feature", printable(ov.Extractor+"."+ov.Option+"="+ov.Value), printable(ov.Extractor))
		}
	}
	return nil
}

func setOpt(opts []feature.KV, key, val string) []feature.KV {
	out := append([]feature.KV(nil), opts...)
	for i := range out {
		if out[i].Key == key {
			out[i].Value = val
			return out
		}
	}
	return append(out, feature.KV{Key: key, Value: val})
}

// link builds Inputs: the features of model "0" then any new ones of the
// bootstrap models, one Input per distinct feature name and options.
func (m *Model) link() {
	index := map[string]int{}
	for _, sm := range append([]*submodel{m.main}, m.boot...) {
		for i := range sm.feats {
			f := &sm.feats[i]
			id := f.name
			for _, kv := range f.opts {
				id += "\x00" + kv.Key + "=" + kv.Value
			}
			k, ok := index[id]
			if !ok {
				k = len(m.inputs)
				index[id] = k
				m.inputs = append(m.inputs, Input{
					Extractor: f.extractor,
					Opts:      append([]feature.KV(nil), f.opts...),
					Key:       Alias(f.name),
					ModelName: f.name,
				})
			}
			f.input = k
		}
	}
}

// Inputs lists the features the model needs, in the model's feature order.
func (m *Model) Inputs() []Input {
	out := make([]Input, len(m.inputs))
	for i, in := range m.inputs {
		out[i] = in
		out[i].Opts = append([]feature.KV(nil), in.Opts...)
	}
	return out
}

// Bootstrap reports whether the model is a bootstrap collection.
func (m *Model) Bootstrap() bool { return m.boot != nil }

// Keys lists the metric names Predict returns, in its order.
func (m *Model) Keys() []string {
	keys := []string{m.Name}
	if m.boot == nil {
		return keys
	}
	for i := range m.boot {
		keys = append(keys, fmt.Sprintf("%s_%04d", m.Name, i+1))
	}
	return append(keys, m.Name+"_bagging", m.Name+"_stddev", m.Name+"_ci_p95_lo", m.Name+"_ci_p95_hi")
}

// String names the model as errors do: its version, path or Parse's name.
func (m *Model) String() string { return m.label }

// UniqueNames is libvmaf's check of several --model arguments: each model's
// name (its score's key) must differ from the others'.
func UniqueNames(ms []*Model) error {
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.Name] {
			return fmt.Errorf("two models are named %q: each model should be uniquely named, set --model's name=", m.Name)
		}
		seen[m.Name] = true
	}
	return nil
}

// validName reports whether a model name can stand as an XML attribute
// name and a CSV column unquoted, as libvmaf writes it: libvmaf takes any
// name and then writes XML no parser reads.
func validName(n string) bool {
	for i, r := range n {
		switch {
		case r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		case i > 0 && (r == '-' || r == '.' || '0' <= r && r <= '9'):
		default:
			return false
		}
	}
	return n != ""
}

// FlagFiles are the files a --model argument names with path= (the last
// is read; each is kept from any output all the same).
func FlagFiles(s string) []string {
	var files []string
	for _, kv := range strings.Split(s, ":") {
		if key, val, ok := strings.Cut(kv, "="); ok && key == "path" && val != "" {
			files = append(files, val)
		}
	}
	return files
}

// ParseFlag reads libvmaf's --model argument, colon-separated key=value
// pairs (cli_parse.c, parse_model_config): version=NAME or path=FILE,
// name=KEY, disable_clip and enable_transform (bare, or =true; any other
// value leaves them off), and extractor.option=value overrides.
func ParseFlag(s string) (*Model, error) {
	var c Config
	version, path := "", ""
	haveVersion, havePath := false, false
	for _, kv := range strings.Split(s, ":") {
		key, val, hasVal := strings.Cut(kv, "=")
		if !hasVal {
			if key != "disable_clip" && key != "enable_transform" {
				return nil, fmt.Errorf("--model %q: %q is not key=value", s, kv)
			}
			val = "true"
		}
		if strings.Contains(val, "=") {
			return nil, fmt.Errorf("--model %q: %q has more than one '='", s, kv)
		}
		switch key {
		case "version":
			version, haveVersion = val, true
		case "path":
			path, havePath = val, true
		case "name":
			if val == "" {
				return nil, fmt.Errorf("--model %q: empty name", s)
			}
			if !validName(val) {
				return nil, fmt.Errorf("--model %q: name %q: use letters, digits, '_', '-' and '.', starting with a letter or '_' (it names XML attributes and CSV columns)", s, val)
			}
			c.Name = val
		case "disable_clip":
			c.DisableClip = val == "true"
		case "enable_transform":
			c.EnableTransform = val == "true"
		default:
			ext, opt, ok := strings.Cut(key, ".")
			if !ok || ext == "" || opt == "" || strings.Contains(opt, ".") {
				return nil, fmt.Errorf("--model %q: unknown key %q (want version, path, name, disable_clip, enable_transform or extractor.option)", s, key)
			}
			if isNumeric(val) {
				val = normalizeNumber(val)
			}
			c.Overrides = append(c.Overrides, Override{ext, opt, val})
		}
	}
	switch {
	case haveVersion && havePath:
		return nil, fmt.Errorf("--model %q: both version= and path=", s)
	case haveVersion:
		return c.Builtin(version)
	case havePath:
		return c.Load(path)
	}
	return nil, fmt.Errorf("--model %q: needs version= or path=", s)
}

// Normalized is input k's value v as the SVM of model "0" reads it: after
// the model's linear_rescale (v itself for a model without one). ok is
// false when model "0" does not read input k. The chroma correction of
// predict (a zero speed_chroma replaced from adm3) is not applied.
func (m *Model) Normalized(k int, v float64) (n float64, ok bool) {
	for _, f := range m.main.feats {
		if f.input == k {
			return m.main.normalize(f, v), true
		}
	}
	return v, false
}
