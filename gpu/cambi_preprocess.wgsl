// Mirrors kernels/cambi Preprocess: one 10-bit output sample per invocation.
// The input plane arrives as packed 16-bit samples, two per word, rows
// `stride` samples apart. Source positions come from xmap/ymap, the column
// and row libvmaf's float32 nearest-sample walk picks for each output
// (identity when the sizes are equal); the walk is a running float sum, so
// it is evaluated once per configuration on the host and only looked up here.

struct Params {
    w: u32,      // output size
    h: u32,
    stride: u32, // input row stride in samples
    up: u32,     // left shift for depths below 10
    down: u32,   // rounding right shift for depths above 10
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read> xmap: array<u32>;
@group(0) @binding(3) var<storage, read> ymap: array<u32>;
@group(0) @binding(4) var<storage, read_write> dst: array<u32>;

fn sample(i: u32) -> u32 {
    return (src[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu;
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    var v = sample(ymap[g.y] * p.stride + xmap[g.x]);
    if (p.down > 0u) {
        v = (v + (1u << (p.down - 1u))) >> p.down; // half up, as the CPU
    } else {
        v = v << p.up;
    }
    dst[g.y * p.w + g.x] = v;
}
