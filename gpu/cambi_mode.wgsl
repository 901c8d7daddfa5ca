// Mirrors kernels/cambi FilterMode: the vertical 3-tap mode of three
// horizontally mode-filtered rows. The horizontal filter keeps a row's first
// and last sample; rows 0 and h-1 of the output are the input unchanged.

struct Params {
    w: u32,
    h: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

// mode3 is the majority of three values, or their minimum when all differ.
fn mode3(a: u32, b: u32, c: u32) -> u32 {
    if (a == b || a == c) {
        return a;
    }
    if (b == c) {
        return b;
    }
    return min(min(a, b), c);
}

fn hmode(x: u32, y: u32) -> u32 {
    let i = y * p.w + x;
    if (x == 0u || x + 1u == p.w) {
        return src[i];
    }
    return mode3(src[i - 1u], src[i], src[i + 1u]);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let i = g.y * p.w + g.x;
    if (g.y == 0u || g.y + 1u == p.h) {
        dst[i] = src[i];
        return;
    }
    dst[i] = mode3(hmode(g.x, g.y - 1u), hmode(g.x, g.y), hmode(g.x, g.y + 1u));
}
