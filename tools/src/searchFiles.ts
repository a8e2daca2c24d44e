// The shop's files for search engines (/robots.txt, /sitemap.xml and its parts /sitemap-N.xml) are the
// API's answers: only it knows the catalogue and the shop's public URL. The shell's origin passes them
// on; this maps a shell path to the API's (docker/nginx/shell.conf says the same for nginx).

export function searchFileOnApi(pathname: string): string | undefined {
  if (pathname === '/robots.txt') return '/open/robots.txt';
  if (pathname === '/sitemap.xml') return '/open/sitemap.xml';
  const part = /^\/sitemap-([1-9][0-9]*)\.xml$/.exec(pathname);
  return part ? `/open/sitemap/${part[1]}` : undefined;
}
