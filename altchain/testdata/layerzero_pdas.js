// Derives LayerZero's Solana PDAs with @solana/web3.js, independently of purse's Go code.
const { PublicKey } = require("@solana/web3.js");
const be32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const pda = (prog, ...seeds) => PublicKey.findProgramAddressSync(seeds, new PublicKey(prog))[0].toBase58();
function derive(c) {
  const oapp = new PublicKey(c.oapp).toBuffer();
  const recv = Buffer.from(c.receiver.replace(/^0x/, "").padStart(64, "0"), "hex");
  const ml = new PublicKey(pda(c.sendLibrary, Buffer.from("MessageLib"))).toBuffer();
  return {
    ...c,
    sendLibraryConfig: pda(c.endpoint, Buffer.from("SendLibraryConfig"), oapp, be32(c.dstEid)),
    defaultSendLibraryConfig: pda(c.endpoint, Buffer.from("SendLibraryConfig"), be32(c.dstEid)),
    messageLib: pda(c.sendLibrary, Buffer.from("MessageLib")),
    sendLibraryInfo: pda(c.endpoint, Buffer.from("MessageLib"), ml),
    endpointSettings: pda(c.endpoint, Buffer.from("Endpoint")),
    nonce: pda(c.endpoint, Buffer.from("Nonce"), oapp, be32(c.dstEid), recv),
    endpointEventAuthority: pda(c.endpoint, Buffer.from("__event_authority")),
    sendConfig: pda(c.sendLibrary, Buffer.from("SendConfig"), be32(c.dstEid), oapp),
    defaultSendConfig: pda(c.sendLibrary, Buffer.from("SendConfig"), be32(c.dstEid)),
    sendLibraryEventAuthority: pda(c.sendLibrary, Buffer.from("__event_authority")),
    executorConfig: pda(c.executor, Buffer.from("ExecutorConfig")),
    dvnConfig: pda(c.dvn, Buffer.from("DvnConfig")),
    priceFeedConfig: pda(c.priceFeed, Buffer.from("PriceFeed")),
  };
}
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify({ generator: "@solana/web3.js " + require("@solana/web3.js/package.json").version + " PublicKey.findProgramAddressSync", cases: cases.map(derive) }, null, 2));
