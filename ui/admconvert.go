package ui

import (
	"image/color"

	"github.com/bandscope/bandscope/engine"
	"github.com/bandscope/bandscope/engine/recent"
)

type colorNRGBA = color.NRGBA

// ADM map kinds a band can show.
var admMapKinds = []string{"restored", "additive", "threshold"}

// convertADM turns a backend's ADM frame result into the view's form.
func convertADM(r *engine.ADMResult) *admData {
	if r == nil {
		return nil
	}
	return admConverted.Do(r, func() *admData { return newADMData(r) })
}

// admConverted keeps the last results' conversions: the ADM view, the VMAF
// view and the exports of one frame share them, and with them each band
// map's top (mapData.top).
var admConverted = recent.Cache[*engine.ADMResult, *admData]{Max: 4}

func newADMData(r *engine.ADMResult) *admData {
	a := &admData{Score: r.ADM2, Num: r.Num, Den: r.Den}
	for s := 0; s < admScales && s < engine.ADMScales; s++ {
		a.Scales[s] = r.Scale[s]
		for b := 0; b < admBands && b < engine.ADMBands; b++ {
			bd := r.Bands[s][b]
			out := &a.Bands[s][b]
			out.Num, out.Den = bd.Num, bd.Den
			for k, m := range [][]float32{bd.Restored, bd.Additive, bd.Threshold} {
				out.Maps[k] = f32Map(bd.W, bd.H, m)
			}
			out.Map = out.Maps[0]
		}
	}
	return a
}
