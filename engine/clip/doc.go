// Package clip reads video clips frame by frame: YUV4MPEG2 (Y4M), raw planar
// YUV whose format is given by the caller, and (through ffmpeg) anything
// ffmpeg decodes. Every reader gives random access to frame N and streams: it
// holds a few frames in memory, never the clip.
//
// Errors name the file, the frame and the problem (see Error), so that a
// command line tool can print them as they are.
package clip
