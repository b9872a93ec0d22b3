// Records the APDUs Ledger's own host libraries (@ledgerhq/hw-app-eth, @ledgerhq/hw-app-solana)
// send for the requests of ledger/testdata/apdus.json, through a transport that answers each
// with a well-formed reply and keeps what it was sent. purse's ledger package must send the
// same bytes (TestAPDUsAgreeWithLedgerJS). A check, not a dependency: run it by hand
// (`npm install --ignore-scripts @ledgerhq/hw-app-eth @ledgerhq/hw-app-solana
// @ledgerhq/hw-transport` in a scratch folder, then `NODE_PATH=that/node_modules node
// scripts/ledger-apdus.js > ledger/testdata/apdus.json` from the repository).
const Transport = require("@ledgerhq/hw-transport").default;
const Eth = require("@ledgerhq/hw-app-eth").default;
const Solana = require("@ledgerhq/hw-app-solana").default;

class Recorder extends Transport {
  constructor(reply) { super(); this.sent = []; this.reply = reply; }
  exchange(apdu) {
    this.sent.push(apdu.toString("hex"));
    return Promise.resolve(Buffer.concat([this.reply(apdu), Buffer.from("9000", "hex")]));
  }
}

const sig = Buffer.alloc(65, 0x11); sig[0] = 27;
// GET APP AND VERSION's answer: format 1, the name, the version, the flags.
const appVersion = (name, v) => Buffer.concat([Buffer.from([1, name.length]), Buffer.from(name), Buffer.from([v.length]), Buffer.from(v), Buffer.from([1, 0])]);
const ethReply = (apdu) => {
  if (apdu[1] === 0x02) { // address: pubkey length 65, pubkey, address length 40, ASCII address
    const pub = Buffer.alloc(65, 0x04);
    const addr = Buffer.from("f39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    return Buffer.concat([Buffer.from([65]), pub, Buffer.from([40]), addr]);
  }
  if (apdu[1] === 0x06) return Buffer.from([0x01, 1, 19, 1]);
  if (apdu[0] === 0xb0) return appVersion("Ethereum", "1.19.1");
  if (apdu[1] === 0x1a || apdu[1] === 0x1c) return Buffer.alloc(0);
  return sig;
};
const solReply = (apdu) => (apdu[1] === 0x05 ? Buffer.alloc(32, 0x22) : Buffer.alloc(64, 0x33));

async function main() {
  const out = {};
  const run = async (name, reply, f) => {
    const t = new Recorder(reply);
    await f(t);
    out[name] = t.sent;
  };
  const msg = Buffer.alloc(300); for (let i = 0; i < msg.length; i++) msg[i] = i & 0xff;
  // The deposit transaction of wallet/testdata/evmtx (cast's "deposit"), unsigned.
  const unsignedDeposit = "02f8b5827a6907843b9aca0084b2d05e008303d0909400000000000000000000000000000000000000d0865af3107a4000b884ae5e966a00000000000000000000000000000000000000000000000000000000000000c000000000000000000000000000000000000000000000000000000000000000e000000000000000000000000000000000000000000000000000000000017d784000000000000000000000000000000000000000000000000000000000017b8ff8c0";
  await run("eth address", ethReply, (t) => new Eth(t).getAddress("44'/60'/0'/0/0", false, false));
  await run("eth address, shown", ethReply, (t) => new Eth(t).getAddress("44'/60'/1'/0/0", true, false));
  await run("eth app configuration", ethReply, (t) => new Eth(t).getAppConfiguration());
  await run("eth personal_sign 300 bytes", ethReply, (t) => new Eth(t).signPersonalMessage("44'/60'/0'/0/0", msg.toString("hex")));
  await run("eth personal_sign 5 bytes", ethReply, (t) => new Eth(t).signPersonalMessage("44'/60'/0'/0/0", Buffer.from("hello").toString("hex")));
  await run("eth eip712 hashes", ethReply, (t) => new Eth(t).signEIP712HashedMessage("44'/60'/0'/0/0",
    "f2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f", "c52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e"));
  // EIP-712 clear signing (the app's full implementation): the typed documents of
  // ledger/testdata (read from there), no Ledger service asked for filters.
  const fs = require("fs");
  const path = require("path");
  const doc = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, "..", "ledger", "testdata", name), "utf8"));
  const offline = { calServiceURL: null, cryptoassetsBaseURL: null };
  await run("eth eip712 permit, clear-signed", ethReply, (t) => new Eth(t, "w0w", offline).signEIP712Message("44'/60'/0'/0/0", doc("eip712-permit.json")));
  await run("eth eip712 nested, clear-signed", ethReply, (t) => new Eth(t, "w0w", offline).signEIP712Message("44'/60'/0'/0/0", doc("eip712-nested.json")));
  await run("eth deposit transaction", ethReply, (t) => new Eth(t).signTransaction("44'/60'/0'/0/0", unsignedDeposit, null));
  await run("solana pubkey", solReply, (t) => new Solana(t).getAddress("44'/501'/0'"));
  await run("solana pubkey, 4 levels", solReply, (t) => new Solana(t).getAddress("44'/501'/0'/0'"));
  const tx = Buffer.alloc(400); for (let i = 0; i < tx.length; i++) tx[i] = (i * 7) & 0xff;
  await run("solana transaction 400 bytes", solReply, (t) => new Solana(t).signTransaction("44'/501'/0'", tx));
  await run("solana transaction 100 bytes", solReply, (t) => new Solana(t).signTransaction("44'/501'/0'", tx.subarray(0, 100)));
  const versions = {};
  for (const p of ["@ledgerhq/hw-app-eth", "@ledgerhq/hw-app-solana", "@ledgerhq/hw-transport"]) versions[p] = require(p + "/package.json").version;
  process.stdout.write(JSON.stringify({ _: "APDUs sent by Ledger's host libraries (scripts/ledger-apdus.js)", versions, apdus: out }, null, 2) + "\n");
}
main().catch((e) => { console.error(e); process.exit(1); });
// The USB HID frames of ledger/testdata/apdus.json's "hidFrames" come from @ledgerhq/devices
// 8.4.4's hid-framing (later versions no longer export it):
//   require("@ledgerhq/devices/hid-framing").default(0x0101, 64).makeBlocks(apdu)
