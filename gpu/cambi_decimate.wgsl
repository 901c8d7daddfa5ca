// Mirrors kernels/cambi Decimate (and its use on the mask): keep every other
// sample of every other row. dst is w x h = (src_w+1)/2 x (src_h+1)/2.

struct Params {
    w: u32,
    h: u32,
    src_w: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    dst[g.y * p.w + g.x] = src[2u * g.y * p.src_w + 2u * g.x];
}
