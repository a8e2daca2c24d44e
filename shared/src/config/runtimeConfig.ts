// Where the API lives (and other per-deployment settings) is read at start from /config.json,
// never compiled in, so one build runs on a laptop, in CI and behind docker-compose.

export interface RuntimeConfig {
  /** Base URL of the Grocer API, without a trailing slash. */
  apiBaseUrl: string;
  /** External admin site (spec §2 Admin link). */
  adminUrl: string;
  googleClientId?: string;
  paypalClientId?: string;
  /** Share of page loads whose Core Web Vitals the shell reports to the API, 0..1; absent: every one. */
  vitalsSampleRate?: number;
}

const fallback: RuntimeConfig = { apiBaseUrl: 'http://localhost:4000', adminUrl: '/admin' };
let current: RuntimeConfig = fallback;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...config, apiBaseUrl: (config.apiBaseUrl ?? current.apiBaseUrl).replace(/\/+$/, '') };
  return current;
}

/**
 * Fetches and applies /config.json; keeps the defaults (and says so) when it cannot be read. `request`
 * lets the shell hand over the read it started before this module loaded (shell/src/app/config.ts).
 */
export async function loadRuntimeConfig(
  url = '/config.json',
  request: (url: string) => Promise<Response> = (target) => fetch(target),
): Promise<RuntimeConfig> {
  try {
    const response = await request(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch (error) {
    console.warn(`[config] ${url} could not be read; using defaults`, error);
    return current;
  }
}
