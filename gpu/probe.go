//go:build cgo && !js

package gpu

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// Probe runs one small shader of the integer edge cases Bandscope's shaders
// rely on (i32 wraparound in + and *, sext16 as adm_int64.wgsl writes it,
// left shifts of negative values done on u32, abs of the most negative i32,
// countLeadingZeros(0), arithmetic >>, the masked shift amount of
// cambi_pool.wgsl, truncating division, unsigned remainders, the one float
// product) and compares every result with Go's. A backend whose compiler
// differs (a Metal or D3D12 translation that treats signed overflow as
// undefined, a driver that folds a shift by 32) is named with every case it
// gets wrong, in milliseconds, before any parity test or score could show it
// as a mismatch somewhere downstream. Inputs come from a storage buffer, so
// nothing folds at compile time: the device's own instructions answer.
func Probe(d *Device) error { return d.probe(probeCases) }

// probeCase is one expression: a0..a3 are its arguments as u32, i0..i3 the
// same bits as i32; res is the WGSL type of expr; want is the Go answer.
type probeCase struct {
	name string
	args []uint32
	expr string
	res  string // i32, u32 or f32: the result's bits are compared
	want func(a []uint32) uint32
}

func pI32(a uint32) int32 { return int32(a) }
func pU(v int32) uint32   { return uint32(v) }

var probeCases = []probeCase{
	{"i32 + wraps", []uint32{math.MaxInt32, 1}, "i0 + i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) + pI32(a[1])) }},
	{"i32 - wraps", []uint32{pU(math.MinInt32), 1}, "i0 - i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) - pI32(a[1])) }},
	{"i32 * wraps", []uint32{46341, 46341}, "i0 * i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) * pI32(a[1])) }},
	{"i32 * negative wraps", []uint32{pU(-65537), 65537}, "i0 * i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) * pI32(a[1])) }},
	{"u32 + wraps", []uint32{0xffffffff, 2}, "a0 + a1", "u32", func(a []uint32) uint32 { return a[0] + a[1] }},
	{"u32 * wraps", []uint32{0x10001, 0xffff0001}, "a0 * a1", "u32", func(a []uint32) uint32 { return a[0] * a[1] }},
	{"sext16(0x8000)", []uint32{0x8000}, "sext16(i0)", "i32", func(a []uint32) uint32 { return pU(int32(int16(a[0]))) }},
	{"sext16(0x1ffff)", []uint32{0x1ffff}, "sext16(i0)", "i32", func(a []uint32) uint32 { return pU(int32(int16(a[0]))) }},
	{"sext16(0x7fff)", []uint32{0x7fff}, "sext16(i0)", "i32", func(a []uint32) uint32 { return pU(int32(int16(a[0]))) }},
	{"sext16(-98304)", []uint32{pU(-98304)}, "sext16(i0)", "i32", func(a []uint32) uint32 { return pU(int32(int16(a[0]))) }},
	{"-3 << 4 (on u32)", []uint32{pU(-3), 4}, "bitcast<i32>(bitcast<u32>(i0) << a1)", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) << a[1]) }},
	{"0x40000001 << 1 (on u32)", []uint32{0x40000001, 1}, "bitcast<i32>(bitcast<u32>(i0) << a1)", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) << a[1]) }},
	{"abs(INT_MIN)", []uint32{pU(math.MinInt32)}, "abs(i0)", "i32", func(a []uint32) uint32 { return pU(absWrap(pI32(a[0]))) }},
	{"abs(-7)", []uint32{pU(-7)}, "abs(i0)", "i32", func(a []uint32) uint32 { return pU(absWrap(pI32(a[0]))) }},
	{"countLeadingZeros(0u)", []uint32{0}, "countLeadingZeros(a0)", "u32", func(a []uint32) uint32 { return uint32(bits.LeadingZeros32(a[0])) }},
	{"countLeadingZeros(1u)", []uint32{1}, "countLeadingZeros(a0)", "u32", func(a []uint32) uint32 { return uint32(bits.LeadingZeros32(a[0])) }},
	{"countLeadingZeros(-1i)", []uint32{pU(-1)}, "countLeadingZeros(i0)", "i32", func(a []uint32) uint32 { return uint32(bits.LeadingZeros32(a[0])) }},
	{"-5 >> 1", []uint32{pU(-5), 1}, "i0 >> a1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) >> a[1]) }},
	{"INT_MIN >> 31", []uint32{pU(math.MinInt32), 31}, "i0 >> a1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) >> a[1]) }},
	{"0x80000000u >> 31", []uint32{0x80000000, 31}, "a0 >> a1", "u32", func(a []uint32) uint32 { return a[0] >> a[1] }},
	{"masked shift, s = 0", []uint32{0xffffff, 0}, "select(0u, a0 >> ((32u - a1) & 31u), a1 > 0u)", "u32", maskedShift},
	{"masked shift, s = 14", []uint32{0xffffff, 14}, "select(0u, a0 >> ((32u - a1) & 31u), a1 > 0u)", "u32", maskedShift},
	{"-7 / 2", []uint32{pU(-7), 2}, "i0 / i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) / pI32(a[1])) }},
	// Every % in the shaders is on u32 (cambi_mask.wgsl, frame_repack.wgsl):
	// a signed one would not be portable. naga writes it as OpSRem, which
	// Vulkan leaves undefined for negative operands, and on an NVIDIA H200
	// -7 % 2 came back 1 where WGSL and Go say -1. TestShaderRemainders keeps
	// signed remainders out of the shaders.
	{"0xfffffff1u % 14u", []uint32{0xfffffff1, 14}, "a0 % a1", "u32", func(a []uint32) uint32 { return a[0] % a[1] }},
	{"7u % 1920u", []uint32{7, 1920}, "a0 % a1", "u32", func(a []uint32) uint32 { return a[0] % a[1] }},
	{"INT_MIN / -1", []uint32{pU(math.MinInt32), pU(-1)}, "i0 / i1", "i32", func(a []uint32) uint32 { return pU(pI32(a[0]) / pI32(a[1])) }},
	{"u32(-1i)", []uint32{pU(-1)}, "u32(i0)", "u32", func(a []uint32) uint32 { return a[0] }},
	{"i32(0xffffffffu)", []uint32{0xffffffff}, "i32(a0)", "i32", func(a []uint32) uint32 { return a[0] }},
	{"min(-1, 1)", []uint32{pU(-1), 1}, "min(i0, i1)", "i32", func(a []uint32) uint32 { return pU(min(pI32(a[0]), pI32(a[1]))) }},
	{"INT_MIN < INT_MAX", []uint32{pU(math.MinInt32), math.MaxInt32}, "select(0u, 1u, i0 < i1)", "u32", func(a []uint32) uint32 { return probeBool(pI32(a[0]) < pI32(a[1])) }},
	{"sar64(-2^63, 33)", []uint32{0, 0x80000000, 33}, "sar64(vec2<u32>(a0, a1), a2).x", "u32", func(a []uint32) uint32 { return uint32((int64(uint64(a[1])<<32|uint64(a[0])) >> a[2])) }},
	{"f32(0xffffffu)", []uint32{0xffffff}, "f32(a0)", "f32", func(a []uint32) uint32 { return math.Float32bits(float32(a[0])) }},
	{"f32 product rounds to nearest even", []uint32{0x3f800001, 0x3f800003}, "bitcast<f32>(a0) * bitcast<f32>(a1)", "f32", func(a []uint32) uint32 {
		return math.Float32bits(math.Float32frombits(a[0]) * math.Float32frombits(a[1]))
	}},
}

func absWrap(v int32) int32 {
	if v < 0 {
		return -v // wraps for INT_MIN, as WGSL's abs
	}
	return v
}

func maskedShift(a []uint32) uint32 {
	if a[1] == 0 {
		return 0
	}
	return a[0] >> (32 - a[1])
}

func probeBool(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// probeShader writes one statement per case; the helpers come from
// adm_int64.wgsl, so sext16 and sar64 are the shipped ones.
func probeShader(cases []probeCase) (src string, in []uint32) {
	var b strings.Builder
	b.WriteString(wgslADMInt64)
	b.WriteString(`
@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> outp: array<u32>;

@compute @workgroup_size(1)
fn main() {
`)
	for k, c := range cases {
		b.WriteString("    {\n")
		for j := range c.args {
			fmt.Fprintf(&b, "        let a%d = inp[%du];\n        let i%d = bitcast<i32>(a%d);\n", j, len(in), j, j)
			in = append(in, c.args[j])
		}
		if c.res == "u32" {
			fmt.Fprintf(&b, "        outp[%du] = %s;\n    }\n", k, c.expr)
		} else {
			fmt.Fprintf(&b, "        outp[%du] = bitcast<u32>(%s);\n    }\n", k, c.expr)
		}
	}
	b.WriteString("}\n")
	return b.String(), in
}

func (d *Device) probe(cases []probeCase) error {
	src, in := probeShader(cases)
	k, err := d.newKernel("probe", src, "main")
	if err != nil {
		return err
	}
	defer k.release()
	out, err := d.oneShot(k, 1, 1, nil, shotBuf{data: wordBytes(in)}, shotBuf{size: uint64(4 * len(cases))})
	if err != nil {
		return err
	}
	var bad []string
	for i, c := range cases {
		if want := c.want(c.args); out[i] != want {
			bad = append(bad, fmt.Sprintf("%s = %#08x, want %#08x", c.name, out[i], want))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("gpu: %s (%s): %d of %d integer edge cases differ from Go: %s",
			d.info.Name, d.info.Backend, len(bad), len(cases), strings.Join(bad, "; "))
	}
	return nil
}

func wordBytes(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, v := range w {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	return b
}

// CheckAdapter opens the adapter a selector names, reads its granted limits,
// runs Probe and releases it: one line of `bandscope devices` per adapter.
// The limits are returned even when the probe fails.
func CheckAdapter(selector string) (Limits, error) {
	d, err := Open(selector)
	if err != nil {
		return Limits{}, err
	}
	defer d.Release()
	return d.Limits(), Probe(d)
}
