import { expect, test, type Page } from '@playwright/test';
import { apiToken, createRecordByApi, createTableByApi, registerByApi, signIn } from './helpers.ts';

// The Trash (issue 32): a delete says where the item went and can be undone; the Trash screen
// lists what was deleted, restores it whole (or says what to restore first) and deletes for good.

test.beforeEach(async ({ page }) => {
  await signIn(page, await registerByApi(page));
});

async function deleteTableByApi(page: Page, tableId: string): Promise<void> {
  const response = await page.request.delete(`/api/v1/dynamic-tables/${tableId}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status()).toBe(204);
}

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Deleted items' }).getByRole('listitem').filter({ hasText: name });

test('undo a delete, restore in order from the Trash, delete forever', async ({ page }) => {
  const tableId = await createTableByApi(page, {
    name: 'Guests',
    fields: [{ name: 'name', type: 'string', required: true }],
  });
  await createRecordByApi(page, tableId, { name: 'Ada' });
  await createRecordByApi(page, tableId, { name: 'Bob' });

  // The delete keeps the spec's confirmation and toast, says "Moved to the trash." and undoes.
  await page.goto(`/tables/${tableId}`);
  const records = page.getByRole('region', { name: 'Records table' });
  const deleteBob = async () => {
    await records
      .getByRole('row')
      .filter({ hasText: 'Bob' })
      .getByRole('button', { name: 'Delete Record' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete record' });
    await expect(confirm.getByText('Are you sure you want to delete this record?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Record deleted successfully').first()).toBeVisible();
    await expect(records.getByRole('row').filter({ hasText: 'Bob' })).toHaveCount(0);
  };
  await deleteBob();
  await expect(page.getByText('Moved to the trash.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored from the trash')).toBeVisible();
  await expect(records.getByRole('row').filter({ hasText: 'Bob' })).toHaveCount(1);

  // Bob, then his table: the Trash lists both, newest first, with who and when.
  await deleteBob();
  await deleteTableByApi(page, tableId);
  await page.getByRole('navigation').getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await expect(row(page, 'Guests')).toContainText('Table');
  await expect(row(page, 'Bob')).toContainText('Record');
  await expect(row(page, 'Bob')).toContainText('@example.com');
  await expect(row(page, 'Bob')).toContainText(/Deleted for good in (29|30) days/);

  // Bob first: his table is gone, and the page says what to do.
  await row(page, 'Bob').getByRole('button', { name: 'Restore Bob' }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: "Record 'Bob' cannot be restored because its table 'Guests' is gone." }),
  ).toContainText('Restore the table from the trash first.');
  await row(page, 'Guests').getByRole('button', { name: 'Restore Guests' }).click();
  await expect(page.getByText("Table 'Guests' restored")).toBeVisible();
  await row(page, 'Bob').getByRole('button', { name: 'Restore Bob' }).click();
  await expect(page.getByText("Record 'Bob' restored")).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();

  await page.goto(`/tables/${tableId}`);
  await expect(records.getByRole('row').filter({ hasText: 'Bob' })).toHaveCount(1);
  await expect(page.getByTestId('record-count')).toHaveText('2');

  // Delete forever asks first, then the item is gone for good.
  await deleteTableByApi(page, tableId);
  await page.goto('/trash');
  await row(page, 'Guests').getByRole('button', { name: 'Delete forever Guests' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete forever' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('Deleted forever')).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
});
