package enduser

import "testing"

// The judge runs on every full-auth signature (the policy, the review): its cost beside a
// signature's.
func BenchmarkJudge(b *testing.B) {
	for name, payload := range map[string]string{
		"card-status": ` {"cardTokenId":"981","status":0}`,
		"token-permit": `{"address":"0x7b2750D4C8556351bd5F607c79D6AD03A18C8824","amount":"2500","permitAmount":"2500",` +
			`"permitDeadline":1795886846,"permitV":27,"permitR":"0x01","permitS":"0x02"}`,
		"empty": "",
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if len(Judge([]byte(payload)).Routes) == 0 {
					b.Fatal("fits nothing")
				}
			}
		})
	}
}
