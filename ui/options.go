package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine"
)

// defaultOptions are a feature's options at their defaults (the engine's
// registry has every feature the inspector shows).
func defaultOptions(feature string) *engine.Options {
	def, _ := engine.LookupFeature(feature)
	return def.Options()
}

// optionTwins are libvmaf options that set the same thing under two names
// (libvmaf keeps both for old command lines; "cambi_topk" and "topk" are
// read separately and one wins). The form shows one field per thing, under
// the first name; the second name, like every alias, is accepted on input
// (canonicalOption) and never sent, so the two cannot silently disagree.
var optionTwins = map[string]string{
	"cambi_topk": "topk",
	"cambi_eotf": "eotf",
}

// canonicalOption is the form's name for key, a libvmaf option name or
// alias of table (ok false: no such option).
func canonicalOption(table []engine.Option, key string) (string, bool) {
	for _, o := range table {
		if o.Name == key || (o.Alias != "" && o.Alias == key) {
			if t, ok := optionTwins[o.Name]; ok {
				return t, true
			}
			return o.Name, true
		}
	}
	return "", false
}

// shownOptions are the options of table the form has a field for.
func shownOptions(table []engine.Option) []engine.Option {
	var out []engine.Option
	for _, o := range table {
		if _, twin := optionTwins[o.Name]; !twin {
			out = append(out, o)
		}
	}
	return out
}

// optionHint is a field's hint: its names, range, default and meaning.
func optionHint(table []engine.Option, o engine.Option) string {
	var names []string
	for _, x := range table {
		if x.Name != o.Name && optionTwins[x.Name] == o.Name {
			names = append(names, x.Name)
			if x.Alias != "" {
				names = append(names, x.Alias)
			}
		}
	}
	if o.Alias != "" {
		names = append(names, o.Alias)
	}
	var b strings.Builder
	b.WriteString(o.Help)
	switch o.Kind {
	case engine.OptionInt, engine.OptionDouble:
		def := fmt.Sprint(o.Default)
		if (o.Default == 0 || o.Default == 0.0) && o.Min > 0 {
			fmt.Fprintf(&b, "; 0 or %g–%g, default 0", o.Min, o.Max)
		} else {
			fmt.Fprintf(&b, "; %g–%g, default %s", o.Min, o.Max, def)
		}
	case engine.OptionBool, engine.OptionString:
		fmt.Fprintf(&b, "; default %v", o.Default)
	}
	if len(names) > 0 {
		b.WriteString("; also " + strings.Join(names, ", "))
	}
	return b.String()
}

// optionsForm edits one feature's options, one field per option, each with
// its range, default and aliases under it; each accepted change calls
// changed with the option's name. Numbers apply on Enter (or when the field
// loses the focus); a value out of range is refused with libvmaf's message,
// right under its field, and the old value comes back.
type optionsForm struct {
	i       *inspector
	table   []engine.Option
	vals    func() *engine.Options
	reset   func()
	changed func(name string)
	content fyne.CanvasObject
	errors  map[string]*widget.Label // each field's refusal, under it
	setters map[string]func(string)  // show a value without applying it
}

func newOptionsForm(i *inspector, vals func() *engine.Options, reset func(), changed func(string)) *optionsForm {
	table := vals().Table()
	f := &optionsForm{i: i, table: table, vals: vals, reset: reset, changed: changed,
		errors: map[string]*widget.Label{}, setters: map[string]func(string){}}
	// A form of our own: widget.Form's hints do not wrap, and a long one
	// would widen the whole sidebar.
	form := container.NewVBox()
	for _, o := range shownOptions(table) {
		name := widget.NewLabelWithStyle(o.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		hint := widget.NewLabel(optionHint(table, o))
		hint.Wrapping = fyne.TextWrapWord
		hint.SizeName = theme.SizeNameCaptionText
		refused := widget.NewLabel("")
		refused.Wrapping = fyne.TextWrapWord
		refused.Importance = widget.DangerImportance
		refused.Hide()
		f.errors[o.Name] = refused
		field := container.NewGridWithColumns(2, name, f.field(o))
		form.Add(container.New(layout.NewCustomPaddedVBoxLayout(0), field, refused, hint))
	}
	defaults := widget.NewButton("Defaults", func() {
		f.reset()
		f.refresh()
		f.changed("")
		i.unfocus()
	})
	f.content = container.NewVBox(form, defaults)
	return f
}

// refuse shows why a field's value was refused under it ("" hides it).
func (f *optionsForm) refuse(name, why string) {
	l := f.errors[name]
	if l == nil || (l.Text == why && l.Hidden == (why == "")) {
		return
	}
	l.SetText(why)
	if why == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

func (f *optionsForm) apply(o engine.Option, value string) bool {
	v := f.vals()
	old := formatOption(v, o)
	if value == old {
		f.refuse(o.Name, "")
		return true
	}
	if err := v.Set(o.Name, value); err != nil {
		f.refuse(o.Name, fmt.Sprintf("%q refused: %v", value, err))
		f.setters[o.Name](old)
		return false
	}
	f.refuse(o.Name, "")
	f.changed(o.Name)
	return true
}

func (f *optionsForm) field(o engine.Option) fyne.CanvasObject {
	cur := formatOption(f.vals(), o)
	switch {
	case o.Kind == engine.OptionBool:
		c := widget.NewCheck("", nil)
		c.SetChecked(cur == "true")
		c.OnChanged = func(b bool) { f.apply(o, strconv.FormatBool(b)); f.i.unfocus() }
		f.setters[o.Name] = func(s string) {
			on := c.OnChanged
			c.OnChanged = nil
			c.SetChecked(s == "true")
			c.OnChanged = on
		}
		return c
	case o.Name == "eotf":
		s := newKeySelect(f.i, []string{"bt1886", "pq"}, nil)
		s.SetSelected(cur)
		s.OnChanged = func(v string) { f.apply(o, v); f.i.unfocus() }
		f.setters[o.Name] = func(v string) {
			on := s.OnChanged
			s.OnChanged = nil
			s.SetSelected(v)
			s.OnChanged = on
		}
		return s
	}
	e := widget.NewEntry()
	e.SetText(cur)
	e.OnSubmitted = func(v string) {
		f.apply(o, strings.TrimSpace(v))
		// Give the keys back to the window: arrows step frames again.
		f.i.unfocus()
	}
	f.setters[o.Name] = e.SetText
	return e
}

// refresh shows the current values.
func (f *optionsForm) refresh() {
	for name := range f.errors {
		f.refuse(name, "")
	}
	v := f.vals()
	for _, o := range shownOptions(f.table) {
		f.setters[o.Name](formatOption(v, o))
	}
}
