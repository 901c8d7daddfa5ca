package ui

import (
	"errors"
	"fmt"
	"image"
	"io"
	"log"
	"strings"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// xDisplay drives an X server as xdotool would, in Go, so that the
// real-window test needs nothing beyond the X server (Xvfb).
type xDisplay struct {
	c    *xgb.Conn
	root xproto.Window
	min  xproto.Keycode
	syms []xproto.Keysym
	per  int
}

// X keysyms the test uses.
const (
	keysymRight    = 0xff53
	keysymControlL = 0xffe3
	keysymQ        = 0x71
)

func openX() (*xDisplay, error) {
	xgb.Logger = log.New(io.Discard, "", 0) // it logs the missing ~/.Xauthority of Xvfb
	c, err := xgb.NewConn()
	if err != nil {
		return nil, err
	}
	setup := xproto.Setup(c)
	d := &xDisplay{c: c, root: setup.DefaultScreen(c).Root, min: setup.MinKeycode}
	km, err := xproto.GetKeyboardMapping(c, setup.MinKeycode, byte(setup.MaxKeycode-setup.MinKeycode+1)).Reply()
	if err != nil {
		c.Close()
		return nil, err
	}
	d.syms, d.per = km.Keysyms, int(km.KeysymsPerKeycode)
	return d, nil
}

func (d *xDisplay) close() { d.c.Close() }

// window finds a top-level window whose name starts with prefix.
func (d *xDisplay) window(prefix string) (xproto.Window, bool) {
	tree, err := xproto.QueryTree(d.c, d.root).Reply()
	if err != nil {
		return 0, false
	}
	for _, w := range tree.Children {
		p, err := xproto.GetProperty(d.c, false, w, xproto.AtomWmName, xproto.AtomAny, 0, 256).Reply()
		if err == nil && strings.HasPrefix(string(p.Value), prefix) {
			return w, true
		}
	}
	return 0, false
}

func (d *xDisplay) keycode(sym xproto.Keysym) (xproto.Keycode, error) {
	for k, s := range d.syms {
		if s == sym {
			return d.min + xproto.Keycode(k/d.per), nil
		}
	}
	return 0, fmt.Errorf("no key for keysym %#x", sym)
}

// press types keys into w as xdotool's --window does, with events sent to
// the window (GLFW takes them without the window having the focus, which
// needs a window manager): all but the last key are modifiers held down.
func (d *xDisplay) press(w xproto.Window, syms ...xproto.Keysym) error {
	var state uint16
	for _, s := range syms[:len(syms)-1] {
		switch s {
		case keysymControlL:
			state |= xproto.ModMaskControl
		default:
			return fmt.Errorf("keysym %#x is not a modifier", s)
		}
	}
	k, err := d.keycode(syms[len(syms)-1])
	if err != nil {
		return err
	}
	for _, press := range []bool{true, false} {
		ev := xproto.KeyPressEvent{Detail: k, Time: xproto.TimeCurrentTime, Root: d.root, Event: w,
			Child: xproto.WindowNone, State: state, SameScreen: true}
		var b []byte
		mask := uint32(xproto.EventMaskKeyPress)
		if press {
			b = ev.Bytes()
		} else {
			r := xproto.KeyReleaseEvent(ev)
			b = r.Bytes()
			mask = xproto.EventMaskKeyRelease
		}
		if err := xproto.SendEventChecked(d.c, false, w, mask, string(b)).Check(); err != nil {
			return err
		}
	}
	return nil
}

// capture reads a window's pixels (24-bit TrueColor, as Xvfb's default
// screen has).
func (d *xDisplay) capture(w xproto.Window) (image.Image, error) {
	g, err := xproto.GetGeometry(d.c, xproto.Drawable(w)).Reply()
	if err != nil {
		return nil, err
	}
	if g.Depth != 24 && g.Depth != 32 {
		return nil, fmt.Errorf("window depth %d: want 24", g.Depth)
	}
	im, err := xproto.GetImage(d.c, xproto.ImageFormatZPixmap, xproto.Drawable(w), 0, 0, g.Width, g.Height, 0xffffffff).Reply()
	if err != nil {
		return nil, err
	}
	n := int(g.Width) * int(g.Height)
	if len(im.Data) < 4*n {
		return nil, errors.New("short image from the X server")
	}
	img := image.NewNRGBA(image.Rect(0, 0, int(g.Width), int(g.Height)))
	for k := 0; k < n; k++ {
		// ZPixmap at 32 bits per pixel, little-endian: B, G, R, unused.
		img.Pix[4*k], img.Pix[4*k+1], img.Pix[4*k+2], img.Pix[4*k+3] = im.Data[4*k+2], im.Data[4*k+1], im.Data[4*k], 0xff
	}
	return img, nil
}
