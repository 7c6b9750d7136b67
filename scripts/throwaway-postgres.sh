#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests of the PostgreSQL session store.
#
# Usage: scripts/throwaway-postgres.sh start|stop|pause|resume DIR
#   start DIR   makes a cluster in DIR (missing or empty), trust authentication, superuser
#               'postgres', listening on 127.0.0.1 only on a free port, its socket in DIR; waits until
#               it accepts connections and prints the port (one line).
#   stop DIR    stops it at once (immediate); DIR is left for the caller to remove.
#   pause DIR   stops it (fast shutdown), keeping the cluster and its port.
#   resume DIR  starts a paused cluster again on the same port and waits until it answers.
#
# PostgreSQL refuses to run as root, so under root the server runs as 'nobody' (or, where there is
# no such user, a system user 'scene-host-pg' made here), which then owns DIR: DIR's parent folders
# must be searchable by that user (a folder under /tmp made 0755 is). Otherwise it runs as the
# current user. initdb and pg_ctl come from the newest /usr/lib/postgresql/*/bin.
set -euo pipefail

die() {
  echo "throwaway-postgres: $*" >&2
  exit 1
}

usage() {
  die "usage: $0 start|stop|pause|resume DIR"
}

[ "$#" -eq 2 ] || usage
command="$1"
dir="$2"
case "$dir" in
  /*) ;;
  *) dir="$(pwd)/$dir" ;;
esac

# The newest installed major version's programs.
bin=""
newest=-1
for candidate in /usr/lib/postgresql/*/bin; do
  if [ ! -x "$candidate/initdb" ] || [ ! -x "$candidate/pg_ctl" ]; then
    continue
  fi
  version="${candidate#/usr/lib/postgresql/}"
  version="${version%/bin}"
  [[ "$version" =~ ^[0-9]+$ ]] || continue
  if [ "$version" -gt "$newest" ]; then
    newest="$version"
    bin="$candidate"
  fi
done
[ -n "$bin" ] || die "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)"

# Who runs the server: never root.
server_user="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  command -v runuser >/dev/null 2>&1 || die "running as root needs runuser (util-linux) to start the server as another user"
  if id -u nobody >/dev/null 2>&1; then
    server_user=nobody
  else
    if ! id -u scene-host-pg >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin scene-host-pg ||
        die "cannot create the system user scene-host-pg to run the server"
    fi
    server_user=scene-host-pg
  fi
fi

# Runs a command as the server's user.
as_server() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u "$server_user" -- "$@"
  else
    "$@"
  fi
}

# The port the cluster in DIR was made with.
cluster_port() {
  local port
  port="$(sed -n "s/^port = \([0-9][0-9]*\).*/\1/p" "$dir/postgresql.conf" | tail -n 1)"
  [ -n "$port" ] || die "$dir holds no cluster made by this script (no port in postgresql.conf)"
  echo "$port"
}

# Waits until the server on port $1 accepts connections (30 s at most).
wait_until_ready() {
  local port="$1" tries=0
  until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -d postgres -U postgres; do
    tries=$((tries + 1))
    [ "$tries" -lt 300 ] || die "the server on port $port did not accept connections within 30 s (see $dir/server.log)"
    sleep 0.1
  done
}

# A port nothing on 127.0.0.1 listens on now (bash's /dev/tcp: a refused connection means free).
free_port() {
  local port tries=0
  while [ "$tries" -lt 100 ]; do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
    tries=$((tries + 1))
  done
  die "found no free TCP port on 127.0.0.1"
}

# Starts the server in DIR; fails (without dying) when it does not come up.
start_server() {
  as_server "$bin/pg_ctl" start -D "$dir" -l "$dir/server.log" -w -t 30 >/dev/null 2>&1
}

start() {
  if [ -e "$dir" ]; then
    [ -d "$dir" ] || die "$dir exists and is not a folder"
    [ -z "$(find "$dir" -mindepth 1 -maxdepth 1 -print -quit)" ] || die "$dir is not empty"
  else
    mkdir -p "$dir"
  fi
  if [ "$(id -u)" -eq 0 ]; then
    chown "$server_user:$(id -gn "$server_user")" "$dir"
    as_server test -w "$dir" ||
      die "$server_user cannot reach $dir: make every folder above it searchable (e.g. a folder under /tmp made 0755)"
  fi
  chmod 700 "$dir"
  local output
  if ! output="$(as_server "$bin/initdb" -D "$dir" --auth=trust --username=postgres --encoding=UTF8 --locale=C --no-sync 2>&1)"; then
    echo "$output" >&2
    die "initdb failed in $dir"
  fi
  local port attempt=0
  while :; do
    port="$(free_port)"
    # The settings go at the end of postgresql.conf, where the last one wins; pause and resume read the port back.
    # fsync and friends are off: the cluster is thrown away, and the tests should not wait on the disk.
    as_server tee -a "$dir/postgresql.conf" >/dev/null <<EOF

# throwaway-postgres.sh
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
port = $port
EOF
    if start_server; then
      break
    fi
    attempt=$((attempt + 1))
    # Another process may have taken the port between the check and the start: try another.
    if [ "$attempt" -ge 5 ] || ! grep -q "could not bind\|could not create any TCP/IP sockets" "$dir/server.log" 2>/dev/null; then
      cat "$dir/server.log" >&2 2>/dev/null || true
      die "the server in $dir did not start"
    fi
  done
  wait_until_ready "$port"
  echo "$port"
}

stop_server() {
  local mode="$1"
  [ -f "$dir/postgresql.conf" ] || die "$dir holds no cluster"
  if as_server "$bin/pg_ctl" status -D "$dir" >/dev/null 2>&1; then
    as_server "$bin/pg_ctl" stop -D "$dir" -m "$mode" -w -t 30 >/dev/null ||
      die "the server in $dir did not stop"
  fi
}

case "$command" in
  start)
    start
    ;;
  stop)
    stop_server immediate
    ;;
  pause)
    stop_server fast
    ;;
  resume)
    port="$(cluster_port)"
    start_server || {
      cat "$dir/server.log" >&2 2>/dev/null || true
      die "the server in $dir did not start again on port $port"
    }
    wait_until_ready "$port"
    ;;
  *)
    usage
    ;;
esac
