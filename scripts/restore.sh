#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an EMPTY database and empty targets: the uploaded files' folder
# (or an empty blob container with FILE_STORE=azure), the Dateien folder and the import folder (a new server,
# or the old one after moving its data aside). Stop the app instances first; start them afterwards.
#
# On a server (the new system's settings: DATABASE_URL and the folders as the instances have them):
#   set -a; . /etc/fenster-crm/fenster-crm.env; set +a
#   scripts/restore.sh /srv/backups/fenster-crm-20260101-020000
# With docker compose (app1 and app2 stopped, the database empty; docs/operations.md, "Backups"):
#   BACKUP_VIA=compose scripts/restore.sh /srv/backups/fenster-crm-20260101-020000
#
# BACKUP_AGE_IDENTITY: the age private key file, for a backup made with BACKUP_AGE_RECIPIENTS (*.age).
# PG_BIN: folder of pg_restore and psql when they are not on PATH.
# COMPOSE_FILE (deploy/compose.yaml), DOCKER (docker): with BACKUP_VIA=compose.
#
# Erasures (Art. 17 DSGVO) made after this backup stay made: the Löschliste (table erasure_suppression) of every
# newer backup beside it is carried into the restored database, and of each source in ERASURES_FROM (space
# separated): the database being replaced (a postgres:// URL) or the list exported from Admin → Datenschutz
# (CSV). The instances erase those persons again when they start, before they serve (docs/operations.md).
set -euo pipefail
umask 077

backup="${1:?Welche Sicherung? scripts/restore.sh <Ordner der Sicherung>}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BACKUP_VIA="${BACKUP_VIA:-host}"
identity="${BACKUP_AGE_IDENTITY:-}"
TABLES="SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"

case "$BACKUP_VIA" in
  host)
    : "${DATABASE_URL:?DATABASE_URL fehlt (die leere Zieldatenbank).}"
    count_tables() { "${PG_BIN:+$PG_BIN/}psql" "$DATABASE_URL" -Atc "$TABLES"; }
    run_psql() { "${PG_BIN:+$PG_BIN/}psql" -v ON_ERROR_STOP=1 -q "$DATABASE_URL" "$@"; }
    # The Löschliste's rows of a dump read from stdin (custom format needs a file to seek in).
    suppression_of_dump() {
      local f; f="$(mktemp)"
      cat > "$f"
      "${PG_BIN:+$PG_BIN/}pg_restore" --data-only --table=erasure_suppression --file=- "$f"
      rm -f "$f"
    }
    restore_database() {
      "${PG_BIN:+$PG_BIN/}pg_restore" --exit-on-error --no-owner --no-privileges --single-transaction \
        --dbname="$DATABASE_URL"
    }
    in_app() { (cd "$ROOT" && sh -c "$1"); }
    ;;
  compose)
    compose=("${DOCKER:-docker}" compose -f "${COMPOSE_FILE:-$ROOT/deploy/compose.yaml}")
    count_tables() { "${compose[@]}" exec -T postgres psql -U fenster -d fenster_crm -Atc "$TABLES"; }
    run_psql() { "${compose[@]}" exec -T postgres psql -U fenster -d fenster_crm -v ON_ERROR_STOP=1 -q "$@"; }
    suppression_of_dump() {
      "${compose[@]}" exec -T postgres sh -c \
        'f="$(mktemp)" && cat > "$f" && pg_restore --data-only --table=erasure_suppression --file=- "$f"; rc=$?; rm -f "$f"; exit $rc'
    }
    restore_database() {
      "${compose[@]}" exec -T postgres pg_restore -U fenster -d fenster_crm --exit-on-error --no-owner \
        --no-privileges --single-transaction
    }
    # A one-off container of the app's image, with its volumes and settings (the instances are stopped).
    in_app() { "${compose[@]}" run --rm --no-deps -T app1 sh -c "$1"; }
    ;;
  *) echo "BACKUP_VIA: host oder compose (ist: $BACKUP_VIA)." >&2; exit 1 ;;
esac

has_part() { [ -f "$backup/$1" ] || [ -f "$backup/$1.age" ]; }
# A part of a backup (this one, or the folder given second) on standard output, decrypted when it is encrypted.
part() {
  local from="${2:-$backup}"
  if [ -f "$from/$1.age" ]; then age -d -i "$identity" "$from/$1.age"; else cat "$from/$1"; fi
}

# The targets, in the app's settings and folder (the defaults are the app's, server/platform/config/env.ts).
TARGETS='files="${FILES_DIR:-${DATA_DIR:-data}/files}"
downloads="${DOWNLOADS_DIR:-${DATA_DIR:-data}/downloads}"
imports="${IMPORT_DIR:-${DATA_DIR:-data}/import}"
unpack() { mkdir -p "$1" && tar -C "$1" -xf -; }'
CHECK_TARGETS="$TARGETS"'
empty() { [ ! -d "$1" ] || [ -z "$(ls -A "$1")" ] || { echo "Der Zielordner $1 ist nicht leer." >&2; exit 1; }; }
[ "${FILE_STORE:-ordner}" = azure ] || empty "$files"
[ "${DOWNLOADS_SOURCE:-ordner}" = sharepoint ] || empty "$downloads"
empty "$imports"'
UNPACK_FILES="$TARGETS"'
if [ "${FILE_STORE:-ordner}" = azure ]; then
  t="$(mktemp -d)" && tar -C "$t" -xf - && node dist-server/server/platform/files/blobTransferCli.js import "$t"
  rc=$?; rm -rf "$t"; exit $rc
fi
unpack "$files"'
UNPACK_DOWNLOADS="$TARGETS"'
if [ "${DOWNLOADS_SOURCE:-ordner}" = sharepoint ]; then
  echo "DOWNLOADS_SOURCE=sharepoint: die gesicherten Dateien (Bereich Dateien) werden nicht zurückgelegt." >&2
  cat > /dev/null; exit
fi
unpack "$downloads"'
UNPACK_IMPORTS="$TARGETS"'
unpack "$imports"'

# 1. Checks, before anything is written: sums, key, empty targets.
(cd "$backup" && sha256sum --check --quiet SHA256SUMS) || {
  echo "Die Sicherung $backup ist beschädigt (Prüfsummen stimmen nicht)." >&2
  exit 1
}
if compgen -G "$backup/*.age" > /dev/null; then
  [ -n "$identity" ] || { echo "Die Sicherung ist verschlüsselt: BACKUP_AGE_IDENTITY fehlt (der private age-Schlüssel)." >&2; exit 1; }
  command -v age >/dev/null || { echo "age fehlt (apt-get install age)." >&2; exit 1; }
fi
tables="$(count_tables)"
if [ "$tables" != "0" ]; then
  echo "Die Zieldatenbank ist nicht leer ($tables Tabellen): die Wiederherstellung braucht eine leere Datenbank." >&2
  exit 1
fi
in_app "$CHECK_TARGETS"

# 2. The database.
part database.dump | restore_database

# 3. The folders the app writes (a backup of an older version has only the uploaded files).
restore_folder() {
  if has_part "$1"; then
    part "$1" | in_app "$2"
  else
    echo "Die Sicherung enthält kein $1 (älteres Format): übersprungen."
  fi
}
part files.tar | in_app "$UNPACK_FILES"
restore_folder downloads.tar "$UNPACK_DOWNLOADS"
restore_folder import.tar "$UNPACK_IMPORTS"
echo "Wiederhergestellt: Datenbank und Dateien aus $backup"

# 4. The Löschliste. Its table as the release that wrote this backup may lack it (the migration is idempotent).
columns="customer_id, customer_number, email_hash, phone_hashes, erased_at"
run_psql < "$ROOT/server/privacy/migrations/202611290815_erasure_suppression.sql"
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
  { [ -f "$newer/database.dump" ] || [ -f "$newer/database.dump.age" ]; } && [[ "$(basename "$newer")" > "$name" ]] || continue
  if ! (cd "$newer" && sha256sum --check --quiet SHA256SUMS); then
    echo "WARNUNG: Die neuere Sicherung $newer ist beschädigt; ihre Löschliste fehlt. Prüfen Sie die Löschungen im Datenschutz-Protokoll." >&2
    continue
  fi
  part database.dump "$newer" | suppression_of_dump |
    sed -n '/^COPY public\.erasure_suppression /,/^\\\.$/p' |
    sed '1s/^COPY public\.erasure_suppression /COPY pg_temp.incoming /' | merge_list
  echo "Löschliste übernommen aus $newer"
done
for source in ${ERASURES_FROM:-}; do
  case "$source" in
    postgres://* | postgresql://*)
      {
        echo "COPY pg_temp.incoming ($columns) FROM STDIN;"
        "${PG_BIN:+$PG_BIN/}psql" -v ON_ERROR_STOP=1 -q "$source" -c "COPY (SELECT $columns FROM erasure_suppression) TO STDOUT"
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
