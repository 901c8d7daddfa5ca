// Mirrors kernels/adm DWT0: the first DWT level on the input samples, one
// invocation per output coefficient. It recomputes the four vertical-pass
// values each horizontal tap reads (the CPU keeps them in a row buffer);
// the arithmetic is the CPU's int32, wrapping where it wraps, each result
// truncated to int16. Output planes: A, H, V, D (bw x bh each).

struct Params {
    w: u32,
    h: u32,
    bw: u32,
    bh: u32,
    shift_vp: u32,
    add_vp: i32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> input: array<u32>; // packed 16-bit samples
@group(0) @binding(2) var<storage, read_write> bands: array<i32>;

const LO = array<i32, 4>(15826, 27411, 7345, -4240);
const HI = array<i32, 4>(-4240, -7345, 27411, -15826);
const LO_SUM: i32 = 46342;

fn sample(x: u32, y: u32) -> i32 {
    let i = y * p.w + x;
    return i32((input[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu);
}

// kernels/adm DWTIndices: input position k of output i of an n-long line.
fn dwt_index(i: u32, k: u32, n: u32) -> u32 {
    let half = (n + 1u) / 2u;
    var v = i32(2u * i + k) - 1;
    if (i == 0u && k == 0u) {
        v = 1;
    }
    if (i + 2u >= half && v >= i32(n)) {
        v = 2 * i32(n) - v - 1;
    }
    return u32(v);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.bw || g.y >= p.bh) {
        return;
    }
    var rows: array<u32, 4>;
    for (var k = 0u; k < 4u; k = k + 1u) {
        rows[k] = dwt_index(g.y, k, p.h);
    }
    var a = 32768;
    var v = 32768;
    var hh = 32768;
    var d = 32768;
    for (var k = 0u; k < 4u; k = k + 1u) {
        let c = dwt_index(g.x, k, p.w);
        var lo = 0;
        var hi = 0;
        for (var r = 0u; r < 4u; r = r + 1u) {
            let u = sample(c, rows[r]);
            lo = lo + LO[r] * u;
            hi = hi + HI[r] * u;
        }
        lo = lo - LO_SUM * p.add_vp;
        let tl = sext16((lo + p.add_vp) >> p.shift_vp);
        let th = sext16((hi + p.add_vp) >> p.shift_vp);
        a = a + LO[k] * tl;
        v = v + HI[k] * tl;
        hh = hh + LO[k] * th;
        d = d + HI[k] * th;
    }
    let n = p.bw * p.bh;
    let o = g.y * p.bw + g.x;
    bands[o] = sext16(a >> 16u);
    bands[n + o] = sext16(hh >> 16u);
    bands[2u * n + o] = sext16(v >> 16u);
    bands[3u * n + o] = sext16(d >> 16u);
}
