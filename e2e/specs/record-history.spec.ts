import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { createRecordByApi, createTableByApi, registerByApi, signIn } from './helpers.ts';

// Record history (issue 32): an edit shows in the record's History tab with who, from where and
// the field's before → after; "Restore this value" writes the old value back as a new edit.

// axe is injected as a script tag, which the app's Content Security Policy rightly refuses.
test.use({ bypassCSP: true });
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The ids of the critical and serious axe violations inside the open dialog. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null }> };
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } })
      .axe;
    const result = await axe.run('[role="dialog"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((one) => one.impact === 'critical' || one.impact === 'serious')
      .map((one) => one.id);
  });
}

test('edit a record, open History, restore a value and see it back', async ({ page }) => {
  await signIn(page, await registerByApi(page));
  const tableId = await createTableByApi(page, {
    name: 'Invoices',
    fields: [
      { name: 'title', type: 'string', required: true },
      { name: 'amount', type: 'number' },
    ],
  });
  await createRecordByApi(page, tableId, { title: 'March invoice', amount: 100 });

  await page.goto(`/tables/${tableId}`);
  const records = page.getByRole('region', { name: 'Records table' });
  const row = records.getByRole('row').filter({ hasText: 'March invoice' });
  await row.getByRole('button', { name: 'Edit Record' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Record' });
  await dialog.getByLabel('amount').fill('250');
  await dialog.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByText('Record updated successfully').first()).toBeVisible();
  await expect(row).toContainText('250');

  await row.getByRole('button', { name: 'Edit Record' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Record' });
  // Keyboard: the tabs move with the arrow keys.
  await dialog.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'History' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const history = dialog.getByRole('list', { name: 'Record history' });
  const edit = history
    .getByRole('listitem')
    .filter({ hasText: /^Edited/ })
    .first();
  await expect(edit).toContainText('via Web app');
  await expect(edit).toContainText('@example.com');
  await expect(edit).toContainText(/amount:\s*100\s*→\s*250/);
  await expect(history.getByRole('listitem').filter({ hasText: /^Created/ })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await edit.getByRole('button', { name: 'Restore this value of amount' }).click();
  await expect(page.getByText('Value restored').first()).toBeVisible();
  // The restore is the newest entry, and the form and the grid hold the old value again.
  await expect(
    history
      .getByRole('listitem')
      .filter({ hasText: /^Edited/ })
      .first(),
  ).toContainText(/amount:\s*250\s*→\s*100/);
  await dialog.getByRole('tab', { name: 'Details' }).click();
  await expect(dialog.getByLabel('amount')).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('100');
});
