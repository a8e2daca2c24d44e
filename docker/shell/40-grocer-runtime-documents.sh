#!/bin/sh
# Writes the shell's /remotes.json and /config.json from the environment when the container starts
# (the nginx image runs /docker-entrypoint.d/*.sh before nginx). Pointing the shell at another version
# of a remote, or at another API, is therefore a config change and a container restart, not a rebuild.
set -eu

# Under /tmp: the one place the unprivileged nginx user may write, even with a read-only root filesystem.
# docker/nginx/shell.conf serves them from there; GROCER_RUNTIME_DIR exists for tests only.
out=${GROCER_RUNTIME_DIR:-/tmp/grocer-runtime}
mkdir -p "$out"

# Every *_REMOTE_URL variable names one remote, its key in /remotes.json being the prefix in camelCase
# (CART_CHECKOUT_REMOTE_URL is "cartCheckout", OPS_REMOTE_URL is "ops"). A remote joins the shop by
# configuration alone: set its variable and restart this container (an empty one leaves it out). Each
# remote's routes.json, beside its manifest, tells the shell which pages it owns.
remote_vars=$(env | sed -n 's/^\([A-Z][A-Z0-9_]*_REMOTE_URL\)=.*/\1/p' | sort)

# Each value lands in a JSON string, in an nginx string (below) and in every shopper's page: only plain
# http(s) URLs pass, and the container refuses to start (listing every bad one) rather than serve a
# broken shop.
bad=0
check_url() { # name, value
  if ! printf '%s' "$2" | grep -Eq "^https?://[^\"'\\\\<>\$[:space:][:cntrl:]]+\$"; then
    echo "grocer: $1 must be an http(s) URL without quotes, backslashes, <, >, \$ or spaces (got \"$2\")" >&2
    bad=1
  fi
}
for name in $remote_vars; do
  value=$(printenv "$name" || true)
  [ -z "$value" ] || check_url "$name" "$value"
done
for name in PUBLIC_API_URL PUBLIC_ADMIN_URL; do
  check_url "$name" "$(printenv "$name" || true)"
done
# The share of page loads that report Core Web Vitals to the API: a number from 0 to 1, every one by default.
rate=${VITALS_SAMPLE_RATE:-1}
if ! printf '%s' "$rate" | grep -Eq '^(0(\.[0-9]+)?|1(\.0+)?|\.[0-9]+)$'; then
  echo "grocer: VITALS_SAMPLE_RATE must be a number from 0 to 1 (got \"$rate\")" >&2
  bad=1
fi
[ "$bad" -eq 0 ] || exit 1

remotes=
remote_urls=
for name in $remote_vars; do
  value=$(printenv "$name")
  [ -n "$value" ] || continue
  key=$(printf '%s' "${name%_REMOTE_URL}" | awk -F_ '{ out = tolower($1); for (i = 2; i <= NF; i++) out = out toupper(substr($i, 1, 1)) tolower(substr($i, 2)); print out }')
  remotes="$remotes${remotes:+,}\"$key\":\"$value\""
  remote_urls="$remote_urls $value"
done
remotes="{$remotes}"
# A leading dot is not JSON: ".5" is written as 0.5.
case $rate in .*) rate="0$rate" ;; esac
config=$(printf '{"apiBaseUrl":"%s","adminUrl":"%s","vitalsSampleRate":%s}' "$PUBLIC_API_URL" "$PUBLIC_ADMIN_URL" "$rate")

# Written beside and then renamed, so nginx never serves a half-written document.
printf '%s\n' "$remotes" > "$out/remotes.json.tmp" && mv "$out/remotes.json.tmp" "$out/remotes.json"
printf '%s\n' "$config" > "$out/config.json.tmp" && mv "$out/config.json.tmp" "$out/config.json"

# scheme://host[:port] of a URL that passed check_url (tools/src/csp.ts originsOf does the same).
origin_of() {
  printf '%s\n' "$1" | sed -E 's|^(https?://[^/?#]+).*$|\1|'
}

# The same two documents written into the pages nginx sends, each in place of index.html's preload of
# it (shell.conf includes this; tools/src/runtimeDocuments.ts does the same for `npm start`): the entry
# reads them from the page instead of asking for them. The values passed check_url above, so nothing
# in them ends these strings or the page's data block, or reads as an nginx variable.
# Before /config.json, the two connections to the API the page then opens while it parses (CORS calls
# and plain images go on separate connections).
inline() { # route, document, what goes before it
  printf "sub_filter '<link rel=\"preload\" href=\"%s\" as=\"fetch\" crossorigin>' '%s<script type=\"application/json\" data-runtime-document=\"%s\">%s</script>';\n" "$1" "$3" "$1" "$2"
}
api_origin=$(origin_of "$PUBLIC_API_URL")
preconnects="<link rel=\"preconnect\" href=\"$api_origin\" crossorigin><link rel=\"preconnect\" href=\"$api_origin\">"
{ inline /config.json "$config" "$preconnects" && inline /remotes.json "$remotes" ''; } > "$out/documents.conf.tmp" &&
  mv "$out/documents.conf.tmp" "$out/documents.conf"

# The page's Content-Security-Policy: the build's (dist/csp.txt, tools/src/csp.ts, with its inline-script
# hashes) with the origins of the remotes and the API filled in. nginx reads it from shell.conf.
html=${GROCER_HTML_DIR:-/usr/share/nginx/html}
origins=$(for url in $remote_urls "$PUBLIC_API_URL"; do origin_of "$url"; done | sort -u | tr '\n' ' ' | sed 's/ $//')
policy=$(sed "s|__GROCER_ORIGINS__|$origins|g" "$html/csp.txt")
printf 'add_header Content-Security-Policy "%s" always;\n' "$policy" > "$out/csp-header.conf.tmp" && mv "$out/csp-header.conf.tmp" "$out/csp-header.conf"

# The log says what this shell composes; each remote's manifest (metaData.buildInfo) says its version.
echo "grocer: /remotes.json $remotes"
echo "grocer: /config.json $config"
