'use strict';
/**
 * Loads extension.js against stubs: `require('vscode')` (VS Code cannot be downloaded here) gives the
 * current stub of the vscode API, and extension.js's `require('vscode-languageclient/node')` gives the
 * current stub language client. Everything else, the real vscode-languageclient included, loads as usual.
 */
const Module = require('node:module');
const path = require('node:path');

const EXTENSION = path.resolve(__dirname, '..', '..', 'extension.js');
const current = { vscode: undefined, languageclient: undefined };
const originalLoad = Module._load;

Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') {
    if (!current.vscode) throw new Error('test: no vscode stub is installed');
    return current.vscode;
  }
  if (request === 'vscode-languageclient/node' && parent?.filename === EXTENSION && current.languageclient) {
    return current.languageclient;
  }
  return originalLoad.call(this, request, parent, isMain);
};

/** A fresh copy of extension.js over the given stubs. */
function loadExtension(vscode, languageclient) {
  current.vscode = vscode;
  current.languageclient = languageclient;
  delete require.cache[EXTENSION];
  return require(EXTENSION);
}

module.exports = { loadExtension, current };
