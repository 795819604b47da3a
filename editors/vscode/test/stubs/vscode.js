'use strict';
/**
 * A stub of the `vscode` module, with the parts extension.js uses: plain fields to set (the settings, the
 * input box's answers, the workspace folder) and to read (commands registered, channels' text, input boxes
 * shown, messages, progress notifications).
 */

function createVscode({ settings = {}, inputAnswers = [], folderPath = '/work/project', quickPickAnswers = [] } = {}) {
  const recorded = {
    commands: new Map(),
    channels: [],
    inputBoxes: [],
    errors: [],
    progress: [],
    configurationListeners: [],
    quickPicks: [],
    infos: [],
  };
  const answers = [...inputAnswers];
  const picks = [...quickPickAnswers];

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
    showErrorMessage(message) {
      recorded.errors.push(message);
      return Promise.resolve(undefined);
    },
    showInformationMessage(message) {
      recorded.infos.push(message);
      return Promise.resolve(undefined);
    },
    /** Answers with the item whose label is the next of `quickPickAnswers` (undefined: escaped). */
    showQuickPick(items, options) {
      recorded.quickPicks.push({ items, options });
      const label = picks.length ? picks.shift() : undefined;
      return Promise.resolve(items.find((item) => item.label === label));
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
  };

  return {
    recorded,
    window,
    commands,
    workspace,
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  };
}

module.exports = { createVscode };
