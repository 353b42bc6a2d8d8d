// Diagnostics about an extension file as a whole (plugin hooks file, skill or subagent frontmatter): settings flags
// that mean nothing there, and a plugin hooks file that forgot the `hooks` wrapper. Must not read files or parse hooks.
import type { Diagnostic } from '../../protocol/index.js';
import { warningAt } from '../../config/diagnostic.js';
import { locate, type JsonDocument } from '../../config/json-locate.js';
import { OTHER_CLAUDE_EVENTS, isClaudeEvent } from './event-rules.js';
import { isRecord } from './extension-hooks.js';
import type { ParsedSettings } from './parse-settings.js';
import { sourceKind, type SettingsSource } from './sources.js';

export function extensionFileNotes(source: SettingsSource, document: JsonDocument, parsed: ParsedSettings): Diagnostic[] {
  if (sourceKind(source) === 'settings') return [];
  const notes: Diagnostic[] = [];
  for (const flag of [parsed.disableAllHooks, parsed.allowManagedHooksOnly]) {
    if (flag === undefined) continue;
    const name = flag.at.field ?? 'setting';
    notes.push(warningAt(`"${name}" is a settings-file setting; in a ${source.scope} file it is ignored`, { ...flag.at, code: 'ignored-setting' }));
  }
  const value = document.value;
  if (sourceKind(source) === 'plugin' && isRecord(value) && value.hooks === undefined) {
    const events = Object.keys(value).filter((key) => isClaudeEvent(key) || OTHER_CLAUDE_EVENTS.includes(key));
    if (events.length > 0) {
      notes.push(
        warningAt(`a plugin hooks file puts its events under "hooks" ({ "hooks": { "${events[0]}": [...] } }); ${events.join(', ')} ignored`, {
          file: document.file,
          ...locate(document, [events[0] as string]),
          field: events[0] as string,
          code: 'plugin-hooks-shape',
        }),
      );
    }
  }
  return notes;
}
