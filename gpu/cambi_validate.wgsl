// Mirrors kernels/cambi CheckPlane's sample check (libvmaf's input
// validation), on the device: the index of the first sample (in raster
// order) above the bit depth's maximum lands in bad[0], which stays
// 0xffffffff when every sample is valid. The host only formats the error.
struct Check {
    w: u32,
    h: u32,
    stride: u32,
    maxv: u32,
}

@group(0) @binding(0) var<uniform> c: Check;
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<storage, read_write> bad: array<atomic<u32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= c.w || g.y >= c.h) {
        return;
    }
    let i = g.y * c.stride + g.x;
    let v = (input[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu;
    if (v > c.maxv) {
        atomicMin(&bad[0], i);
    }
}
