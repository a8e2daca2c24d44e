// Real-user speed end to end: pages a shopper opens report their Core Web Vitals when they are left
// (the shell, web-vitals, POST /vitals), and an admin reads the 75th percentile per route back from
// GET /admin/vitals. The stack reports every page load (VITALS_SAMPLE_RATE defaults to 1).
import { test, expect, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures/stack.ts';

interface RouteVital {
  route: string;
  name: string;
  p75: number;
  count: number;
}

test('the pages a shopper opens feed p75 per route, which an admin reads back', async ({ page, request, stack }) => {
  await page.goto(stack.shellUrl('/'));
  await page
    .getByRole('link', { name: /^Shop Now at / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/store\//);
  // A fresh load of the store page: web-vitals measures the page load, not the in-app navigation.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An input makes LCP final; leaving the page hides it, and the queued figures go out in one keepalive request.
  await page.mouse.click(5, 5);
  await page.goto('about:blank');

  const login = await request.post(`${stack.apiUrl}/auth/login`, { data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  await expect
    .poll(async () => {
      const answer = await request.get(`${stack.apiUrl}/admin/vitals`, { headers: { authorization: `Bearer ${token}` } });
      const { vitals } = (await answer.json()) as { vitals: RouteVital[] };
      return vitals.filter((v) => v.route === '/store/:pathName').map((v) => v.name);
    })
    .toEqual(expect.arrayContaining(['FCP', 'LCP', 'TTFB']));
});
