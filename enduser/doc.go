// Package enduser is purse's typed client of the banking service's end-user ("external
// wallet") API: spec sections 4.6 and 5.4, with the protocol decisions of design section 2.
//
// One Client talks to one profile's base address. It
//   - knows every end-user route in a single table (Routes), whose method, path and auth
//     level a profile may change by route name, with the service's names for the spec's
//     stand-ins written into the paths (Options.Names);
//   - signs full-auth calls locally through wallet.SignFullAuth over the exact bytes it sends
//     (the POST body, or the raw GET query), with deadlines computed from server time
//     (Clock: the timestamp route, else any answer's timeNow); only a service that gives no
//     server time at all leaves the local clock, said in a notice (Options.Notice);
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
