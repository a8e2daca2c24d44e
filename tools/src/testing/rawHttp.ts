// What the static-server tests send as it is written: fetch() would resolve `..` and re-encode a
// path before sending it, which hides exactly the spellings a server must decide on.
import http from 'node:http';

/** GET of a path sent byte for byte, with the answer's status and body. */
export const rawGet = (port: number, target: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject).end();
  });

/**
 * `/main.0123456789.js.map` in every spelling a server has to see through: percent-encoding (once
 * and twice), encoded dots and slashes, double slashes, `.`/`..` segments, case, trailing dot or
 * slash, a query. Both the Node server and the images' nginx are asked for each, so a new spelling
 * found against one is tested against the other.
 */
export const SOURCE_MAP_SPELLINGS = [
  '/main.0123456789.js.map',
  '/main.0123456789.js.m%61p',
  '/main.0123456789.js%2emap',
  '/main.0123456789%2Ejs%2Emap',
  '/%6d%61%69%6e.0123456789.js.%6D%41%50',
  '/main.0123456789.js.m%2561p',
  '//main.0123456789.js.map',
  '/x/../main.0123456789.js.map',
  '/x/%2e%2e/main.0123456789.js.map',
  '/x%2f..%2fmain.0123456789.js.map',
  '/./main.0123456789.js.map',
  '/main.0123456789.js.MAP',
  '/main.0123456789.js.map.',
  '/main.0123456789.js.map/',
  '/main.0123456789.js.map?x=1',
];
