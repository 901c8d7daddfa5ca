// The two find passes of cambi_pool.wgsl's radix select, with its bindings
// (the one layout of the pooling passes) but hist and state read as plain
// words: a dispatch ends after count_hi and count_lo's atomics, so the
// counts are final here, and plain loads can be many in flight where a chain
// of atomic loads waits for each (on an NVIDIA H200 the atomic version of
// these passes took 0.55 ms each at 4K, a quarter of a vmaf_v1 frame's
// device time). The bins are scanned from the top (largest bits first) for
// the one holding the need-th largest value: each of 256 invocations sums
// 256 consecutive bins, one invocation finds the chunk, all 256 load its
// bins into workgroup memory, and one finds the bin.

struct Params {
    n: u32,     // number of c-values
    k: u32,     // how many are pooled
    chunk: u32, // values per invocation in sum
}

@group(0) @binding(0) var<uniform> p: Params;
// hist[0..65536): counts by high 16 bits; hist[65536..131072): by low 16
// bits among values whose high bits are state[0]. Four bins a word.
@group(0) @binding(2) var<storage, read_write> hist: array<vec4<u32>>;
// state[0] high bits of T, state[1] count above them, state[2] T's bits,
// state[3] count of values > T (cambi_pool.wgsl).
@group(0) @binding(3) var<storage, read_write> state: array<u32>;

const BINS: u32 = 65536u;

var<workgroup> sums: array<u32, 256>;
var<workgroup> bins: array<u32, 256>;
var<workgroup> chunk: vec2<u32>;
var<workgroup> found: vec2<u32>;

// find returns (bin, count in higher bins) for the need-th largest value
// among the 65536 bins from offset (0 or BINS); every invocation gets it.
fn find(t: u32, offset: u32, need: u32) -> vec2<u32> {
    // Invocation t owns descending ranks [256t, 256t+256): bins 65535-256t
    // down to 65280-256t, 64 words from (offset + 65280 - 256t) / 4.
    let base = (offset + BINS - 256u - 256u * t) >> 2u;
    var s = vec4<u32>(0u);
    for (var r = 0u; r < 64u; r++) {
        s += hist[base + r];
    }
    sums[t] = s.x + s.y + s.z + s.w;
    workgroupBarrier();
    if (t == 0u) {
        var before = 0u;
        var owner = 255u;
        for (var u = 0u; u < 256u; u++) {
            if (before + sums[u] >= need) {
                owner = u;
                break;
            }
            before += sums[u];
        }
        chunk = vec2<u32>(owner, before);
    }
    // The owner's 256 bins, in descending rank, one load each.
    let c = workgroupUniformLoad(&chunk);
    let mine = offset + BINS - 1u - (c.x * 256u + t);
    bins[t] = hist[mine >> 2u][mine & 3u];
    workgroupBarrier();
    if (t == 0u) {
        var before = c.y;
        var bin = 0u;
        for (var r = 0u; r < 256u; r++) {
            bin = BINS - 1u - (c.x * 256u + r);
            if (before + bins[r] >= need) {
                break;
            }
            before += bins[r];
        }
        found = vec2<u32>(bin, before);
    }
    return workgroupUniformLoad(&found);
}

@compute @workgroup_size(256)
fn find_hi(@builtin(local_invocation_index) t: u32) {
    let f = find(t, 0u, p.k);
    if (t == 0u) {
        state[0] = f.x;
        state[1] = f.y;
    }
}

@compute @workgroup_size(256)
fn find_lo(@builtin(local_invocation_index) t: u32) {
    let above = state[1];
    let f = find(t, BINS, p.k - above);
    if (t == 0u) {
        state[2] = (state[0] << 16u) | f.x;
        state[3] = above + f.y;
    }
}
