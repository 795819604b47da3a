'use strict';
/**
 * Orkeon for VS Code: starts `orkeon-lsp` for the workspace on vscode-languageclient and puts every
 * Orkeon command in the palette ("Orkeon: Review staged changes"), in the Source Control title and on the
 * changed files, and in the editor's and the explorer's context menus. The server does the work; this file
 * asks for a command's arguments (a QuickPick for a closed list of values, else an input box), shows the view
 * it returns in the "Orkeon" output channel, answers the gate's questions itself (`orkeon/question`: a modal
 * dialog, with an edit's proposed change in a diff editor beside it), answers free-text questions
 * (`orkeon/input`) with an input box, shows progress as notifications, and keeps a status bar item with the
 * session's mode, model and cost (a click changes the mode). Findings arrive as ordinary diagnostics.
 *
 * The palette commands and the settings come from package.json, which `orkeon catalogue --format vscode`
 * generates; `make vsix` bundles this file with esbuild and packs orkeon-<version>.vsix. "Orkeon: Stop a running
 * task" picks one of the running crews and child agents `orkeon.tasks` lists and stops it
 * (`orkeon.tasks stop <id>`).
 */

const vscode = require('vscode');
const lc = require('vscode-languageclient/node');
const manifest = require('./package.json');

const CHANNEL_NAME = 'Orkeon';
const SERVER_CHANNEL_NAME = 'Orkeon language server';
const INPUT_REQUEST = 'orkeon/input';
const QUESTION_REQUEST = 'orkeon/question';
const PROPOSED_SCHEME = 'orkeon-proposed';
const RESTART_COMMAND = 'orkeon.restartServer';
const CHOOSE_MODE_COMMAND = 'orkeon.chooseMode';
const STOP_TASK_COMMAND = 'orkeon.stopTask';
const SECTION = 'orkeon';
const REQUEST_CANCELLED = -32800;
const OTHER_ARGUMENTS = 'Other arguments…';
/** The answers of a question that mean no, the same as closing its dialog (which the server reads as no). */
const CLOSING_ANSWERS = ['Deny', 'Cancel'];
/** The status bar asks `orkeon.status` with one empty object of flags (the same as none for the server), so
 * that a log or a test tells its quiet refresh from a person's /status. */
const STATUS_BAR_ARGUMENTS = [{}];

/** The extension's running state: one language client for the workspace, one output channel, the status bar. */
const state = { client: undefined, starting: undefined, channel: undefined, statusBar: undefined };

/** The proposed texts of the edits a question shows, by the path of their `orkeon-proposed:` document. */
const proposed = new Map();

/**
 * Split what the person typed into the command's tokens as a shell would (and as the `orkeon` prompt
 * does): blanks separate, single quotes keep everything, double quotes keep all but `\"` and `\\`,
 * a backslash outside quotes escapes the next character. An unclosed quote throws.
 */
function splitArguments(text) {
  const tokens = [];
  let current = '';
  let inToken = false;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote === "'") {
      if (ch === "'") quote = null; else current += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text[++i];
      else current += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inToken = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      current += text[++i];
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote !== null) throw new Error(`unclosed ${quote === '"' ? 'double' : 'single'} quote`);
  if (inToken) tokens.push(current);
  return tokens;
}

/** A view ({message, lines, table, document}) as text: lines, the aligned table, then the message. */
function renderView(view) {
  const parts = [...(view?.lines ?? [])];
  const table = view?.table;
  if (table && Array.isArray(table.columns)) {
    const widths = table.columns.map((c) => String(c).length);
    for (const row of table.rows ?? []) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, String(cell).length); });
    const fmt = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
    // a table whose columns are all unnamed shows no header
    if (table.columns.some((c) => String(c) !== '')) parts.push(fmt(table.columns), fmt(widths.map((w) => '-'.repeat(w))));
    for (const row of table.rows ?? []) parts.push(fmt(row));
  }
  if (view?.document && !(view.lines ?? []).length) parts.push(String(view.document.content ?? '').replace(/\n+$/, ''));
  if (view?.message) parts.push(view.message);
  return parts.join('\n');
}

/** A progress title that names Orkeon once ("Orkeon /review" as is, "Indexing" as "Orkeon: Indexing"). */
function progressTitle(title) {
  const text = String(title ?? '');
  return text.startsWith('Orkeon') ? text : `Orkeon: ${text}`;
}

/** The extension's settings, read once per server start. */
function readSettings() {
  const config = vscode.workspace.getConfiguration('orkeon');
  const extra = config.get('initializationOptions') ?? {};
  return {
    command: config.get('server.command') || 'orkeon-lsp',
    args: config.get('server.args') ?? [],
    model: (config.get('model') ?? '').trim(),
    mode: config.get('mode') ?? '',
    logLevel: config.get('logLevel') ?? '',
    askInEditor: config.get('askInEditor'),
    initializationOptions: typeof extra === 'object' && extra !== null && !Array.isArray(extra) ? extra : {},
  };
}

/**
 * The server's settings (docs/lsp.md) from the extension's: the extra initialization options, then the
 * settings of their own (the mode, the log level, whether to ask), the model as a settings key of the
 * session (`config.model`).
 */
function serverSettings(settings) {
  const options = { ...settings.initializationOptions };
  if (settings.model) options.config = { ...(options.config ?? {}), model: settings.model };
  if (settings.mode) options.mode = settings.mode;
  if (settings.logLevel) options.logLevel = settings.logLevel;
  if (typeof settings.askInEditor === 'boolean') options.askInEditor = settings.askInEditor;
  return options;
}

/** A file's URI as the `orkeon-proposed:` document holding its text after an edit. */
function proposedUri(edit, index) {
  return vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: String(edit.path ?? `/edit-${index}`), query: String(index) });
}

/** Shows each proposed edit in a diff editor beside the current one, without taking the focus; the
 * returned function closes them. The file itself is the left side; a new file (no `oldText`), or one
 * outside the host's files, is shown against its text before. */
async function showProposedEdits(edits) {
  const shown = [];
  const kept = [];
  for (const [index, edit] of edits.entries()) {
    const after = proposedUri(edit, index);
    proposed.set(after.toString(), String(edit.newText ?? ''));
    kept.push(after.toString());
    let before = edit.uri && typeof edit.oldText === 'string' ? vscode.Uri.parse(edit.uri) : undefined;
    if (!before) {
      before = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: String(edit.path ?? ''), query: `before-${index}` });
      proposed.set(before.toString(), typeof edit.oldText === 'string' ? edit.oldText : '');
      kept.push(before.toString());
    }
    const name = String(edit.path ?? '').split('/').pop();
    await vscode.commands.executeCommand('vscode.diff', before, after, `${name}: the change Orkeon proposes`,
      { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    shown.push(after.toString());
  }
  return () => closeProposed(shown, kept);
}

/** Closes the diff editors a question opened and forgets their texts. */
function closeProposed(shown, kept) {
  const tabs = [];
  for (const group of vscode.window.tabGroups?.all ?? []) {
    for (const tab of group.tabs) if (shown.includes(tab.input?.modified?.toString())) tabs.push(tab);
  }
  for (const key of kept) proposed.delete(key);
  if (tabs.length) void vscode.window.tabGroups.close(tabs);
}

/**
 * The gate's question (or any choice the server offers), asked in a modal dialog: its first line as the
 * message, the rest (the command, the short diff, the rules) as the detail, which keeps its lines; an
 * edit's proposed change opens in a diff editor beside it. Closing the dialog answers null, which the gate
 * reads as Deny.
 */
async function askQuestion(params) {
  const actions = (params?.actions ?? []).map((action) => String(action.title));
  if (!actions.length) return null;
  const [first, ...rest] = String(params?.message ?? '').split('\n');
  // A modal dialog gets a Cancel button of its own unless one of its items closes it: the answer that
  // says no (the gate's Deny, a Cancel) is that item, so Escape gives it and no second "Cancel" shows.
  const closing = actions.find((title) => CLOSING_ANSWERS.includes(title));
  const items = actions.map((title) => ({ title, isCloseAffordance: title === closing }));
  const close = await showProposedEdits(Array.isArray(params?.edits) ? params.edits : []);
  try {
    const chosen = await vscode.window.showWarningMessage(first, { modal: true, detail: rest.join('\n') }, ...items);
    return chosen === undefined ? null : { title: chosen.title };
  } finally {
    close();
  }
}

/**
 * Declares that this client renders the views itself (`orkeonViews`: the server opens no document) and
 * answers the gate's questions itself (`orkeonQuestions`: they come as `orkeon/question`, with the edits);
 * a plain window/showMessageRequest gets the same modal dialog instead of a toast that flattens it.
 */
class OrkeonQuestionFeature {
  constructor(client) { this.client = client; }
  fillClientCapabilities(capabilities) {
    capabilities.experimental = { ...(capabilities.experimental ?? {}), orkeonViews: true, orkeonQuestions: true };
  }
  initialize() {
    this.client.onRequest(QUESTION_REQUEST, (params) => askQuestion(params));
    this.client.onRequest(lc.ShowMessageRequest.type, (params) => askQuestion(params));
  }
  getState() { return { kind: 'static' }; }
  clear() {}
}

/** The status bar item: the session's mode, model and cost, from `orkeon.status`; a click changes the mode. */
class StatusBar {
  constructor() {
    this.item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Orkeon';
    this.item.command = CHOOSE_MODE_COMMAND;
    this.item.text = '$(sync~spin) Orkeon';
    this.item.tooltip = 'Orkeon is starting';
    this.item.show();
  }
  show(data) {
    const mode = data?.mode || 'default';
    const model = data?.model ? String(data.model).split('/').pop() : 'no model';
    // an amount as it is ($0.0120); anything else (`unknown`, for a model without prices) says it is the cost
    const given = data?.sessionCost ?? '$0';
    const cost = String(given).startsWith('$') ? String(given) : `cost ${given}`;
    this.item.text = `$(shield) ${mode} · ${model} · ${cost}`;
    this.item.tooltip = `Orkeon: mode ${mode} (click to change), model ${data?.model ?? 'not configured'}, ` +
      `this session so far ${cost}`;
  }
  unavailable(reason) {
    this.item.text = '$(warning) Orkeon';
    this.item.tooltip = `Orkeon: ${reason}`;
  }
  dispose() { this.item.dispose(); }
}

/** Asks the server for its status and shows it in the status bar; quietly does nothing when it cannot. */
async function refreshStatus() {
  const client = state.client ? await state.starting : undefined;
  if (!client || !state.statusBar) return;
  try {
    const view = await client.sendRequest(lc.ExecuteCommandRequest.type,
      { command: 'orkeon.status', arguments: STATUS_BAR_ARGUMENTS });
    state.statusBar.show(view?.data);
  } catch (error) {
    state.statusBar.unavailable(error?.message ?? String(error));
  }
}

/** Declares `experimental.orkeonInput` and answers the server's free-text questions with an input box. */
class OrkeonInputFeature {
  constructor(client) { this.client = client; }
  fillClientCapabilities(capabilities) {
    capabilities.experimental = { ...(capabilities.experimental ?? {}), orkeonInput: true };
  }
  initialize() {
    this.client.onRequest(INPUT_REQUEST, async (params) => {
      const answer = await vscode.window.showInputBox({
        title: 'Orkeon',
        prompt: String(params?.question ?? ''),
        value: params?.default ?? '',
        ignoreFocusOut: true,
      });
      return answer === undefined ? null : answer;
    });
  }
  getState() { return { kind: 'static' }; }
  clear() {}
}

/**
 * Shows the server's work-done progress in the notification area, cancellable when the server says so.
 * The language client's own handler shows it in the status bar only; this feature is registered after
 * it, so its handler of window/workDoneProgress/create replaces that one.
 */
class NotificationProgressFeature {
  constructor(client) { this.client = client; this.active = new Set(); }
  fillClientCapabilities(capabilities) {
    capabilities.window = { ...(capabilities.window ?? {}), workDoneProgress: true };
  }
  initialize() {
    this.client.onRequest(lc.WorkDoneProgressCreateRequest.type, (params) => { this.track(params.token); return null; });
  }
  track(token) {
    const part = { progress: undefined, finish: undefined, percentage: 0, pending: [], done: false };
    const report = (value) => {
      if (!part.progress) { part.pending.push(value); return; }
      const step = {};
      if (value.message) step.message = value.message;
      if (typeof value.percentage === 'number') {
        step.increment = Math.max(0, value.percentage - part.percentage);
        part.percentage = Math.max(part.percentage, value.percentage);
      }
      part.progress.report(step);
    };
    part.end = () => {
      part.done = true;
      part.subscription?.dispose();
      part.finish?.();
      this.active.delete(part);
    };
    part.subscription = this.client.onProgress(lc.WorkDoneProgress.type, token, (value) => {
      if (value.kind === 'begin') {
        void vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: progressTitle(value.title), cancellable: Boolean(value.cancellable) },
          (progress, cancellation) => {
            if (part.done) return Promise.resolve();
            cancellation?.onCancellationRequested?.(() => {
              void this.client.sendNotification(lc.WorkDoneProgressCancelNotification.type, { token });
            });
            part.progress = progress;
            for (const waiting of [value, ...part.pending.splice(0)]) report(waiting);
            return new Promise((resolve) => { part.finish = resolve; });
          },
        );
      } else if (value.kind === 'report') {
        report(value);
      } else if (value.kind === 'end') {
        part.end();
      }
    });
    this.active.add(part);
  }
  getState() { return { kind: 'static' }; }
  clear() { for (const part of [...this.active]) part.end(); }
}

function createClient(settings) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  // No `transport`: an executable without one talks over stdin/stdout with exactly the arguments set, while
  // TransportKind.stdio would append `--stdio`, which orkeon-lsp refuses (it serves stdio bare).
  const serverOptions = {
    command: settings.command,
    args: settings.args,
    options: { cwd: folder?.uri?.fsPath },
  };
  const clientOptions = {
    documentSelector: [{ scheme: 'file' }],
    workspaceFolder: folder,
    outputChannelName: SERVER_CHANNEL_NAME,
    initializationOptions: serverSettings(settings),
    middleware: {
      workspace: {
        // the server pulls its `orkeon` section: answer with its own settings, not the extension's
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          return params.items.map((item, i) => (item.section === SECTION ? serverSettings(readSettings()) : answers?.[i]));
        },
      },
    },
  };
  const client = new lc.LanguageClient('orkeon', 'Orkeon', serverOptions, clientOptions);
  client.registerFeature(new OrkeonInputFeature(client));
  client.registerFeature(new NotificationProgressFeature(client));
  client.registerFeature(new OrkeonQuestionFeature(client));
  return client;
}

async function startClient() {
  const settings = readSettings();
  const client = createClient(settings);
  state.client = client;
  state.starting = client.start().then(
    () => {
      void refreshStatus();
      return client;
    },
    (error) => {
      state.client = undefined;
      const reason = error?.message ?? String(error);
      state.statusBar?.unavailable(`the language server did not start (${reason})`);
      void vscode.window.showErrorMessage(
        `Orkeon: the language server \`${settings.command}\` did not start (${reason}). ` +
        'Set "orkeon.server.command" to the orkeon-lsp of your environment.',
      );
      return undefined;
    },
  );
  return state.starting;
}

async function stopClient() {
  const client = state.client;
  state.client = undefined;
  state.starting = undefined;
  if (client) {
    try { await client.stop(); } catch { /* a server that is already gone needs no stopping */ }
  }
}

async function restartClient() {
  await stopClient();
  return startClient();
}

/**
 * A new server command needs a new server; any other change (the model, the extra options) is sent to
 * the running one, which applies it to the session.
 */
async function onSettingsChanged(event) {
  if (event.affectsConfiguration('orkeon.server')) return restartClient();
  if (!event.affectsConfiguration(SECTION) || !state.client) return undefined;
  const client = await state.starting;
  if (!client) return undefined;
  return client.sendNotification(lc.DidChangeConfigurationNotification.type, { settings: { [SECTION]: serverSettings(readSettings()) } });
}

/**
 * The arguments for one run: those given by a caller (a keybinding, another extension), else asked: a
 * QuickPick of the closed list of values the command's first argument takes (with a way to type others),
 * or an input box.
 */
async function argumentsFor(entry, given) {
  if (given.length === 1 && typeof given[0] === 'object' && given[0] !== null) {
    return Array.isArray(given[0]) ? given[0].map(String) : [given[0]];
  }
  if (given.length > 0) return given.map(String);
  if (!entry.takesArguments) return [];
  if (entry.choices?.length) {
    const picked = await vscode.window.showQuickPick([...entry.choices, OTHER_ARGUMENTS], {
      title: `Orkeon: /${entry.name}`,
      placeHolder: entry.hint ? `/${entry.name} ${entry.hint}` : `/${entry.name}`,
      ignoreFocusOut: true,
    });
    if (picked === undefined) return undefined;
    if (picked !== OTHER_ARGUMENTS) return [picked];
  }
  const text = await vscode.window.showInputBox({
    title: `Orkeon: /${entry.name}`,
    prompt: entry.hint ? `/${entry.name} ${entry.hint}` : `/${entry.name}`,
    placeHolder: entry.hint,
    ignoreFocusOut: true,
  });
  if (text === undefined) return undefined;
  return splitArguments(text);
}

/** Run one catalogue command on the server and show its view in the Orkeon channel. */
async function runCommand(entry, given) {
  let args;
  try {
    args = await argumentsFor(entry, given);
  } catch (error) {
    void vscode.window.showErrorMessage(`Orkeon /${entry.name}: ${error.message}`);
    return undefined;
  }
  if (args === undefined) return undefined;
  const client = state.client ? await state.starting : await startClient();
  if (!client) return undefined;
  const channel = state.channel;
  channel.appendLine(`> /${[entry.name, ...args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a)))].join(' ')}`);
  try {
    const view = await client.sendRequest(lc.ExecuteCommandRequest.type, { command: `orkeon.${entry.name}`, arguments: args });
    const text = renderView(view);
    if (text) channel.appendLine(text);
    // the long text the server kept (the review's report...): its path, which the channel makes a link
    if (view?.output) channel.appendLine(`the full text: ${vscode.Uri.parse(view.output).fsPath}`);
    channel.appendLine('');
    channel.show(true);
    if (entry.name !== 'status') void refreshStatus();
    return view;
  } catch (error) {
    if (error?.code === REQUEST_CANCELLED) {
      channel.appendLine('cancelled');
      return undefined;
    }
    const message = error?.message ?? String(error);
    channel.appendLine(message);
    channel.appendLine('');
    void vscode.window.showErrorMessage(`Orkeon /${entry.name}: ${message.split('\n')[0]}`);
    return undefined;
  }
}

function entryNamed(name) {
  return manifest.orkeon.commands.find((entry) => entry.name === name);
}

/** A QuickPick of the permission modes; the one picked is set for the session (`/mode <name>`). */
async function chooseMode() {
  const picked = await vscode.window.showQuickPick(manifest.orkeon.modes, {
    title: 'Orkeon: the permission mode of this session',
    placeHolder: 'default asks before edits and commands; plan only reads; acceptEdits edits without asking',
  });
  if (picked === undefined) return undefined;
  return runCommand(entryNamed('mode'), [[picked]]);
}

/** The workspace-relative paths of the files a menu was opened on (an explorer or SCM selection, the editor). */
function pathsOf(given) {
  const uris = [];
  for (const item of given.flat()) {
    const uri = item?.resourceUri ?? item;
    if (uri?.fsPath && !uris.some((known) => known.fsPath === uri.fsPath)) uris.push(uri);
  }
  if (!uris.length && vscode.window.activeTextEditor) uris.push(vscode.window.activeTextEditor.document.uri);
  return uris.map((uri) => vscode.workspace.asRelativePath(uri, false));
}

/** Reviews the changes (staged or not) of the files a menu was opened on. */
function reviewFiles(...given) {
  const paths = pathsOf(given);
  if (!paths.length) return undefined;
  return runCommand(entryNamed('review'), [['--working', '--', ...paths]]);
}

/** Asks the assistant a question about the selected code, the selection quoted with its place. */
async function askAboutSelection() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) return undefined;
  const question = await vscode.window.showInputBox({ title: 'Orkeon: ask about the selection', ignoreFocusOut: true });
  if (!question) return undefined;
  const where = `${vscode.workspace.asRelativePath(editor.document.uri, false)}:${editor.selection.start.line + 1}-` +
    `${editor.selection.end.line + 1}`;
  const code = editor.document.getText(editor.selection);
  return runCommand(entryNamed('assistant'), [[`${question}\n\nThe selected code, ${where}:\n\n\`\`\`\n${code}\n\`\`\``]]);
}

/** The running crews and child agents, as `orkeon.tasks` lists them in its view's data. */
function runningTasks(view) {
  const tasks = Array.isArray(view?.data?.tasks) ? view.data.tasks : [];
  return tasks.filter((task) => task && task.running);
}

/**
 * Stop a running crew or child agent: the one whose id is given (a keybinding), else the one picked among
 * the running ones; the answer of `/tasks stop` lands in the Orkeon channel like any command's.
 */
async function stopTask(given) {
  const entry = manifest.orkeon.commands.find((e) => e.name === 'tasks');
  let id = typeof given === 'string' && given ? given : undefined;
  if (!id) {
    const client = state.client ? await state.starting : await startClient();
    if (!client) return undefined;
    let view;
    try {
      view = await client.sendRequest(lc.ExecuteCommandRequest.type, { command: 'orkeon.tasks', arguments: [] });
    } catch (error) {
      void vscode.window.showErrorMessage(`Orkeon /tasks: ${String(error?.message ?? error).split('\n')[0]}`);
      return undefined;
    }
    const running = runningTasks(view);
    if (!running.length) {
      void vscode.window.showInformationMessage('Orkeon: no crew and no child agent is running.');
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      running.map((task) => ({ label: String(task.id), description: String(task.name ?? ''), detail: String(task.state ?? '') })),
      { title: 'Orkeon: stop a running task', placeHolder: 'the crew (t…) or child agent (c…) to stop' },
    );
    if (!picked) return undefined;
    id = picked.label;
  }
  return runCommand(entry, [['stop', id]]);
}

function activate(context) {
  state.channel = vscode.window.createOutputChannel(CHANNEL_NAME);
  context.subscriptions.push(state.channel);
  state.statusBar = new StatusBar();
  context.subscriptions.push(state.statusBar);
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, {
    provideTextDocumentContent: (uri) => proposed.get(uri.toString()) ?? '',
  }));
  for (const entry of manifest.orkeon.commands) {
    context.subscriptions.push(vscode.commands.registerCommand(entry.palette, (...given) => runCommand(entry, given)));
  }
  context.subscriptions.push(vscode.commands.registerCommand(RESTART_COMMAND, () => restartClient()));
  context.subscriptions.push(vscode.commands.registerCommand(CHOOSE_MODE_COMMAND, () => chooseMode()));
  context.subscriptions.push(vscode.commands.registerCommand('orkeon.reviewStaged', () => runCommand(entryNamed('review'), [[]])));
  context.subscriptions.push(vscode.commands.registerCommand('orkeon.reviewFiles', (...given) => reviewFiles(...given)));
  context.subscriptions.push(vscode.commands.registerCommand('orkeon.askAboutSelection', () => askAboutSelection()));
  context.subscriptions.push(vscode.commands.registerCommand(STOP_TASK_COMMAND, (id) => stopTask(id)));
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((event) => onSettingsChanged(event)));
  context.subscriptions.push({ dispose: () => { void stopClient(); } });
  return startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = {
  activate, deactivate, splitArguments, renderView, readSettings, askQuestion, runningTasks, STATUS_BAR_ARGUMENTS,
};
