#!/usr/bin/env bash
# Rolling update of the instances on one VM (fenster-crm@<port>.service), after the new release is in place
# (/opt/fenster-crm: npm ci --omit=dev, npm run build; docs/operations.md, "On a VM with systemd"):
#   deploy/systemd/rolling-update.sh            every instance that runs, one after the other
#   deploy/systemd/rolling-update.sh 3101 3102  these
# Each restart drains the old process (SIGTERM) and returns once the new one is ready (the unit's
# ExecStartPost); only then is the next instance restarted. An instance that does not become ready stops the
# update: the others still run the release they had.
set -euo pipefail
ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <(systemctl list-units 'fenster-crm@*.service' --state=running --plain --no-legend |
    sed -E 's/^fenster-crm@([0-9]+)\.service.*/\1/')
fi
[ ${#ports[@]} -gt 0 ] || { echo "Keine laufende Instanz fenster-crm@<Port> gefunden." >&2; exit 1; }
for port in "${ports[@]}"; do
  echo "Instanz $port: neu starten …"
  if ! systemctl restart "fenster-crm@$port.service"; then
    echo "Instanz $port ist nicht bereit geworden: Abbruch (journalctl -u fenster-crm@$port)." >&2
    exit 1
  fi
  echo "Instanz $port: bereit."
done
echo "Alle ${#ports[@]} Instanzen laufen mit der neuen Version."
