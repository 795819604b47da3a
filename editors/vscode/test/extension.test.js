'use strict';
/**
 * The extension activated against a stub of the vscode API and a stub language client: every palette
 * command registers and forwards to workspace/executeCommand with the right arguments (a QuickPick for a
 * closed list of values), the view lands in the Orkeon channel, the gate's questions are modal dialogs with
 * the proposed edit in a diff editor, orkeon/input is answered with an input box, progress shows as
 * notifications, and the status bar shows the mode, model and cost and changes the mode.
 */
const test = require('node:test');
const assert = require('node:assert/strict');

const { loadExtension, current } = require('./stubs/loader');
const { createVscode } = require('./stubs/vscode');
const { createLanguageClientModule } = require('./stubs/languageclient');
const manifest = require('../package.json');

// The real client only needs the vscode API's classes to exist while it loads: any missing name is a class.
current.vscode = new Proxy(createVscode(), { get: (stub, name) => (name in stub ? stub[name] : class {}) });
const realLanguageClient = require('vscode-languageclient/node');

async function activated(options = {}) {
  const vscode = createVscode(options);
  const languageclient = createLanguageClientModule(realLanguageClient, { reply: options.reply });
  const extension = loadExtension(vscode, languageclient);
  const context = { subscriptions: [] };
  await extension.activate(context);
  await settled();
  const [client] = languageclient.instances;
  return { vscode, extension, context, client, languageclient, channel: vscode.recorded.channels.find((c) => c.name === 'Orkeon') };
}

/** Lets the promises the extension left running (the status bar's refresh) finish. */
function settled() {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The requests a person's command sent, without the status bar's quiet refreshes of orkeon.status. */
function commandRequests(client, extension) {
  return client.sentRequests.filter((r) => JSON.stringify(r.params.arguments) !== JSON.stringify(extension.STATUS_BAR_ARGUMENTS));
}

test('the real vscode-languageclient provides everything extension.js takes from it', () => {
  for (const name of ['LanguageClient', 'TransportKind', 'ExecuteCommandRequest', 'WorkDoneProgress',
    'WorkDoneProgressCreateRequest', 'WorkDoneProgressCancelNotification', 'DidChangeConfigurationNotification']) {
    assert.ok(realLanguageClient[name], name);
  }
  assert.equal(realLanguageClient.ExecuteCommandRequest.method, 'workspace/executeCommand');
  assert.equal(realLanguageClient.WorkDoneProgressCreateRequest.method, 'window/workDoneProgress/create');
});

test('every command of package.json registers on activation, and nothing else', async () => {
  const { vscode } = await activated();

  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  assert.deepEqual([...vscode.recorded.commands.keys()].sort(), contributed);
});

test('every palette command is in the Orkeon category and names a catalogue command', () => {
  const palette = new Map(manifest.contributes.commands.map((c) => [c.command, c]));

  for (const entry of manifest.orkeon.commands) {
    assert.equal(palette.get(entry.palette)?.category, 'Orkeon', entry.name);
    assert.equal(entry.palette, `orkeon.palette.${entry.name}`);
  }
});

test('the palette ids never collide with the server ids the language client registers itself', () => {
  const serverIds = new Set(manifest.orkeon.commands.map((e) => `orkeon.${e.name}`));

  for (const contributed of manifest.contributes.commands) assert.ok(!serverIds.has(contributed.command), contributed.command);
});

test('every command forwards to workspace/executeCommand with the tokens typed in its input box', async () => {
  for (const entry of manifest.orkeon.commands) {
    const { vscode, client, extension } = await activated({
      inputAnswers: ['--first "two words" third'], quickPickAnswers: ['Other arguments…'],
    });

    await vscode.recorded.commands.get(entry.palette)();

    const expected = entry.takesArguments ? ['--first', 'two words', 'third'] : [];
    assert.deepEqual(commandRequests(client, extension), [
      { method: 'workspace/executeCommand', params: { command: `orkeon.${entry.name}`, arguments: expected } },
    ], entry.name);
    assert.equal(vscode.recorded.inputBoxes.length, entry.takesArguments ? 1 : 0, entry.name);
    assert.equal(vscode.recorded.quickPicks.length, entry.choices.length ? 1 : 0, entry.name);
  }
});

test('a closed list of values is offered in a QuickPick, and the one picked is sent', async () => {
  const mode = manifest.orkeon.commands.find((e) => e.name === 'mode');
  const { vscode, client, extension } = await activated({ quickPickAnswers: ['plan'] });

  await vscode.recorded.commands.get(mode.palette)();

  assert.deepEqual(vscode.recorded.quickPicks[0].items, [...mode.choices, 'Other arguments…']);
  assert.ok(vscode.recorded.quickPicks[0].items.includes('acceptEdits'));
  assert.deepEqual(commandRequests(client, extension).map((r) => r.params.arguments), [['plan']]);
  assert.equal(vscode.recorded.inputBoxes.length, 0);
});

test('escaping the QuickPick sends nothing', async () => {
  const mode = manifest.orkeon.commands.find((e) => e.name === 'mode');
  const { vscode, client, extension } = await activated({ quickPickAnswers: [undefined] });

  await vscode.recorded.commands.get(mode.palette)();

  assert.deepEqual(commandRequests(client, extension), []);
});

test('the input box shows the command and its argument hint', async () => {
  const entry = manifest.orkeon.commands.find((e) => e.takesArguments && !e.choices.length);
  const { vscode } = await activated({ inputAnswers: [''] });

  await vscode.recorded.commands.get(entry.palette)();

  assert.equal(vscode.recorded.inputBoxes[0].placeHolder, entry.hint);
  assert.match(vscode.recorded.inputBoxes[0].prompt, new RegExp(`^/${entry.name}`));
});

test('escaping the input box sends nothing', async () => {
  const entry = manifest.orkeon.commands.find((e) => e.takesArguments && !e.choices.length);
  const { vscode, client, extension } = await activated({ inputAnswers: [undefined] });

  await vscode.recorded.commands.get(entry.palette)();

  assert.deepEqual(commandRequests(client, extension), []);
});

test('an unclosed quote is reported and sends nothing', async () => {
  const entry = manifest.orkeon.commands.find((e) => e.takesArguments && !e.choices.length);
  const { vscode, client, extension } = await activated({ inputAnswers: ['--x "open'] });

  await vscode.recorded.commands.get(entry.palette)();

  assert.deepEqual(commandRequests(client, extension), []);
  assert.match(vscode.recorded.errors[0], /unclosed double quote/);
});

test('arguments given by a caller (a keybinding) are sent without asking', async () => {
  const entry = manifest.orkeon.commands.find((e) => e.takesArguments);
  const { vscode, client, extension } = await activated();

  await vscode.recorded.commands.get(entry.palette)(['--lens', 'security']);

  assert.deepEqual(commandRequests(client, extension)[0].params.arguments, ['--lens', 'security']);
  assert.equal(vscode.recorded.inputBoxes.length, 0);
});

test('one object given by a caller is sent as the structured argument', async () => {
  const entry = manifest.orkeon.commands.find((e) => e.takesArguments);
  const { vscode, client, extension } = await activated();

  await vscode.recorded.commands.get(entry.palette)({ finding: 'f-1' });

  assert.deepEqual(commandRequests(client, extension)[0].params.arguments, [{ finding: 'f-1' }]);
});

test('the view lands in the Orkeon channel: lines, the aligned table, then the message', async () => {
  const { vscode, client, channel } = await activated();
  client.reply = () => ({
    lines: ['first line'],
    table: { columns: ['key', 'value'], rows: [['workspace', '/work/project'], ['mode', 'default']] },
    message: 'all set',
    document: null,
  });

  await vscode.recorded.commands.get('orkeon.palette.status')();

  assert.equal(channel.text, [
    '> /status',
    'first line',
    'key        value',
    '---------  -------------',
    'workspace  /work/project',
    'mode       default',
    'all set',
    '',
    '',
  ].join('\n'));
  assert.equal(channel.shown, 1);
});

test('a table of unnamed columns shows its rows only', async () => {
  const { extension } = await activated();

  const text = extension.renderView({ table: { columns: ['', ''], rows: [['version', '0.1.0'], ['mode', 'plan']] }, message: '' });

  assert.equal(text, 'version  0.1.0\nmode     plan');
});

test('a command the server refuses shows its message as an error and in the channel', async () => {
  const { vscode, client, channel } = await activated();
  client.reply = () => { throw Object.assign(new Error('unknown flag --frob\nusage: /status'), { code: -32602 }); };

  await vscode.recorded.commands.get('orkeon.palette.status')();

  assert.equal(vscode.recorded.errors[0], 'Orkeon /status: unknown flag --frob');
  assert.match(channel.text, /usage: \/status/);
});

test('the server command, its arguments, the model and extra options come from the settings', async () => {
  const { client } = await activated({
    settings: {
      'orkeon.server.command': '/opt/orkeon/bin/orkeon-lsp',
      'orkeon.server.args': ['--log', 'debug'],
      'orkeon.model': 'openai/gpt-4o-mini',
      'orkeon.initializationOptions': { logLevel: 'debug' },
    },
  });

  assert.equal(client.serverOptions.command, '/opt/orkeon/bin/orkeon-lsp');
  assert.deepEqual(client.serverOptions.args, ['--log', 'debug']);
  // no transport: vscode-languageclient would append --stdio for TransportKind.stdio, and orkeon-lsp refuses it
  assert.equal(client.serverOptions.transport, undefined);
  assert.equal(client.serverOptions.options.cwd, '/work/project');
  assert.deepEqual(client.clientOptions.initializationOptions, { logLevel: 'debug', config: { model: 'openai/gpt-4o-mini' } });
});

test('without settings the server is orkeon-lsp on the PATH and no model is forced', async () => {
  const { client } = await activated();

  assert.equal(client.serverOptions.command, 'orkeon-lsp');
  assert.deepEqual(client.clientOptions.initializationOptions, {});
});

test('the client declares that it answers free text and questions and renders views itself', async () => {
  const { client } = await activated();

  assert.deepEqual(client.capabilities.experimental, { orkeonInput: true, orkeonViews: true, orkeonQuestions: true });
});

test('orkeon/input is answered with an input box holding the question and its default', async () => {
  const { vscode, client } = await activated({ inputAnswers: ['feature/login'] });

  const answer = await client.fromServer('orkeon/input', { question: 'Name of the branch?', default: 'main' });

  assert.equal(answer, 'feature/login');
  assert.equal(vscode.recorded.inputBoxes[0].prompt, 'Name of the branch?');
  assert.equal(vscode.recorded.inputBoxes[0].value, 'main');
});

test('orkeon/input escaped answers null', async () => {
  const { client } = await activated({ inputAnswers: [undefined] });

  const answer = await client.fromServer('orkeon/input', { question: 'Name?', default: null });

  assert.equal(answer, null);
});

test('the server progress shows as a notification with its messages, until it ends', async () => {
  const { vscode, client } = await activated();
  await client.fromServer('window/workDoneProgress/create', { token: 'review-1' });

  client.progress('review-1', { kind: 'begin', title: 'Review', cancellable: true, message: 'correctness', percentage: 0 });
  client.progress('review-1', { kind: 'report', message: 'security · 1,200 tokens', percentage: 40 });
  client.progress('review-1', { kind: 'end' });
  await new Promise((resolve) => setImmediate(resolve));

  const [shown] = vscode.recorded.progress;
  assert.equal(shown.options.location, vscode.ProgressLocation.Notification);
  assert.equal(shown.options.title, 'Orkeon: Review');
  assert.deepEqual(shown.reports, [
    { message: 'correctness', increment: 0 },
    { message: 'security · 1,200 tokens', increment: 40 },
  ]);
  assert.equal(shown.finished, true);
});

test('a progress title that already names Orkeon is kept as it is', async () => {
  const { vscode, client } = await activated();
  await client.fromServer('window/workDoneProgress/create', { token: 'r' });

  client.progress('r', { kind: 'begin', title: 'Orkeon /review', cancellable: true });

  assert.equal(vscode.recorded.progress[0].options.title, 'Orkeon /review');
});

test('the model setting joins the config keys given in the extra options', async () => {
  const { client } = await activated({
    settings: { 'orkeon.model': 'openai/m', 'orkeon.initializationOptions': { config: { 'model.apiBase': 'http://127.0.0.1:8080/v1' } } },
  });

  assert.deepEqual(client.clientOptions.initializationOptions.config, { 'model.apiBase': 'http://127.0.0.1:8080/v1', model: 'openai/m' });
});

test('cancelling the notification asks the server to cancel that progress', async () => {
  const { vscode, client } = await activated();
  client.sentNotifications.length = 0;
  await client.fromServer('window/workDoneProgress/create', { token: 7 });
  client.progress(7, { kind: 'begin', title: 'Review', cancellable: true });

  vscode.recorded.progress[0].cancel();

  assert.deepEqual(client.sentNotifications, [{ method: 'window/workDoneProgress/cancel', params: { token: 7 } }]);
});

test('the restart command stops the client and starts a new one with the current settings', async () => {
  const { vscode, languageclient } = await activated();

  await vscode.recorded.commands.get('orkeon.restartServer')();

  assert.equal(languageclient.instances.length, 2);
  assert.equal(languageclient.instances[0].running, false);
  assert.equal(languageclient.instances[1].running, true);
});

test('a changed server command restarts the server', async () => {
  const { vscode, languageclient } = await activated();

  await vscode.recorded.configurationListeners[0]({ affectsConfiguration: (s) => 'orkeon.server.command'.startsWith(s) });

  assert.equal(languageclient.instances.length, 2);
});

test('a changed model is sent to the running server as its settings', async () => {
  const settings = {};
  const { vscode, client, languageclient } = await activated({ settings });
  client.sentNotifications.length = 0;
  settings['orkeon.model'] = 'openai/other';

  await vscode.recorded.configurationListeners[0]({ affectsConfiguration: (s) => 'orkeon.model'.startsWith(s) });

  assert.equal(languageclient.instances.length, 1);
  assert.deepEqual(client.sentNotifications, [
    { method: 'workspace/didChangeConfiguration', params: { settings: { orkeon: { config: { model: 'openai/other' } } } } },
  ]);
});

test('the server pulling its orkeon section gets its own settings, other sections what VS Code has', async () => {
  const { client } = await activated({ settings: { 'orkeon.model': 'openai/m', 'orkeon.initializationOptions': { mode: 'plan' } } });
  const pull = client.clientOptions.middleware.workspace.configuration;

  const answers = await pull({ items: [{ section: 'orkeon' }, { section: 'editor' }] }, undefined, async () => ['raw', { tabSize: 2 }]);

  assert.deepEqual(answers, [{ mode: 'plan', config: { model: 'openai/m' } }, { tabSize: 2 }]);
});

test('the arguments are split as a shell splits them', async () => {
  const { extension } = await activated();

  assert.deepEqual(extension.splitArguments(`a 'b c' "d \\"e\\"" f\\ g  `), ['a', 'b c', 'd "e"', 'f g']);
  assert.deepEqual(extension.splitArguments(`--x=''`), ['--x=']);
  assert.deepEqual(extension.splitArguments('   '), []);
});

test('the mode, the log level and the questions are real settings sent to the server', async () => {
  const { client } = await activated({
    settings: { 'orkeon.mode': 'plan', 'orkeon.logLevel': 'debug', 'orkeon.askInEditor': false },
  });

  assert.deepEqual(client.clientOptions.initializationOptions, { mode: 'plan', logLevel: 'debug', askInEditor: false });
});

test("the mode and log level settings offer the server's values only", () => {
  const settings = manifest.contributes.configuration.properties;

  assert.deepEqual(settings['orkeon.mode'].enum, ['', ...manifest.orkeon.modes]);
  assert.deepEqual(settings['orkeon.logLevel'].enum, ['error', 'warning', 'info', 'debug']);
});

const EDIT_QUESTION = {
  type: 2,
  message: 'Allow file_write?\n  /workspace/cart.py\n  --- /workspace/cart.py\n  +TAX = 0.21\nAsked because the mode asks before edits.',
  actions: [{ title: 'Allow once' }, { title: 'Allow for this session' }, { title: 'Always allow' }, { title: 'Deny' }],
  edits: [{ path: '/workspace/cart.py', uri: 'file:///work/project/cart.py', oldText: 'TAX = 0.2\n', newText: 'TAX = 0.21\n' }],
};

test("the gate's question is a modal dialog that keeps its lines, with the proposed change beside it", async () => {
  const { vscode, client } = await activated({ dialogAnswers: ['Allow once'] });

  const answer = await client.fromServer('orkeon/question', EDIT_QUESTION);

  assert.deepEqual(answer, { title: 'Allow once' });
  const [dialog] = vscode.recorded.dialogs;
  assert.equal(dialog.message, 'Allow file_write?');
  assert.deepEqual(dialog.options, {
    modal: true, detail: '  /workspace/cart.py\n  --- /workspace/cart.py\n  +TAX = 0.21\nAsked because the mode asks before edits.',
  });
  // Deny closes the dialog: VS Code adds no Cancel button of its own, and Escape answers Deny
  assert.deepEqual(dialog.items, [
    { title: 'Allow once', isCloseAffordance: false }, { title: 'Allow for this session', isCloseAffordance: false },
    { title: 'Always allow', isCloseAffordance: false }, { title: 'Deny', isCloseAffordance: true }]);
  const diff = vscode.recorded.executed.find((c) => c.command === 'vscode.diff');
  assert.equal(diff.args[0].toString(), 'file:///work/project/cart.py');
  assert.equal(diff.args[3].viewColumn, vscode.ViewColumn.Beside);
  assert.equal(diff.args[3].preserveFocus, true);
  assert.equal(dialog.proposed[0].after, 'TAX = 0.21\n');
  assert.equal(vscode.recorded.closedTabs.length, 1);
});

test('a new file is shown against an empty text', async () => {
  const { vscode, client } = await activated({ dialogAnswers: ['Deny'] });

  await client.fromServer('orkeon/question', { ...EDIT_QUESTION, edits: [{ ...EDIT_QUESTION.edits[0], uri: 'file:///work/project/new.py', oldText: null }] });

  const diff = vscode.recorded.executed.find((c) => c.command === 'vscode.diff');
  assert.equal(diff.args[0].scheme, 'orkeon-proposed');
  assert.deepEqual(vscode.recorded.dialogs[0].proposed[0], { scheme: 'orkeon-proposed', before: '', after: 'TAX = 0.21\n' });
});

test('closing the dialog answers null, which the gate reads as Deny', async () => {
  const { client } = await activated({ dialogAnswers: [undefined] });

  const answer = await client.fromServer('orkeon/question', { ...EDIT_QUESTION, edits: [] });

  assert.equal(answer, null);
});

test('a plain window/showMessageRequest is a modal dialog too, not a toast', async () => {
  const { vscode, client } = await activated({ dialogAnswers: ['Commit'] });

  const answer = await client.fromServer('window/showMessageRequest', {
    type: 2, message: 'Commit with this message?\n\nfix(cart): round', actions: [{ title: 'Commit' }, { title: 'Cancel' }],
  });

  assert.deepEqual(answer, { title: 'Commit' });
  assert.deepEqual(vscode.recorded.dialogs[0].items.map((item) => item.isCloseAffordance), [false, true]);
  assert.equal(vscode.recorded.dialogs[0].options.modal, true);
  assert.equal(vscode.recorded.dialogs[0].options.detail, '\nfix(cart): round');
});

test("the status bar shows the session's mode, model and cost, and a click offers the modes", async () => {
  const reply = (method, params) => (params.command === 'orkeon.status'
    ? { message: '', lines: [], table: null, document: null, data: { mode: 'plan', model: 'openai/gpt-4o-mini', sessionCost: '$0.0120' } }
    : { message: 'mode: acceptEdits (session)', lines: [], table: null, document: null });
  const { vscode, client, extension } = await activated({ quickPickAnswers: ['acceptEdits'], reply });
  const item = vscode.recorded.statusBarItems.at(-1);
  const shown = item.text;

  await vscode.recorded.commands.get(item.command)();

  assert.equal(shown, '$(shield) plan · gpt-4o-mini · $0.0120');
  assert.equal(item.visible, true);
  assert.equal(item.command, 'orkeon.chooseMode');
  assert.deepEqual(vscode.recorded.quickPicks[0].items, manifest.orkeon.modes);
  assert.deepEqual(commandRequests(client, extension).at(-1).params, { command: 'orkeon.mode', arguments: ['acceptEdits'] });
});

test("a cost the server cannot price shows in the status bar as 'cost unknown'", async () => {
  const reply = () => ({ message: '', lines: [], table: null, document: null,
    data: { mode: 'default', model: 'openai/stub-model', sessionCost: 'unknown' } });
  const { vscode } = await activated({ reply });

  assert.equal(vscode.recorded.statusBarItems.at(-1).text, '$(shield) default · stub-model · cost unknown');
});

test('review staged changes in the Source Control title reviews the staged changes', async () => {
  const { vscode, client, extension } = await activated();

  await vscode.recorded.commands.get('orkeon.reviewStaged')({ id: 'git' });

  assert.deepEqual(commandRequests(client, extension).map((r) => r.params), [{ command: 'orkeon.review', arguments: [] }]);
});

test("a changed file's menu reviews the changes of the files chosen", async () => {
  const { vscode, client, extension } = await activated();
  const file = (path) => ({ resourceUri: { fsPath: path } });

  await vscode.recorded.commands.get('orkeon.reviewFiles')(file('/work/project/src/a.py'), [file('/work/project/src/a.py'), file('/work/project/b.py')]);

  assert.deepEqual(commandRequests(client, extension).map((r) => r.params.arguments), [['--working', '--', 'src/a.py', 'b.py']]);
});

test('the menus put the commands in Source Control, the editor and the explorer', () => {
  const menus = manifest.contributes.menus;

  assert.equal(menus['scm/title'][0].command, 'orkeon.reviewStaged');
  assert.equal(menus['scm/resourceState/context'][0].command, 'orkeon.reviewFiles');
  assert.ok(menus['editor/context'].some((m) => m.command === 'orkeon.askAboutSelection'));
  assert.equal(menus['explorer/context'][0].command, 'orkeon.reviewFiles');
});

test('the extension starts only in a git repository or a workspace with .orkeon/', () => {
  assert.deepEqual(manifest.activationEvents, ['workspaceContains:.git', 'workspaceContains:.orkeon']);
});

// --- stopping a crew or a child agent ------------------------------------------------------------------

const TASKS_VIEW = {
  message: '3 tasks, 2 running.',
  table: null,
  data: {
    tasks: [
      { id: 't1', kind: 'crew', name: '/review', state: 'done', running: false },
      { id: 't2', kind: 'crew', name: '/assistant', state: 'running', running: true },
      { id: 'c1', kind: 'child', name: 'dev-reviewer', state: 'running', running: true },
    ],
  },
};

test('stopping a task offers the running crews and children, then stops the one picked', async () => {
  const { vscode, client, extension } = await activated({ quickPickAnswers: ['c1'] });
  client.reply = (method, params) => (params.arguments.length ? { message: 'stopped c1 dev-reviewer' } : TASKS_VIEW);

  await vscode.recorded.commands.get('orkeon.stopTask')();

  assert.deepEqual(vscode.recorded.quickPicks[0].items.map((item) => item.label), ['t2', 'c1']);
  assert.deepEqual(commandRequests(client, extension).map((r) => r.params.arguments), [[], ['stop', 'c1']]);
});

test('stopping a task with its id given stops it without asking', async () => {
  const { vscode, client, extension } = await activated();

  await vscode.recorded.commands.get('orkeon.stopTask')('c4');

  assert.deepEqual(commandRequests(client, extension), [
    { method: 'workspace/executeCommand', params: { command: 'orkeon.tasks', arguments: ['stop', 'c4'] } },
  ]);
  assert.equal(vscode.recorded.quickPicks.length, 0);
});

test('when nothing runs, stopping a task says so and stops nothing', async () => {
  const { vscode, client, extension } = await activated();
  client.reply = () => ({ message: 'No crew and no child agent has run in this session yet.', data: {} });

  await vscode.recorded.commands.get('orkeon.stopTask')();

  assert.equal(commandRequests(client, extension).length, 1);
  assert.match(vscode.recorded.infos[0], /no crew and no child agent is running/);
});

test('escaping the pick stops nothing', async () => {
  const { vscode, client, extension } = await activated({ quickPickAnswers: [undefined] });
  client.reply = () => TASKS_VIEW;

  await vscode.recorded.commands.get('orkeon.stopTask')();

  assert.equal(commandRequests(client, extension).length, 1);
});
