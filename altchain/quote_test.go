package altchain

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func quoteJSON(q *Quote, extra string) string {
	return `{"network":"` + q.Network + `","programId":"` + q.ProgramID.String() + `","oapp":"` + q.OApp.String() +
		`","endpointProgramId":"` + q.EndpointProgramID.String() + `","dstEid":30181,"usdcMint":"` + q.USDCMint.String() +
		`","depositUsdcAccount":"` + q.DepositUSDCAccount.String() + `","feeReceiver":"` + q.FeeReceiver.String() +
		`","evmOutputToken":"` + q.EVMOutputToken.String() + `","nativeFeeLamports":"1000000","nativeFeeLamportsWithBuffer":"1200000",` +
		`"rules":{"onlyUsdc":true,"swapDataMustBeEmpty":true,"jupiterRemainingAccountsLenMustBeZero":true,"userMustHaveUsdcAta":true,"feePayerMustBeUser":true},` +
		`"transaction":"` + base64.StdEncoding.EncodeToString(q.Transaction) + `","lastValidBlockHeight":1000,"outputAmount":"9.95","totalFee":"0.05"` + extra + `}`
}

func TestParseQuoteForms(t *testing.T) {
	q, user := baseline(t)
	bare := quoteJSON(q, "")
	for name, body := range map[string]string{
		"bare":     bare,
		"envelope": `{"code":0,"message":"","data":` + bare + `}`,
	} {
		got, err := ParseQuote(strings.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := got.SetRequested("10000000", ""); err != nil {
			t.Fatal(err)
		}
		if got.DstEid != 30181 || got.NativeFeeLamportsWithBuffer != 1_200_000 || got.LastValidBlockHeight != 1000 ||
			got.ProgramID != q.ProgramID || got.OutputAmount.String() != "9.95" || !got.Rules.OnlyUSDC {
			t.Fatalf("%s: decoded %+v", name, got)
		}
		if r := Inspect(got, user, testOptions()); r.Rejected() {
			t.Fatalf("%s: parsed baseline rejected: %v", name, r.Err())
		}
	}
	// Requested amounts echoed in the body are read too.
	got, err := ParseQuote(strings.NewReader(quoteJSON(q, `,"usdcAmount":"10000000","minUsdcAmount":"0"`)))
	if err != nil || !got.HasRequested || got.USDCAmount != 10_000_000 {
		t.Fatalf("echoed amounts: %+v %v", got, err)
	}
}

func TestParseQuoteErrors(t *testing.T) {
	for _, c := range []struct {
		body string
		code int64
		word string
	}{
		{`{"code":10001,"message":"bad sig","data":null}`, 10001, "not authenticated"},
		{`{"code":20003,"message":"amount"}`, 20003, "below 5 USDC"},
		{`{"code":50002,"message":"cfg"}`, 50002, "chain configuration"},
		{`{"code":50003,"message":"rpc"}`, 50003, "Solana RPC"},
		{`{"error_code":10001,"error_msg":"expired"}`, 10001, "expired deadline"},
	} {
		_, err := ParseQuote(strings.NewReader(c.body))
		var ae *APIError
		if !errors.As(err, &ae) || ae.Code != c.code || !strings.Contains(err.Error(), c.word) {
			t.Errorf("%s: got %v", c.body, err)
		}
	}
}

func TestParseQuoteBadFields(t *testing.T) {
	q, _ := baseline(t)
	good := quoteJSON(q, "")
	for _, c := range []struct {
		old, new, field, expected string
	}{
		{`"programId":"` + q.ProgramID.String() + `"`, `"programId":"0xdead"`, "programId", "base58 Solana public key"},
		{`"oapp":"` + q.OApp.String() + `"`, `"oapp":12`, "oapp", "base58 Solana public key"},
		{`"dstEid":30181`, `"dstEid":4294967296`, "dstEid", "unsigned 32-bit integer"},
		{`"dstEid":30181`, `"dstEid":-1`, "dstEid", "unsigned 32-bit integer"},
		{`"dstEid":30181`, `"dstEid":"30181"`, "dstEid", "as a JSON number"},
		{`"lastValidBlockHeight":1000`, `"lastValidBlockHeight":"1000"`, "lastValidBlockHeight", "as a JSON number"},
		{`"nativeFeeLamports":"1000000"`, `"nativeFeeLamports":1000000`, "nativeFeeLamports", "integer string"},
		{`"nativeFeeLamports":"1000000"`, `"nativeFeeLamports":"1e6"`, "nativeFeeLamports", "integer string"},
		{`"nativeFeeLamportsWithBuffer":"1200000"`, `"nativeFeeLamportsWithBuffer":"01200000"`, "nativeFeeLamportsWithBuffer", "integer string"},
		{`"evmOutputToken":"` + q.EVMOutputToken.String() + `"`, `"evmOutputToken":"0x12"`, "evmOutputToken", "20-byte hex"},
		{`"onlyUsdc":true`, `"onlyUsdc":"true"`, "rules.onlyUsdc", "a boolean"},
		{`"lastValidBlockHeight":1000`, `"lastValidBlockHeight":1.5`, "lastValidBlockHeight", "unsigned 64-bit"},
		{`"transaction":"`, `"transaction":"\n`, "transaction", "strict standard base64"},
		{`"network":"` + q.Network + `"`, `"network":"mainnet-0"`, "network", "genesis-hash prefix"},
		{`"totalFee":"0.05"`, `"totalFee":"abc"`, "totalFee", "decimal"},
		{`"feeReceiver":"` + q.FeeReceiver.String() + `",`, ``, "feeReceiver", "missing"},
		{`"dstEid":30181`, `"dstEid":30181,"dstEid":1`, "dstEid", "single occurrence"},
	} {
		body := strings.Replace(good, c.old, c.new, 1)
		if body == good {
			t.Fatalf("mutation %q did not apply", c.old)
		}
		_, err := ParseQuote(strings.NewReader(body))
		if err == nil || !strings.Contains(err.Error(), c.field) || !strings.Contains(err.Error(), c.expected) {
			t.Errorf("%s -> %s: got %v", c.old, c.new, err)
		}
	}
	if _, err := ParseQuote(strings.NewReader(good + "{}")); err == nil {
		t.Error("trailing data accepted")
	}
	if _, err := ParseQuote(strings.NewReader(`[1]`)); err == nil {
		t.Error("array accepted")
	}
}

func TestQuoteOversizeTransactionIsA1(t *testing.T) {
	q, user := baseline(t)
	big := append(append([]byte(nil), q.Transaction...), make([]byte, 2000)...)
	q.Transaction = big
	got, err := ParseQuote(strings.NewReader(quoteJSON(q, `,"usdcAmount":"10000000"`)))
	if err != nil {
		t.Fatal(err)
	}
	if r := Inspect(got, user, testOptions()); !r.Has("A1", Reject) {
		t.Fatalf("oversize not rejected by A1: %v", r.Findings)
	}
}
