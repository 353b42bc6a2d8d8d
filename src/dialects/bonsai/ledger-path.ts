// Where bonsai's authorization ledger goes when initialize options.ledgerPath names none: beside the global config.
// Path only; the server opens (and creates) it.
import { join } from 'node:path';

export function defaultLedgerPath(place: { readonly workspace: string; readonly home: string }): string {
  return join(place.home, '.bonsai', 'authorization-ledger.jsonl');
}
