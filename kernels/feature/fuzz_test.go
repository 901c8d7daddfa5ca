package feature

import "testing"

// specSeeds are the table tests' inputs plus awkward shapes.
var specSeeds = []string{
	"cambi", "cambi=window_size=35", "cambi=ws=65", "cambi=topk=0.2", "cambi=enc_width=1280:enc_height=720",
	"cambi=full_ref=true", "cambi=eotf=pq", "adm=debug=true:bands=true", "=", "cambi=", "cambi=:", "cambi=a=b=c",
	"cambi=window_size=13", "cambi=topk=NaN", "cambi=topk=1e400", "cambi=nope=1", "cambi=full_ref=maybe",
}

// FuzzSpec: the option parser never panics, and what it accepts has a
// metric name.
func FuzzSpec(f *testing.F) {
	for _, s := range specSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if err != nil {
			return
		}
		v := NewValues(sp.Name, testTable)
		if v.SetAll(sp.Opts) != nil {
			return
		}
		if v.MetricName("cambi") == "" {
			t.Fatal("empty metric name")
		}
	})
}
