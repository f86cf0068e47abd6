#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite (CTest fixture "pg_cluster"):
#   bash tests/support/pgcluster.sh start DIR   initdb in DIR (under /tmp), start on 127.0.0.1 and a free port
#   bash tests/support/pgcluster.sh stop DIR    stop it and remove DIR
#   bash tests/support/pgcluster.sh kill DIR    stop it the way a crash does (immediate: no checkpoint), keep DIR
#   bash tests/support/pgcluster.sh restart DIR start it again on its port (crash recovery runs first)
# DIR/port holds the port; the superuser is mltco_admin with trust authentication over TCP, except role
# mltco_pw, which must give its password (tests of ~/.pgpass). initdb and postgres refuse to run as root, so as
# root they run as the postgres user (or nobody); the cluster directory is created directly under /tmp for them.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
case "$cmd" in start|stop|kill|restart) ;; *) echo "usage: pgcluster.sh start|stop|kill|restart DIR" >&2; exit 2 ;; esac
case "$dir" in /tmp/mltco-pg-*) ;; *) echo "pgcluster.sh: DIR must be /tmp/mltco-pg-*" >&2; exit 2 ;; esac

bindir=$(pg_config --bindir 2>/dev/null || true)
if [ ! -x "$bindir/initdb" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ ! -x "$bindir/initdb" ]; then
  echo "pgcluster.sh: PostgreSQL's server programs were not found (install the postgresql package)" >&2
  exit 1
fi

as=()
if [ "$(id -u)" -eq 0 ]; then
  user=nobody
  id postgres >/dev/null 2>&1 && user=postgres
  as=(runuser -u "$user" --)
fi

stop_server() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
}

if [ "$cmd" = stop ]; then
  stop_server
  # A suite's cluster holds a database per test (a gigabyte or more): it is moved aside at once and removed in the
  # background, so the suite's other tests need not wait for the disk.
  if [ -d "$dir" ]; then
    gone="$dir.gone.$$"
    mv "$dir" "$gone"
    setsid rm -rf "$gone" </dev/null >/dev/null 2>&1 &
  fi
  exit 0
fi
if [ "$cmd" = kill ]; then
  stop_server
  exit 0
fi
if [ "$cmd" = restart ]; then
  port=$(cat "$dir/port")
  exec "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
       -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300" \
       start >/dev/null
fi

stop_server # a cluster left by an interrupted run
rm -rf "$dir"
mkdir -m 700 "$dir"
if [ ${#as[@]} -gt 0 ]; then chown "$user" "$dir"; fi
cd "$dir"
if ! "${as[@]}" "$bindir/initdb" -D "$dir/data" --no-locale -E UTF8 -A trust -U mltco_admin >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  exit 1
fi
# Password authentication for the one role the tests give a password; trust for the rest.
hba="$dir/data/pg_hba.conf"
{ echo "host all mltco_pw 127.0.0.1/32 scram-sha-256"; cat "$hba"; } >"$hba.new"
mv "$hba.new" "$hba"
if [ ${#as[@]} -gt 0 ]; then chown "$user" "$hba"; fi
for attempt in 1 2 3; do
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  if "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
       -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300" \
       start >/dev/null; then
    echo "$port" >"$dir/port"
    echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') test cluster on 127.0.0.1:$port ($dir)"
    exit 0
  fi
done
cat "$dir/server.log" >&2
exit 1
