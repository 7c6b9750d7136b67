# Shared by scripts/cluster-tests.sh and scripts/session-bench.sh (sourced, not run): a scratch
# folder with its own probe cache and state folder, a throw-away PostgreSQL in it, nginx in front of
# serve instances, and one cleanup that ends all of them (serve processes listed in `pids`).

# The scratch folder, `pids`, and the cleanup on exit (serve processes, nginx, the PostgreSQL cluster).
cluster_setup() {
  work="$(mktemp -d)"
  chmod 755 "$work"
  export SCENE_HOST_PROBE_CACHE="$work/probes.json"
  export XDG_STATE_HOME="$work/state"
  unset SCENE_HOST_SESSION_STORE
  pids=()
  trap cluster_cleanup EXIT
}

cluster_cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill -TERM "$(cat "$work/nginx.pid")" 2>/dev/null || true
  scripts/throwaway-postgres.sh stop "$work/pg" >/dev/null 2>&1 || true
  wait 2>/dev/null || true
  rm -rf "$work"
}

# A free loopback TCP port.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# The nginx binary, or empty when nginx is not installed.
nginx_binary() {
  if command -v nginx >/dev/null 2>&1; then command -v nginx; elif [ -x /usr/sbin/nginx ]; then echo /usr/sbin/nginx; fi
}

# Starts nginx (as this user, its files in $work) with one server per "PORT=HOST:PORT[,HOST:PORT...]"
# argument: listening on 127.0.0.1:PORT, over the listed instances as examples/deploy/nginx.conf
# balances them: a consistent hash of the session cookie's ID (locality, for speed only: no flow's
# correctness depends on it), round robin for a request without one; an instance that refuses the
# connection is skipped (the request was never sent, so a post is safe too), its sessions going to
# another. NGINX_BALANCE=round-robin drops the hash (to compare the two).
start_nginx() {
  local servers="" upstreams="" index=0 spec port members member balance=""
  [ "${NGINX_BALANCE:-hash}" = round-robin ] || balance="    hash \$scene_host_session_id consistent;"$'\n'
  for spec in "$@"; do
    port="${spec%%=*}"
    members="${spec#*=}"
    upstreams+="  upstream app$index {"$'\n'"$balance"
    for member in ${members//,/ }; do upstreams+="    server $member max_fails=0;"$'\n'; done
    # Shorter than the instances' --idle-timeout and --drain-delay, as examples/deploy/nginx.conf says.
    upstreams+="    keepalive 16;"$'\n'"    keepalive_timeout 2s;"$'\n'"  }"$'\n'
    servers+="  server { listen 127.0.0.1:$port; location / { proxy_pass http://app$index; proxy_http_version 1.1;"
    servers+=" proxy_set_header Connection \"\"; proxy_set_header Host \$http_host; proxy_next_upstream error timeout;"
    servers+=" proxy_read_timeout 30s; } }"$'\n'
    index=$((index + 1))
  done
  mkdir -p "$work/nginx-tmp"
  cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # The session's ID (the cookie's part before its '.', plain or __Host-), as examples/deploy/nginx.conf reads it.
  map \$http_cookie \$scene_host_session_id {
    "~(?:^|;)\\s*(?:__Host-)?scene_host_session=(?<session_id>[^.;\\s]+)" \$session_id;
    default "";
  }
  client_body_temp_path $work/nginx-tmp/body;
  proxy_temp_path $work/nginx-tmp/proxy;
  fastcgi_temp_path $work/nginx-tmp/fastcgi;
  uwsgi_temp_path $work/nginx-tmp/uwsgi;
  scgi_temp_path $work/nginx-tmp/scgi;
$upstreams$servers}
CONF
  "$(nginx_binary)" -c "$work/nginx.conf" -p "$work"
}
