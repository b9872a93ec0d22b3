// Decodes a v0 transaction with @solana/web3.js, independently of purse's Go decoder.
const { VersionedTransaction } = require("@solana/web3.js");
const b64 = require("fs").readFileSync(0, "utf8").trim();
const tx = VersionedTransaction.deserialize(Buffer.from(b64, "base64"));
const m = tx.message;
const keys = m.staticAccountKeys.map((k) => k.toBase58());
console.log(JSON.stringify({
  generator: "@solana/web3.js " + require("@solana/web3.js/package.json").version + " VersionedTransaction.deserialize",
  transaction: b64,
  version: m.version,
  header: m.header,
  signatures: tx.signatures.length,
  recentBlockhash: m.recentBlockhash,
  keys: keys.map((k, i) => ({ key: k, signer: m.isAccountSigner(i), writable: m.isAccountWritable(i) })),
  instructions: m.compiledInstructions.map((ix) => ({ program: keys[ix.programIdIndex], accounts: ix.accountKeyIndexes, data: Buffer.from(ix.data).toString("hex") })),
}, null, 1));
