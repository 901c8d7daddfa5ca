// Mirrors kernels/adm DWT123: one DWT level at scale 1, 2 or 3 on the
// previous level's approximation (plane 0 of src), in 64-bit integers with
// the scale's rounding, one invocation per output coefficient; each pass
// result truncated to int32 as the CPU's. Output planes: A, H, V, D.

struct Params {
    w: u32, // input size
    h: u32,
    bw: u32, // output size
    bh: u32,
    va: u32,
    vs: u32,
    ha: u32,
    hs: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<i32>;
@group(0) @binding(2) var<storage, read_write> bands: array<i32>;

const LO = array<i32, 4>(15826, 27411, 7345, -4240);
const HI = array<i32, 4>(-4240, -7345, 27411, -15826);

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

fn round_shift(acc: vec2<u32>, add: u32, s: u32) -> i32 {
    return bitcast<i32>(sar64(add64(acc, vec2<u32>(add, 0u)), s).x);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.bw || g.y >= p.bh) {
        return;
    }
    var rows: array<u32, 4>;
    for (var k = 0u; k < 4u; k = k + 1u) {
        rows[k] = dwt_index(g.y, k, p.h) * p.w;
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
            let s = src[rows[r] + c];
            lo = add64(lo, imul(LO[r], s));
            hi = add64(hi, imul(HI[r], s));
        }
        let tl = round_shift(lo, p.va, p.vs);
        let th = round_shift(hi, p.va, p.vs);
        a = add64(a, imul(LO[k], tl));
        v = add64(v, imul(HI[k], tl));
        hh = add64(hh, imul(LO[k], th));
        d = add64(d, imul(HI[k], th));
    }
    let n = p.bw * p.bh;
    let o = g.y * p.bw + g.x;
    bands[o] = round_shift(a, p.ha, p.hs);
    bands[n + o] = round_shift(hh, p.ha, p.hs);
    bands[2u * n + o] = round_shift(v, p.ha, p.hs);
    bands[3u * n + o] = round_shift(d, p.ha, p.hs);
}
