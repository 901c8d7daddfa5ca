package ui

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/bandscope/bandscope/assets"
	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
)

// demoRequest unpacks the embedded demo clip into dir (once: files of the
// right size are kept) and returns the request that opens it.
func demoRequest(dir string) (engine.Request, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return engine.Request{}, err
	}
	f := engine.Format{Width: assets.DemoWidth, Height: assets.DemoHeight, Chroma: engine.C420, BitDepth: assets.DemoBitDepth}
	fb, _ := f.FrameBytes()
	size := fb * assets.DemoFrames
	unpack := func(name string, gz []byte) (string, error) {
		path := filepath.Join(dir, name)
		if st, err := os.Stat(path); err == nil && st.Size() == size {
			return path, nil
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			return "", fmt.Errorf("demo clip %s: %w", name, err)
		}
		err = writeAtomic(path, func(w io.Writer) error {
			n, err := io.Copy(w, zr)
			if err == nil && n != size {
				err = fmt.Errorf("demo clip %s: %d bytes, want %d", name, n, size)
			}
			return err
		})
		return path, err
	}
	dist, err := unpack(assets.DemoDistName, assets.DemoDistGz)
	if err != nil {
		return engine.Request{}, err
	}
	ref, err := unpack(assets.DemoRefName, assets.DemoRefGz)
	if err != nil {
		return engine.Request{}, err
	}
	return engine.Request{
		Distorted: dist,
		Reference: ref,
		Raw: clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true,
			BitDepth: f.BitDepth},
	}, nil
}

// demoDir is where the demo clip is unpacked.
func demoDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "bandscope", "demo")
	}
	return filepath.Join(os.TempDir(), "bandscope-demo")
}
