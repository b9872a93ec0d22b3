// Compiles contracts/src/*.sol with solc-js (the pinned npm "solc") and writes one artifact per
// deployable contract to assets/contracts/<Name>.json: { contractName, sourceName, compiler,
// abi, bytecode }. With a second argument, also writes <Name>.abi and <Name>.bin there for abigen.
//
// Usage: node build.js <artifact-dir> [<abigen-dir>]
'use strict';

const fs = require('fs');
const path = require('path');
const solc = require('solc');

const CONTRACTS = ['AccountNFT', 'FiatToken', 'USDC', 'CardSpender', 'DepositContract', 'BufferPool'];
const EVM_VERSION = 'cancun';

function main() {
  const outDir = process.argv[2];
  const abigenDir = process.argv[3];
  if (!outDir) {
    console.error('usage: node build.js <artifact-dir> [<abigen-dir>]');
    process.exit(2);
  }
  const srcDir = path.join(__dirname, 'src');
  const sources = {};
  for (const f of fs.readdirSync(srcDir).filter((f) => f.endsWith('.sol')).sort()) {
    sources['src/' + f] = { content: fs.readFileSync(path.join(srcDir, f), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: EVM_VERSION,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (p) => {
    const candidates = [path.join(__dirname, 'node_modules', p), path.join(__dirname, p)];
    for (const c of candidates) {
      if (fs.existsSync(c)) {
        return { contents: fs.readFileSync(c, 'utf8') };
      }
    }
    return { error: 'import not found: ' + p };
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  let failed = false;
  for (const e of out.errors || []) {
    console.error(e.formattedMessage || e.message);
    if (e.severity === 'error') failed = true;
  }
  if (failed) process.exit(1);

  fs.mkdirSync(outDir, { recursive: true });
  if (abigenDir) fs.mkdirSync(abigenDir, { recursive: true });
  for (const name of CONTRACTS) {
    const sourceName = Object.keys(out.contracts).find((s) => out.contracts[s][name]);
    if (!sourceName) {
      console.error('contract not found in output: ' + name);
      process.exit(1);
    }
    const c = out.contracts[sourceName][name];
    const artifact = {
      contractName: name,
      sourceName,
      compiler: { name: 'solc-js', version: solc.version(), evmVersion: EVM_VERSION, optimizerRuns: 200 },
      abi: c.abi,
      bytecode: '0x' + c.evm.bytecode.object,
    };
    fs.writeFileSync(path.join(outDir, name + '.json'), JSON.stringify(artifact, null, 2) + '\n');
    if (abigenDir) {
      fs.writeFileSync(path.join(abigenDir, name + '.abi'), JSON.stringify(c.abi));
      fs.writeFileSync(path.join(abigenDir, name + '.bin'), c.evm.bytecode.object);
    }
    console.log('compiled ' + name + ' (' + c.evm.bytecode.object.length / 2 + ' bytes)');
  }
}

main();
