// Package engine ties Bandscope together without any user interface: it
// opens a reference and a distorted clip, builds the requested features
// (CAMBI, integer ADM, integer VIF, integer motion, SpEED chroma: the
// registry, registry.go) and VMAF models on the requested backend (the CPU
// kernel sets, or a GPU through package gpu), scores frames one at a time
// (keeping every intermediate map, for the inspector: Session.Frame, or in
// two parts, the features one view shows first, Session.FramePart, and the
// rest, Session.Complete) or a whole clip (for `bandscope score`:
// Session.Run, which a Watch can follow frame by frame with maps the run
// otherwise drops, and which when stopped early still gives the frames it
// scored, Stopped), and pools and writes the results in libvmaf's formats.
// Its callers reach pictures, options and each feature's results through
// it alone (types.go re-exports them).
//
// A scoring run decodes the next frame while it scores this one, as
// libvmaf's CLI reads pictures on its main thread while its workers
// extract features. It reads the planes its features read
// (clip.ReadPart): the luma alone when no feature reads chroma, a raw
// file's chroma alone for speed_chroma alone, and nothing of a raw
// distorted clip for motion alone; on a GPU the reader also stages the next frame's
// upload while the device works (pipeline.go). Subpackages hold what the
// engine's callers need beside a run: clip (the readers), model (libvmaf's
// models), outfile (outputs that never destroy anything), logs (other
// tools' logs read back), summary (whole-clip statistics and comparisons),
// inspect (a frame's maps as the inspector reads them) and regions
// (banding regions followed over frames, and masks for debanding).
//
// The layering, which app/internal/layering checks, runs downward only:
// app -> ui -> engine -> gpu -> kernels. The ground floor under the kernels
// (kernels/yuv pictures, kernels/feature option tables, kernels/synth
// clips) imports nothing of Bandscope's; the kernels and gpu never import
// the engine; the engine imports no user interface; only ui and app import
// Fyne, and app reaches the backends (gpu included) through the engine.
package engine
