// Substitution preferences and reorder through the composed stack: the shopper picks "don't replace"
// on a cart line, pays, and sees the choice on the order details; 'Reorder' on the history card puts
// the product back into the emptied cart with the same choice.
import { addFirstInStock, openPaypalDialog, reachPayment, stores } from '../fixtures/checkout.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS } from '../fixtures/stack.ts';

test("don't replace travels with the order, and reorder from history fills the cart again", async ({ page, request, stack }) => {
  test.setTimeout(90_000);
  const shopper = await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
  const [store] = await stores(request, stack);
  const product = await addFirstInStock(page, request, stack, store!);

  await page.goto(stack.shellUrl('/cart'));
  const choice = page.getByRole('combobox', { name: `If ${product.name} is out of stock` });
  await choice.selectOption({ label: "Don't replace (refund)" });
  await expect(choice).toHaveValue('NONE');

  await page.goto(stack.shellUrl('/checkout'));
  await reachPayment(page);
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  const line = page.getByRole('region', { name: 'Order Items' }).getByRole('listitem').filter({ hasText: product.name });
  await expect(line).toContainText("If out of stock: don't replace (refund)");

  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const own = await request.get(`${stack.apiUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${shopper.token}` } });
  const { orderNumber } = (await own.json()) as { orderNumber: string };

  // Paying emptied the cart; the history's 'Reorder' fills it again.
  await page.goto(stack.shellUrl('/order-history'));
  // Other specs in this worker may have bought more; this product's place in the list is theirs to decide.
  await expect(page.getByRole('region', { name: 'Buy again' })).toBeVisible();
  const card = page.getByRole('article', { name: `Order #${orderNumber}` });
  await card.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByText('1 item added to your cart')).toBeVisible();

  await page.goto(stack.shellUrl('/cart'));
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: `If ${product.name} is out of stock` })).toHaveValue('NONE');
});
