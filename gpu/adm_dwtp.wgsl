// Mirrors kernels/adm PreciseDWT0 (scale0 = 1) and PreciseDWT123: Barten's
// DWT level, Q24 taps, one invocation per output coefficient. Scale 0
// reads the packed 16-bit samples, centred; scales 1-3 the previous
// level's Q18 approximation (plane 0 of src, i32 words). Each of the four
// vertical-pass values a coefficient reads is recomputed here (the CPU
// keeps a row of them) and rounded into Q18 as the CPU's; the outputs are
// the approximation in Q18 and the detail bands rounded by bshift,
// truncated to int16 at scale 0 and to int32 above (no value of valid
// samples needs more: kernels/adm precise.go). Output planes: A, H, V, D.

struct Params {
    w: u32, // input size
    h: u32,
    bw: u32, // output size
    bh: u32,
    scale0: u32,
    centre: i32, // scale 0: 2^(bitDepth-1)
    vshift: u32,
    bshift: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> bands: array<i32>;

const LO = array<i32, 4>(8102773, 14034415, 3760510, -2171132);
const HI = array<i32, 4>(-2171132, -3760510, 14034415, -8102773);
const TAPQ: u32 = 24u;

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

fn input(x: u32, y: u32) -> i32 {
    let i = y * p.w + x;
    if (p.scale0 == 1u) {
        return i32((src[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu) - p.centre;
    }
    return bitcast<i32>(src[i]);
}

// (a + 2^(s-1)) >> s, s in 1..63.
fn round64(a: vec2<u32>, s: u32) -> vec2<u32> {
    return sar64(add64(a, shl64(vec2<u32>(1u, 0u), s - 1u)), s);
}

// a truncated to i32, or at scale 0 to int16 (sign-extended).
fn band(a: vec2<u32>) -> i32 {
    let v = bitcast<i32>(a.x);
    if (p.scale0 == 1u) {
        return sext16(v);
    }
    return v;
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
    var a = vec2<u32>(0u, 0u);
    var v = vec2<u32>(0u, 0u);
    var hh = vec2<u32>(0u, 0u);
    var d = vec2<u32>(0u, 0u);
    for (var k = 0u; k < 4u; k = k + 1u) {
        let c = dwt_index(g.x, k, p.w);
        var lo = vec2<u32>(0u, 0u);
        var hi = vec2<u32>(0u, 0u);
        for (var r = 0u; r < 4u; r = r + 1u) {
            let s = input(c, rows[r]);
            lo = add64(lo, imul(LO[r], s));
            hi = add64(hi, imul(HI[r], s));
        }
        // Truncated to i32 as the CPU's (Q18, under 2^30.2 in magnitude).
        let tl = bitcast<i32>(round64(lo, p.vshift).x);
        let th = bitcast<i32>(round64(hi, p.vshift).x);
        a = add64(a, imul(LO[k], tl));
        v = add64(v, imul(HI[k], tl));
        hh = add64(hh, imul(LO[k], th));
        d = add64(d, imul(HI[k], th));
    }
    let n = p.bw * p.bh;
    let o = g.y * p.bw + g.x;
    bands[o] = bitcast<i32>(round64(a, TAPQ).x);
    bands[n + o] = band(round64(hh, p.bshift));
    bands[2u * n + o] = band(round64(v, p.bshift));
    bands[3u * n + o] = band(round64(d, p.bshift));
}
