package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bandscope/bandscope/kernels/libm"
)

// svmNode is one nonzero entry of a sparse libsvm vector (index from 1).
type svmNode struct {
	index int
	value float64
}

// svm is a libsvm regression model with an RBF kernel, as libvmaf's svm.cpp
// holds it: support vectors in file order, each sparse and ascending.
type svm struct {
	gamma float64
	rho   float64
	coef  []float64
	sv    [][]svmNode
}

// parseSVM reads libsvm's text model (svm.cpp, SVMModelParser): a header of
// "key value..." tokens up to "SV", then total_sv lines of
// "coef index:value ...". Only what VMAF models use is accepted: nu_svr or
// epsilon_svr (the same prediction) with the RBF kernel.
func parseSVM(text string) (*svm, error) {
	head, body, ok := cutSV(text)
	if !ok {
		return nil, fmt.Errorf("libsvm model has no SV line")
	}
	h, err := parseSVMHeader(head)
	if err != nil {
		return nil, err
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	s := &svm{gamma: h.gamma, rho: h.rho}
	lines := strings.Split(body, "\n")
	if len(lines) < h.total {
		return nil, fmt.Errorf("libsvm model: total_sv %d but %d support vector lines", h.total, len(lines))
	}
	for i := 0; i < h.total; i++ {
		c, v, err := parseSupportVector(i+1, lines[i])
		if err != nil {
			return nil, err
		}
		s.coef = append(s.coef, c)
		s.sv = append(s.sv, v)
	}
	return s, nil
}

// svmHeader is what a libsvm model's header says.
type svmHeader struct {
	svmType, kernel    string
	nrClass, total     int
	gamma, rho         float64
	haveGamma, haveRho bool
}

// svmTokens are the header's tokens not read yet.
type svmTokens []string

func (t *svmTokens) next(what string) (string, error) {
	if len(*t) == 0 {
		return "", fmt.Errorf("libsvm model: no value for %s", what)
	}
	s := (*t)[0]
	*t = (*t)[1:]
	return s, nil
}

func (t *svmTokens) number(what string) (float64, error) {
	s, err := t.next(what)
	if err != nil {
		return 0, err
	}
	f, err := parseDecimal(s)
	if err != nil {
		return 0, fmt.Errorf("libsvm model: %s %q is not a number", what, s)
	}
	return f, nil
}

func (t *svmTokens) integer(what string) (int, error) {
	s, err := t.next(what)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("libsvm model: %s %q is not an integer", what, s)
	}
	return n, nil
}

// parseSVMHeader reads the header's entries in order; the two-class
// entries (rho, probA, probB, label, nr_sv) only after nr_class 2.
func parseSVMHeader(head string) (h svmHeader, err error) {
	tok := svmTokens(strings.Fields(head))
	h.total = -1
	for len(tok) > 0 {
		key, _ := tok.next("")
		switch key {
		case "svm_type":
			h.svmType, err = tok.next(key)
		case "kernel_type":
			h.kernel, err = tok.next(key)
		case "gamma":
			h.gamma, err = tok.number(key)
			h.haveGamma = true
		case "degree":
			_, err = tok.integer(key)
		case "coef0":
			_, err = tok.number(key)
		case "nr_class":
			h.nrClass, err = tok.integer(key)
		case "total_sv":
			h.total, err = tok.integer(key)
		case "rho", "probA", "probB", "label", "nr_sv":
			err = h.twoClass(key, &tok)
		default:
			return h, fmt.Errorf("libsvm model: unknown header entry %q", key)
		}
		if err != nil {
			return h, err
		}
	}
	return h, nil
}

// twoClass reads an entry with a value per class pair (rho, probA,
// probB: one) or per class (label, nr_sv: two).
func (h *svmHeader) twoClass(key string, tok *svmTokens) error {
	if h.nrClass != 2 {
		return fmt.Errorf("libsvm model: %s before nr_class 2", key)
	}
	if key == "label" || key == "nr_sv" {
		for i := 0; i < 2; i++ {
			if _, err := tok.integer(key); err != nil {
				return err
			}
		}
		return nil
	}
	f, err := tok.number(key)
	if err == nil && key == "rho" {
		h.rho, h.haveRho = f, true
	}
	return err
}

// check refuses what VMAF models never are.
func (h svmHeader) check() error {
	switch {
	case h.svmType != "nu_svr" && h.svmType != "epsilon_svr":
		return fmt.Errorf("libsvm model: svm_type %q is not supported (want nu_svr)", h.svmType)
	case h.kernel != "rbf":
		return fmt.Errorf("libsvm model: kernel_type %q is not supported (want rbf)", h.kernel)
	case h.nrClass != 2:
		return fmt.Errorf("libsvm model: nr_class %d, a regression model has 2", h.nrClass)
	case !h.haveGamma:
		return fmt.Errorf("libsvm model: no gamma")
	case !h.haveRho:
		return fmt.Errorf("libsvm model: no rho")
	case h.total < 1:
		return fmt.Errorf("libsvm model: total_sv missing or below 1")
	}
	return nil
}

// parseSupportVector reads support vector n (from 1): its coefficient and
// its sparse entries, indices ascending from 1.
func parseSupportVector(n int, line string) (float64, []svmNode, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return 0, nil, fmt.Errorf("libsvm model: support vector %d is empty", n)
	}
	c, err := parseDecimal(f[0])
	if err != nil {
		return 0, nil, fmt.Errorf("libsvm model: support vector %d: coefficient %q is not a number", n, f[0])
	}
	v := make([]svmNode, 0, len(f)-1)
	for _, p := range f[1:] {
		is, vs, ok := strings.Cut(p, ":")
		idx, err1 := strconv.Atoi(is)
		val, err2 := parseDecimal(vs)
		if !ok || err1 != nil || err2 != nil {
			return 0, nil, fmt.Errorf("libsvm model: support vector %d: %q is not index:value", n, p)
		}
		if idx < 1 || (len(v) > 0 && idx <= v[len(v)-1].index) {
			return 0, nil, fmt.Errorf("libsvm model: support vector %d: index %d out of order", n, idx)
		}
		v = append(v, svmNode{idx, val})
	}
	return c, v, nil
}

// cutSV splits the model text at its "SV" line.
func cutSV(text string) (head, body string, ok bool) {
	rest := text
	off := 0
	for {
		line, after, found := strings.Cut(rest, "\n")
		if strings.TrimSpace(line) == "SV" {
			return text[:off], after, true
		}
		if !found {
			return "", "", false
		}
		off += len(line) + 1
		rest = after
	}
}

// parseDecimal parses a decimal number as C++'s stream extraction does for
// these files (strtod, correctly rounded), refusing Go-only spellings
// (hexadecimal, underscores, Inf, NaN).
func parseDecimal(s string) (float64, error) {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E') {
			return 0, strconv.ErrSyntax
		}
	}
	return strconv.ParseFloat(s, 64)
}

// predict is svm_predict_values for an SVR model: the sum over support
// vectors, in file order, of coef*K(x, sv), minus rho. x is dense, x[i]
// being the node of index i+1, as libvmaf fills it.
func (s *svm) predict(x []float64) float64 {
	sum := 0.0
	for i, sv := range s.sv {
		sum += float64(s.coef[i] * s.rbf(x, sv))
	}
	return sum - s.rho
}

// rbf is Kernel::k_function's RBF case: exp(-gamma*|x-y|^2), the squared
// distance summed over the merged indices of the two sparse vectors in
// ascending order, exactly as libsvm walks them.
func (s *svm) rbf(x []float64, y []svmNode) float64 {
	sum := 0.0
	xi, yi := 0, 0
	for xi < len(x) && yi < len(y) {
		switch xidx := xi + 1; {
		case xidx == y[yi].index:
			d := x[xi] - y[yi].value
			sum += float64(d * d)
			xi++
			yi++
		case xidx > y[yi].index:
			sum += float64(y[yi].value * y[yi].value)
			yi++
		default:
			sum += float64(x[xi] * x[xi])
			xi++
		}
	}
	for ; xi < len(x); xi++ {
		sum += float64(x[xi] * x[xi])
	}
	for ; yi < len(y); yi++ {
		sum += float64(y[yi].value * y[yi].value)
	}
	return libm.Exp(float64(-s.gamma * sum))
}
