// Device half of kernels/cambi Pool: the top-k selection and an exact sum.
//
// libvmaf sums the k largest c-values in double in the order its quickselect
// leaves them. That order only matters when some partial sum rounds. Every
// non-zero c-value is a float32 >= 0.5 (w*p0*p/(p0+p) with p0, p >= 1) below
// 2^14, so it is an integer multiple of 2^-24: X = c * 2^24 < 2^38. This
// pass finds the k-th largest value T by a two-level radix select on the
// float bits (monotone for c >= 0) and sums X exactly, in 16-bit digits, over
// the values above T. The host adds (k - count above T) * T and checks that
// the exact sum S is below 2^53 times the smallest included ulp: then every
// partial sum in any order is exactly representable, the double sum in
// libvmaf's order equals S, and the mean is S / k with the CPU's bits. When
// the check fails the host pools the read-back c-values as the CPU does.
//
// Entry points, in order: clear, count_hi, find_hi, count_lo, find_lo, sum
// (find_hi and find_lo in cambi_pool_find.wgsl, with the same bindings).

struct Params {
    n: u32,     // number of c-values
    k: u32,     // how many are pooled
    chunk: u32, // values per invocation in sum
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> cv: array<u32>; // float32 bits
// hist[0..65536): counts by high 16 bits; hist[65536..131072): by low 16
// bits among values whose high bits are state[0].
@group(0) @binding(2) var<storage, read_write> hist: array<atomic<u32>>;
// state[0] high bits of T, state[1] count above them, state[2] T's bits,
// state[3] count of values > T, state[4] bits of the smallest non-zero
// value > T.
@group(0) @binding(3) var<storage, read_write> state: array<atomic<u32>>;
// partial[3*g + i]: digit i of workgroup g's sum of X over values > T.
@group(0) @binding(4) var<storage, read_write> partial: array<u32>;

const BINS: u32 = 65536u;

@compute @workgroup_size(256)
fn clear(@builtin(global_invocation_id) g: vec3<u32>) {
    let i = g.x;
    if (i < 2u * BINS) {
        atomicStore(&hist[i], 0u);
    }
    if (i < 5u) {
        atomicStore(&state[i], select(0u, 0xffffffffu, i == 4u));
    }
}

@compute @workgroup_size(256)
fn count_hi(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
    let stride = nw.x * 256u;
    for (var i = g.x; i < p.n; i += stride) {
        atomicAdd(&hist[cv[i] >> 16u], 1u);
    }
}

@compute @workgroup_size(256)
fn count_lo(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
    let hi = atomicLoad(&state[0]);
    let stride = nw.x * 256u;
    for (var i = g.x; i < p.n; i += stride) {
        let b = cv[i];
        if ((b >> 16u) == hi) {
            atomicAdd(&hist[BINS + (b & 0xffffu)], 1u);
        }
    }
}

// find_hi and find_lo are in cambi_pool_find.wgsl, which reads hist as
// plain words: a scan of atomics is a chain of round trips.

var<workgroup> digits: array<atomic<u32>, 3>;

@compute @workgroup_size(256)
fn sum(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_index) t: u32,
       @builtin(workgroup_id) wg: vec3<u32>) {
    if (t < 3u) {
        atomicStore(&digits[t], 0u);
    }
    workgroupBarrier();
    let T = atomicLoad(&state[2]);
    var d0 = 0u;
    var d1 = 0u;
    var d2 = 0u;
    var smallest = 0xffffffffu;
    let start = g.x * p.chunk;
    let end = min(start + p.chunk, p.n);
    for (var i = start; i < end; i++) {
        let b = cv[i];
        if (b > T) { // b > T >= 0: b is a non-zero c-value >= 0.5
            let s = (b >> 23u) - 126u;          // X = mantissa << s, s in 0..14
            let m = (b & 0x7fffffu) | 0x800000u;
            let lo = m << s;
            d0 += lo & 0xffffu;
            d1 += lo >> 16u;
            // The amount is masked: with s = 0 it would be 32, which SPIR-V
            // and MSL leave undefined (the select discards it, but an
            // undefined shift may poison the whole expression).
            d2 += select(0u, m >> ((32u - s) & 31u), s > 0u);
            smallest = min(smallest, b);
        }
    }
    atomicAdd(&digits[0], d0);
    atomicAdd(&digits[1], d1);
    atomicAdd(&digits[2], d2);
    if (smallest != 0xffffffffu) {
        atomicMin(&state[4], smallest);
    }
    workgroupBarrier();
    if (t < 3u) {
        partial[3u * wg.x + t] = atomicLoad(&digits[t]);
    }
}
