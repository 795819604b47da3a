'use strict';
/**
 * A stub of the `vscode` module, with the parts extension.js uses: plain fields to set (the settings, the
 * input box's, QuickPick's and dialogs' answers, the workspace folder, the active editor) and to read
 * (commands registered and executed, channels' text, input boxes, QuickPicks and dialogs shown, messages,
 * progress notifications, status bar items, tabs closed).
 */

/** A file or virtual document's address, as much of vscode.Uri as the extension uses. */
class Uri {
  constructor(scheme, path, query = '') { this.scheme = scheme; this.path = path; this.query = query; }
  static from({ scheme, path = '', query = '' }) { return new Uri(scheme, path, query); }
  static file(path) { return new Uri('file', path); }
  static parse(text) {
    const match = /^([a-z][a-z0-9+.-]*):(?:\/\/)?([^?]*)(?:\?(.*))?$/i.exec(text);
    return match ? new Uri(match[1], match[2], match[3] ?? '') : new Uri('file', text);
  }
  get fsPath() { return this.path; }
  toString() { return `${this.scheme}://${this.path}${this.query ? `?${this.query}` : ''}`; }
}

function createVscode({
  settings = {}, inputAnswers = [], quickPickAnswers = [], dialogAnswers = [], folderPath = '/work/project',
  activeTextEditor = undefined,
} = {}) {
  const recorded = {
    commands: new Map(),
    executed: [],
    channels: [],
    inputBoxes: [],
    quickPicks: [],
    dialogs: [],
    errors: [],
    progress: [],
    statusBarItems: [],
    contentProviders: new Map(),
    closedTabs: [],
    configurationListeners: [],
    infos: [],
  };
  const answers = [...inputAnswers];
  const picks = [...quickPickAnswers];
  const chosen = [...dialogAnswers];
  const tabGroups = { all: [], close(tabs) { recorded.closedTabs.push(...tabs); return Promise.resolve(true); } };

  const window = {
    createOutputChannel(name) {
      const channel = {
        name,
        text: '',
        shown: 0,
        appendLine(line) { this.text += `${line}\n`; },
        append(text) { this.text += text; },
        show() { this.shown += 1; },
        clear() { this.text = ''; },
        dispose() {},
      };
      recorded.channels.push(channel);
      return channel;
    },
    showInputBox(options) {
      recorded.inputBoxes.push(options);
      return Promise.resolve(answers.length ? answers.shift() : undefined);
    },
    /** Answers with the item (a text, or an item whose label it is) the next of `quickPickAnswers` names
     * (undefined: escaped). */
    showQuickPick(items, options) {
      recorded.quickPicks.push({ items, options });
      const label = picks.length ? picks.shift() : undefined;
      return Promise.resolve(items.find((item) => (typeof item === 'string' ? item : item.label) === label));
    },
    showWarningMessage(message, options, ...items) {
      // the texts of the proposed edits, read while the dialog is open, as the diff editor reads them
      const proposed = [...recorded.contentProviders.entries()].flatMap(([scheme, provider]) =>
        recorded.executed.filter((c) => c.command === 'vscode.diff').map((c) => ({
          scheme, before: provider.provideTextDocumentContent(c.args[0]), after: provider.provideTextDocumentContent(c.args[1]),
        })));
      recorded.dialogs.push({ message, options, items, proposed });
      // an answer is given by its title; the dialog returns the item (a MessageItem or a string) so titled
      const title = chosen.length ? chosen.shift() : undefined;
      return Promise.resolve(items.find((item) => (item?.title ?? item) === title));
    },
    showErrorMessage(message) {
      recorded.errors.push(message);
      return Promise.resolve(undefined);
    },
    createStatusBarItem(alignment, priority) {
      const item = {
        alignment, priority, text: '', tooltip: '', command: undefined, name: undefined, visible: false,
        show() { this.visible = true; },
        hide() { this.visible = false; },
        dispose() { this.visible = false; },
      };
      recorded.statusBarItems.push(item);
      return item;
    },
    activeTextEditor,
    tabGroups,
    showInformationMessage(message) {
      recorded.infos.push(message);
      return Promise.resolve(undefined);
    },
    withProgress(options, task) {
      const shown = { options, reports: [], finished: false, cancel: undefined };
      recorded.progress.push(shown);
      const progress = { report(value) { shown.reports.push(value); } };
      const token = {
        isCancellationRequested: false,
        onCancellationRequested(listener) { shown.cancel = listener; return { dispose() {} }; },
      };
      return Promise.resolve(task(progress, token)).then(() => { shown.finished = true; });
    },
  };

  const commands = {
    executeCommand(command, ...args) {
      recorded.executed.push({ command, args });
      if (command === 'vscode.diff') tabGroups.all = [{ tabs: [...(tabGroups.all[0]?.tabs ?? []), { input: { modified: args[1] } }] }];
      return Promise.resolve(undefined);
    },
    registerCommand(id, handler) {
      if (recorded.commands.has(id)) throw new Error(`command '${id}' already exists`);
      recorded.commands.set(id, handler);
      return { dispose() { recorded.commands.delete(id); } };
    },
  };

  const workspace = {
    workspaceFolders: folderPath ? [{ uri: { fsPath: folderPath }, name: 'project', index: 0 }] : undefined,
    getConfiguration(section) {
      return {
        get(key, fallback) {
          const value = settings[`${section}.${key}`];
          return value === undefined ? fallback : value;
        },
      };
    },
    onDidChangeConfiguration(listener) {
      recorded.configurationListeners.push(listener);
      return { dispose() {} };
    },
    registerTextDocumentContentProvider(scheme, provider) {
      recorded.contentProviders.set(scheme, provider);
      return { dispose() { recorded.contentProviders.delete(scheme); } };
    },
    asRelativePath(uri) {
      const path = typeof uri === 'string' ? uri : uri.fsPath;
      return folderPath && path.startsWith(`${folderPath}/`) ? path.slice(folderPath.length + 1) : path;
    },
  };

  return {
    recorded,
    window,
    commands,
    workspace,
    Uri,
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
  };
}

module.exports = { createVscode, Uri };
