// Package clip reads video clips frame by frame: YUV4MPEG2 (Y4M), raw planar
// YUV whose format is given by the caller, and (through ffmpeg) anything
// ffmpeg decodes. Every reader gives random access to frame N and streams: it
// holds a few frames in memory, never the clip.
//
// Errors name the file, the frame and the problem (see Error), so that a
// command line tool can print them as they are.
//
// Y4M frame N is read at an offset computed from the first FRAME line; the
// FRAME line found there is checked, and the first that differs (FRAME lines
// whose parameters vary in length) makes the reader index every frame by one
// pass over the FRAME lines (8 bytes a frame); Info().Frames then gives the
// indexed count. Samples are kept in the file's own layout: 411
// stays 4:1:1 and mono stays 4:0:0, 420jpeg/420mpeg2/420paldv are all 4:2:0,
// and the 444alpha alpha plane is skipped.
//
// Where this differs from libvmaf's tools (y4m_input.c, yuv_input.c):
//   - libvmaf's CLI reads pictures without conversion and refuses (at the
//     first frame) the 8-bit tags it would resample: 422, 411, 420paldv,
//     mono and 444alpha. Bandscope reads them unconverted; CAMBI and ADM
//     read luma only, which no such conversion touches.
//   - The F (frame rate) tag may be missing (libvmaf refuses the header); W
//     and H must be plain positive decimals (libvmaf's sscanf takes "W+5x").
//   - The 9/14/16-bit and monoN tags that ffmpeg writes are accepted.
//   - A raw or Y4M file whose last frame is cut short is refused at Open,
//     naming that frame. libvmaf's CLI reads up to it and then stops with
//     "problem reading pictures", a non-zero exit status and no output
//     (checked with the built vmaf on a 64x48 raw file of 2.2 frames), so
//     the outcome is the same, but earlier and with the frame named.
//   - Frame sizes above 2^27 pixels (16384x8192) are refused before anything
//     is allocated, and samples above the bit depth's maximum are an error
//     naming plane and position: kernels index tables by sample value.
//   - FIFOs and devices are refused: they would block or never end.
//   - Raw files are named .yuv, .raw or .bin (any case): libvmaf reads
//     every file but a .y4m as raw, while this package hands other files to
//     ffmpeg.
//
// Container files (mp4, mkv, webm, mov, ivf, anything not Y4M or raw YUV) go
// through ffmpeg, found on PATH (FFmpegAvailable says when it is missing
// and what that disables). ffprobe gives size, pixel format, frame rate and
// frame count (the container's, else a count of packets); ffmpeg decodes
// the first video stream to raw planar YUV at the source's bit depth
// (yuvj formats kept as they are so that no range conversion runs;
// semi-planar and packed formats unpacked; RGB refused), with
// -fps_mode passthrough (no frame dropped or duplicated) and
// -noautorotate. The first seek lists the packets (ffprobe, demux only) to
// learn presentation order and keyframes, which fixes Info().Frames to the
// packet count; a seek restarts ffmpeg half a frame before the keyframe
// at or before the wanted frame and decodes forward. A clean end of
// ffmpeg before the listed count is an error naming the frame, never a
// silently shorter clip. ffmpeg runs in its own process group, killed on
// Close or when the OpenContext context ends, and always reaped.
//
// OpenScaled resamples another reader's frames with ffmpeg's
// scale=W:H:flags=bicubic (a ladder rendition brought to its source's
// size): the reader's exact frames are piped to ffmpeg as raw planar YUV,
// and the output equals `ffmpeg -i FILE -vf scale=W:H:flags=bicubic` on
// the same file, byte for byte (tested on Y4M at 8 and 10 bits, 4:4:4,
// raw YUV and Matroska). A seek restarts ffmpeg at the wanted frame.
//
// What ffmpeg does quietly is made loud (ffmpeg_watch.go):
//   - paths reach ffmpeg and ffprobe as absolute file: URLs, so that files
//     named "-", "pipe:0" or "file:x.mp4" are files, never protocols;
//   - a helper that gives no output while awaited and makes no progress
//     (CPU time, bytes read or written; or is stopped by a signal) for
//     30 s is killed, and the read fails naming the file and the
//     frame: an HLS segment that is a FIFO, a dead mount, SIGSTOP;
//   - the packet-count probe's failure is Open's error, not a missing count;
//   - ffmpeg's log is read at level+verbose: a filter graph reconfigured for
//     another frame size (ffmpeg would scale the rest of the stream to the
//     first size) fails the read, and "File ended prematurely" marks
//     Info().EndedEarly (the CLI refuses such a file unless --frame_cnt asks
//     for no more frames than it has);
//   - raw-format options that contradict the container's format are refused,
//     as for Y4M.
package clip
