'use strict';
/**
 * The .vsix that `make vsix` builds (`npm run package`; make test runs it before these tests): the bundle, the
 * manifest, the README and the LICENSE, nothing else; and the bundle loads, vscode-languageclient inside it.
 */
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { current } = require('./stubs/loader');
const { createVscode } = require('./stubs/vscode');

const ROOT = path.resolve(__dirname, '..');
const { name, version } = require('../package.json');
/** `vsce package` names the .vsix after the extension and its version: orkeon-0.1.0.vsix. */
const VSIX_NAME = `${name}-${version}.vsix`;
const VSIX = path.join(ROOT, VSIX_NAME);

/** The entries of the .vsix (a zip), listed by Python's zipfile, which every machine that runs make has. */
function entries() {
  const listing = execFileSync('python3', ['-c',
    'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', VSIX], { encoding: 'utf8' });
  return listing.split('\n').filter(Boolean).sort();
}

test(`make vsix built ${VSIX_NAME} with the bundle, the manifest, the README and the LICENSE only`, () => {
  assert.ok(fs.existsSync(VSIX), `${VSIX_NAME} is missing: run \`make vsix\` (make test does)`);

  assert.deepEqual(entries(), [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/dist/extension.js',
    'extension/package.json',
    'extension/readme.md',
  ]);
});

test('the packed manifest names its repository, its license and the bundle as its entry point', () => {
  const manifest = JSON.parse(execFileSync('python3', ['-c',
    'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("extension/package.json").decode())', VSIX],
  { encoding: 'utf8' }));

  assert.equal(manifest.main, './dist/extension.js');
  assert.equal(manifest.license, 'MIT');
  assert.match(manifest.repository.url, /^https:\/\//);
});

test('the bundle loads on its own, with vscode-languageclient inside it', () => {
  current.vscode = new Proxy(createVscode(), { get: (stub, name) => (name in stub ? stub[name] : class {}) });

  const bundle = require(path.join(ROOT, 'dist', 'extension.js'));

  assert.equal(typeof bundle.activate, 'function');
  assert.equal(typeof bundle.splitArguments, 'function');
});
