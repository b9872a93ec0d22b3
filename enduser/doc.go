// Package enduser is purse's typed client of the banking service's end-user ("external
// wallet") API: spec sections 4.6 and 5.4, with the protocol decisions of design section 2.
//
// One Client talks to one profile's base address. It
//   - knows every end-user route in a single table (Routes), whose paths a profile may
//     override by route name;
//   - signs full-auth calls locally through wallet.SignFullAuth over the exact bytes it sends
//     (the POST body, or the raw GET query), with deadlines computed from server time
//     (Clock), never from the local clock;
//   - decodes every envelope seen in practice (string-encoded results, unwrapped card reads,
//     gateway {error_code, error_msg} bodies, HTTP 204) into typed models whose amounts are
//     decimals, never floats;
//   - turns failures into typed errors: *APIError for the service's retCodes (with sentinels
//     such as ErrAuth for errors.Is), *HTTPError, *GatewayError (ErrGatewayOutage),
//     *TransportError (ErrTimeout) and *DecodeError;
//   - records each call in an optional RequestLog, from which a tester can copy a
//     ready-to-run curl command.
//
// The package does no storage and holds no secret: keys reach it through wallet.EVMSigner.
package enduser
