package clip

import (
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// ParallelReader is a Reader that can decode one frame on several
// goroutines: the file is read a band of rows at a time (pread is safe to
// call concurrently) and each band widened and range-checked while in
// cache. A GPU run, whose host has little else to do, asks for it (a
// quarter of its threads a clip): at 4K decoding a pair is the host's
// largest cost. CPU runs keep one: their threads score frames.
type ParallelReader interface {
	Reader
	SetReadWorkers(n int)
}

// band is one band of rows of one plane of a frame in a file.
type band struct {
	plane, y0, y1 int
	off           int64 // from the start of the frame's payload
	bytes         int
}

// frameBands lists the bands of the first planes planes of a frame: whole
// rows, at most rawChunk bytes each (one row when a row is longer).
func frameBands(f yuv.Format, planes int) []band {
	bps := f.BytesPerSample()
	var bs []band
	var off int64
	for i := 0; i < planes; i++ {
		w, h := f.PlaneSize(i)
		rowBytes := w * bps
		rows := max(1, rawChunk/rowBytes)
		for y0 := 0; y0 < h; y0 += rows {
			y1 := min(y0+rows, h)
			bs = append(bs, band{plane: i, y0: y0, y1: y1, off: off, bytes: (y1 - y0) * rowBytes})
			off += int64((y1 - y0) * rowBytes)
		}
	}
	return bs
}

// Part is which planes of a frame a read decodes (ReadPart).
type Part int

const (
	AllPlanes    Part = iota
	LumaPlane         // LumaReader.ReadLuma
	ChromaPlanes      // ChromaReader.ReadChroma
)

// ReadPart decodes part of frame n into dst where r can (LumaReader,
// ChromaReader), the whole frame otherwise: a scoring run asks for the
// planes its features read.
func ReadPart(r Reader, n int, dst *yuv.Picture, part Part) error {
	switch part {
	case LumaPlane:
		if lr, ok := r.(LumaReader); ok {
			return lr.ReadLuma(n, dst)
		}
	case ChromaPlanes:
		if cr, ok := r.(ChromaReader); ok {
			return cr.ReadChroma(n, dst)
		}
	}
	return r.ReadFrame(n, dst)
}

// bandReader reads frames' bands into pictures, on up to workers
// goroutines, each with a buffer of its own kept from frame to frame. Its
// owner serialises calls.
type bandReader struct {
	workers int
	bufs    [][]byte
	bands   [3][]band // frameBands of each Part
}

// read reads frame n's payload, which starts at off in f, into dst (the
// planes of part alone). The error is the first band's in file order,
// as a one-goroutine read returns it; a short read counts the frame's
// bytes, lead of them (a Y4M frame header) before the payload, as one
// read of the whole frame would.
func (br *bandReader) read(f *os.File, path string, n int, off int64, lead int, dst *yuv.Picture, part Part) error {
	if br.bands[part] == nil {
		_, planes := readPlanes(dst.Format, part == LumaPlane)
		bs := frameBands(dst.Format, planes)
		if part == ChromaPlanes {
			k := 0
			for k < len(bs) && bs[k].plane == 0 {
				k++
			}
			bs = bs[k:]
		}
		br.bands[part] = bs
	}
	bands := br.bands[part]
	if len(bands) == 0 {
		return nil // chroma asked of a clip with none
	}
	last := bands[len(bands)-1]
	want := lead + int(last.off) + last.bytes
	workers := min(max(br.workers, 1), len(bands))
	for len(br.bufs) < workers {
		br.bufs = append(br.bufs, nil)
	}
	one := func(buf *[]byte, b band) error {
		if dst.IsPacked() {
			// The file's bytes are the packed plane's: read in place.
			w, _ := dst.PlaneSize(b.plane)
			return readPart(f, path, n, dst.Packed[b.plane][b.y0*w:b.y1*w], off+b.off, lead+int(b.off), want)
		}
		if littleEndian && dst.Format.BitDepth > 8 {
			// The file's bytes are the plane's on a little-endian host:
			// read in place, then checked while the band is in cache.
			w, _ := dst.PlaneSize(b.plane)
			p := dst.Planes[b.plane][b.y0*w : b.y1*w]
			raw := unsafe.Slice((*byte)(unsafe.Pointer(&p[0])), 2*len(p))
			if err := readPart(f, path, n, raw, off+b.off, lead+int(b.off), want); err != nil {
				return err
			}
			if err := checkRows(dst, b.plane, b.y0, b.y1); err != nil {
				return &Error{path, n, err}
			}
			return nil
		}
		if len(*buf) < b.bytes {
			*buf = make([]byte, max(b.bytes, rawChunk))
		}
		data := (*buf)[:b.bytes]
		if err := readPart(f, path, n, data, off+b.off, lead+int(b.off), want); err != nil {
			return err
		}
		if err := unpackRows(data, dst, b.plane, b.y0, b.y1); err != nil {
			return &Error{path, n, err}
		}
		return nil
	}
	if workers <= 1 {
		for _, b := range bands {
			if err := one(&br.bufs[0], b); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, len(bands))
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(bands) && !failed.Load(); i = int(next.Add(1) - 1) {
				if errs[i] = one(&br.bufs[w], bands[i]); errs[i] != nil {
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	// Bands are taken in file order, so every band before a failed one
	// was read: the first error is the serial read's.
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
