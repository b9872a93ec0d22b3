package wallet

import (
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
)

// PartnerAuthVariant selects the signed message of partner auth (design 2.6).
type PartnerAuthVariant string

const (
	// PartnerAuthSpec is the message of spec 5.1: payload + "svcId:" + X-Svc-Id +
	// "externalUserId:" + X-External-User-Id + " " + deadline.
	PartnerAuthSpec PartnerAuthVariant = "spec"
	// PartnerAuthLegacy is payload + " " + deadline, as public integrator code signs /v1/*.
	PartnerAuthLegacy PartnerAuthVariant = "legacy"
)

// PartnerAuth is a signed set of partner auth headers.
type PartnerAuth struct {
	Signature string `json:"X-Api-Signature"`
	Deadline  int64  `json:"X-Api-Deadline"`
	PublicKey string `json:"X-Api-PublicKey"`
	Message   string `json:"message"`
}

// PartnerAuthMessage builds the signed message for the given variant. Absent identity
// headers are empty strings.
func PartnerAuthMessage(v PartnerAuthVariant, payload []byte, svcID, externalUserID string, deadline int64) string {
	d := strconv.FormatInt(deadline, 10)
	if v == PartnerAuthLegacy {
		return string(payload) + " " + d
	}
	return string(payload) + "svcId:" + svcID + "externalUserId:" + externalUserID + " " + d
}

// SignPartnerAuth signs the partner auth headers of call with EIP-191; the signer builds the
// message from the call's parts and checks its deadline against now.
func SignPartnerAuth(s EVMSigner, call PartnerCall, now time.Time) (PartnerAuth, error) {
	sig, err := signEVM(s, Request{Purpose: PurposePartnerAuth, Partner: &call}, now)
	if err != nil {
		return PartnerAuth{}, err
	}
	return PartnerAuth{Signature: hexutil.Encode(sig), Deadline: call.Deadline, PublicKey: s.Address().Hex(), Message: call.Message()}, nil
}
