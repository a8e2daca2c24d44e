// Accounts and identity through the real API (issue: Accounts and identity): sign up, verify by the
// link in the dev mailbox, sign out and in, reset a forgotten password, sign in with Google through
// the dev OpenID issuer, save a valid and an invalid address, and favourite a product.
import { test, expect } from '../fixtures/stack.ts';
import { waitForMailLink } from '../fixtures/mailbox.ts';
import { dialog, signIn, signOut, signUp } from '../fixtures/auth.ts';
import { CHICAGO_ADDRESS, saveAddress } from '../fixtures/account.ts';

const PASSWORD = 'Grocer-Shopper-2026';

test('sign up, verify the email from the mailbox, sign out and back in', async ({ page, request, stack }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto(stack.shellUrl('/'));
  await signUp(page, email, PASSWORD);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toBeVisible();

  const link = await waitForMailLink(request, stack.apiUrl, email, /\/verify-email\?token=/);
  expect(link.startsWith(stack.shellUrl('/verify-email?token='))).toBe(true);
  await page.goto(link);
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await expect(banner).toBeHidden();
  // The same link again: no failure, the address is verified already.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Already Verified' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account');

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await page.goto(stack.shellUrl('/account'));
  await expect(page).toHaveURL(/\/account$/);
  await expect(banner).toBeHidden();
});

test('forgot password: the emailed link sets a new password that signs in', async ({ page, request, stack }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  await page.goto(stack.shellUrl('/'));
  await signUp(page, email, PASSWORD);
  await signOut(page);

  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog(page).getByText('Reset Email Sent')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  const link = await waitForMailLink(request, stack.apiUrl, email, /\/reset-password\?token=/);
  await page.goto(link);
  const newPassword = 'Brand-New-Secret-42';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: /Reset Password/ }).click();
  await expect(page.getByText('Password Reset Successful!')).toBeVisible();
  await expect(page).toHaveURL(stack.shellUrl('/'), { timeout: 6_000 });

  await signIn(page, email, newPassword);
  await expect(page.locator('.user-menu-button')).toBeVisible();
});

test('sign in with Google through the dev issuer', async ({ page, stack }) => {
  await page.goto(stack.shellUrl('/'));
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const popupPromise = page.waitForEvent('popup');
  await dialog(page).getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  // The dev issuer's page: pick the first offered identity.
  await popup.getByRole('button').first().click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('.user-menu-button')).toBeVisible();
  // Google users count as verified: no banner.
  await expect(page.getByRole('region', { name: 'Email verification' })).toBeHidden();
});

test('a valid and an invalid address set the server flags; a favourite shows on /account', async ({ page, request, stack }) => {
  const email = `addresses-${Date.now()}@example.com`;
  await page.goto(stack.shellUrl('/'));
  await signUp(page, email, PASSWORD);

  await saveAddress(page, { firstName: 'Ada', lastName: 'Lovelace', ...CHICAGO_ADDRESS });
  await expect(page.getByText('Profile information and delivery address updated successfully!')).toBeVisible();
  await expect(page.getByText('Address verified')).toBeVisible();

  // A Chicago ZIP with another state cannot be validated.
  await page.getByLabel('State').fill('TX');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Delivery address updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Address Validation Required' })).toBeVisible();

  // Favourite a product from a store listing and find it on /account.
  const stores = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as { publicId: string }[];
  await page.goto(stack.shellUrl(`/store/${stores[0]!.publicId}`));
  const card = page.locator('.product-card').first();
  const name = (await card.locator('.product-card-name').innerText()).trim();
  await card.getByRole('button', { name: /favorite/i }).click();
  await page.goto(stack.shellUrl('/account'));
  await page
    .getByRole('button', { name: /favorites/i })
    .first()
    .click();
  await expect(page.getByText(name).first()).toBeVisible();
});
