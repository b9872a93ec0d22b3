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
	// "externalUserId:" + X-External-User-Id + " " + deadline (svcId under the service's
	// name for it: PartnerCall.IDName).
	PartnerAuthSpec PartnerAuthVariant = "spec"
	// PartnerAuthUR is payload + " " + deadline: UR's documented form (its "Signature and
	// Verify" page: "{requestBody} {deadline}", one space), as the public integration signs
	// /v1/*.
	PartnerAuthUR PartnerAuthVariant = "ur"
)

// PartnerAuth is a signed set of partner auth headers.
type PartnerAuth struct {
	Signature string `json:"X-Api-Signature"`
	Deadline  int64  `json:"X-Api-Deadline"`
	PublicKey string `json:"X-Api-PublicKey"`
	Message   string `json:"message"`
}

// PartnerAuthMessage builds the signed message for the given variant. Absent identity
// headers are empty strings; idName is the service's name for svcId ("" is svcId).
func PartnerAuthMessage(v PartnerAuthVariant, payload []byte, idName, svcID, externalUserID string, deadline int64) string {
	d := strconv.FormatInt(deadline, 10)
	if v == PartnerAuthUR {
		return string(payload) + " " + d
	}
	if idName == "" {
		idName = "svcId"
	}
	return string(payload) + idName + ":" + svcID + "externalUserId:" + externalUserID + " " + d
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
