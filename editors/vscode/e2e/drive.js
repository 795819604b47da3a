'use strict';
/**
 * Drives code-server's workbench (VS Code in a browser) with the Orkeon extension installed, as a person
 * would: Debian's chromium through playwright-core (`executablePath`, no browser download), keys and clicks
 * only. tests/e2e/test_vscode_client.py starts code-server, the real orkeon-lsp behind the extension and the
 * stub model, runs this script and checks what it saw.
 *
 * The steps: the workbench loads and the status bar shows the session; "Orkeon: Review staged changes"
 * from the palette; its finding in the Problems panel; the finding's quick fix applied and saved; the
 * assistant asked for an edit, its permission question answered in the modal dialog; the mode changed
 * from the status bar; a review whose model never answers cancelled from its progress notification.
 *
 * Environment: ORKEON_E2E_URL (the workbench opened on the workspace), ORKEON_E2E_SHOTS (a folder: a
 * screenshot after each step, and of the step that failed), ORKEON_E2E_CHROMIUM (default /usr/bin/chromium),
 * ORKEON_E2E_TIMEOUT (ms one step may wait, default 60000). It prints what each step saw as one JSON
 * object on its last line of stdout: {"steps": [...], "seen": {...}} and, when a step failed,
 * {"failed": name, "error": text}; it exits 1 then.
 */

const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const URL = process.env.ORKEON_E2E_URL;
const SHOTS = process.env.ORKEON_E2E_SHOTS;
const CHROMIUM = process.env.ORKEON_E2E_CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = Number(process.env.ORKEON_E2E_TIMEOUT || 60000);

const FINDING = 'The file is never closed';
const REQUEST = 'set the tax to 0.21 in cart.py';
const ANSWER = 'cart.py now sets TAX to 0.21.';

const STATUS_BAR = '#workbench\\.parts\\.statusbar';
const QUICK_INPUT = '.quick-input-widget';
const DIALOG = '.monaco-dialog-box';

const result = { steps: [], seen: {} };

/** The status bar item of the extension: the one whose text names the stub model. */
function orkeonItem(page) {
  return page.locator(`${STATUS_BAR} .statusbar-item`).filter({ hasText: '· stub-model ·' });
}

/** The command palette, this text typed in it, and the labels of the commands it then offers. */
async function palette(page, text) {
  await page.keyboard.press('F1');
  const input = page.locator(`${QUICK_INPUT} input`);
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await input.fill(`>${text}`);
  // the list is filtered as the text arrives: wait until the row Enter would run is the command asked for
  await page.waitForFunction(
    ([selector, wanted]) => (document.querySelector(selector)?.getAttribute('aria-label') ?? '').startsWith(wanted),
    [`${QUICK_INPUT} .monaco-list-row.focused`, text], { timeout: TIMEOUT });
  return page.locator(`${QUICK_INPUT} .monaco-list-row`).evaluateAll((all) => all
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((row) => row.getAttribute('aria-label') ?? ''));
}

/** The input box the extension opens (its title given), this text typed, Enter. */
async function answerInputBox(page, title, text) {
  const widget = page.locator(QUICK_INPUT).filter({ hasText: title });
  await widget.waitFor({ state: 'visible', timeout: TIMEOUT });
  result.seen[`input:${title}`] = await widget.locator('.quick-input-title').innerText();
  await widget.locator('input').fill(text);
  await page.keyboard.press('Enter');
}

/** The text of the first node that `selector` finds, as shown (an editor's spaces are no-break spaces
 * there), once it holds `text`. */
async function textHolding(page, selector, text) {
  const read = ([where, wanted]) => {
    const shown = (document.querySelector(where)?.innerText ?? '').replace(/\u00a0/g, ' ');
    return shown.includes(wanted) ? shown : false;
  };
  const handle = await page.waitForFunction(read, [selector, text], { timeout: TIMEOUT });
  return handle.jsonValue();
}

/** The text of the Output panel as shown, once it holds `text`. */
function outputHolding(page, text) {
  return textHolding(page, '[id="workbench.panel.output"]', text);
}

const STEPS = {
  async workbench(page) {
    await page.goto(URL);
    await page.locator('.monaco-workbench').waitFor({ timeout: TIMEOUT });
    // the extension has started the server and shown the session's mode, model and cost
    await orkeonItem(page).waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.statusBar = await orkeonItem(page).innerText();
  },

  async 'palette-review'(page) {
    result.seen.paletteRows = await palette(page, 'Orkeon: Review staged changes');
    await page.keyboard.press('Enter');
    await answerInputBox(page, 'Orkeon: /review', '--lens correctness');
    // the answer lands in the Orkeon channel, which comes forward in the panel
    result.seen.reviewOutput = await outputHolding(page, '1 finding');
  },

  async problems(page) {
    await palette(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await page.keyboard.press('Enter');
    const row = page.locator('.markers-panel .monaco-list-row').filter({ hasText: FINDING });
    await row.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.problem = await row.getAttribute('aria-label');
    result.seen.problemText = await row.innerText();
  },

  async 'quick-fix'(page) {
    const row = page.locator('.markers-panel .monaco-list-row').filter({ hasText: FINDING });
    await row.click();  // opens app.py on the finding's line, the focus staying in the panel
    const flagged = page.locator('.editor-instance .view-line').filter({ hasText: 'open(path)' });
    await flagged.waitFor({ state: 'visible', timeout: TIMEOUT });
    await flagged.click();  // the cursor on the flagged line, in the editor
    await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: TIMEOUT });
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .monaco-list-row').filter({ hasText: `Apply suggestion: ${FINDING}` });
    await fix.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.quickFixes = await page.locator('.action-widget .monaco-list-row').allInnerTexts();
    // the first action is focused ("Enter to Apply"); the list never holds still long enough for a click
    await page.locator(`.action-widget .monaco-list-row.focused[aria-label="Apply suggestion: ${FINDING}"]`)
      .waitFor({ timeout: TIMEOUT });
    await page.keyboard.press('Enter');
    result.seen.fixedText = await textHolding(page, '.editor-instance .view-lines', 'with open(path) as handle:');
    await page.keyboard.press('Control+s');
    await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: TIMEOUT });
  },

  async question(page) {
    await palette(page, 'Orkeon: Ask the assistant');
    await page.keyboard.press('Enter');
    await answerInputBox(page, 'Orkeon: /assistant', REQUEST);
    const dialog = page.locator(DIALOG);
    await dialog.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.questionMessage = await dialog.locator('.dialog-message-text').innerText();
    result.seen.questionDetail = await dialog.locator('.dialog-message-detail').innerText();
    result.seen.questionButtons = await dialog.locator('.dialog-buttons a, .dialog-buttons .monaco-button').allInnerTexts();
    await shoot(page, 'question-asked');
    await dialog.locator('.dialog-buttons').getByText('Allow once', { exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
    result.seen.assistantOutput = await outputHolding(page, ANSWER);
    // the edit reached the file's buffer (workspace/applyEdit), not saved: the person saves it
    const tab = page.locator('.tabs-container .tab').filter({ hasText: 'cart.py' });
    await tab.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.cartTabDirty = await tab.evaluate((node) => node.classList.contains('dirty'));
    await tab.click();
    result.seen.cartText = await textHolding(page, '.editor-instance .view-lines', 'TAX = 0.21');
  },

  async mode(page) {
    result.seen.modeBefore = await orkeonItem(page).innerText();
    await orkeonItem(page).click();
    const widget = page.locator(QUICK_INPUT).filter({ hasText: 'Orkeon: the permission mode of this session' });
    await widget.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.modes = await widget.locator('.monaco-list-row').evaluateAll((all) => all.map((r) => r.getAttribute('aria-label')));
    await widget.locator('input').fill('plan');
    await page.keyboard.press('Enter');
    const planned = page.locator(`${STATUS_BAR} .statusbar-item`).filter({ hasText: 'plan · stub-model ·' });
    await planned.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.modeAfter = await planned.innerText();
  },

  async cancel(page) {
    await palette(page, 'Orkeon: Review staged changes');
    await page.keyboard.press('Enter');
    await answerInputBox(page, 'Orkeon: /review', '--lens correctness');
    const toast = page.locator('.notification-toast').filter({ hasText: 'Orkeon' }).filter({ hasText: 'Review' });
    await toast.waitFor({ state: 'visible', timeout: TIMEOUT });
    result.seen.progress = await toast.innerText();
    await shoot(page, 'cancel-progress');
    await toast.hover();
    await toast.getByRole('button', { name: 'Cancel' }).click();
    await toast.waitFor({ state: 'detached', timeout: TIMEOUT });
    result.seen.cancelledOutput = await outputHolding(page, 'cancelled');
  },
};

async function shoot(page, name) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const index = String(fs.readdirSync(SHOTS).length + 1).padStart(2, '0');
  await page.screenshot({ path: path.join(SHOTS, `${index}-${name}.png`) }).catch(() => {});
}

async function main() {
  if (!URL) throw new Error('ORKEON_E2E_URL is not set: the workbench to open (tests/e2e/test_vscode_client.py sets it)');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let failed = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') (result.seen.consoleErrors ??= []).push(message.text().slice(0, 300));
    });
    for (const [name, step] of Object.entries(STEPS)) {
      const started = Date.now();
      try {
        await step(page);
      } catch (error) {
        failed = true;
        result.failed = name;
        result.error = String(error?.message ?? error).split('\n').slice(0, 6).join('\n');
        await shoot(page, `failed-${name}`);
        break;
      }
      result.steps.push({ name, ms: Date.now() - started });
      await shoot(page, name);
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return failed ? 1 : 0;
}

main().then((code) => { process.exitCode = code; }, (error) => {
  process.stdout.write(`${JSON.stringify({ ...result, failed: 'start', error: String(error?.message ?? error) })}\n`);
  process.exitCode = 1;
});
