// Package endusertest is the strict sandbox of the end-user API (spec 4.6, 5.4; design 2 and
// 4) on loopback. It verifies every full-auth signature, deadline and payload hash, walks an
// account through mint, KYC, Form A and activation, serves a deterministic seeded transaction
// history with cursor pagination, issues and blocks cards, relays EIP-2612 permits to a Chain
// and answers with the spec's retCodes. A control surface under /sandbox/ (and the same as Go
// methods) lets testers approve or reject KYC, advance states, inject faults and skew the clock.
//
// It defines its own wire structs from the spec on purpose: it checks the client in enduser/
// instead of sharing its mistakes.
//
// Wire decisions where the spec is silent (the contract the sandbox enforces):
//   - Business errors are HTTP 200 with a non-zero retCode; unknown routes are HTTP 404
//     (10000), a wrong method HTTP 405 (10002).
//   - POST bodies are one JSON object, decoded strictly: unknown fields, trailing data, wrong
//     JSON types and a Content-Type other than application/json are 10002. Missing or invalid
//     values are 10009.
//   - account-status: result is always a JSON-encoded string. form-a-info: a string on every
//     second call per account. GET /api/v2/card: unwrapped (card fields beside retCode,
//     retMsg, timeNow). POST /api/v2/card: result null. Mint: {tokenId (number), txHash}.
//   - Full auth checks, in order: tokenId/network present and decimal (10002), network equal
//     (10001), hash/deadline/sign present and well-formed (10002), hash equal to the lowercase
//     PayloadHash of the raw body (POST) or raw query (GET) (10001), deadline after server
//     time and at most 1200 s ahead (10001), tokenId minted (10001), signer is the owner
//     (10001).
//   - Transactions: timestamps and cursors in Unix seconds (values above 99999999999 are
//     taken for milliseconds: 10009); minAmount/maxAmount are decimal strings or numbers in
//     display units compared with |amount|; currencys are case-insensitive; status "" means no
//     filter; an empty page reports neither hasNextPage nor hasPrevPage.
//   - card-status: cardTokenId is a JSON string (a number is 10002); result is
//     {status: the requested int, data: {cardTokenId, cardStatus, externalId}}.
//   - token-permit: result {status: "success", txHash}; permit preconditions that the token
//     contract would reject (deadline passed, unknown token, precision) are 10009.
//   - KYC, Form A, card and permit preconditions (wrong step, not Live, no card) are 10009;
//     Form A outside SignFormA is 10000 ("Form A not ready (KYC snapshot not ready)" before).
package endusertest
