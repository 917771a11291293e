#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an EMPTY database and an empty files folder (a new server,
# or the old one after moving its data aside). Stop the app instances first; start them afterwards.
#
#   DATABASE_URL=postgres://…/fenster_crm FILES_DIR=/srv/fenster/files scripts/restore.sh backups/fenster-crm-20260101-020000
#
# PG_BIN: folder of pg_restore when it is not on PATH.
#
# Erasures (Art. 17 DSGVO) made after this backup stay made: the Löschliste (table erasure_suppression) of every
# newer backup beside it is carried into the restored database, and of each source in ERASURES_FROM (space
# separated): the database being replaced (a postgres:// URL) or the list exported from Admin → Datenschutz
# (CSV). The instances erase those persons again when they start, before they serve (docs/operations.md).
set -euo pipefail

backup="${1:?Welche Sicherung? scripts/restore.sh <Ordner der Sicherung>}"
: "${DATABASE_URL:?DATABASE_URL fehlt (die leere Zieldatenbank).}"
: "${FILES_DIR:?FILES_DIR fehlt (der leere Zielordner der Dateien).}"
pg_restore="${PG_BIN:+$PG_BIN/}pg_restore"
psql="${PG_BIN:+$PG_BIN/}psql"

(cd "$backup" && sha256sum --check --quiet SHA256SUMS) || {
  echo "Die Sicherung $backup ist beschädigt (Prüfsummen stimmen nicht)." >&2
  exit 1
}
tables="$("$psql" "$DATABASE_URL" -Atc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
if [ "$tables" != "0" ]; then
  echo "Die Zieldatenbank ist nicht leer ($tables Tabellen): die Wiederherstellung braucht eine leere Datenbank." >&2
  exit 1
fi
mkdir -p "$FILES_DIR"
if [ -n "$(ls -A "$FILES_DIR")" ]; then
  echo "Der Zielordner $FILES_DIR ist nicht leer." >&2
  exit 1
fi

"$pg_restore" --exit-on-error --no-owner --no-privileges --single-transaction --dbname="$DATABASE_URL" \
  "$backup/database.dump"
tar -C "$FILES_DIR" -xf "$backup/files.tar"
echo "Wiederhergestellt: Datenbank und Dateien aus $backup"

# The Löschliste. Its table as the release that wrote this backup may lack it (the migration is idempotent).
columns="customer_id, customer_number, email_hash, phone_hashes, erased_at"
run_psql() { "$psql" -v ON_ERROR_STOP=1 -q "$DATABASE_URL" "$@"; }
run_psql -f "$(dirname "$0")/../server/privacy/migrations/202611290815_erasure_suppression.sql"
# Adds the rows of a COPY (its command line first, then the rows, then \.) read from stdin.
merge_list() {
  {
    echo "CREATE TEMP TABLE incoming (LIKE public.erasure_suppression);"
    cat
    echo "INSERT INTO public.erasure_suppression SELECT * FROM pg_temp.incoming ON CONFLICT (customer_id) DO NOTHING;"
  } | run_psql
}
name="$(basename "$backup")"
for newer in "$(dirname "$backup")"/fenster-crm-*; do
  [ -f "$newer/database.dump" ] && [[ "$(basename "$newer")" > "$name" ]] || continue
  if ! (cd "$newer" && sha256sum --check --quiet SHA256SUMS); then
    echo "WARNUNG: Die neuere Sicherung $newer ist beschädigt; ihre Löschliste fehlt. Prüfen Sie die Löschungen im Datenschutz-Protokoll." >&2
    continue
  fi
  "$pg_restore" --data-only --table=erasure_suppression --file=- "$newer/database.dump" |
    sed -n '/^COPY public\.erasure_suppression /,/^\\\.$/p' |
    sed '1s/^COPY public\.erasure_suppression /COPY pg_temp.incoming /' | merge_list
  echo "Löschliste übernommen aus $newer"
done
for source in ${ERASURES_FROM:-}; do
  case "$source" in
    postgres://* | postgresql://*)
      {
        echo "COPY pg_temp.incoming ($columns) FROM STDIN;"
        "$psql" -v ON_ERROR_STOP=1 -q "$source" -c "COPY (SELECT $columns FROM erasure_suppression) TO STDOUT"
        echo '\.'
      } | merge_list
      ;;
    *)
      {
        echo "COPY pg_temp.incoming ($columns) FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ';');"
        sed -e '$a\' "$source" # the last line ends with a line break, as COPY needs it before \.
        echo '\.'
      } | merge_list
      ;;
  esac
  # A URL may carry a password: named by its database only.
  echo "Löschliste übernommen aus ${source##*/}"
done
back="$(run_psql -Atc "SELECT count(*) FROM erasure_suppression s JOIN customer c ON c.id = s.customer_id
  WHERE c.last_name IS DISTINCT FROM 'Gelöscht (DSGVO)' OR c.first_name IS NOT NULL OR c.company_name IS NOT NULL
     OR c.email IS NOT NULL OR c.phone IS NOT NULL OR c.mobile IS NOT NULL OR c.street IS NOT NULL")"
echo "Löschliste: $(run_psql -Atc 'SELECT count(*) FROM erasure_suppression') Einträge; $back gelöschte Personen sind in dieser Sicherung noch enthalten und werden beim Start der ersten Instanz erneut gelöscht, bevor sie Anfragen annimmt."
