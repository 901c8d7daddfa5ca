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
	s := &svm{}
	tok := strings.Fields(head)
	svmType, kernel := "", ""
	nrClass, total := 0, -1
	haveGamma, haveRho := false, false
	next := func(what string) (string, error) {
		if len(tok) == 0 {
			return "", fmt.Errorf("libsvm model: no value for %s", what)
		}
		t := tok[0]
		tok = tok[1:]
		return t, nil
	}
	nextFloat := func(what string) (float64, error) {
		t, err := next(what)
		if err != nil {
			return 0, err
		}
		f, err := parseDecimal(t)
		if err != nil {
			return 0, fmt.Errorf("libsvm model: %s %q is not a number", what, t)
		}
		return f, nil
	}
	nextInt := func(what string) (int, error) {
		t, err := next(what)
		if err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(t)
		if err != nil {
			return 0, fmt.Errorf("libsvm model: %s %q is not an integer", what, t)
		}
		return n, nil
	}
	for len(tok) > 0 {
		key, _ := next("")
		var err error
		switch key {
		case "svm_type":
			svmType, err = next(key)
		case "kernel_type":
			kernel, err = next(key)
		case "gamma":
			s.gamma, err = nextFloat(key)
			haveGamma = true
		case "degree":
			_, err = nextInt(key)
		case "coef0":
			_, err = nextFloat(key)
		case "nr_class":
			nrClass, err = nextInt(key)
		case "total_sv":
			total, err = nextInt(key)
		case "rho", "probA", "probB":
			if nrClass != 2 {
				return nil, fmt.Errorf("libsvm model: %s before nr_class 2", key)
			}
			var f float64
			f, err = nextFloat(key)
			if key == "rho" {
				s.rho, haveRho = f, true
			}
		case "label", "nr_sv":
			if nrClass != 2 {
				return nil, fmt.Errorf("libsvm model: %s before nr_class 2", key)
			}
			for i := 0; i < 2 && err == nil; i++ {
				_, err = nextInt(key)
			}
		default:
			return nil, fmt.Errorf("libsvm model: unknown header entry %q", key)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case svmType != "nu_svr" && svmType != "epsilon_svr":
		return nil, fmt.Errorf("libsvm model: svm_type %q is not supported (want nu_svr)", svmType)
	case kernel != "rbf":
		return nil, fmt.Errorf("libsvm model: kernel_type %q is not supported (want rbf)", kernel)
	case nrClass != 2:
		return nil, fmt.Errorf("libsvm model: nr_class %d, a regression model has 2", nrClass)
	case !haveGamma:
		return nil, fmt.Errorf("libsvm model: no gamma")
	case !haveRho:
		return nil, fmt.Errorf("libsvm model: no rho")
	case total < 1:
		return nil, fmt.Errorf("libsvm model: total_sv missing or below 1")
	}
	lines := strings.Split(body, "\n")
	if len(lines) < total {
		return nil, fmt.Errorf("libsvm model: total_sv %d but %d support vector lines", total, len(lines))
	}
	for i := 0; i < total; i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 {
			return nil, fmt.Errorf("libsvm model: support vector %d is empty", i+1)
		}
		c, err := parseDecimal(f[0])
		if err != nil {
			return nil, fmt.Errorf("libsvm model: support vector %d: coefficient %q is not a number", i+1, f[0])
		}
		v := make([]svmNode, 0, len(f)-1)
		for _, p := range f[1:] {
			is, vs, ok := strings.Cut(p, ":")
			idx, err1 := strconv.Atoi(is)
			val, err2 := parseDecimal(vs)
			if !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("libsvm model: support vector %d: %q is not index:value", i+1, p)
			}
			if idx < 1 || (len(v) > 0 && idx <= v[len(v)-1].index) {
				return nil, fmt.Errorf("libsvm model: support vector %d: index %d out of order", i+1, idx)
			}
			v = append(v, svmNode{idx, val})
		}
		s.coef = append(s.coef, c)
		s.sv = append(s.sv, v)
	}
	return s, nil
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
