// First pass of kernels/cambi CValues (see cambi_cvalues.wgsl): the
// histogram bin of each sample, img - BandBase, or NONE when the sample is
// outside the mask or outside the band [BandBase, BandBase+BandSize), the
// samples the CPU's histogram updates skip.

struct Params {
    w: u32,
    h: u32,
    base: u32,
    size: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> img: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<u32>;
@group(0) @binding(3) var<storage, read_write> bins: array<u32>;

const NONE: u32 = 0xffffffffu;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let i = g.y * p.w + g.x;
    let b = img[i] - p.base; // wraps below the band
    bins[i] = select(NONE, b, mask[i] != 0u && b < p.size);
}
