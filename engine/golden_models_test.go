package engine

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/internal/golden"
)

// TestGoldenModels scores every --model run of the corpus that the
// repository holds the clips of, through the engine and its JSON writer,
// and compares every per-frame key libvmaf printed (every feature and the
// model's scores, bootstrap keys included) and the pooled mean of each
// model's score, bit for bit. -short scores one small case.
func TestGoldenModels(t *testing.T) {
	cases, err := golden.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if len(c.ModelRuns) == 0 || (testing.Short() && c.Name != "syn_grad10_640x480_10b420") {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			req := Request{}
			if c.Container == "y4m" {
				req.Reference, req.Distorted = unzipClip(t, c.Ref), unzipClip(t, c.Dist)
			} else {
				req.Reference, req.Distorted = writeClips(t, c, c.N)
				f := c.Format()
				req.Raw = clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}
			}
			for _, run := range c.ModelRuns {
				t.Run(run.Name, func(t *testing.T) {
					r := req
					r.Models = []string{run.Model}
					s, err := Open(context.Background(), r)
					if err != nil {
						t.Fatal(err)
					}
					defer s.Close()
					res, err := s.Run(context.Background(), nil)
					if err != nil {
						t.Fatal(err)
					}
					var buf strings.Builder
					if err := res.WriteJSON(&buf, Precision{Max: true}); err != nil {
						t.Fatal(err)
					}
					var got golden.Output
					if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
						t.Fatalf("our JSON does not parse: %v", err)
					}
					want, err := c.Output(run.Name)
					if err != nil {
						t.Fatal(err)
					}
					compareOutputs(t, &got, want, c.N)
				})
			}
		})
	}
}

// unzipClip writes a testdata clip, unpacked, to a temporary file.
func unzipClip(t *testing.T, file string) string {
	t.Helper()
	src, err := golden.ClipPath(file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), file)
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	return dst
}
