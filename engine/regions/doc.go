// Package regions turns CAMBI's per-frame maps into banding you can act
// on: regions found in each frame, linked over frames into events ("the
// sky from frame 984 to 1128 bands, here, this badly, and costs this many
// VMAF points"), written as events.json, a table, and a mask Y4M for a
// debanding filter. `bandscope regions` and the inspector's banding
// timeline share it. The maps are the engine's, bit for bit; the rules
// below are Bandscope's own.
//
// A pixel's c-value. CAMBI computes a c-value map per scale (five scales,
// each half the size of the one before) on its spatial mask. A pixel's
// c-value here is CAMBI's weighted sum of the c-values at its position in
// each scale (the sample it was decimated into; weights 16, 8, 4, 2, 1)
// divided by the window's pixel count: the weights and divisor CAMBI pools
// its scales with, so a frame whose every pixel had c-value v would score
// about v. With cambi_high_res_speedup scale 0 is already at half size and
// a pixel reads the sample it falls in. The arithmetic is fixed once for
// every kernel set and backend (kernels/regionscan): the weighted sum is
// taken in float32 from the coarsest scale down, each product rounded
// before its addition; the threshold is compared in float32 (rounded up,
// so that it means the same as in float64); a region's c-value sum adds
// each row run's sum, taken in 16 float64 lanes (kernels/regionscan's
// RunSum), in scan order.
//
// Regions. A pixel bands when CAMBI's spatial mask is set there and its
// c-value is at least the threshold (DefaultThreshold, --threshold);
// banding pixels form regions by 8-connectivity (diagonal neighbours join);
// regions of fewer than MinArea pixels (a quarter of CAMBI's window) are
// dropped. Regions are found at CAMBI's picture size, the encode size;
// boxes, areas and masks are given in the distorted clip's own pixels,
// each CAMBI pixel covering the clip's pixels nearest to it (the identity
// when the sizes agree). For a ladder rendition, which the engine upscales
// to the reference's size and CAMBI scores at its own size, that is the
// rendition's own size.
//
// Events. A region joins the event whose region last found, grown by
// CAMBI's window on every side, it overlaps most (the older event of
// equals); several regions of one frame may join one event (a region that
// split), and a region that overlaps none starts a new event, which the
// regions of its frame that overlap it so grown join. An event may go
// MaxGap frames (2) without a region and continue; on those frames its
// last region holds its place (in the frames list, with c-values 0, and in
// the mask, so that a debanding filter does not flicker). An event ends
// when MaxGap frames pass without it; events shorter than MinFrames
// (DefaultMinFrames, --min-frames) are flickers and are dropped.
//
// Severity. An event's severity is the sum, over its frames, of its
// pixels' c-values divided by the frame's pixel count (Report.Severity):
// a region twice as large, twice as strong or twice as long is twice as
// severe. Events are numbered from 1 by severity, most severe first.
//
// What each event says (events.json): its first and last frames, its box
// over all frames, its largest and mean c-value, the frames' CAMBI score
// on average, and with a model the points CAMBI costs that model on
// average over its frames, as --explain computes them (the model's score
// with CAMBI at its value on the reference against itself, minus the
// score); then each frame's box, area, mean and largest c-value.
//
// Cost. On the CPU the search reads scale 0's c-values as CAMBI pools
// them (engine.Watch.CAMBIRows, cambi.RowReader): CAMBI pools scale 0
// last, once the coarser scales' c-values exist, and hands each row or two
// to the search right after its pooling scan has read them from
// memory, so that the search finds the band's banding pixels and runs
// (Rows) in cache, and links a frame's runs into components once CAMBI
// is done with it (Extract). No map is kept: 4K scale 0's c-values alone
// are 33 MB a frame, which a search of kept maps read from memory a
// second time (5-6 ms a frame on one core of a 2-core AVX-512 Xeon VM,
// 10-15% over `score --feature cambi`). The search then costs the row
// kernels' arithmetic (at 4K and 1 thread about 3 ms a frame: the banding
// test 1.3, the run sums 0.9, the coarser scales' weights 0.7) and 1-2%
// for pooling scale 0 last; the README gives what it costs over scoring.
// A band's run sums are bound by the vector units, not by the latency of
// their additions: summing two runs side by side in one AVX-512 loop took
// as long as summing them one after the other. Where the backend cannot
// hand the rows over (the GPU) the maps are kept, frame by frame, and
// Extract reads them whole, as it does those of the inspector's frames;
// both give the same bits (TestFramesMatchRun, TestComponentsBruteForce
// with the rows in bands).
//
// Memory does not grow with the clip: on the CPU no map outlives its
// frame's scoring (elsewhere a frame's maps are kept only until its worker
// has found the frame's regions), the linking keeps an event's region
// pixels only until every frame they touch is final, and the mask is
// written as frames become final, a few frames behind the run. The
// inspector, which draws and exports from memory, keeps the pixels
// (Options.KeepPixels).
//
// Two reports of encodes of one clip compare event by event (Match): the
// events of each that the other has, and those it does not.
package regions
