// Mirrors kernels/cambi AntiDither: each sample averages with its right,
// lower and lower-right neighbours (truncating, >> 2); the last column and
// row average with the one neighbour they have (>> 1); the last sample stays.
// The CPU reads only original samples, so dst is a separate buffer here.

struct Params {
    w: u32,
    h: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let i = g.y * p.w + g.x;
    let right = g.x + 1u < p.w;
    let below = g.y + 1u < p.h;
    var v = src[i];
    if (right && below) {
        v = (v + src[i + 1u] + src[i + p.w] + src[i + p.w + 1u]) >> 2u;
    } else if (below) {
        v = (v + src[i + p.w]) >> 1u;
    } else if (right) {
        v = (v + src[i + 1u]) >> 1u;
    }
    dst[i] = v;
}
