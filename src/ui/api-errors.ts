// The error bodies of `hookd ui`'s HTTP API, in the shapes pbi-agent's FastAPI app answers with ({"detail": ...}), so a
// client written against pbi-agent reads them unchanged. Builds values only; sending them is ui-server.ts's.

export type ApiAnswer = { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> };

export function detail(status: number, text: string, headers?: Readonly<Record<string, string>>): ApiAnswer {
  return { status, body: { detail: text }, ...(headers !== undefined ? { headers } : {}) };
}

/** 422 for a body without a usable `key`, as FastAPI/pydantic word it (`missing`, `string_type`, `model_attributes_type`). */
export function validationError(kind: 'missing' | 'string_type' | 'model_attributes_type', input: unknown): ApiAnswer {
  const entry =
    kind === 'missing'
      ? { type: 'missing', loc: ['body', 'key'], msg: 'Field required', input }
      : kind === 'string_type'
        ? { type: 'string_type', loc: ['body', 'key'], msg: 'Input should be a valid string', input }
        : { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input };
  return { status: 422, body: { detail: [entry] } };
}
