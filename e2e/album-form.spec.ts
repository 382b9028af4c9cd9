import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/helpers';

const under = (page: Page, label: string, message: string) => expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);

async function albums(page: Page) {
  const res = await page.request.get('/api/albums');
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; title: string; price: number | null; purchaseDate: string | null }[];
}

test.describe('album form: price, purchase date and unsaved work', () => {
  test('a price typed with a decimal comma is saved as that price; an ambiguous one and a future purchase date are refused under their fields', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
    await page.goto('/album/new?collection=Shelf');
    await page.getByLabel('Title').fill('Blue');
    await page.getByLabel('Artist').fill('Joni Mitchell');
    await page.getByLabel('Price (USD)').fill('1,250');
    await page.getByLabel('Purchase date').fill('2099-01-01');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await under(page, 'Price (USD)', 'Is this 1250 or 1.25? Type the price without a thousands separator');
    await under(page, 'Purchase date', 'Purchase date cannot be in the future');
    expect(await albums(page)).toEqual([]);

    // The date picker offers nothing after today either.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(page.getByLabel('Purchase date')).toHaveAttribute('max', today);

    await page.getByLabel('Price (USD)').fill('12,50');
    await page.getByLabel('Purchase date').fill(today);
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
    await expect(page.getByTestId('album-total')).toHaveText('$12.50');
    expect(await albums(page)).toMatchObject([{ title: 'Blue', price: 12.5, purchaseDate: today }]);

    // It opens again as 12.50, and a German-style 1.250,00 is 1250.
    await page.getByTestId('album-card').click();
    await expect(page.getByLabel('Price (USD)')).toHaveValue('12.50');
    await page.getByLabel('Price (USD)').fill('1.250,00');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page.getByTestId('album-total')).toHaveText('$1,250.00');
    expect(await albums(page)).toMatchObject([{ price: 1250 }]);
  });

  test('leaving the form with typed work asks first: the Back button, Cancel, the browser Back, and a reload or close', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
    const created = await (await page.request.post('/api/albums', { data: { collection: 'Shelf', title: 'Horses', artist: 'Patti Smith' } })).json();
    await page.goto('/collection?collection=Shelf');
    await page.getByTestId('album-card').click();
    await expect(page).toHaveURL(new RegExp(`/album/${created.id}$`));

    // Untouched: Back leaves at once.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);

    await page.getByTestId('album-card').click();
    await page.getByLabel('Title').fill('Horses (Legacy Edition)');
    const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });

    // The page's Back button asks; Keep editing keeps the text and focus returns to Back.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Your changes to “Horses” have not been saved.');
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/album/${created.id}$`));
    await expect(page.getByLabel('Title')).toHaveValue('Horses (Legacy Edition)');

    // The browser's Back asks too, and stays on the form.
    await page.goBack();
    await expect(confirm).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/album/${created.id}$`));
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByLabel('Title')).toHaveValue('Horses (Legacy Edition)');
    // …and again after staying.
    await page.goBack();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();

    // Cancel asks; Discard changes leaves without saving.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
    await expect(page.getByTestId('album-card')).toContainText('Horses');
    expect((await albums(page)).map((a) => a.title)).toEqual(['Horses']);
    // One Back returns to the form once (the catching entry was replaced, not left behind).
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/album/${created.id}$`));
    await expect(page.getByLabel('Title')).toHaveValue('Horses');
    await page.goBack();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);

    // Saved work leaves without asking.
    await page.getByTestId('album-card').click();
    await page.getByLabel('Title').fill('Horses!');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
    await expect(confirm).toBeHidden();
    expect((await albums(page)).map((a) => a.title)).toEqual(['Horses!']);

    // Reload or close with typed work: the browser's own prompt.
    await page.getByTestId('album-card').click();
    await page.getByLabel('Artist').fill('Patti');
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });
});
