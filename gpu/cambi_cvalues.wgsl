// Mirrors kernels/cambi CValues: the c-value of every masked pixel from the
// histogram of the in-band masked samples of its window (clipped to the
// picture).
//
// Parallel form of the CPU's sliding histogram: invocation (x, s) owns column
// x of horizontal strip first+s (rows [(first+s)*strip, ...+strip)); a
// dispatch covers the strips whose histograms fit the buffer, and several
// dispatches (first = 0, perPass, ...) cover the picture. It primes a private
// histogram with the full clipped window of the strip's first row, then
// slides it down the strip, removing the row leaving the window and adding
// the row entering it, exactly as the CPU slides its histograms down the
// whole picture. Counts are integers, so the histogram a pixel sees equals
// the CPU's whatever the strip layout. The histograms live in device memory,
// bin-major and column-minor so that neighbouring invocations touch
// neighbouring words; no two invocations share a word, so no atomics.
//
// Only bins v-num_diffs..v+num_diffs are read for a pixel of value v.
//
// cambi_cvalues_bins.wgsl runs first and fuses the mask and the band test
// into one word per sample.
//
// The c-value is float32(w*p0*p) * reciprocal[p0+p]: the integer is below
// 9*2113*2112 < 2^26 but may exceed 2^24, where WGSL's int-to-float
// conversion may round either way; exact_f32 rounds to nearest-even in
// integers first, so the conversion is exact, and the one float
// multiplication left is correctly rounded (WGSL/Vulkan/Metal/D3D12 all
// require it for f32 multiplication) with no addition to fuse with.

struct Params {
    w: u32,
    h: u32,
    pad: u32,   // window / 2
    strip: u32, // rows per strip
    base: u32,  // Tables.BandBase
    size: u32,  // Tables.BandSize
    nd: u32,    // Tables.NumDiffs
    vlt: u32,   // Tables.VLTLuma
    first: u32, // the dispatch's first strip
}

@group(0) @binding(0) var<uniform> p: Params;
// bins[i] = img[i] - base for a masked in-band sample, NONE otherwise:
// the one word the histogram updates and the c-value need per sample.
@group(0) @binding(1) var<storage, read> bins: array<u32>;
// tables[d] = TVIForDiff[d], tables[32 + d] = DiffWeights[d]
@group(0) @binding(2) var<storage, read> tables: array<u32>;
@group(0) @binding(3) var<storage, read> reciprocal: array<f32>;
@group(0) @binding(4) var<storage, read_write> hist: array<u32>;
@group(0) @binding(5) var<storage, read_write> cv: array<f32>;

const NONE: u32 = 0xffffffffu;

// exact_f32 converts n < 2^31 to the nearest float32, ties to even, as C's
// and Go's conversions do.
fn exact_f32(n: u32) -> f32 {
    if (n < 0x1000000u) {
        return f32(n); // exactly representable
    }
    let shift = 8u - countLeadingZeros(n); // bits below the 24 kept
    var m = n >> shift;
    let rem = n & ((1u << shift) - 1u);
    let half = 1u << (shift - 1u);
    if (rem > half || (rem == half && (m & 1u) == 1u)) {
        m += 1u; // m <= 2^24: still exact
    }
    return f32(m) * f32(1u << shift); // exact: a power-of-two scaling
}

// update adds delta (1 or 0xffffffff, i.e. -1) to the histogram for every
// in-band masked sample of row y in columns lo..hi.
fn update(y: u32, lo: u32, hi: u32, hbase: u32, delta: u32) {
    let row = y * p.w;
    for (var c = lo; c <= hi; c++) {
        let b = bins[row + c];
        if (b != NONE) {
            let k = hbase + b * p.w;
            hist[k] = hist[k] + delta;
        }
    }
}

fn c_value(i: u32, hbase: u32) -> f32 {
    let b = bins[i];
    if (b == NONE) {
        return 0.0; // unmasked, or outside the band: no c-value
    }
    let adj = b + p.base + p.nd; // libvmaf compares thresholds in this offset form
    let p0 = hist[hbase + b * p.w];
    var c = 0.0;
    for (var d = 0u; d < p.nd; d++) {
        if (adj > tables[d] || adj + d + 1u <= p.vlt) {
            continue;
        }
        var p1 = 0u;
        if (b + d + 1u < p.size) {
            p1 = hist[hbase + (b + d + 1u) * p.w];
        }
        var p2 = 0u;
        if (b >= d + 1u) {
            p2 = hist[hbase + (b - d - 1u) * p.w];
        }
        let q = max(p1, p2);
        let val = exact_f32(tables[32u + d] * p0 * q) * reciprocal[q + p0];
        if (val > c) {
            c = val;
        }
    }
    return c;
}

@compute @workgroup_size(64, 1)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let x = g.x;
    let r0 = (g.y + p.first) * p.strip;
    if (x >= p.w || r0 >= p.h) {
        return;
    }
    let r1 = min(p.h, r0 + p.strip);
    let hbase = g.y * p.size * p.w + x;
    let lo = u32(max(i32(x) - i32(p.pad), 0));
    let hi = min(x + p.pad, p.w - 1u);

    for (var b = 0u; b < p.size; b++) {
        hist[hbase + b * p.w] = 0u;
    }
    let top = u32(max(i32(r0) - i32(p.pad), 0));
    let bottom = min(r0 + p.pad, p.h - 1u);
    for (var y = top; y <= bottom; y++) {
        update(y, lo, hi, hbase, 1u);
    }
    for (var y = r0; y < r1; y++) {
        if (y > r0) {
            if (y >= p.pad + 1u) {
                update(y - p.pad - 1u, lo, hi, hbase, 0xffffffffu);
            }
            if (y + p.pad < p.h) {
                update(y + p.pad, lo, hi, hbase, 1u);
            }
        }
        let i = y * p.w + x;
        cv[i] = c_value(i, hbase);
    }
}

