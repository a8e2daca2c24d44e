// The shop's pages under their Content-Security-Policy (tools/src/csp.ts): nothing the shop itself
// loads is blocked, the page cannot be framed, source maps are not served, and Sign Out revokes the
// session on the server (README "Security").
import { test, expect, storeSession } from '../fixtures/stack.ts';

test.describe('security headers and sign-out', () => {
  test('the shell sends a strict CSP, and browsing and checkout pages break none of it', async ({ page, stack }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const response = await page.goto(stack.shellUrl('/'));
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    // No inline script may run: the pages carry none (their data blocks run nothing), so no hash either.
    expect(csp).not.toMatch(/script-src [^;]*('unsafe-inline'|'sha256-)/);
    const inline = [...(await response!.text()).matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(inline.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes!))).toEqual([]);
    expect(csp).toContain(new URL(stack.apps['mf-catalog'].url).origin);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('main h1').first()).toBeVisible();

    await storeSession(page, stack);
    for (const path of ['/store/fresh-market', '/search?q=milk', '/cart', '/account', '/checkout']) {
      await page.goto(stack.shellUrl(path));
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    expect(violations).toEqual([]);

    const main = /src="(\/main\.[0-9a-f]{10}\.js)"/.exec(await (await fetch(stack.shellUrl('/'))).text())?.[1];
    expect(main).toBeDefined();
    expect((await fetch(stack.shellUrl(`${main}.map`))).status).toBe(404);
  });

  test('Sign Out revokes the token on the server', async ({ page, stack }) => {
    const user = await storeSession(page, stack);
    await page.goto(stack.shellUrl('/account'));
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/auth/logout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /Casey/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect((await loggedOut).status()).toBe(200);
    const profile = await fetch(`${stack.apiUrl}/user/profile`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(profile.status).toBe(401);
  });
});
