package sandboxctl

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"purse/enduser"
	"purse/wallet"
)

// CaptchaPass is the captchaOutput the sandbox accepts in place of a solved captcha.
const CaptchaPass = "sandbox-pass"

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

// Onboard takes the signer's address to a Live account through the real end-user API:
// mint (when api has no account yet, or one the sandbox does not know), the vendor review approved and the activation delay
// skipped through the control surface, Form A signed by the signer and submitted. api must
// sign full-auth calls with signer. It returns the account id; progress hears each step.
func Onboard(ctx context.Context, ctl *Control, api *enduser.Client, signer wallet.EVMSigner, progress func(string)) (string, error) {
	if progress == nil {
		progress = func(string) {}
	}
	tokenID := api.TokenID()
	if tokenID != "" {
		// A sandbox started afresh (--fresh, a reset) does not know the account any more:
		// it reads Na, and a new one is minted as for a profile without one.
		st, err := api.AccountStatus(ctx)
		if err != nil {
			return "", fmt.Errorf("onboard: account status: %w", err)
		}
		if st.StatusStr == "Na" {
			progress("the sandbox has no account " + tokenID + " (it started afresh or was reset): minting a new one")
			tokenID = ""
		}
	}
	if tokenID == "" {
		var err error
		if tokenID, err = ctl.IssueTokenID(ctx); err != nil {
			return "", err
		}
		mc, err := api.WithTokenID(tokenID)
		if err != nil {
			return "", err
		}
		req := Captcha(time.Now())
		req.Address = signer.Address().Hex()
		if _, err := mc.Mint(ctx, req); err != nil {
			return "", fmt.Errorf("onboard: mint: %w", err)
		}
		progress("minted account " + tokenID)
		api = mc
	}
	for range 6 {
		st, err := api.AccountStatus(ctx)
		if err != nil {
			return "", fmt.Errorf("onboard: account status: %w", err)
		}
		if st.StatusStr == "Live" {
			return tokenID, nil
		}
		if st.StatusStr != "Tourist" {
			return "", fmt.Errorf("onboard: account %s is %s; onboarding starts from Tourist", tokenID, st.StatusStr)
		}
		switch st.KYCFlow.CurrentStep {
		case 2: // IDScan: the vendor review is approved through the control surface
			if _, err := ctl.KYCApprove(ctx, tokenID); err != nil {
				return "", err
			}
			progress("KYC approved")
		case 3: // SignFormA
			info, err := api.FormAInfo(ctx)
			if err != nil {
				return "", fmt.Errorf("onboard: Form A: %w", err)
			}
			fa, err := wallet.SignFormA(signer, info.KYCSelfDec)
			if err != nil {
				return "", err
			}
			if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: info.KYCSelfDec, KYCSelfDecSign: fa.Signature}); err != nil {
				return "", fmt.Errorf("onboard: Form A submit: %w", err)
			}
			progress("Form A signed (" + fa.TextHash + ") and submitted")
		case 4: // Review
			if _, err := ctl.Advance(ctx, tokenID); err != nil {
				return "", err
			}
			progress("activation: Live")
		default:
			return "", fmt.Errorf("onboard: KYC step %s (%d) cannot be onboarded automatically", st.KYCFlow.CurrentStepStr, st.KYCFlow.CurrentStep)
		}
	}
	return "", fmt.Errorf("onboard: account %s did not reach Live", tokenID)
}
