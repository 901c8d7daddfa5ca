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
// Cost. The search reads each scale's c-values once, row by row (no level of
// the weighted sums is held whole), and finds a row's banding pixels and
// runs in one pass of vector kernels; CAMBI writes the maps the search keeps
// straight into recycled buffers. On a 2-core AVX-512 Xeon that is 5-10%
// over `score --feature cambi` at 1080p and 10-12% at 4K (the README gives
// the sets); most of it the banding test's reading of the maps, memory-bound
// (10 MB a 1080p frame). Finding the runs inside CAMBI's scale-0 strips
// while the c-values were still in cache was tried (the lower scales first,
// then scale 0 with the search fused into its strips): the same events, but
// slower (1080p, 2 threads, one alternated set: +23% CPU over scoring
// against +15%), because scale 0's picture and mask then came back from
// memory. At 4K the search takes about 5.5 ms a frame, and reading is most
// of it: the maps are 52 MB a frame (scale 0's c-values 33, the mask 8,
// scale 1's c-values 8), and one core of that VM reads 33 MB out of cache
// in 3.5 ms, whatever it computes on them. So summing a row's hits in the
// pass that finds them (a row of one run then needs no RunSum pass; RunSum's
// tree gives the same bits from lanes turned by the run's start) gave the
// same events and no gain in a run (4K, 10 alternated sets at 1 and 2
// threads), and reading two bands of rows at once was slower still.
//
// Memory does not grow with the clip: a run keeps each frame's c-value
// maps only until its worker has found the frame's regions (engine.Watch),
// the linking keeps an event's region pixels only until every frame they
// touch is final, and the mask is written as frames become final, a few
// frames behind the run. The inspector, which draws and exports from
// memory, keeps the pixels (Options.KeepPixels).
//
// Two reports of encodes of one clip compare event by event (Match): the
// events of each that the other has, and those it does not.
package regions
