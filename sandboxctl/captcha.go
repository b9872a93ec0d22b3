package sandboxctl

import (
	"strconv"
	"time"

	"purse/enduser"
	"purse/internal/sandboxwire"
)

// CaptchaPass is the captchaOutput the sandbox accepts in place of a solved captcha.
const CaptchaPass = sandboxwire.CaptchaPass

// Captcha is the captcha part of a mint request that the sandbox accepts (captchaOutput
// "sandbox-pass"); other networks need a real captcha verification.
func Captcha(now time.Time) enduser.MintRequest {
	return enduser.MintRequest{
		LotNumber: "sandbox", CaptchaOutput: CaptchaPass, PassToken: "sandbox",
		GenTime: strconv.FormatInt(now.Unix(), 10),
	}
}

// FillCaptcha fills the captcha fields of r the user left empty with what the sandbox
// accepts.
func FillCaptcha(r enduser.MintRequest, now time.Time) enduser.MintRequest {
	c := Captcha(now)
	for _, f := range []struct {
		dst *string
		v   string
	}{{&r.LotNumber, c.LotNumber}, {&r.CaptchaOutput, c.CaptchaOutput}, {&r.PassToken, c.PassToken}, {&r.GenTime, c.GenTime}} {
		if *f.dst == "" {
			*f.dst = f.v
		}
	}
	return r
}
