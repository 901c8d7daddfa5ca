package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/engine/model"
	"github.com/bandscope/bandscope/engine/outfile"
)

// scoreRun is one `bandscope score` run once its command line is checked.
type scoreRun struct {
	req            engine.Request
	out, format    string
	prec           engine.Precision
	quiet          bool
	stdout, stderr io.Writer

	outputs *outfile.Set
	done    atomic.Int64 // frames scored so far: where an interrupt stopped
}

// exec runs it and returns the exit code. Every output of the run (the -o
// file or the table on stdout, CAMBI's heatmaps) is checked before any work
// (outfile's rules: never an input, devices and FIFOs written through, the
// directory writable) and staged in one set, published together only when
// the run succeeds; the table on stdout is written last, with the -o file
// when it is a pipe, where a signal can still stop the run and roll back
// the files.
func (r *scoreRun) exec(ctx context.Context) int {
	outputs := r.openOutputs(ctx)
	defer outputs.Abort() // a no-op once committed
	var res *engine.Results
	if err := r.output(r.writer(&res)); err != nil {
		return r.fail(ctx, err)
	}
	s, err := r.open(ctx)
	if err != nil {
		return r.fail(ctx, err)
	}
	defer s.Close()
	progress, cleared := r.progress()
	res, err = s.Run(ctx, progress)
	cleared()
	if err != nil {
		return r.fail(ctx, err)
	}
	if p := s.GPUProfile(); p != "" {
		fmt.Fprint(r.stderr, p)
	}
	if err := outputs.Commit(); err != nil {
		return r.fail(ctx, err)
	}
	return 0
}

// open opens the run's session and checks its clips.
func (r *scoreRun) open(ctx context.Context) (*engine.Session, error) {
	s, err := engine.Open(ctx, r.req)
	if err != nil {
		return nil, err
	}
	if err := r.checkClips(s); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// openOutputs starts the run's output set: no output may be an input (the
// clips, the files --model path= reads), and a signal stops publishing.
func (r *scoreRun) openOutputs(ctx context.Context) *outfile.Set {
	outputs := outfile.NewSet(r.req.Reference, r.req.Distorted)
	for _, m := range r.req.Models {
		outputs.AddInputs(model.FlagFiles(m)...) // --model path=: inputs too
	}
	outputs.Cancel = ctx.Done()
	r.outputs = outputs
	r.req.Outputs = outputs
	return outputs
}

// output stages the run's main output: the -o file, or without -o stdout.
func (r *scoreRun) output(write func(io.Writer) error) error {
	if r.out != "" {
		return r.outputs.Later(r.out, write)
	}
	return r.outputs.LaterTo("stdout", r.stdout, write)
}

// progress reports a run's frames on stderr when it is a terminal (and
// not --quiet), remembering where an interrupt stopped the run; cleared
// erases the line.
func (r *scoreRun) progress() (report func(engine.Progress), cleared func()) {
	tty := !r.quiet && isTerminal(r.stderr)
	report = func(pr engine.Progress) {
		r.done.Store(int64(pr.Done))
		if tty {
			total := "?"
			if pr.Total >= 0 {
				total = fmt.Sprint(pr.Total)
			}
			fmt.Fprintf(r.stderr, "\rframe %d/%s  %.1f fps ", pr.Done, total, pr.FPS)
		}
	}
	cleared = func() {
		if tty {
			fmt.Fprint(r.stderr, "\r\033[K")
		}
	}
	return report, cleared
}

func (r *scoreRun) writer(res **engine.Results) func(io.Writer) error {
	return func(w io.Writer) error {
		write := map[string]func(io.Writer, engine.Precision) error{
			"json": (*res).WriteJSON, "xml": (*res).WriteXML, "csv": (*res).WriteCSV, "table": (*res).WriteTable,
		}[r.format]
		return write(w, r.prec)
	}
}

// fail prints err as one line and returns the exit code: 130 when
// interrupted, 2 for a refused output path or command line (options that
// no clip makes valid, raw options missing or unsupported), 1 otherwise.
func (r *scoreRun) fail(ctx context.Context, err error) int {
	// Clean up before saying anything: a stderr nobody reads may block or
	// fail, and must not leave the staged files behind.
	r.outputs.Abort()
	if ctx.Err() != nil {
		where := r.req.Distorted
		sayf(r.stderr, "bandscope: interrupted at frame %d of %s", r.done.Load(), where)
		return 130
	}
	sayf(r.stderr, "bandscope: %v", err)
	if errors.Is(err, outfile.ErrRefused) || errors.Is(err, engine.ErrUsage) || errors.Is(err, clip.ErrRawOptions) {
		return 2
	}
	return 1
}

// checkClips says on stderr what a run will not score, and refuses a file
// ffmpeg found cut short unless --frame_cnt asks for no more than it has.
func (r *scoreRun) checkClips(s *engine.Session) error {
	ri, di := s.Info()
	for _, in := range []clip.Info{di, ri} {
		if in.EndedEarly && (r.req.Frames == 0 || r.req.Frames > in.Frames) {
			return &clip.Error{Path: in.Path, Frame: -1, Err: fmt.Errorf(
				"%w: ffmpeg reports that the file ended prematurely; %d frames are readable (--frame_cnt %d scores them)",
				clip.ErrTruncated, in.Frames, in.Frames)}
		}
		if ri.Path == di.Path {
			break
		}
	}
	if ri.Path != di.Path && ri.Frames >= 0 && di.Frames >= 0 && ri.Frames != di.Frames {
		n := min(ri.Frames, di.Frames)
		if r.req.Frames > 0 {
			n = min(n, r.req.Frames)
		}
		sayf(r.stderr, "bandscope: warning: reference %s has %d frames and distorted %s has %d: scoring frames 0 to %d",
			ri.Path, ri.Frames, di.Path, di.Frames, n-1)
	}
	return nil
}
