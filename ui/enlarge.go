package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// bigPane is one map pane of a view's grid (CAMBI's scales, ADM's bands,
// the compare panes, the VMAF view's maps) enlarged over the whole view,
// the sidebar folded away: a click on the map, or Enter with the pointer
// over it, enlarges it; a second click, Enter or Esc brings the view back.
// It draws what the pane it stands for draws, through the shared zoom,
// frame after frame.
type bigPane struct {
	i       *inspector
	pane    *mapPane
	title   *widget.Label
	content fyne.CanvasObject
	src     *mapPane           // the pane enlarged; nil when none is
	item    *container.TabItem // the view it covers
	saved   fyne.CanvasObject  // that view's own content meanwhile
}

func newBigPane(i *inspector) *bigPane {
	b := &bigPane{i: i, pane: newMapPane(i.vp), title: widget.NewLabel("")}
	b.title.TextStyle.Bold = true
	b.title.Truncation = fyne.TextTruncateEllipsis
	b.pane.onTap = func() { b.shrink() }
	b.pane.hover = func(_ *mapPane, fx, fy float64, ok bool) {
		if b.src != nil && b.src.hover != nil {
			b.src.hover(b.src, fx, fy, ok)
		}
	}
	hint := widget.NewLabel("click, Enter or Esc: back to the view")
	b.content = container.NewBorder(container.NewBorder(nil, nil, nil, hint, b.title), nil, nil, nil, b.pane)
	return b
}

// enlargeable makes a grid's pane enlarge on a click; caption names it.
func (b *bigPane) enlargeable(p *mapPane, caption func() string) {
	p.caption = caption
	p.onTap = func() { b.enlarge(p) }
}

// enlarge shows p over its whole view.
func (b *bigPane) enlarge(p *mapPane) {
	i := b.i
	if b.src != nil || p.base == nil || i.tabs == nil {
		return
	}
	b.src, b.item = p, i.tabs.Selected()
	b.saved = b.item.Content
	b.item.Content = b.content
	// Hidden, not moved: the split keeps the sidebar at its minimum
	// width whatever the offset, and keeps the offset for its return.
	i.split.Leading.Hide()
	i.split.Refresh()
	b.refresh()
	i.tabs.Refresh()
}

// shrink brings the view back; it reports whether a pane was enlarged.
func (b *bigPane) shrink() bool {
	if b.src == nil {
		return false
	}
	b.item.Content = b.saved
	b.src, b.item, b.saved = nil, nil, nil
	b.pane.set(nil, nil)
	b.i.split.Leading.Show()
	b.i.split.Refresh()
	b.i.tabs.Refresh()
	return true
}

// toggleHovered enlarges the map under the pointer, or shrinks the one
// enlarged (Enter).
func (b *bigPane) toggleHovered() {
	if b.shrink() {
		return
	}
	if p := b.i.vp.under; p != nil && p.onTap != nil {
		b.enlarge(p)
	}
}

// refresh draws what the enlarged pane's own draws now (a new frame,
// another colour map).
func (b *bigPane) refresh() {
	if b.src == nil {
		return
	}
	if b.src.caption != nil {
		setText(b.title, b.src.caption())
	}
	b.pane.mirror(b.src)
}

// wire makes every grid's panes enlargeable, each named by its title.
func (b *bigPane) wire() {
	i := b.i
	for k, p := range i.cambiView.panes {
		b.enlargeable(p, func() string { return i.cambiView.titles[k].Text })
	}
	for s := range i.admView.panes {
		for k, p := range i.admView.panes[s] {
			b.enlargeable(p, func() string { return i.admView.labels[s][k].Text })
		}
	}
	for k, p := range i.compareView.panes {
		b.enlargeable(p, func() string { return i.compareView.titles[k].Text })
	}
	for k, p := range i.runsView.panes {
		b.enlargeable(p, func() string { return i.runsView.titles[k].Text })
	}
	for k, p := range i.vmafView.panes {
		b.enlargeable(p, func() string { return i.vmafView.names[k].Text })
	}
}
