#!/usr/bin/env bash
# npm run ops:check: validates the docker-compose stack where no Docker engine runs (CI, this machine).
#   1. docker-compose.yml, with .env.example and with no env at all: Docker's compose plugin when present,
#      else Debian's docker-compose (installed here when missing and apt is ours to use).
#   2. Every nginx config the images ship, with `nginx -t` (Debian's nginx, installed the same way).
#   3. The jest rules in tools/src/ops (nginx itself serving the images' configs, Dockerfile lint and rules, the static one per APP, the Node one per target, compose and env rules, nginx parity,
#      the shell's entrypoint) and the remote contracts: the built manifests (tools/src/remoteContract.test.ts)
#      and the routes every remote declares (tools/src/routeContract.test.ts: no path claimed twice, every page exposed).
# Installing needs root and apt (CI); elsewhere a missing tool is an error that says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf 'ops:check: %s\n' "$*"; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Installs a Debian package quietly, without its recommendations (docker-compose recommends the whole
# docker.io engine) and without letting its maintainer scripts start a service.
apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ops:check: $1 is missing; install it (Debian: apt-get install --no-install-recommends $1)" >&2
    return 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-cache policy "$1" | grep -q 'Candidate: [0-9]' || apt-get update -qq
  local guard=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    guard=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' > "$guard" && chmod +x "$guard"
  fi
  step "installing Debian's $1"
  apt-get install -y -qq --no-install-recommends "$1" >/dev/null
  if [ -n "$guard" ]; then rm -f "$guard"; fi
}

# 1. The compose file.
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  command -v docker-compose >/dev/null 2>&1 || apt_install docker-compose
  compose=(docker-compose)
fi
step "compose file ($("${compose[@]}" version --short 2>/dev/null || echo "${compose[*]}"))"
"${compose[@]}" --env-file .env.example -f docker-compose.yml config -q
# Every variable has a default in the file itself, so a missing .env never breaks `up`.
: > "$scratch/empty.env"
"${compose[@]}" --env-file "$scratch/empty.env" -f docker-compose.yml config -q

# 2. The nginx configs, each in the layout its image has (conf.d/*.conf inside http, includes under
#    /etc/nginx/grocer), rebuilt under a scratch prefix.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || apt_install nginx
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
nginx_version=$("$nginx_bin" -v 2>&1 | sed -n 's|.*nginx/\([0-9.]*\).*|\1|p')

nginx_test() { # name, then the files of conf.d in order
  local name=$1 dir=$scratch/$1
  shift
  mkdir -p "$dir/conf.d" "$dir/grocer"
  cp docker/nginx/static-server.inc "$dir/grocer/"
  for conf in "$@"; do
    sed -e "s|/etc/nginx/grocer/|$dir/grocer/|g" "$conf" > "$dir/conf.d/$(basename "$conf")"
  done
  # Debian's nginx may predate `server ... resolve` in an upstream (1.27.3; the image is 1.28) and would
  # then look `api` up now; that one line is checked by tools/src/ops/nginx.test.ts instead.
  if [ "$(printf '%s\n' "$nginx_version" 1.27.3 | sort -V | head -n1)" != 1.27.3 ]; then
    sed -i -e 's|server api:4000 resolve|server 127.0.0.1:4000|' "$dir/conf.d/"*.conf
  fi
  cat > "$dir/nginx.conf" <<EOF
pid $dir/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    include $dir/conf.d/*.conf;
}
EOF
  if ! out=$("$nginx_bin" -t -q -p "$dir/" -c "$dir/nginx.conf" -e stderr 2>&1); then
    echo "$out" >&2
    echo "ops:check: nginx rejects the $name config" >&2
    return 1
  fi
}
step "nginx configs (nginx $nginx_version)"
nginx_test remote docker/nginx/grocer-http.conf docker/nginx/remote.conf
nginx_test shell docker/nginx/grocer-http.conf docker/nginx/shell.conf
nginx_test gateway docker/gateway/default.conf

# 3. Dockerfiles, compose and env rules, and the remote contracts.
step "Dockerfile lint and rules, compose and env rules, remote and route contracts (jest)"
GROCER_REQUIRE_NGINX=1 NODE_OPTIONS=--experimental-vm-modules npx jest tools/src/ops tools/src/remoteContract.test.ts tools/src/routeContract.test.ts --selectProjects tools --silent

step "ok in $((SECONDS - started)) s"
