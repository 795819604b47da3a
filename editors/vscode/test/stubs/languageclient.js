'use strict';
/**
 * A stub of `vscode-languageclient/node`: the real module's protocol types (so the method names are the
 * real ones), with a LanguageClient that records what the extension asks of it and lets a test play the
 * server's side (a request from the server, a progress notification); `reply` answers its requests.
 */

function createLanguageClientModule(real, { reply } = {}) {
  const instances = [];

  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      this.id = id;
      this.name = name;
      this.serverOptions = serverOptions;
      this.clientOptions = clientOptions;
      this.features = [];
      this.capabilities = undefined;
      this.requestHandlers = new Map();
      this.progressHandlers = new Map();
      this.sentRequests = [];
      this.sentNotifications = [];
      this.running = false;
      this.reply = reply ?? (() => ({ message: 'done', lines: [], table: null, document: null }));
      instances.push(this);
    }

    registerFeature(feature) { this.features.push(feature); }

    async start() {
      this.capabilities = {};
      for (const feature of this.features) feature.fillClientCapabilities(this.capabilities);
      for (const feature of this.features) feature.initialize({}, undefined);
      this.running = true;
    }

    async stop() {
      for (const feature of this.features) feature.clear();
      this.running = false;
    }

    onRequest(type, handler) {
      const method = typeof type === 'string' ? type : type.method;
      this.requestHandlers.set(method, handler);
      return { dispose: () => this.requestHandlers.delete(method) };
    }

    onProgress(type, token, handler) {
      this.progressHandlers.set(token, handler);
      return { dispose: () => this.progressHandlers.delete(token) };
    }

    async sendRequest(type, params) {
      const method = typeof type === 'string' ? type : type.method;
      this.sentRequests.push({ method, params });
      return this.reply(method, params);
    }

    async sendNotification(type, params) {
      const method = typeof type === 'string' ? type : type.method;
      this.sentNotifications.push({ method, params });
    }

    /** The server's side: a request to the client, answered by the handler the extension registered. */
    async fromServer(method, params) {
      const handler = this.requestHandlers.get(method);
      if (!handler) throw new Error(`test: nothing handles ${method}`);
      return handler(params);
    }

    /** The server's side: a $/progress notification for a token. */
    progress(token, value) {
      const handler = this.progressHandlers.get(token);
      if (!handler) throw new Error(`test: nothing listens to progress ${token}`);
      handler(value);
    }
  }

  return { ...real, LanguageClient, instances };
}

module.exports = { createLanguageClientModule };
