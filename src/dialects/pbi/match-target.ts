// What a pbi matcher is tested against per event (seed 003 "Matcher input by event"). Pure lookup.
import type { EventName, EventParams } from '../../protocol/index.js';

export function matchTarget(event: EventName, params: EventParams): string | undefined {
  void event;
  void params;
  return undefined;
}

export function matchTargetField(event: EventName): string | undefined {
  void event;
  return undefined;
}
