package ui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/bandscope/bandscope/engine/feature"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// optionsForm edits every CAMBI option; each accepted change re-runs the
// frame. Numbers apply on Enter; a value out of range is refused with
// libvmaf's message and the old value comes back.
type optionsForm struct {
	i       *inspector
	content fyne.CanvasObject
	errors  *widget.Label
	setters map[string]func(string) // show a value without applying it
}

func newOptionsForm(i *inspector) *optionsForm {
	f := &optionsForm{i: i, setters: map[string]func(string){}}
	f.errors = widget.NewLabel("")
	f.errors.Wrapping = fyne.TextWrapWord
	f.errors.Importance = widget.DangerImportance
	form := widget.NewForm()
	for _, o := range cambi.OptionTable {
		form.Append(o.Name, f.field(o))
	}
	reset := widget.NewButton("Defaults", func() {
		i.cambiOpts = cambi.NewOptions()
		f.refresh()
		i.optionsChanged()
	})
	f.content = container.NewVBox(form, f.errors, reset)
	return f
}

func (f *optionsForm) apply(o feature.Option, value string) bool {
	old := formatOption(f.i.cambiOpts, o)
	if value == old {
		return true
	}
	if err := f.i.cambiOpts.Set(o.Name, value); err != nil {
		f.errors.SetText(err.Error())
		f.setters[o.Name](old)
		return false
	}
	f.errors.SetText("")
	f.i.optionsChanged()
	return true
}

func (f *optionsForm) field(o feature.Option) fyne.CanvasObject {
	cur := formatOption(f.i.cambiOpts, o)
	switch {
	case o.Kind == feature.Bool:
		c := widget.NewCheck("", nil)
		c.SetChecked(cur == "true")
		c.OnChanged = func(b bool) { f.apply(o, strconv.FormatBool(b)) }
		f.setters[o.Name] = func(s string) {
			on := c.OnChanged
			c.OnChanged = nil
			c.SetChecked(s == "true")
			c.OnChanged = on
		}
		return c
	case o.Name == "eotf" || o.Name == "cambi_eotf":
		s := widget.NewSelect([]string{"bt1886", "pq"}, nil)
		s.SetSelected(cur)
		s.OnChanged = func(v string) { f.apply(o, v) }
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
	e.SetPlaceHolder(o.Help)
	e.OnSubmitted = func(v string) {
		if v == "" && o.Kind == feature.String {
			v = ""
		}
		f.apply(o, v)
	}
	f.setters[o.Name] = e.SetText
	return e
}

// refresh shows the current values.
func (f *optionsForm) refresh() {
	f.errors.SetText("")
	for _, o := range cambi.OptionTable {
		f.setters[o.Name](formatOption(f.i.cambiOpts, o))
	}
}
